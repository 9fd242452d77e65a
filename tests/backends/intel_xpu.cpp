// SPDX-License-Identifier: MIT
// The intel_xpu backend (backends/intel_xpu.hpp): its constructor's CUDA-graph check.
#include "backends/intel_xpu_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("intel_xpu rules: trigger and near miss") { check_rules(intel_xpu_rules); }

TEST_CASE("an encoder-decoder model on XPU starts with CUDA graphs at their defaults") {
  CHECK(validate(xpu_graph::whisper).accepted());
}

TEST_CASE("a breakable decode graph is turned off on XPU before the constructor checks it") {
  const report rep =
      validate(xpu_graph::whisper.with(&launch_config::cuda_graph_backend_decode, xpu_graph::G::breakable));
  CHECK(rep.accepted());
  CHECK(rep.resolved().cuda_graph_backend_decode == cuda_graph_backend::disabled);
}

TEST_CASE("multi-item scoring turns both graphs off, so FULL capture asked for passes") {
  const conf full = xpu_graph::whisper.with(&launch_config::cuda_graph_backend_decode, xpu_graph::G::full);
  CHECK_FALSE(
      validate(full.flag(&launch_config::enable_mis)).violates(rules::intel_xpu::encoder_decoder_decode_graph::info));
}

TEST_CASE("--disable-cuda-graph turns the default decode graph off, but a phase's backend given wins") {
  const conf sm90 = xpu_graph::whisper.on(H::sm90).flag(&launch_config::disable_cuda_graph);
  CHECK_FALSE(validate(sm90).violates(rules::intel_xpu::encoder_decoder_decode_graph::info));
  CHECK(validate(sm90.with(&launch_config::cuda_graph_backend_decode, xpu_graph::G::full))
            .violates(rules::intel_xpu::encoder_decoder_decode_graph::info));
}
