// SPDX-License-Identifier: MIT
// The fa3 backend (backends/fa3.hpp): compute-capability checks of its registry factory.
#include "backends/fa3_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("fa3 rules: trigger and near miss") { check_rules(fa3_rules); }

TEST_CASE("fa3's CUDA check does not fire on MUSA, nor its MUSA check on CUDA") {
  const report musa = validate(on(H::musa_mp21).backend(id::fa3));
  CHECK(codes(musa) == "fa3.musa_mp");
  const report cuda = validate(on(H::sm100).backend(id::fa3));
  CHECK(codes(cuda) == "fa3.compute_capability");
}

TEST_CASE("fa3 on SM8x serves MHA but not MLA, on SM90 both") {
  CHECK(validate(on(H::sm89).backend(id::fa3)).accepted());
  CHECK(validate(on(H::sm90).mla().backend(id::fa3)).accepted());
  CHECK(codes(validate(on(H::sm86).mla().backend(id::fa3))) == "fa3.compute_capability");
}
