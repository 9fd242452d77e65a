// SPDX-License-Identifier: MIT
// Hierarchical sparse attention (rules/hisparse.hpp): its checks, and the DSA kernels it picks.
#include "rules/hisparse_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("hisparse rules: trigger and near miss") { check_rules(hisparse_rules); }

TEST_CASE("HiSparse picks FlashMLA's kernels by KV dtype on CUDA, TileLang's on ROCm") {
  struct expectation {
    conf config;
    dsa_kernel kernels;
  };
  for (const expectation& e : {expectation{hisparse::on(H::sm90), dsa_kernel::flashmla_sparse},
                               expectation{hisparse::on(H::sm100), dsa_kernel::flashmla_kv},
                               expectation{hisparse::on(H::gfx942), dsa_kernel::tilelang}}) {
    const report rep = validate(e.config);
    CAPTURE(to_string(e.config.c.hardware));
    CHECK(rep.accepted());
    CHECK(rep.resolved().dsa_prefill_backend == e.kernels);
    CHECK(rep.resolved().dsa_decode_backend == e.kernels);
  }
  // Without HiSparse, Blackwell's FP8 cache runs TensorRT-LLM's kernels.
  CHECK(validate(test::detail::dsa_model(H::sm100)).resolved().dsa_decode_backend == dsa_kernel::trtllm);
}

TEST_CASE("MiniMax M3 runs its own sparse kernels: HiSparse checks no DSA kernels there") {
  const auto m3 = on(H::sm100)
                      .model(M::minimax_m3)
                      .flag(&launch_config::enable_hisparse)
                      .flag(&launch_config::disable_radix_cache)
                      .kv(K::fp8_e5m2);
  CHECK_FALSE(validate(m3).violates(sa::hisparse_kv_dtype::info));
}
