// SPDX-License-Identifier: MIT
// The DFLASH family's speculative passes (rules/speculative_dflash.hpp).
#include <set>
#include <string_view>

#include "rules/speculative_dflash_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("DFLASH family rules: trigger and near miss") { check_rules(speculative_dflash_rules); }
TEST_CASE("DFLASH family rewrites: trigger and near miss") { check_rewrites(speculative_dflash_rewrites); }

TEST_CASE("DFLASH draft backends are those that declare the draft phase: 0.5.23's DRAFT_ATTENTION_BACKEND_CHOICES") {
  const std::set<std::string_view> engine{"flashinfer", "fa3", "fa4", "triton", "ascend", "trtllm_mha", "intel_xpu"};
  for (std::size_t i = 0; i < builtin_registry::size; ++i) {
    if (builtin_registry::canonical[i] != static_cast<backend_id>(i)) continue;
    CAPTURE(builtin_registry::names[i]);
    CHECK(builtin_registry::caps[i].phases.contains(phase::draft) == engine.contains(builtin_registry::names[i]));
  }
}

TEST_CASE("DFLASH resolves a chain of one step, a 16-token window and the prefill backend for the draft") {
  const report rep = validate(on(H::sm90).backend(id::fa3).spec(S::dflash).topk(4).steps(3));
  CHECK(rep.accepted());
  const launch_config c = rep.resolved();
  CHECK(c.speculative_num_steps == 1);
  CHECK(c.speculative_eagle_topk == 1);
  CHECK(c.speculative_num_draft_tokens == 16);
  CHECK(c.speculative_draft_attention_backend == id::fa3);
}

TEST_CASE("DFLASH: a draft backend the list lacks falls back once, to triton on XPU") {
  const report rep = validate(on(H::xpu_xmx).backend(id::intel_xpu).spec(S::dflash).draft(id::flex_attention));
  CHECK(rep.resolved().speculative_draft_attention_backend == id::triton);
  CHECK(find(rep, sa::dflash_draft_trtllm_mha::info) == nullptr);
  const report own = validate(on(H::xpu_xmx).backend(id::intel_xpu).spec(S::dflash));
  CHECK(own.resolved().speculative_draft_attention_backend == id::intel_xpu);
}

TEST_CASE("DSPARK: a given window is kept, the chain forced") {
  const report rep = validate(on(H::sm90).spec(S::dspark).topk(4).steps(2).draft_tokens(4));
  CHECK(rep.accepted());
  CHECK(rep.resolved().speculative_num_draft_tokens == 4);
  CHECK(rep.resolved().speculative_num_steps == 1);
  CHECK(rep.resolved().speculative_eagle_topk == 1);
}

TEST_CASE(
    "a DSPARK block size given wins over the draft checkpoint's gamma, and DFLASH then ignores the draft's block") {
  const conf dspark = test::detail::draft_block(on(H::sm90).spec(S::dspark), 7);
  CHECK(
      validate(dspark.with(&launch_config::speculative_dspark_block_size, 3)).resolved().speculative_num_draft_tokens ==
      4);
  CHECK(validate(dspark).resolved().speculative_num_draft_tokens == 8);
  const conf dflash = test::detail::draft_block(on(H::sm90).spec(S::dflash), 8);
  CHECK(
      validate(dflash.with(&launch_config::speculative_dflash_block_size, 4)).resolved().speculative_num_draft_tokens ==
      4);
  // DFLASH reads the draft's block only for a window not given: no conflict check.
  CHECK(validate(dflash.draft_tokens(16)).resolved().speculative_num_draft_tokens == 16);
}

TEST_CASE("the MoE all-to-all checks of DSPARK's dp attention do not run on the NPU") {
  CHECK_FALSE(validate(test::detail::moe(test::detail::dspark_dp, moe_a2a_backend::deepep))
                  .violates(sa::dspark_dp_attention_moe_a2a::info));
}
