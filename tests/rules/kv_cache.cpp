// SPDX-License-Identifier: MIT
// KV-cache passes (rules/kv_cache.hpp): KV4, MXFP8, page default, multi-item scoring, prefill-only.
#include "rules/kv_cache_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("kv-cache rules: trigger and near miss") { check_rules(kv_cache_rules); }
TEST_CASE("kv-cache rewrites: trigger and near miss") { check_rewrites(kv_cache_rewrites); }
TEST_CASE("NVFP4 speculative rules: trigger and near miss") { check_rules(kv4_speculative_rules); }
TEST_CASE("NVFP4 speculative rewrites: trigger and near miss") { check_rewrites(kv4_speculative_rewrites); }

TEST_CASE("NVFP4 on SM100: DFLASH is rejected once, by the first of the algorithm checks, before the KV4 lists") {
  const report rep = validate(on(H::sm100).mla().kv(K::nvfp4).backend(id::trtllm_mha).spec(S::dflash));
  REQUIRE(rep.first_error() != nullptr);
  CHECK(rep.first_error()->rule->code == "kv4.nvfp4_spec_dflash_family");
  CHECK_FALSE(rep.violates(sa::nvfp4_spec_algorithm::info));
}

TEST_CASE("a mixed KV4 pair only warns: none of the KV4 backend lists is checked") {
  const report rep = validate(on(H::sm100).mla().kv(K::fp4_mx_block16).prefill(id::triton).decode(id::flashmla));
  CHECK(find(rep, sa::kv4_mixed_pair::info) != nullptr);
  CHECK_FALSE(rep.violates(sa::kv4_mla_backend::info));
  CHECK_FALSE(rep.violates(sa::kv4_fa4_mla_decode::info));
}

TEST_CASE("the trtllm_mla kv whitelist runs before KV4 and rejects the KV4 formats") {
  const report rep = validate(on(H::sm100).mla().kv(K::fp4_mx_block16).backend(id::trtllm_mla));
  REQUIRE(rep.first_error() != nullptr);
  CHECK(rep.first_error()->rule == &sa::trtllm_mla_kv_cache_dtype::info);
  CHECK_FALSE(rep.violates(sa::kv4_mla_backend::info));
}

TEST_CASE("off CUDA, fp4_mx_block16 meets the KV4 platform error alone") {
  const report rep = validate(on(H::gfx942).kv(K::fp4_mx_block16));
  CHECK(codes(rep) == "kv4.cuda_only");
}

TEST_CASE("NVFP4's flashinfer prefill with trtllm_mha decode is its own recipe, not a mixed KV4 pair") {
  const report nvfp4 = validate(on(H::sm120).arch(model_arch::mqa).kv(K::nvfp4));
  CHECK(nvfp4.resolved().prefill_backend() == id::flashinfer);
  CHECK(nvfp4.resolved().decode_backend() == id::trtllm_mha);
  CHECK(find(nvfp4, sa::kv4_mixed_pair::info) == nullptr);
  const report mx = validate(on(H::sm100).kv(K::fp4_mx_block16).prefill(id::flashinfer).decode(id::trtllm_mha));
  CHECK(find(mx, sa::kv4_mixed_pair::info) != nullptr);
}
