// SPDX-License-Identifier: MIT
// Speculative-decoding passes (rules/speculative.hpp).
#include "rules/speculative_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("speculative rules: trigger and near miss") { check_rules(speculative_rules); }
TEST_CASE("speculative rewrites: trigger and near miss") { check_rewrites(speculative_rewrites); }

TEST_CASE("auto parameters: (5, 4, 8) for Llama and Grok, (3, 1, 4) otherwise and for STANDALONE") {
  const launch_config wide = validate(on(H::sm90).spec(S::eagle).model(M::grok)).resolved();
  CHECK(wide.speculative_num_steps == 5);
  CHECK(wide.speculative_eagle_topk == 4);
  CHECK(wide.speculative_num_draft_tokens == 8);
  const launch_config narrow = validate(on(H::sm90).spec(S::standalone).model(M::llama)).resolved();
  CHECK(narrow.speculative_num_steps == 3);
  CHECK(narrow.speculative_eagle_topk == 1);
  CHECK(narrow.speculative_num_draft_tokens == 4);
}

TEST_CASE("trtllm_mha: the topk error comes before the page-tree error") {
  const report rep = validate(on(H::sm100).backend(id::trtllm_mha).eagle(4, 3, 8).page(16));
  CHECK(codes(rep) == "speculative.trtllm_mha_topk, speculative.page_tree");
  REQUIRE(rep.errors().size() == 2);
  CHECK(rep.message(rep.errors()[1]) ==
        "speculative_eagle_topk > 1 with page_size > 1 is only supported on ('flashinfer', 'fa3', 'triton'); got "
        "attention_backend='trtllm_mha'. Use page_size == 1 or one of those backends.");
}

TEST_CASE("the page-tree rule reads the base backend, not the phases") {
  const report rep = validate(on(H::sm90).backend(id::fa3).prefill(id::fa4).decode(id::flashmla).mla().eagle(4, 3, 8));
  CHECK_FALSE(rep.violates(sa::eagle_page_tree::info));
}

TEST_CASE("NGRAM: the step count is the draft window over the tree width, after both defaults") {
  const launch_config c = validate(on(H::gfx942).backend(id::triton).spec(S::ngram)).resolved();
  CHECK(c.speculative_eagle_topk == 10);
  CHECK(c.speculative_num_draft_tokens == 12);
  CHECK(c.speculative_num_steps == 1);
}
