// SPDX-License-Identifier: MIT
// The aiter backend (backends/aiter.hpp): its constructor's MLA head-count check.
#include "backends/aiter_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("aiter rules: trigger and near miss") { check_rules(aiter_rules); }

TEST_CASE("aiter MLA runs 4, 8 and 12 heads, pads any count below 16, and runs multiples of 16 up to 128") {
  for (int q : {1, 2, 3, 4, 5, 7, 8, 12, 15, 16, 48, 112, 128}) {
    CAPTURE(q);
    CHECK(validate(aiter::with_heads(aiter::mla, q)).accepted());
  }
  for (int q : {17, 40, 100, 129, 256}) {
    CAPTURE(q);
    CHECK_FALSE(validate(aiter::with_heads(aiter::mla, q)).accepted());
  }
}

TEST_CASE("aiter on a non-MLA model, or with the heads unknown, makes no MLA head check") {
  CHECK(validate(aiter::with_heads(on(H::gfx942).backend(id::aiter), 24)).accepted());
  CHECK(validate(aiter::mla).accepted());
}
