// SPDX-License-Identifier: MIT
// Backend construction (rules/construction.hpp): wrapper rules and the order backends are built in.
#include "rules/construction_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("construction rules: trigger and near miss") { check_rules(construction_rules); }

TEST_CASE("on NPU the wrapper always sees ascend, so its NPU rule cannot fire in the pipeline") {
  const report rep = validate(on(H::npu).backend(id::triton).flag(&launch_config::hybrid_gdn));
  CHECK_FALSE(rep.violates(wr::hybrid_gdn_npu::info));
  CHECK(rep.resolved().attention_backend == id::ascend);
}

TEST_CASE("the wrapper runs after the backends' factories and constructors") {
  const report rep = validate(on(H::sm100).mla().backend(id::trtllm_mha).flag(&launch_config::hybrid_gdn));
  CHECK(codes(rep) == "trtllm_mha.non_mla_only, hybrid_gdn.non_mla");
}

TEST_CASE("the draft backend is built after the wrapper") {
  const report rep = validate(
      on(H::sm100).backend(id::torch_native).flag(&launch_config::hybrid_gdn).spec(S::eagle).draft(id::hpc_ops));
  REQUIRE(rep.errors().size() >= 2);
  CHECK(rep.errors()[0].rule == &wr::hybrid_gdn_blackwell::info);
  CHECK(rep.errors()[1].rule == &rules::hpc_ops::no_speculative_decoding::info);
  CHECK(rep.errors()[1].subject == id::hpc_ops);
}

TEST_CASE("a draft backend equal to a phase backend is not built twice") {
  const report rep = validate(on(H::sm90).backend(id::hpc_ops).spec(S::eagle).draft(id::hpc_ops));
  std::size_t factory = 0;
  for (const auto& v : rep.errors()) factory += v.rule == &rules::hpc_ops::no_speculative_decoding::info ? 1 : 0;
  CHECK(factory == 1);
}

TEST_CASE("first-forward rules run last, for the decode backend then the prefill backend") {
  const report rep =
      validate(on(H::sm100).prefill(id::hpc_ops).decode(id::trtllm_mla).with(&launch_config::sliding_window, 128));
  const std::string order = codes(rep);
  CHECK(order.find("trtllm_mla.mla_only") < order.find("hpc_ops.init_sm90"));
  CHECK(order.ends_with("hpc_ops.sliding_window"));
  REQUIRE(rep.first_error() != nullptr);
  CHECK(rep.first_error()->rule->stage == stage::factory);
}

TEST_CASE("NGRAM has no draft model, so its draft backend is never built") {
  const auto ngram = on(H::sm110).arch(model_arch::mqa).backend(id::triton).spec(S::ngram).draft(id::trtllm_mla);
  CHECK_FALSE(validate(ngram).violates(rules::trtllm_mla::mla_only::info));
  CHECK(validate(ngram.spec(S::standalone)).violates(rules::trtllm_mla::mla_only::info));
}

TEST_CASE("a draft backend the registry lacks stops at the lookup: none of its own rules run") {
  const report rep = validate(on(H::sm90).backend(id::fa3).eagle(1, 3, 4).draft(id::cutlass_mla).mla());
  REQUIRE(rep.first_error() != nullptr);
  CHECK(rep.first_error()->rule == &rules::factory::registered_backend::info);
  CHECK(rep.first_error()->subject == id::cutlass_mla);
  CHECK(codes(rep).find("cutlass_mla.") == std::string::npos);
}
