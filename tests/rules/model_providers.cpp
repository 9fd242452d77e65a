// SPDX-License-Identifier: MIT
// The per-model providers of Gemma 4, DiffusionGemma, OLMo 2, IQuest Q1 and MOSS-VL
// (rules/model_providers.hpp).
#include "rules/model_providers_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("model provider rules: trigger and near miss") { check_rules(model_providers_rules); }
TEST_CASE("model provider rewrites: applied and near miss") { check_rewrites(model_providers_rewrites); }

TEST_CASE("each provider's default is accepted") {
  for (const launch_config c :
       {on(H::sm90).model(M::gemma4), on(H::sm100).model(M::gemma4), on(H::sm90).model(M::olmo2), iquest,
        on(H::sm90).model(M::moss_vl), on(H::sm100).model(M::diffusion_gemma)}) {
    const report rep = validate(c);
    CHECK_MESSAGE(rep.accepted(), to_string(c.model) << " on " << to_string(c.hardware));
  }
}

TEST_CASE("MOSS-VL: FlashInfer prefill, the engine's default decode") {
  const report rep = validate(on(H::sm90).model(M::moss_vl));
  CHECK(rep.resolved().prefill_attention_backend == id::flashinfer);
  CHECK(rep.resolved().attention_backend == id::fa3);
}
