// SPDX-License-Identifier: MIT
// The last backend-compatibility passes (rules/attention_backend_fallbacks.hpp).
#include "rules/attention_backend_fallbacks_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("fallback-pass rewrites: trigger and near miss") { check_rewrites(attention_backend_fallbacks_rewrites); }

TEST_CASE("the fa3 fp8_e5m2 switch reads the base field only") {
  const report rep = validate(on(H::sm90).backend(id::triton).prefill(id::fa3).decode(id::flashinfer).kv(K::fp8_e5m2));
  CHECK(find(rep, sa::fa3_fp8_e5m2_fallback::info) == nullptr);
  CHECK(rep.resolved().prefill_attention_backend == id::fa3);
}

TEST_CASE("the intel_amx fallback lands after the torch_native graph switch, which therefore stays off") {
  const report rep = validate(on(H::cpu).backend(id::intel_amx));
  CHECK(rep.resolved().attention_backend == id::torch_native);
  CHECK(find(rep, sa::torch_native_cuda_graph::info) == nullptr);
  CHECK_FALSE(rep.resolved().disable_cuda_graph);
}
