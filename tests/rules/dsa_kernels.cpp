// SPDX-License-Identifier: MIT
// DeepSeek sparse attention's prefill and decode kernels (rules/dsa_kernels.hpp).
#include "rules/dsa_kernels_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("DSA kernel rules: trigger and near miss") { check_rules(dsa_kernels_rules); }
TEST_CASE("DSA kernel rewrites: applied and near miss") { check_rewrites(dsa_kernels_rewrites); }

TEST_CASE("each phase left open gets the engine's kernels for the KV dtype, device and model") {
  auto kernels = [](const launch_config& c) {
    const report rep = validate(c);
    REQUIRE(rep.accepted());
    return std::pair{rep.resolved().dsa_prefill_backend, rep.resolved().dsa_decode_backend};
  };
  using DK = dsa_kernel;
  const auto dsa = on(H::sm90).mla().model(M::deepseek_dsa);
  // Hopper: the auto KV dtype is bfloat16, so FlashMLA's sparse prefill and FA3's decode.
  CHECK(kernels(dsa) == std::pair{DK::flashmla_sparse, DK::fa3});
  CHECK(kernels(dsa.kv(K::fp8_e4m3)) == std::pair{DK::flashmla_kv, DK::flashmla_kv});
  // Blackwell: the auto KV dtype is fp8_e4m3, so TensorRT-LLM's for both.
  CHECK(kernels(dsa.on(H::sm100)) == std::pair{DK::trtllm, DK::trtllm});
  // Learnable sinks: FlashMLA's sparse kernels for both.
  CHECK(kernels(dsa.flag(&launch_config::attention_sinks)) == std::pair{DK::flashmla_sparse, DK::flashmla_sparse});
  // A phase given keeps its kernels; the other is chosen.
  CHECK(kernels(dsa.with(&launch_config::dsa_decode_backend, DK::flashmla_kv)) ==
        std::pair{DK::flashmla_sparse, DK::flashmla_kv});
  // The NPU keeps its own.
  CHECK(kernels(dsa.on(H::npu)) == std::pair{DK::none, DK::none});
}
