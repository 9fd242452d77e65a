// SPDX-License-Identifier: MIT
/// @file
/// The `intel_xpu` backend: Intel XPU kernels (XMX engines; pages 64/128, MLA also 16/32; MLA
/// decode only). Without XMX the engine falls back to triton.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/capabilities/rule_shapes.hpp>

namespace attncap {

template <>
struct backend_traits<backends::intel_xpu> {
  static constexpr std::string_view name = "intel_xpu";
  // sglang 0.5.23 checks only its page sizes at launch, for MLA models too (arg_groups/overrides.py:1324-1337).
  static constexpr capabilities caps{
      .targets = hardware_sets::except_npu_mps - enum_set<hardware>{hardware::xpu},
      .kv_cache_dtypes = kv_cache_dtype_sets::except_kv4,
      .pages = page_sizes::only(64, 128),
      .page_snap = 128,
      // 0.5.23 lists it among the draft-worker backends (DRAFT_ATTENTION_BACKEND_CHOICES).
      .phases = {phase::prefill, phase::decode, phase::draft},
      .speculative = speculative_support::chain,
      .eagle_draft = support::yes,
      .sliding_window = support::yes,
      .window_with_cross_attention = support::no,
      .deterministic = support::yes,
      .kernel_targets = hardware_sets::xpu_any,
  };
  /// The page sizes it serves MLA decode with.
  static constexpr page_sizes mla_pages = page_sizes::only(64, 128, 16, 32);
};

namespace rules::intel_xpu {
// The constructor: XPUAttentionBackend checks it first.
ATTNCAP_WINDOW_CROSS_ATTENTION_RULE(window_cross_attention, intel_xpu, true);

namespace detail {
/// Capture is off in both phases whatever was asked: multi-item scoring.
constexpr bool graphs_forced_off(const launch_config& c) noexcept { return c.enable_mis; }
/// Decode is captured: FULL asked for (XPU turned a breakable one off), or off XPU a breakable one,
/// or FULL by default unless --disable-cuda-graph.
constexpr bool decode_graph(const rule_context& ctx) noexcept {
  using enum cuda_graph_backend;
  const auto b = ctx.cfg.cuda_graph_backend_decode;
  return b == full || (!ctx.hw.is_xpu() && (b == breakable || (b == none && !ctx.cfg.disable_cuda_graph)));
}
/// Prefill is captured as asked (or as Inkling's default asks). Off XPU an unset prefill phase is
/// breakable on CUDA until the engine's compatibility cascade decides, which is not followed here.
constexpr bool prefill_graph(const launch_config& c) noexcept {
  return c.cuda_graph_backend_prefill == cuda_graph_backend::full ||
         c.cuda_graph_backend_prefill == cuda_graph_backend::breakable;
}
}  // namespace detail

// Encoder-decoder attention gathers KV with dynamic shapes that no graph can capture; one rule a
// phase, so that each names its own setting.
#define ATTNCAP_XPU_ENCODER_DECODER_GRAPH_MESSAGE                                                                 \
  "Encoder-decoder models (e.g. Whisper) on the intel_xpu attention backend require CUDA graph disabled (off by " \
  "default on XPU); the graph decode path cannot run the varlen KV gather."
ATTNCAP_RULE(encoder_decoder_decode_graph, "intel_xpu.encoder_decoder_decode_graph", backend_init, assertion_error,
             cuda_graph_backend_decode, "disabled with an encoder-decoder model",
             ATTNCAP_XPU_ENCODER_DECODER_GRAPH_MESSAGE) {
  return ctx.cfg.encoder_decoder && !detail::graphs_forced_off(ctx.cfg) && detail::decode_graph(ctx);
}
ATTNCAP_RULE(encoder_decoder_prefill_graph, "intel_xpu.encoder_decoder_prefill_graph", backend_init, assertion_error,
             cuda_graph_backend_prefill, "disabled with an encoder-decoder model",
             ATTNCAP_XPU_ENCODER_DECODER_GRAPH_MESSAGE) {
  return ctx.cfg.encoder_decoder && !detail::graphs_forced_off(ctx.cfg) && !detail::decode_graph(ctx) &&
         detail::prefill_graph(ctx.cfg);
}
#undef ATTNCAP_XPU_ENCODER_DECODER_GRAPH_MESSAGE
}  // namespace rules::intel_xpu

/// The rules of `intel_xpu`, in the order the engine checks them.
template <>
struct backend_rules<backends::intel_xpu>
    : rule_list<rules::intel_xpu::window_cross_attention, rules::intel_xpu::encoder_decoder_decode_graph,
                rules::intel_xpu::encoder_decoder_prefill_graph> {};

}  // namespace attncap
