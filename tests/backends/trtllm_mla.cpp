// SPDX-License-Identifier: MIT
// The trtllm_mla backend (backends/trtllm_mla.hpp): its factory rule and the page snap before it.
#include "backends/trtllm_mla_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("trtllm_mla rules: trigger and near miss") { check_rules(trtllm_mla_rules); }

TEST_CASE("trtllm_mla with an MHA model on SM90 raises the Blackwell message, then the factory's") {
  const report rep = validate(on(H::sm90).backend(id::trtllm_mla));
  CHECK(codes(rep) == "trtllm_mla.blackwell, trtllm_mla.mla_only");
  CHECK(rep.message(*rep.first_error()) ==
        "TRTLLM MLA backend is only supported on Blackwell GPUs (SM100/SM12x). Please use a different backend.");
}

TEST_CASE("trtllm_mla snaps page 1 to 64, which then trips the EAGLE page-tree rule") {
  const report rep = validate(on(H::sm100).mla().backend(id::trtllm_mla).eagle(4, 3, 8).page(1));
  const adjustment* snap = find(rep, sa::trtllm_mla_page_size::info);
  REQUIRE(snap != nullptr);
  CHECK(rep.message(*snap) == "TensorRT-LLM MLA only supports page_size of 32 or 64, changing page_size from 1 to 64.");
  CHECK(codes(rep) == "speculative.page_tree");
  CHECK(rep.message(*rep.first_error()) ==
        "speculative_eagle_topk > 1 with page_size > 1 is only supported on ('flashinfer', 'fa3', 'triton'); got "
        "attention_backend='trtllm_mla'. Use page_size == 1 or one of those backends.");
  // With a chain draft (topk 1) the same snap is harmless.
  CHECK(validate(on(H::sm100).mla().backend(id::trtllm_mla).eagle(1, 3, 4).page(1)).accepted());
}
