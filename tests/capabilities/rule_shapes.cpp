// SPDX-License-Identifier: MIT
// Rules of a shared shape read the backend's declaration: allowed texts and page-size snaps.
#include <doctest/doctest.h>

#include <attncap/backends/all.hpp>
#include <attncap/capabilities/rule_shapes.hpp>
#include <attncap/check/validate.hpp>

#include "capabilities/rule_shapes_cases.hpp"

using namespace attncap;
using namespace attncap::test;

static_assert(declared_architectures<backends::hpc_ops> == "mha, gqa, mqa");
static_assert(declared_architectures<backends::trtllm_mla> == "mla");
static_assert(declared_architectures<backends::triton> == "any");
static_assert(declared_targets<backends::cutedsl_mla> == "sm100, sm103");
static_assert(declared_targets<backends::tokenspeed_mla> == declared_targets<backends::cutedsl_mla>);
static_assert(declared_page_sizes<backends::cutedsl_mla> == "32, 64");
static_assert(declared_page_sizes<backends::hpc_ops> == "64" && declared_page_sizes<backends::triton> == "any");

TEST_CASE("the allowed text of a capability rule is the declared set") {
  CHECK(rules::hpc_ops::non_mla_only::info.allowed == "mha, gqa, mqa");
  CHECK(rules::server_args::trtllm_mla_blackwell::info.allowed == "sm100, sm103, sm110, sm120, sm121");
}

TEST_CASE("a page-size snap moves an undeclared page size to the declared snap target, and keeps a declared one") {
  for (int page : {1, 16, 32, 48, 64, 128}) {
    launch_config c;
    c.attention_backend = id::trtllm_mla;
    c.hardware = hardware::sm100;
    c.model_arch = model_arch::mla;
    c.page_size = page;
    CAPTURE(page);
    const auto& caps = backend_traits<backends::trtllm_mla>::caps;
    const int expected = caps.pages.contains(page) ? page : caps.page_snap;
    CHECK(validate(c).resolved().page_size == expected);
  }
}

TEST_CASE("the architecture rules follow the declared architectures") {
  for (auto arch : {model_arch::mha, model_arch::gqa, model_arch::mqa, model_arch::mla}) {
    launch_config c;
    c.attention_backend = id::hpc_ops;
    c.model_arch = arch;
    CAPTURE(to_string(arch));
    CHECK(validate(c).violates(rules::hpc_ops::non_mla_only::info) ==
          !backend_traits<backends::hpc_ops>::caps.architectures.contains(arch));
  }
}

TEST_CASE("window and cross-attention rules: trigger and near miss") { check_rules(window_cross_attention_rules); }

TEST_CASE("the window and cross-attention rule is the constructor's: triton's factory check comes first") {
  const report rep = validate(window::base.backend(id::triton));
  CHECK(codes(rep) == "triton.cross_attention, triton.window_cross_attention");
}

TEST_CASE("a backend that declares nothing about the pair has no window and cross-attention rule") {
  static_assert(backend_traits<backends::torch_native>::caps.window_with_cross_attention == support::unknown);
  CHECK(codes(validate(window::base.backend(id::torch_native))).find("window_cross_attention") == std::string::npos);
}
