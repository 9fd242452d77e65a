// SPDX-License-Identifier: MIT
// Prefill/decode disaggregation's resolution (rules/disaggregation.hpp).
#include "rules/disaggregation_cases.hpp"
#include "rules/prefill_only_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("disaggregation rewrites: applied and near miss") { check_rewrites(disaggregation_rewrites); }

TEST_CASE("a decode server has turned the radix cache off before prefill-only serving asks for it") {
  const launch_config c = servable.flag(&launch_config::disable_radix_cache, false)
                              .with(&launch_config::disaggregation_mode, disaggregation_mode::decode);
  CHECK_FALSE(validate(c).violates(sa::prefill_only_radix_cache::info));
}
