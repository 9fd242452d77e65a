// SPDX-License-Identifier: MIT
// The EAGLE auto-parameters fill only what the user left out.
#include <doctest/doctest.h>

#include <attncap/check/validate.hpp>

using namespace attncap;

TEST_CASE("a topk given without a step count survives the auto-parameters") {
  launch_config c;
  c.hardware = hardware::sm100;
  c.model = model_family::llama;  // would default to (5, 4, 8)
  c.speculative_algorithm = speculative_algorithm::eagle;
  c.speculative_eagle_topk = 1;
  const report r = validate(c);
  CHECK(r.accepted());
  CHECK(r.resolved().speculative_eagle_topk == 1);
  CHECK(r.resolved().speculative_num_steps == 5);
  CHECK(r.resolved().speculative_num_draft_tokens == 6);  // steps + 1 for a chain
  CHECK(r.resolved().attention_backend == id::trtllm_mha);

  c.speculative_eagle_topk = unset;
  const report wide = validate(c);
  CHECK(wide.resolved().speculative_eagle_topk == 4);
  CHECK(wide.resolved().speculative_num_draft_tokens == 8);
}
