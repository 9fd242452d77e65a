// SPDX-License-Identifier: MIT
// The platform hooks of rules/platform_hooks.hpp: aliases, NPU's forced ascend, CPU's intel_amx.
#include "rules/platform_hooks_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("platform hook rewrites: trigger and near miss") { check_rewrites(platform_hooks_rewrites); }

TEST_CASE("npu forces ascend on all three backend fields, even over an explicit choice") {
  const report rep = validate(on(H::npu).backend(id::fa3).prefill(id::triton).decode(id::flashinfer));
  CHECK(rep.resolved().attention_backend == id::ascend);
  CHECK(rep.resolved().prefill_attention_backend == id::ascend);
  CHECK(rep.resolved().decode_attention_backend == id::ascend);
  CHECK(rep.resolved().page_size == 128);
}

TEST_CASE("the nsa alias keeps its name, as sglang 0.5.23 does, and logs once") {
  const report rep = validate(on(H::sm90).mla().prefill(id::nsa).decode(id::fa3));
  CHECK(rep.resolved().prefill_attention_backend == id::nsa);
  std::size_t logged = 0;
  for (const auto& a : rep.adjustments()) logged += a.rewrite == &sa::nsa_alias::info ? 1 : 0;
  CHECK(logged == 1);
}

TEST_CASE("a CPU without AMX gets intel_amx first, then the torch_native fallback") {
  const report rep = validate(on(H::cpu));
  REQUIRE(rep.adjustments().size() >= 2);
  CHECK(rep.adjustments()[0].rewrite == &sa::cpu_default::info);
  CHECK(find(rep, sa::intel_amx_fallback::info) != nullptr);
  CHECK(rep.resolved().attention_backend == id::torch_native);
}

TEST_CASE("tokenspeed_mla only as the prefill backend becomes trtllm_mla and keeps the KV dtype") {
  const report rep = validate(on(H::sm100).mla().prefill(id::tokenspeed_mla).decode(id::cutedsl_mla));
  CHECK(rep.resolved().prefill_attention_backend == id::trtllm_mla);
  CHECK(find(rep, sa::tokenspeed_fp8_kv::info) == nullptr);
  CHECK(rep.resolved().kv_cache_dtype == K::auto_);
}

TEST_CASE("the deprecated names warn field by field, then the KV dtype, as the engine logs them") {
  const report rep = validate(on(H::sm100).mla().backend(id::tokenspeed_mla).decode(id::tokenspeed_mla));
  REQUIRE(rep.adjustments().size() >= 3);
  CHECK(rep.adjustments()[0].rewrite == &sa::attention_backend_rename::info);
  CHECK(rep.adjustments()[1].rewrite == &sa::decode_backend_rename::info);
  CHECK(rep.adjustments()[2].rewrite == &sa::tokenspeed_fp8_kv::info);
  CHECK(rep.resolved().attention_backend == id::cutedsl_mla);
  CHECK(rep.accepted());
}
