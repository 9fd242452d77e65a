// SPDX-License-Identifier: MIT
// Spellings, parsing and hardware facts of the vocabulary enums.
#include <doctest/doctest.h>

#include <attncap/vocabulary/aiter_kv_cache_layout.hpp>
#include <attncap/vocabulary/cp_strategy.hpp>
#include <attncap/vocabulary/cuda_graph_backend.hpp>
#include <attncap/vocabulary/disaggregation_mode.hpp>
#include <attncap/vocabulary/dsa_kernel.hpp>
#include <attncap/vocabulary/dsv4_attn_backend.hpp>
#include <attncap/vocabulary/dsv4_kv_layout.hpp>
#include <attncap/vocabulary/dtype.hpp>
#include <attncap/vocabulary/hardware.hpp>
#include <attncap/vocabulary/kv_cache_dtype.hpp>
#include <attncap/vocabulary/mamba_strategy.hpp>
#include <attncap/vocabulary/model_arch.hpp>
#include <attncap/vocabulary/moe_a2a_backend.hpp>
#include <attncap/vocabulary/phase.hpp>
#include <attncap/vocabulary/prefill_dequant_dtype.hpp>
#include <attncap/vocabulary/ragged_verify_mode.hpp>
#include <attncap/vocabulary/speculative_algorithm.hpp>
#include <attncap/vocabulary/speculative_attention_mode.hpp>
#include <attncap/vocabulary/stage.hpp>

using namespace attncap;

static_assert(!from_string<hardware>("sm91").has_value());
static_assert(from_string<dtype>("bfloat16") == dtype::bf16);
static_assert(to_string(dtype::bf16) == "bf16");
static_assert(to_string(disaggregation_mode::null) == "null" && from_string<disaggregation_mode>("prefill"));
static_assert(to_string(speculative_algorithm::eagle3) == "EAGLE3");
static_assert(to_string(dsv4_attn_backend::auto_) == "auto" && from_string<dsv4_attn_backend>("flashmla_mega"));
static_assert(to_string(dsa_kernel::none) == "None" && from_string<dsa_kernel>("triton_sparse_mla"));
static_assert(to_string(exception_kind::assertion_error) == "AssertionError");
static_assert(to_string(cuda_graph_backend::none) == "None" && from_string<cuda_graph_backend>("breakable"));
static_assert(to_string(moe_a2a_backend::not_given) == "None" && to_string(moe_a2a_backend::none) == "none");
static_assert(to_string(ragged_verify_mode::static_) == "static" &&
              from_string<ragged_verify_mode>("cap-accept") == ragged_verify_mode::cap_accept);
static_assert(from_string<aiter_kv_cache_layout>("vectorized_5d") == aiter_kv_cache_layout::vectorized_5d &&
              !from_string<aiter_kv_cache_layout>("Vectorized_5D"));
static_assert(to_string(dsv4_kv_layout::none) == "None" && from_string<dsv4_kv_layout>("v41_new"));
static_assert(to_string(cp_strategy::none) == "None" &&
              from_string<cp_strategy>("interleave") == cp_strategy::interleave);

TEST_CASE("every canonical spelling round-trips") {
  auto round_trip = []<class E>(E) {
    for (const auto& s : enum_spellings<E>::table) CHECK(from_string<E>(to_string(s.value)) == s.value);
  };
  round_trip(hardware{});
  round_trip(dtype{});
  round_trip(kv_cache_dtype{});
  round_trip(model_arch{});
  round_trip(model_trait{});
  round_trip(speculative_algorithm{});
  round_trip(disaggregation_mode{});
  round_trip(dsv4_attn_backend{});
  round_trip(dsa_kernel{});
  round_trip(prefill_dequant_dtype{});
  round_trip(mamba_strategy{});
  round_trip(cp_strategy{});
  round_trip(moe_a2a_backend{});
  round_trip(cuda_graph_backend{});
  round_trip(ragged_verify_mode{});
  round_trip(aiter_kv_cache_layout{});
  round_trip(dsv4_kv_layout{});
  round_trip(speculative_attention_mode{});
  round_trip(phase{});
  round_trip(stage{});
  round_trip(exception_kind{});
}

TEST_CASE("an unknown spelling is rejected with the accepted list") {
  CHECK_THROWS_WITH_AS(parse<model_arch>("gqa2"), "unknown model_arch 'gqa2'; accepted: mha, gqa, mqa, mla",
                       parse_error);
  CHECK_THROWS_WITH_AS(parse<kv_cache_dtype>("fp8"),
                       "unknown kv_cache_dtype 'fp8'; accepted: auto, bf16, bfloat16, fp8_e4m3, fp8_e5m2, "
                       "fp4_e2m1, nvfp4, fp4_mx_block16, mxfp8",
                       parse_error);
  CHECK(parse<phase>("decode") == phase::decode);
}

TEST_CASE("aliases parse to their canonical value") {
  CHECK(parse<dtype>("half") == dtype::fp16);
  CHECK(parse<dtype>("float") == dtype::fp32);
  CHECK(size_of(dtype::bf16) == 2);
  CHECK(size_of(dtype::fp8_e4m3) == 1);
}
