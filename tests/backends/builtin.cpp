// SPDX-License-Identifier: MIT
// The built-in backend list: ids in the engine's order, one name each.
#include <doctest/doctest.h>

#include <attncap/backends/all.hpp>
#include <set>
#include <string_view>

using namespace attncap;

static_assert(builtin_backend_count == 25);
static_assert(id::triton == static_cast<backend_id>(0) && id::intel_xpu == static_cast<backend_id>(24));
static_assert(builtin_id<backends::hpc_ops> == id::hpc_ops);

TEST_CASE("each built-in id names the backend of the same name, and names are unique") {
  std::set<std::string_view> seen;
  for (std::size_t i = 0; i < builtin_backend_count; ++i) CHECK(seen.insert(builtin_registry::names[i]).second);
  CHECK(builtin_registry::names[static_cast<std::size_t>(id::trtllm_mha)] == "trtllm_mha");
  CHECK(builtin_registry::names[static_cast<std::size_t>(id::dual_chunk_flash_attn)] == "dual_chunk_flash_attn");
}
