// SPDX-License-Identifier: MIT
// The EAGLE auto-parameters: the engine fills all three or asserts that none was given.
#include <doctest/doctest.h>

#include <attncap/check/validate.hpp>

using namespace attncap;

TEST_CASE("a topk given without a step count is the engine's bare assertion") {
  launch_config c;
  c.hardware = hardware::sm100;
  c.model = model_family::llama;  // would default to (5, 4, 8)
  c.speculative_algorithm = speculative_algorithm::eagle;
  c.speculative_eagle_topk = 1;
  const report r = validate(c);
  REQUIRE(r.first_error() != nullptr);
  CHECK(r.first_error()->rule->code == "speculative.partial_parameters");
  CHECK(r.first_error()->rule->exception == exception_kind::assertion_error);
  CHECK(r.message(*r.first_error()).empty());

  c.speculative_eagle_topk = unset;
  const report wide = validate(c);
  CHECK(wide.accepted());
  CHECK(wide.resolved().speculative_num_steps == 5);
  CHECK(wide.resolved().speculative_eagle_topk == 4);
  CHECK(wide.resolved().speculative_num_draft_tokens == 8);
}
