// SPDX-License-Identifier: MIT
// EAGLE's draft backends (rules/eagle_draft.hpp): which backends its factory builds, and when.
#include <attncap/rules/eagle_draft.hpp>

#include "rules/eagle_draft_cases.hpp"

using namespace attncap;
using namespace attncap::test;

namespace {
bool names_code(const report& rep, std::string_view code) { return codes(rep).find(code) != std::string::npos; }
}  // namespace

TEST_CASE("eagle draft rules: trigger and near miss") { check_rules(eagle_draft_rules); }

TEST_CASE("the allowed set is the backends that declare an EAGLE draft builder, as argument resolution names them") {
  CHECK(rules::eagle_draft::decode_backend::info.allowed ==
        "triton, dsa, nsa, dsv4, fa3, fa4, flashinfer, flashmla, trtllm_mla, cutedsl_mla, trtllm_mha, aiter, "
        "intel_amx, ascend, intel_xpu");
  CHECK_FALSE(rules::eagle_draft::has_builder(id::torch_native));
  CHECK(rules::eagle_draft::has_builder(id::nsa));
  CHECK_FALSE(rules::eagle_draft::has_builder(backend_id::none));
}

TEST_CASE("the decode backend comes first, and only for more than one draft step") {
  const report rep = validate(on(H::sm90).backend(id::torch_native).eagle(1, 3, 4));
  CHECK(codes(rep).ends_with("eagle_draft.decode_backend, eagle_draft.extend_backend"));
  CHECK_FALSE(names_code(validate(on(H::sm90).backend(id::torch_native).eagle(1, 1, 2)), "eagle_draft.decode_backend"));
}

TEST_CASE("the draft backend, when given, stands for both the decode and the draft-extend backend") {
  const report rep = validate(on(H::sm90).backend(id::fa3).eagle(1, 3, 4).draft(id::flex_attention));
  REQUIRE(rep.errors().size() >= 2);
  CHECK(names_code(rep, "eagle_draft.decode_backend"));
  CHECK(names_code(rep, "eagle_draft.extend_backend"));
  // A target backend without a builder is fine when the draft backend has one.
  CHECK_FALSE(
      names_code(validate(on(H::sm90).backend(id::torch_native).eagle(1, 3, 4).draft(id::triton)), "eagle_draft."));
}

TEST_CASE("only EAGLE's draft worker uses the factory: NGRAM, DFLASH and FROZEN_KV_MTP do not") {
  for (auto a : {S::ngram, S::dflash, S::frozen_kv_mtp}) {
    CAPTURE(static_cast<int>(a));
    CHECK_FALSE(names_code(validate(on(H::sm90).backend(id::torch_native).spec(a)), "eagle_draft."));
  }
  CHECK(names_code(validate(on(H::sm90).backend(id::torch_native).spec(S::nextn)), "eagle_draft.extend_backend"));
}

TEST_CASE("FlashInfer's MLA draft backend takes topk 1 only, its MHA one any topk") {
  CHECK(validate(on(H::sm90).backend(id::flashinfer).eagle(4, 3, 8)).accepted());
  CHECK(names_code(validate(on(H::sm90).mla().backend(id::flashinfer).eagle(2, 3, 8)),
                   "eagle_draft.flashinfer_mla_topk"));
}

TEST_CASE("no draft worker runs a draft extend on a MiniCPM backend: the MiniCPM refusal of it is unreachable") {
  // EAGLE's factory has no MiniCPM builder, so it refuses the draft-extend backend first.
  const conf minicpm = on(H::sm90).model(M::minicpm).backend(id::minicpm_flashattn);
  CHECK(names_code(validate(minicpm.eagle(1, 1, 2)), "eagle_draft.extend_backend"));
  CHECK(names_code(validate(minicpm.backend(id::fa3).eagle(1, 1, 2).draft(id::minicpm_flashinfer)),
                   "eagle_draft.extend_backend"));
  // DFLASH's and DSPARK's workers fall back from a backend they do not run.
  const report dflash = validate(minicpm.spec(S::dflash));
  CHECK(dflash.resolved().speculative_draft_attention_backend == id::flashinfer);
  const report dspark = validate(minicpm.spec(S::dspark));
  const adjustment* fallback = find(dspark, rules::draft_worker::dspark_fallback::info);
  REQUIRE(fallback != nullptr);
  CHECK(dspark.message(*fallback).ends_with("Falling back to 'flashinfer'."));
}
