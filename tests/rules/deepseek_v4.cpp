// SPDX-License-Identifier: MIT
// DeepSeek V4 (rules/deepseek_v4.hpp): the forced dsv4 backend and page, its KV dtype and algorithms.
#include "rules/deepseek_v4_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("deepseek v4 rules: trigger and near miss") { check_rules(deepseek_v4_rules); }
TEST_CASE("deepseek v4 rewrites: trigger and near miss") { check_rewrites(deepseek_v4_rewrites); }

TEST_CASE("DeepSeek V4 with defaults resolves to dsv4, page 256 and an fp8_e4m3 cache") {
  const report rep = validate(dsv4::base);
  CHECK(rep.accepted());
  CHECK(rep.resolved().attention_backend == id::dsv4);
  CHECK(rep.resolved().page_size == 256);
  CHECK(rep.resolved().kv_cache_dtype == K::fp8_e4m3);
}

TEST_CASE("on the NPU DeepSeek V4 serves both phases with dsv4 on a bfloat16 cache of page 128") {
  const report rep = validate(dsv4::npu);
  const auto& r = rep.resolved();
  CHECK(r.attention_backend == id::dsv4);
  CHECK(r.prefill_attention_backend == id::dsv4);
  CHECK(r.decode_attention_backend == id::dsv4);
  CHECK(r.page_size == 128);
  CHECK(r.kv_cache_dtype == K::bfloat16);
}

TEST_CASE("the same prefill and decode backend replace dsv4 again, as the engine's default fill does") {
  const report rep = validate(dsv4::base.prefill(id::flashmla).decode(id::flashmla));
  CHECK(rep.resolved().attention_backend == id::flashmla);
}

TEST_CASE("DeepSeek V4 takes EAGLE with topk 1 and DSPARK, other models take any algorithm") {
  CHECK_FALSE(validate(dsv4::base.eagle(1, 3, 4)).violates(sa::dsv4_eagle_topk::info));
  CHECK_FALSE(validate(dsv4::base.eagle(1, 3, 4)).violates(sa::dsv4_speculative_algorithm::info));
  CHECK_FALSE(validate(dsv4::base.spec(S::dspark)).violates(sa::dsv4_speculative_algorithm::info));
  CHECK_FALSE(validate(on(H::sm100).mla().spec(S::nextn)).violates(sa::dsv4_speculative_algorithm::info));
}
