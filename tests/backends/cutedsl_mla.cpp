// SPDX-License-Identifier: MIT
// The cutedsl_mla backend (backends/cutedsl_mla.hpp): its factory rule and its hybrid build order.
#include "backends/cutedsl_mla_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("cutedsl_mla rules: trigger and near miss") { check_rules(cutedsl_mla_rules); }

TEST_CASE("cutedsl_mla with its auto-filled trtllm_mla prefill: the decode factory runs first") {
  const report rep = validate(on(H::sm100).gqa().backend(id::cutedsl_mla));
  CHECK(rep.resolved().prefill_attention_backend == id::trtllm_mla);
  CHECK(codes(rep) == "cutedsl_mla.mla_only, trtllm_mla.mla_only");
  REQUIRE(rep.first_error() != nullptr);
  CHECK(rep.message(*rep.first_error()) == "cutedsl_mla backend can only be used with MLA models.");
  CHECK(rep.first_error()->subject == id::cutedsl_mla);
  CHECK(rep.errors()[1].subject == id::trtllm_mla);
}

TEST_CASE("cutedsl_mla on an MLA model with its auto-filled prefill is accepted") {
  const report rep = validate(on(H::sm100).mla().backend(id::cutedsl_mla));
  CHECK(rep.accepted());
  CHECK(rep.resolved().page_size == 64);
}
