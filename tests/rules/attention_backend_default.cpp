// SPDX-License-Identifier: MIT
// The first backend-compatibility passes (rules/attention_backend_default.hpp).
#include "rules/attention_backend_default_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("default-pass rules: trigger and near miss") { check_rules(attention_backend_default_rules); }
TEST_CASE("default-pass rewrites: trigger and near miss") { check_rewrites(attention_backend_default_rewrites); }

TEST_CASE("page snaps read None before the page-size default, which then leaves the snapped page") {
  const report rep = validate(on(H::sm100).mla().backend(id::trtllm_mla));
  CHECK(find(rep, sa::page_size_default::info) == nullptr);
  CHECK(rep.resolved().page_size == 64);
}

TEST_CASE("a split pair still default-fills the base backend, whose page snap then fires") {
  // Neither phase runs trtllm_mha, yet the base field names it on SM100 MHA.
  const report rep = validate(on(H::sm100).prefill(id::triton).decode(id::flashinfer));
  CHECK(rep.resolved().attention_backend == id::trtllm_mha);
  CHECK(find(rep, sa::trtllm_mha_page_size::info) != nullptr);
  CHECK(rep.resolved().page_size == 64);
}

TEST_CASE("the trtllm_mla page snap reads only the base and decode fields") {
  const report rep = validate(on(H::sm100).mla().prefill(id::trtllm_mla).decode(id::flashinfer));
  CHECK(find(rep, sa::trtllm_mla_page_size::info) == nullptr);
  CHECK(rep.resolved().page_size == 1);
}
