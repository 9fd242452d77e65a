// SPDX-License-Identifier: MIT
// The Torch MPS path (rules/mps.hpp): only torch_native, in any of the three backend fields.
#include "rules/mps_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("mps rules: trigger and near miss") { check_rules(mps_rules); }

TEST_CASE("MPS with no backend given resolves to torch_native and is accepted") {
  const report rep = validate(on(H::mps));
  CHECK(rep.accepted());
  CHECK(rep.resolved().attention_backend == id::torch_native);
}

TEST_CASE("the MPS checks run in field order: the base backend's first") {
  const report rep = validate(on(H::mps).backend(id::triton).prefill(id::triton).decode(id::triton));
  REQUIRE(rep.first_error() != nullptr);
  CHECK(rep.first_error()->rule == &sa::mps_attention_backend::info);
  CHECK(codes(rep).find("mps.prefill_attention_backend") != std::string::npos);
}
