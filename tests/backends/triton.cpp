// SPDX-License-Identifier: MIT
// The triton backend (backends/triton.hpp): its cross-attention factory check.
#include "backends/triton_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("triton rules: trigger and near miss") { check_rules(triton_rules); }

TEST_CASE("an encoder-decoder model swapped to triton by the fa3 fp8_e5m2 fallback meets the triton factory") {
  const report rep = validate(on(H::sm90).backend(id::fa3).kv(K::fp8_e5m2).flag(&launch_config::encoder_decoder));
  CHECK(rep.resolved().attention_backend == id::triton);
  CHECK(codes(rep) == "triton.cross_attention");
}
