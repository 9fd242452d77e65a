// SPDX-License-Identifier: MIT
// The llada2_cfg_flashinfer backend (backends/llada2_cfg_flashinfer.hpp): its factory rule.
#include "backends/llada2_cfg_flashinfer_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("llada2_cfg_flashinfer rules: trigger and near miss") { check_rules(llada2_cfg_flashinfer_rules); }

TEST_CASE("llada2_cfg_flashinfer as the prefill backend of an MLA model fails in its factory") {
  const report rep = validate(on(H::sm110).mla().prefill(id::llada2_cfg_flashinfer));
  REQUIRE(rep.first_error() != nullptr);
  CHECK(rep.first_error()->rule == &rules::llada2_cfg_flashinfer::non_mla_only::info);
  CHECK(rep.first_error()->subject == id::llada2_cfg_flashinfer);
}

TEST_CASE("llada2_cfg_flashinfer on an MHA model of any CUDA or ROCm target is accepted") {
  CHECK(validate(on(H::sm121).backend(id::llada2_cfg_flashinfer)).accepted());
  CHECK(validate(on(H::gfx942).gqa().backend(id::llada2_cfg_flashinfer)).accepted());
}
