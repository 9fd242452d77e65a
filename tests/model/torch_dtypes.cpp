// SPDX-License-Identifier: MIT
// torch's dtype names: whole names only, the first and the last of the list included.
#include <doctest/doctest.h>

#include <attncap/model/torch_dtypes.hpp>

using namespace attncap;

static_assert(is_torch_dtype_name("float64") && is_torch_dtype_name("half") && is_torch_dtype_name("float8_e4m3fn"));
static_assert(is_torch_dtype_name("bcomplex32") && is_torch_dtype_name("uint8"));  // the list's ends
static_assert(!is_torch_dtype_name("fp16") && !is_torch_dtype_name("auto") && !is_torch_dtype_name(""));
static_assert(!is_torch_dtype_name("float8") && !is_torch_dtype_name("loat16") && !is_torch_dtype_name("int8 "));
static_assert(!is_torch_dtype_name("float16 float32") && !is_torch_dtype_name("Float16"));

TEST_CASE("torch's dtype names, whole") {
  CHECK(is_torch_dtype_name("bfloat16"));
  CHECK_FALSE(is_torch_dtype_name("bfloat"));
}
