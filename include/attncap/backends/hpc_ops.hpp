// SPDX-License-Identifier: MIT
/// @file
/// The `hpc_ops` backend: Tencent HPC-Ops kernels for SM90 (page 64; bf16 or fp8_e4m3 KV;
/// head_dim 128 with GQA group 4 or 8; no speculative decoding, sliding window or logit cap).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/capabilities/rule_shapes.hpp>
#include <attncap/detail/math.hpp>

namespace attncap {

template <>
struct backend_traits<backends::hpc_ops> {
  static constexpr std::string_view name = "hpc_ops";
  static constexpr capabilities caps{
      .architectures = {model_arch::mha, model_arch::gqa, model_arch::mqa},
      .targets = enum_set<hardware>{hardware::sm90} | hardware_sets::rocm,
      .kv_cache_dtypes = kv_cache_dtype_sets::bf16_or_fp8_e4m3 | enum_set<kv_cache_dtype>{kv_cache_dtype::mxfp8},
      .pages = page_sizes::only(64),
      .page_snap = 64,
      .head_dims = size_set::only(128),
      .speculative = speculative_support::none,
      .cross_attention = support::no,
      .sliding_window = support::no,
      .logit_cap = support::no,
      .attention_sinks = support::no,
      .kernel_targets = {hardware::sm90},
  };
  /// The kernels' GQA groups and FP8 per-rank head shapes.
  static constexpr std::array<int, 2> gqa_groups{4, 8};
  static constexpr std::array<std::array<int, 2>, 2> fp8_head_shapes{{{8, 1}, {64, 8}}};
};

namespace rules::hpc_ops {
using traits = backend_traits<backends::hpc_ops>;

// Registry factory, in the engine's order.
ATTNCAP_ARCHITECTURE_RULE(non_mla_only, hpc_ops, "non-MLA");
ATTNCAP_RULE(no_cross_attention, "hpc_ops.cross_attention", factory, value_error, encoder_decoder, "False",
             "Cross attention is not supported in the hpc_ops attention backend.") {
  return ctx.cfg.encoder_decoder && traits::caps.cross_attention == support::no;
}
ATTNCAP_RULE(no_speculative_decoding, "hpc_ops.speculative", factory, value_error, speculative_algorithm, "None",
             "hpc_ops backend does not support speculative decoding for now.") {
  return ctx.cfg.speculative() && traits::caps.speculative == speculative_support::none;
}

// Constructor, in the engine's order.
// Off CUDA and ROCm the constructor's device query is torch's: a torch built without CUDA.
ATTNCAP_RULE(init_cuda, "hpc_ops.init_cuda", backend_init, assertion_error, hardware, "CUDA or ROCm devices",
             "Torch not compiled with CUDA enabled") {
  return !ctx.hw.is_cuda() && !ctx.hw.is_hip();
}
ATTNCAP_RULE(init_sm90, "hpc_ops.init_sm90", backend_init, value_error, hardware, "sm90",
             "The hpc_ops attention backend requires an SM90 (Hopper) GPU (the HPC-Ops kernels ship sm90a only), "
             "got {sm}.") {
  return (ctx.hw.is_cuda() || ctx.hw.is_hip()) && ctx.hw.major() != 9;
}
ATTNCAP_RULE(init_no_speculative_decoding, "hpc_ops.init_speculative", backend_init, value_error, speculative_algorithm,
             "None", "The hpc_ops attention backend does not support speculative decoding (MTP/EAGLE) yet.") {
  return ctx.cfg.speculative() && traits::caps.speculative == speculative_support::none;
}
ATTNCAP_RULE(init_page_size, "hpc_ops.init_page_size", backend_init, value_error, page_size,
             declared_page_sizes<backends::hpc_ops>,
             "The hpc_ops attention backend requires --page-size 64, got {page_size}.") {
  return !traits::caps.pages.contains(ctx.cfg.page_size);
}
ATTNCAP_RULE(init_kv_cache_dtype, "hpc_ops.init_kv_cache_dtype", backend_init, value_error, kv_cache_dtype,
             "bf16, bfloat16, fp8_e4m3 (auto with a bfloat16 model)",
             "The hpc_ops attention backend only supports bf16 or fp8_e4m3 KV cache, got {torch_kv_dtype}.") {
  const auto t = torch_dtype(ctx.cfg.kv_cache_dtype, ctx.cfg.dtype, ctx.cfg.hardware);
  return t != "torch.bfloat16" && t != "torch.float8_e4m3fn";
}
ATTNCAP_RULE(init_fp8_head_shape, "hpc_ops.init_fp8_head_shape", backend_init, value_error, num_q_heads_per_rank,
             "(8, 1), (64, 8)",
             "The hpc_ops FP8 KV cache path requires per-rank (num_q_heads, num_kv_heads) in ((8, 1), (64, 8)) (the "
             "fused RoPE+quant kernel is specialized per shape), got ({tp_q_heads}, {tp_kv_heads}). Adjust --tp "
             "accordingly or use "
             "--kv-cache-dtype bfloat16.") {
  const auto& c = ctx.cfg;
  // The FP8 path is taken for an e4m3fn cache: fp8_e4m3, mxfp8, and fp8_e5m2 on ROCm but MI300.
  const auto q = c.tp_q_heads(), kv = c.tp_kv_heads();
  if (torch_dtype(c.kv_cache_dtype, c.dtype, c.hardware) != "torch.float8_e4m3fn" || q == unset || kv == unset)
    return false;
  for (auto [sq, skv] : traits::fp8_head_shapes)
    if (q == sq && kv == skv) return false;
  return true;
}
ATTNCAP_RULE(init_head_dim_and_group, "hpc_ops.init_head_dim_and_group", backend_init, value_error, head_dim,
             "head_dim 128 with num_q_heads // num_kv_heads in (4, 8)",
             "The hpc_ops attention backend requires head_dim == 128 and num_q_heads // num_kv_heads in (4, 8), got "
             "head_dim={head_dim}, num_q_heads={tp_q_heads}, num_kv_heads={tp_kv_heads}.") {
  const auto& c = ctx.cfg;
  if (c.head_dim != unset && !traits::caps.head_dims.contains(c.head_dim)) return true;
  // Heads split over all tensor-parallel ranks: the backend ignores attention DP here.
  const auto q = c.tp_q_heads(), kv = c.tp_kv_heads();
  if (q == unset || kv == unset || kv <= 0) return false;
  const int group = q / kv;
  return group != traits::gqa_groups[0] && group != traits::gqa_groups[1];
}

// Checked on every layer at the first forward pass.
ATTNCAP_RULE(layer_sliding_window, "hpc_ops.sliding_window", first_forward, value_error, sliding_window, "None",
             "The hpc_ops attention backend does not support sliding window.") {
  return ctx.cfg.has_sliding_window() && traits::caps.sliding_window == support::no;
}
ATTNCAP_RULE(layer_logit_cap, "hpc_ops.logit_cap", first_forward, value_error, logit_cap, "0",
             "The hpc_ops attention backend does not support logit cap.") {
  return ctx.cfg.logit_cap > 0 && traits::caps.logit_cap == support::no;
}
ATTNCAP_RULE(layer_softmax_scale, "hpc_ops.softmax_scale", first_forward, value_error, softmax_scale,
             "head_dim ** -0.5",
             "The hpc_ops attention backend only supports the default softmax scaling head_dim ** -0.5, got "
             "{softmax_scale}.") {
  const auto& c = ctx.cfg;
  if (c.softmax_scale == 0.0 || c.head_dim <= 0) return false;
  const double expected = 1.0 / detail::sqrt(static_cast<double>(c.head_dim));
  const double diff = c.softmax_scale - expected;
  return (diff < 0 ? -diff : diff) > 1e-8;
}
}  // namespace rules::hpc_ops

/// The rules of `hpc_ops`, in the order the engine checks them.
template <>
struct backend_rules<backends::hpc_ops>
    : rule_list<rules::hpc_ops::non_mla_only, rules::hpc_ops::no_cross_attention,
                rules::hpc_ops::no_speculative_decoding, rules::hpc_ops::init_cuda, rules::hpc_ops::init_sm90,
                rules::hpc_ops::init_no_speculative_decoding, rules::hpc_ops::init_page_size,
                rules::hpc_ops::init_kv_cache_dtype, rules::hpc_ops::init_fp8_head_shape,
                rules::hpc_ops::init_head_dim_and_group, rules::hpc_ops::layer_sliding_window,
                rules::hpc_ops::layer_logit_cap, rules::hpc_ops::layer_softmax_scale> {};

}  // namespace attncap
