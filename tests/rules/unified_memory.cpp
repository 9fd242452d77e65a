// SPDX-License-Identifier: MIT
// The page-major KV layout and the unified memory pool (rules/unified_memory.hpp).
#include "rules/unified_memory_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("unified memory rules: trigger and near miss") { check_rules(unified_memory_rules); }
TEST_CASE("unified memory rewrites: applied and near miss") { check_rewrites(unified_memory_rewrites); }

TEST_CASE("the unified pool serves EAGLE on a hybrid target whose pair and draft are on the MHA rails") {
  CHECK(validate(unified_eagle).accepted());
  CHECK(validate(unified_eagle.flag(&launch_config::hybrid_swa, false).flag(&launch_config::hybrid_gdn)).accepted());
}

TEST_CASE("the unified pool implies the page-major layout") {
  const report rep = validate(unified);
  REQUIRE(rep.accepted());
  CHECK(rep.resolved().enable_page_major_kv_layout);
}

TEST_CASE("the unified pool takes decode context parallelism on an MLA model on its audited backends") {
  CHECK(validate(unified_mla_dcp).accepted());
  CHECK(validate(unified_mla_dcp.on(H::sm100).backend(id::trtllm_mla)).accepted());
}
