// SPDX-License-Identifier: MIT
// The dsa backend (backends/dsa.hpp): its constructor rule, also reached through the nsa alias.
#include "backends/dsa_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("dsa rules: trigger and near miss") { check_rules(dsa_rules); }

TEST_CASE("nsa on a model without DeepSeek sparse attention warns, then fails in dsa's constructor") {
  const report rep = validate(on(H::sm90).mla().backend(id::nsa));
  REQUIRE(rep.first_error() != nullptr);
  CHECK(rep.first_error()->rule == &rules::dsa::init_dsa_model::info);
  CHECK(rep.first_error()->subject == id::nsa);
  CHECK(rep.message(*rep.first_error()) == "DSA backend only supports DeepSeek DSA");
}

TEST_CASE("dsa on a DeepSeek sparse-attention model is accepted") {
  CHECK(validate(on(H::sm90).mla().flag(&launch_config::dsa).backend(id::dsa)).accepted());
  CHECK(validate(on(H::sm100).mla().flag(&launch_config::dsa).backend(id::nsa)).accepted());
}
