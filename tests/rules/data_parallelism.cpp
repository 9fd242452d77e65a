// SPDX-License-Identifier: MIT
// The data-parallel LM head (rules/data_parallelism.hpp).
#include "rules/data_parallelism_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("data-parallel LM head rules: trigger and near miss") { check_rules(data_parallelism_rules); }
TEST_CASE("data-parallel LM head rewrites: applied and near miss") { check_rewrites(data_parallelism_rewrites); }

TEST_CASE("with attention DP the LM head may be split") {
  const report rep = validate(on(H::sm90)
                                  .with(&launch_config::tp_size, 2)
                                  .with(&launch_config::dp_size, 2)
                                  .flag(&launch_config::enable_dp_attention)
                                  .flag(&launch_config::enable_dp_lm_head));
  REQUIRE(rep.accepted());
  CHECK(rep.resolved().enable_dp_lm_head);
}
