// SPDX-License-Identifier: MIT
// The per-model overrides of rules/model_overrides.hpp.
#include "rules/model_overrides_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("model override rules: trigger and near miss") { check_rules(model_overrides_rules); }
TEST_CASE("model override rewrites: trigger and near miss") { check_rewrites(model_overrides_rewrites); }

TEST_CASE("the DSA page size overrides an explicit page size") {
  const report rep = validate(on(H::sm90).mla().flag(&launch_config::dsa).page(16));
  const adjustment* a = find(rep, sa::dsa_page_size::info);
  REQUIRE(a != nullptr);
  CHECK(rep.old_value(*a) == "16");
  CHECK(rep.new_value(*a) == "64");
}

TEST_CASE("learnable sinks are checked before the auto KV default") {
  // auto with sinks becomes bfloat16, so the sinks rule never sees an auto cache.
  const report rep = validate(on(H::sm100).mla().flag(&launch_config::dsa).flag(&launch_config::attention_sinks));
  CHECK(rep.accepted());
  CHECK(rep.resolved().kv_cache_dtype == K::bfloat16);
}

TEST_CASE("the DeepSeek V3 override needs all three backend fields unset") {
  CHECK(find(validate(on(H::sm100).mla().model(M::deepseek_v3).prefill(id::flashinfer)),
             sa::deepseek_trtllm_mla::info) == nullptr);
  // Not on SM110 or SM12x: only the SM100 family.
  CHECK(find(validate(on(H::sm120).mla().model(M::deepseek_v3)), sa::deepseek_trtllm_mla::info) == nullptr);
}
