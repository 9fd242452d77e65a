// SPDX-License-Identifier: MIT
// The tokenspeed_mla backend (backends/tokenspeed_mla.hpp): factory and constructor rules.
#include "backends/tokenspeed_mla_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("tokenspeed_mla rules: trigger and near miss") { check_rules(tokenspeed_mla_rules); }

TEST_CASE("as the base backend, tokenspeed_mla's server-args checks fire before its constructor's") {
  const report rep = validate(on(H::sm100).mla().backend(id::tokenspeed_mla));
  CHECK(codes(rep) == "tokenspeed_mla.kv_cache_dtype, tokenspeed_mla.init_kv_cache_dtype");
  CHECK(rep.message(rep.errors()[0]) == "tokenspeed_mla backend requires kv-cache-dtype=fp8_e4m3, got auto.");
  CHECK(rep.resolved().page_size == 64);
}

TEST_CASE("tokenspeed_mla on Blackwell with an fp8_e4m3 cache is accepted") {
  CHECK(validate(on(H::sm100).mla().backend(id::tokenspeed_mla).kv(K::fp8_e4m3)).accepted());
}
