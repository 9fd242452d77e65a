// SPDX-License-Identifier: MIT
// Decode context parallelism on the NPU and Intel XPU (rules/decode_context_parallel.hpp).
#include "rules/decode_context_parallel_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("decode context parallelism rules: trigger and near miss") { check_rules(decode_context_parallel_rules); }

TEST_CASE("Intel XPU runs decode context parallelism within its kernels' limits") {
  CHECK(validate(xpu_dcp).accepted());
  // Qwen 3.5 keeps a DCP group's KV heads on each of its ranks, whatever their number.
  CHECK(validate(xpu_dcp.gqa().heads(8, 2).model(M::qwen3_5)).accepted());
  // Without DCP none of these checks runs.
  CHECK(validate(xpu_dcp.dcp(1).heads(64, 1).flag(&launch_config::encoder_decoder)).accepted());
}

TEST_CASE("the KV heads a rank holds under DCP follow the engine's split") {
  const launch_config c = on(H::xpu_xmx).gqa().heads(4, 1).tp(8).with(&launch_config::num_kv_heads, 2);
  CHECK(c.kv_heads_with_dcp(8, 1) == 1);
  CHECK(c.kv_heads_with_dcp(8, 2) == 1);
  CHECK(c.kv_heads_with_dcp(8, 8) == 2);
  CHECK(on(H::xpu_xmx).gqa().heads(4, 2).tp(4).c.total_kv_heads() == 8);
  CHECK(on(H::xpu_xmx).arch(model_arch::mqa).heads(4, 1).tp(4).c.total_kv_heads() == 1);
  CHECK(on(H::xpu_xmx).gqa().c.total_kv_heads() == unset);
}
