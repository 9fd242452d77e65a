// SPDX-License-Identifier: MIT
// Deterministic inference (rules/deterministic.hpp): fallback, whitelists and the radix-cache switch.
#include "rules/deterministic_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("deterministic rules: trigger and near miss") { check_rules(deterministic_rules); }
TEST_CASE("deterministic rewrites: trigger and near miss") { check_rewrites(deterministic_rewrites); }

TEST_CASE("the DeepSeek V3 override runs first, so deterministic inference sees an explicit trtllm_mla") {
  const report rep =
      validate(on(H::sm100).mla().model(M::deepseek_v3).flag(&launch_config::enable_deterministic_inference));
  REQUIRE(rep.first_error() != nullptr);
  CHECK(rep.first_error()->rule == &sa::deterministic_backend::info);
  CHECK(rep.message(*rep.first_error()) ==
        "Currently only ['ascend', 'fa3', 'fa4', 'flashinfer', 'intel_xpu', 'triton'] attention backends are "
        "supported for deterministic inference, but you explicitly specified 'trtllm_mla'.");
  CHECK(find(rep, sa::deterministic_fallback::info) == nullptr);
}

TEST_CASE("the fallback's backend then meets the radix-cache switch") {
  const report rep = validate(on(H::sm100).flag(&launch_config::enable_deterministic_inference));
  CHECK(rep.accepted());
  CHECK(rep.resolved().attention_backend == id::flashinfer);
  CHECK(rep.resolved().disable_radix_cache);
}

TEST_CASE("the whitelist is the backends that declare deterministic kernels, as the engine lists them") {
  CHECK(sa::deterministic_backend::info.allowed == "ascend, fa3, fa4, flashinfer, intel_xpu, triton");
  std::string quoted;
  for (auto name : {"ascend", "fa3", "fa4", "flashinfer", "intel_xpu", "triton"})
    quoted += (quoted.empty() ? "'" : ", '") + std::string(name) + "'";
  CHECK(std::string(sa::deterministic_backend::info.message).find("[" + quoted + "]") != std::string::npos);
}
