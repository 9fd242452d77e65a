// SPDX-License-Identifier: MIT
// Kimi-K3's backends (rules/kimi_k3.hpp).
#include "rules/kimi_k3_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("Kimi-K3 rules: trigger and near miss") { check_rules(kimi_k3_rules); }
TEST_CASE("Kimi-K3 rewrites: applied and near miss") { check_rewrites(kimi_k3_rewrites); }

TEST_CASE("Kimi-K3 under DCP keeps an aiter prefill of Triton, and DSPARK verifies on the decode side") {
  const report rep = validate(test::detail::kimi_dcp.decode(id::aiter).prefill(id::triton).spec(S::dspark));
  CHECK(rep.resolved().prefill_attention_backend == id::triton);
  CHECK(rep.resolved().decode_attention_backend == id::aiter);
  CHECK(rep.resolved().speculative_attention_mode == speculative_attention_mode::decode);
  // The verify width a DSPARK block size gives is its gamma + 1.
  const report wide = validate(test::detail::kimi.spec(S::dspark)
                                   .decode(id::flashinfer)
                                   .with(&launch_config::speculative_dspark_block_size, 15));
  REQUIRE(!wide.adjustments().empty());
  bool named = false;
  for (const auto& a : wide.adjustments())
    if (a.rewrite == &sa::kimi_k3_dspark_prefill_verify::info)
      named = wide.message(a).find("at q_len=16,") != std::string::npos;
  CHECK(named);
}
