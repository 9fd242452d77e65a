// SPDX-License-Identifier: MIT
// UNO's speculative passes (rules/speculative_uno.hpp).
#include "rules/speculative_uno_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("UNO rules: trigger and near miss") { check_rules(speculative_uno_rules); }
TEST_CASE("UNO rewrites: trigger and near miss") { check_rewrites(speculative_uno_rewrites); }

TEST_CASE("UNO: the missing LoRA is the first error on CUDA and ROCm, the device before it elsewhere") {
  // UNO drafts with the target itself: a launch names no draft model.
  const auto uno =
      on(H::gfx942).backend(id::fa3).spec(S::uno).flag(&launch_config::speculative_draft_model_path, false);
  const report rocm = validate(uno.draft_tokens(4));
  REQUIRE(rocm.first_error() != nullptr);
  CHECK(rocm.first_error()->rule->code == "speculative.uno_lora_path");
  const report cpu = validate(on(H::cpu).spec(S::uno));
  REQUIRE(cpu.first_error() != nullptr);
  CHECK(cpu.first_error()->rule->code == "speculative.uno_device");
  // With a draft model named, that is refused before the LoRA is asked for.
  const report named = validate(uno.flag(&launch_config::speculative_draft_model_path));
  REQUIRE(named.first_error() != nullptr);
  CHECK(named.first_error()->rule->code == "speculative.uno_draft_model");
}

TEST_CASE("UNO tree mode keeps its topk and step count") {
  const launch_config c =
      validate(on(H::sm90).backend(id::fa3).spec(S::uno).topk(2).steps(3).draft_tokens(4)).resolved();
  CHECK(c.speculative_eagle_topk == 2);
  CHECK(c.speculative_num_steps == 3);
}
