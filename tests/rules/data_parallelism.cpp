// SPDX-License-Identifier: MIT
// The data-parallel LM head (rules/data_parallelism.hpp).
#include "rules/data_parallelism_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("data-parallel LM head rules: trigger and near miss") { check_rules(data_parallelism_rules); }
TEST_CASE("data-parallel LM head rewrites: applied and near miss") { check_rewrites(data_parallelism_rewrites); }

TEST_CASE("with attention DP the LM head may be split, in either spelling") {
  for (const conf& c : {on(H::sm90).tp(2).dp(2).flag(&launch_config::enable_dp_attention),
                        on(H::sm90).tp(2).with(&launch_config::attn_dp_size, 2)}) {
    const report rep = validate(c.flag(&launch_config::enable_dp_lm_head));
    REQUIRE(rep.accepted());
    CHECK(rep.resolved().enable_dp_lm_head);
    CHECK(rep.resolved().attn_dp_size == 2);
    CHECK(rep.resolved().dp_size == 1);
  }
  // Replicas are not attention DP: the LM head is refused.
  CHECK(codes(validate(on(H::sm90).tp(2).dp(2).flag(&launch_config::enable_dp_lm_head))) ==
        "parallel.dp_lm_head_attention_dp");
}
