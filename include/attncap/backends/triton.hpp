// SPDX-License-Identifier: MIT
/// @file
/// The `triton` backend: Triton kernels on every platform; the engine's last-resort default.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/capabilities/rule_shapes.hpp>

namespace attncap {

template <>
struct backend_traits<backends::triton> {
  static constexpr std::string_view name = "triton";
  static constexpr capabilities caps{
      .targets = hardware_sets::except_npu_mps,
      // NVFP4's prefill reads need flashinfer or trtllm_mha (sglang 0.5.23, kv_cache_hook.py:50-55).
      .kv_cache_dtypes = kv_cache_dtype_sets::all - enum_set<kv_cache_dtype>{kv_cache_dtype::nvfp4},
      .phases = {phase::prefill, phase::decode, phase::draft},
      .speculative = speculative_support::tree,
      .eagle_draft = support::yes,
      .cross_attention = support::no,
      .sliding_window = support::yes,
      .window_with_cross_attention = support::no,
      .attention_sinks = support::yes,
      .deterministic = support::yes,
      .unified_pool = unified_pool_audits::all_but_dcp,
  };
};

namespace rules::triton {
ATTNCAP_RULE(no_cross_attention, "triton.cross_attention", factory, assertion_error, encoder_decoder, "False",
             "Cross attention is not supported in the triton attention backend. Please use `--attention-backend "
             "flashinfer`.") {
  return ctx.cfg.encoder_decoder && backend_traits<backends::triton>::caps.cross_attention == support::no;
}
// The constructor, after its split-tile set-up.
ATTNCAP_WINDOW_CROSS_ATTENTION_RULE(window_cross_attention, triton, true);
}  // namespace rules::triton

/// The rules of `triton`, in the order the engine checks them.
template <>
struct backend_rules<backends::triton>
    : rule_list<rules::triton::no_cross_attention, rules::triton::window_cross_attention> {};

}  // namespace attncap
