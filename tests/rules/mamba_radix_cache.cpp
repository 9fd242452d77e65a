// SPDX-License-Identifier: MIT
// The radix cache of hybrid Mamba models (rules/mamba_radix_cache.hpp).
#include "rules/mamba_radix_cache_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("Mamba radix-cache rules: trigger and near miss") { check_rules(mamba_radix_cache_rules); }
TEST_CASE("Mamba radix-cache rewrites: applied and near miss") { check_rewrites(mamba_radix_cache_rewrites); }

TEST_CASE("the strategy the engine resolves serves the model") {
  // Snapshots on a GPU; without them, page size 1 and no overlap schedule.
  const report snap = validate(test::detail::minicpmv.page(64));
  REQUIRE(snap.accepted());
  CHECK(snap.resolved().mamba_radix_cache_strategy == mamba_strategy::extra_buffer);
  CHECK_FALSE(snap.resolved().disable_overlap_schedule);
  const report plain = validate(test::detail::lfm2);
  REQUIRE(plain.accepted());
  CHECK(plain.resolved().mamba_radix_cache_strategy == mamba_strategy::no_buffer);
  CHECK(plain.resolved().disable_overlap_schedule);
  // Without the radix cache the strategy stays as given.
  CHECK(validate(test::detail::lfm2.page(16).flag(&launch_config::disable_radix_cache)).accepted());
}
