// SPDX-License-Identifier: MIT
// The hardware and KV-dtype backend-compatibility passes (rules/attention_backend_hardware.hpp).
#include "rules/attention_backend_hardware_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("hardware-pass rules: trigger and near miss") { check_rules(attention_backend_hardware_rules); }
TEST_CASE("hardware-pass rewrites: trigger and near miss") { check_rewrites(attention_backend_hardware_rewrites); }

TEST_CASE("trtllm_mla on SM90: the hardware error comes before the kv dtype error") {
  const report rep = validate(on(H::sm90).mla().backend(id::trtllm_mla).kv(K::fp8_e5m2));
  REQUIRE(rep.errors().size() >= 2);
  CHECK(rep.errors()[0].rule == &sa::trtllm_mla_blackwell::info);
  CHECK(rep.errors()[1].rule == &sa::trtllm_mla_kv_cache_dtype::info);
  CHECK(rep.message(rep.errors()[0]) ==
        "TRTLLM MLA backend is only supported on Blackwell GPUs (SM100/SM12x). Please use a different backend.");
}

TEST_CASE("trtllm_mla set only as prefill is never hardware- or dtype-checked here") {
  CHECK(
      codes(validate(on(H::sm90).mla().prefill(id::trtllm_mla).decode(id::fa3).kv(K::fp8_e5m2))).find("trtllm_mla.") ==
      std::string::npos);
}

TEST_CASE("trtllm_mha's hardware checks read the resolved pair, not the base field") {
  // The base field names trtllm_mha on SM80, but neither phase runs it.
  const report rep = validate(on(H::sm80).backend(id::trtllm_mha).prefill(id::triton).decode(id::flashinfer));
  CHECK(rep.resolved().attention_backend == id::trtllm_mha);
  CHECK(rep.accepted());
}
