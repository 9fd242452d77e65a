// SPDX-License-Identifier: MIT
// The preconditions of --prefill-only-disable-kv-cache (rules/prefill_only.hpp).
#include "rules/prefill_only_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("prefill-only rules: trigger and near miss") { check_rules(prefill_only_rules); }

TEST_CASE("without --is-embedding the prefill-only error comes before any platform or backend check") {
  const report rep = validate(prefill_only.on(H::npu).kv(K::mxfp8));
  REQUIRE(rep.first_error() != nullptr);
  CHECK(rep.first_error()->rule == &sa::prefill_only_embedding::info);
}

TEST_CASE("an embedding server on fa3 passes the preconditions") { CHECK(validate(servable).accepted()); }
