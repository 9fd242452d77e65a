// SPDX-License-Identifier: MIT
// Prefill context parallelism (rules/prefill_context_parallel.hpp).
#include "rules/prefill_context_parallel_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("prefill CP rules: trigger and near miss") { check_rules(prefill_context_parallel_rules); }

TEST_CASE("prefill CP rewrites: applied and near miss") { check_rewrites(prefill_context_parallel_rewrites); }

TEST_CASE("interleaved DSA prefill CP with a CP size given keeps it") {
  const report rep = validate(pcp::dsa.tp(4).attn_cp(2));
  CHECK(find(rep, sa::dsa_prefill_cp_size::info) == nullptr);
  CHECK(rep.resolved().attn_cp_size == 2);
}

TEST_CASE("the model's own prefill CP checks come before the missing strategy") {
  // The engine checks MiMo V2's strategy, then asks for one.
  const report rep = validate(pcp::mha.model(M::mimo_v2).prefill_cp(pcp::CP::none));
  REQUIRE(rep.first_error() != nullptr);
  CHECK(codes(rep) == "model.mimo_v2_prefill_cp_strategy, parallel.cp_strategy_unset");
}

TEST_CASE("a DSA model's plain data parallelism becomes attention DP before the DP checks read it") {
  // Two attention-DP groups over four ranks: the CP group is the two ranks of each.
  const report rep = validate(pcp::dsa.tp(4).dp(2));
  CHECK(rep.resolved().attn_dp_enabled());
  CHECK(rep.resolved().attn_cp_size == 2);
  CHECK(rep.resolved().attn_tp_size() == 1);
}

TEST_CASE("prefill CP on an MHA model with a strategy is accepted") { CHECK(validate(pcp::mha.tp(2)).accepted()); }
