// SPDX-License-Identifier: MIT
// The NVFP4 KV cache's backends (rules/nvfp4_prefill.hpp): which prefill backend reads it,
// trtllm_mha for decode, and that these come before the backend-compatibility checks.
#include "rules/nvfp4_prefill_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("nvfp4 rules: trigger and near miss") { check_rules(nvfp4_prefill_rules); }
TEST_CASE("nvfp4 rewrites: trigger and near miss") { check_rewrites(nvfp4_prefill_rewrites); }

TEST_CASE("NVFP4 declares decode trtllm_mha, whose hardware check then applies") {
  // On an XPU the FP8-workspace prefill (flashinfer) and trtllm_mha decode are declared, and
  // trtllm_mha's decode check is what the engine reports, not the KV4 platform check.
  const report rep = validate(on(H::xpu).kv(K::nvfp4));
  REQUIRE(rep.first_error() != nullptr);
  CHECK(rep.first_error()->rule->code == "trtllm_mha.decode_hardware");
  CHECK(rep.resolved().prefill_attention_backend == id::flashinfer);
  CHECK(rep.resolved().decode_attention_backend == id::trtllm_mha);
}

TEST_CASE("an NVFP4 prefill backend error precedes the KV4 list checks") {
  const report rep = validate(on(H::sm100).mla().kv(K::nvfp4).backend(id::flashmla));
  REQUIRE(rep.first_error() != nullptr);
  CHECK(rep.first_error()->rule == &sa::nvfp4_prefill_backend::info);
}
