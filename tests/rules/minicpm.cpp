// SPDX-License-Identifier: MIT
// MiniCPM's provider (rules/minicpm.hpp): DP attention, PD disaggregation, the radix cache and
// the sparse backend default.
#include "rules/minicpm_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("minicpm rules: trigger and near miss") { check_rules(minicpm_rules); }
TEST_CASE("minicpm rewrites: trigger and near miss") { check_rewrites(minicpm_rewrites); }

TEST_CASE("a MiniCPM SALA sparse model with no backend resolves to its sparse backend, radix cache off") {
  const report rep = validate(minicpm_provider::sparse.heads(32, 2));
  CHECK(rep.accepted());
  CHECK(rep.resolved().attention_backend == id::minicpm_flashattn);
  CHECK(rep.resolved().disable_radix_cache);
}

TEST_CASE("a dense MiniCPM keeps the engine's default backend") {
  const report rep = validate(minicpm_provider::dense);
  CHECK(rep.accepted());
  CHECK(rep.resolved().attention_backend == id::fa3);
  CHECK_FALSE(rep.resolved().disable_radix_cache);
}
