// SPDX-License-Identifier: MIT
// The trtllm_mha backend (backends/trtllm_mha.hpp): factory and constructor rules, and their order.
#include "backends/trtllm_mha_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("trtllm_mha rules: trigger and near miss") { check_rules(trtllm_mha_rules); }

TEST_CASE("trtllm_mha + MLA on SM80: the server-args hardware errors come before the factory error") {
  const report rep = validate(on(H::sm80).mla().backend(id::trtllm_mha));
  CHECK(codes(rep) == "trtllm_mha.prefill_hardware, trtllm_mha.decode_hardware, trtllm_mha.non_mla_only");
  REQUIRE(rep.first_error() != nullptr);
  CHECK(rep.message(*rep.first_error()) ==
        "TRTLLM MHA backend for prefill requires Hopper (SM90), Blackwell (SM100), or SM120 GPUs. Please use a "
        "different prefill backend.");
  CHECK(rep.first_error()->rule->stage == stage::server_args);
}

TEST_CASE("an EAGLE tree on trtllm_mha stops at server args") {
  const report rep = validate(on(H::sm90).backend(id::trtllm_mha).eagle(4, 3, 8));
  REQUIRE(rep.first_error() != nullptr);
  CHECK(rep.first_error()->rule == &sa::trtllm_mha_topk::info);
}
