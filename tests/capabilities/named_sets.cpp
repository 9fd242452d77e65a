// SPDX-License-Identifier: MIT
// Named hardware and KV-dtype sets, and how sets are spelled.
#include <doctest/doctest.h>

#include <attncap/capabilities/named_sets.hpp>
#include <attncap/vocabulary/model_arch.hpp>

using namespace attncap;

static_assert(!hardware_sets::except_npu.contains(hardware::npu) && hardware_sets::except_npu.contains(hardware::cpu));
static_assert((hardware_sets::except_npu | hardware_sets::npu_only) == hardware_sets::all);
static_assert((hardware_sets::blackwell & hardware_sets::sm100_family) == hardware_sets::sm100_family);
// Every KV dtype but the one sglang 0.5.23's command line dropped (fp4_e2m1).
static_assert(kv_cache_dtype_sets::except_kv4.size() + kv_cache_dtype_sets::kv4.size() ==
              enum_count<kv_cache_dtype>() - 1);
static_assert(!kv_cache_dtype_sets::all.contains(kv_cache_dtype::fp4_e2m1));

TEST_CASE("every blackwell target has compute capability 10 to 12") {
  for (std::size_t i = 0; i < enum_count<hardware>(); ++i) {
    const auto h = static_cast<hardware>(i);
    CAPTURE(to_string(h));
    CHECK(hardware_sets::blackwell.contains(h) == (info(h).family == device_family::cuda && info(h).major >= 10));
  }
}

TEST_CASE("a set is spelled as people read it") {
  CHECK(hardware_sets::all.to_string() == "any");
  CHECK(hardware_sets::except_npu.to_string() == "any but npu");
  CHECK(hardware_sets::sm100_family.to_string() == "sm100, sm103");
  CHECK(kv_cache_dtype_sets::except_kv4.to_string() == "any but fp4_e2m1, nvfp4, fp4_mx_block16");
  CHECK(enum_set<model_arch>{model_arch::mha, model_arch::gqa, model_arch::mqa}.to_string() == "mha, gqa, mqa");
}
