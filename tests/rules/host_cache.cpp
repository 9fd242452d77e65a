// SPDX-License-Identifier: MIT
// The radix cache's host tiers (rules/host_cache.hpp): HiCache under decode context parallelism,
// and HiCache and LMCache against the radix cache and each other.
#include "rules/host_cache_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("host cache rules: trigger and near miss") { check_rules(host_cache_rules); }

TEST_CASE("HiCache with a radix cache a model turned off is refused as if the flag were given") {
  const auto gemma = on(H::sm90).model(M::embedding_gemma2).flag(&launch_config::enable_hierarchical_cache);
  const report rep = validate(gemma);
  REQUIRE(rep.first_error() != nullptr);
  CHECK(rep.first_error()->rule == &sa::hicache_radix_cache::info);
  CHECK(validate(on(H::sm90).model(M::embedding_gemma2)).accepted());
}

TEST_CASE("HiCache under decode context parallelism keeps DSPARK's drafts") {
  const auto dspark =
      host_cache::hicache_dcp.with(&launch_config::speculative_algorithm, speculative_algorithm::dspark);
  CHECK_FALSE(validate(dspark).violates(sa::hicache_dcp_speculative::info));
  CHECK(validate(host_cache::hicache_dcp.eagle(1, 3, 4)).violates(sa::hicache_dcp_speculative::info));
}
