// SPDX-License-Identifier: MIT
/// @file
/// Decode context parallelism (`--dcp-size > 1`) by platform: the NPU runs it for DeepSeek DSA
/// models only (checked before the model overrides, arg_groups/model_hook.py:169), and Intel XPU
/// checks its kernels' limits after the platform fallbacks (arg_groups/attention_hook.py:48-106,
/// run from :275). The other platforms' checks belong to the features they limit.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/rules/model_overrides.hpp>

namespace attncap::rules::server_args {

namespace detail {
constexpr bool xpu_dcp(const rule_context& ctx) noexcept { return ctx.hw.is_xpu() && ctx.cfg.dcp_size > 1; }
/// The largest GQA group the intel_xpu decode kernel is built for.
inline constexpr std::int32_t xpu_decode_max_q_group = 16;
/// Every rank of a DCP group holds the group's KV heads: Qwen 3.5 shards its QKV that way, other
/// models only when the heads per rank do not grow with the group.
constexpr bool xpu_dcp_kv_layout(const launch_config& c) noexcept {
  if (c.model == model_family::qwen3_5 || c.model == model_family::qwen3_5_text) return true;
  const auto with = c.kv_heads_with_dcp(c.tp_size, c.dcp_size), without = c.kv_heads_with_dcp(c.tp_size, 1);
  return with == unset || with == without;
}
}  // namespace detail

ATTNCAP_RULE(npu_dcp_dsa_only, "npu.dcp_dsa_only", server_args, value_error, dcp_size, "1 (DeepSeek DSA models: any)",
             "NPU decode context parallelism is currently implemented only for DeepSeek DSA models; got "
             "{architecture}. Set --decode-context-parallel-size=1 or use a DSA model.") {
  return ctx.hw.is_npu() && ctx.cfg.dcp_size > 1 && !detail::is_dsa_model(ctx.cfg);
}

ATTNCAP_RULE(xpu_dcp_backend, "intel_xpu.dcp_backend", server_args, value_error, attention_backend, "intel_xpu",
             "--dcp-size > 1 on Intel XPU needs --attention-backend intel_xpu.") {
  return detail::xpu_dcp(ctx) &&
         (ctx.cfg.prefill_backend() != id::intel_xpu || ctx.cfg.decode_backend() != id::intel_xpu);
}
ATTNCAP_RULE(xpu_dcp_mla, "intel_xpu.dcp_mla", server_args, value_error, model_arch, "mha, gqa, mqa",
             "--dcp-size > 1 is not supported for MLA models on Intel XPU.") {
  return detail::xpu_dcp(ctx) && ctx.cfg.is_mla();
}
// Other ranks' rows are written at -1, which only the XPU cache store skips; unequal K and V
// widths take an indexed write that would hit the last slot.
ATTNCAP_RULE(xpu_dcp_kv_head_dims, "intel_xpu.dcp_kv_head_dims", server_args, value_error, asymmetric_kv, "False",
             "--dcp-size > 1 on Intel XPU needs equal K and V head dims.") {
  return detail::xpu_dcp(ctx) && ctx.cfg.asymmetric_kv;
}
ATTNCAP_RULE(xpu_dcp_tp_size, "intel_xpu.dcp_tp_size", server_args, value_error, dcp_size, "a divisor of tp_size",
             "--dcp-size {dcp_size} must divide --tp-size {tp_size}.") {
  return detail::xpu_dcp(ctx) && ctx.cfg.tp_size % ctx.cfg.dcp_size != 0;
}
// Otherwise the KV silently corrupts.
ATTNCAP_RULE(xpu_dcp_kv_heads, "intel_xpu.dcp_kv_heads", server_args, value_error, dcp_size,
             "a size at which every rank holds its DCP group's KV heads",
             "--dcp-size {dcp_size} at --tp-size {tp_size} needs each rank to hold its DCP group's KV heads, which "
             "{architecture} does not. Use a smaller --dcp-size.") {
  return detail::xpu_dcp(ctx) && !detail::xpu_dcp_kv_layout(ctx.cfg);
}
ATTNCAP_RULE(xpu_dcp_q_group, "intel_xpu.dcp_q_group", server_args, value_error, dcp_size,
             "a size giving a GQA group of at most 16",
             "--dcp-size {dcp_size} gives the intel_xpu decode kernel a GQA group of {dcp_q_group}, above the 16 it "
             "is built for. Use a smaller --dcp-size or a larger --tp-size.") {
  if (!detail::xpu_dcp(ctx)) return false;  // before the group's divisions: most launches stop here
  const auto group = ctx.cfg.dcp_q_group();
  return group != unset && group > detail::xpu_decode_max_q_group;
}
ATTNCAP_RULE(xpu_dcp_speculative, "intel_xpu.dcp_speculative", server_args, value_error, speculative_algorithm, "None",
             "--dcp-size > 1 with speculative decoding is not supported on Intel XPU.") {
  return detail::xpu_dcp(ctx) && ctx.cfg.speculative();
}
ATTNCAP_RULE(xpu_dcp_chunked_local_attention, "intel_xpu.dcp_chunked_local_attention", server_args, value_error,
             chunked_local_attention, "False",
             "--dcp-size > 1 is not supported on Intel XPU for models with chunked local attention.") {
  return detail::xpu_dcp(ctx) && ctx.cfg.chunked_local_attention;
}
ATTNCAP_RULE(xpu_dcp_encoder_decoder, "intel_xpu.dcp_encoder_decoder", server_args, value_error, encoder_decoder,
             "False", "--dcp-size > 1 is not supported on Intel XPU for encoder-decoder models.") {
  return detail::xpu_dcp(ctx) && ctx.cfg.encoder_decoder;
}

}  // namespace attncap::rules::server_args
