// SPDX-License-Identifier: MIT
// The KV pool's construction (rules/kv_pool.hpp): CPU FP8 caches, checked in the engine's order.
#include "rules/kv_pool_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("kv-pool rules: trigger and near miss") { check_rules(kv_pool_rules); }

TEST_CASE("a CPU FP8 cache on an AMX machine with the default backend is accepted") {
  const report rep = validate(on(H::cpu_amx).kv(K::fp8_e4m3));
  CHECK(rep.accepted());
  CHECK(rep.resolved().attention_backend == id::intel_amx);
}

TEST_CASE("the CPU FP8 checks stop at the first: MLA before AMX before the backend") {
  const report rep = validate(on(H::cpu).mla().backend(id::torch_native).kv(K::fp8_e4m3));
  REQUIRE(rep.first_error() != nullptr);
  CHECK(rep.first_error()->rule == &sa::cpu_fp8_mha::info);
  CHECK(codes(rep).find("kv_pool.cpu_fp8_amx") == std::string::npos);
  CHECK(codes(rep).find("kv_pool.cpu_fp8_backend") == std::string::npos);
}

TEST_CASE("the KV pool is built after the KV dtype check and before any backend") {
  const report rep = validate(on(H::cpu_amx).backend(id::fa3).kv(K::fp8_e4m3));
  REQUIRE(rep.first_error() != nullptr);
  CHECK(rep.first_error()->rule == &sa::cpu_fp8_backend::info);
}
