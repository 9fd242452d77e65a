// SPDX-License-Identifier: MIT
// Model-capability adjustments (rules/model_capabilities.hpp): HRM-Text's prefix attention.
#include "rules/model_capabilities_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("model-capability rewrites: trigger and near miss") { check_rewrites(model_capabilities_rewrites); }

TEST_CASE("HRM-Text's base backend becomes triton after resolution, its prefill and decode fields stay") {
  const report rep = validate(on(H::sm90).model(M::hrm_text).decode(id::fa3));
  CHECK(rep.resolved().attention_backend == id::triton);
  CHECK(rep.resolved().decode_backend() == id::fa3);
  CHECK(rep.resolved().prefill_backend() == id::triton);
}

TEST_CASE("HRM-Text is recognised by sglang's own class name") {
  CHECK(classify_model("HrmTextForCausalLM") == M::hrm_text);
}
