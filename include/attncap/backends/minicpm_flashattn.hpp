// SPDX-License-Identifier: MIT
/// @file
/// The `minicpm_flashattn` backend: MiniCPM SALA's sparse attention over FlashAttention, and the
/// checks of the sparse backend it shares with `minicpm_flashinfer` (sglang 0.5.23,
/// layers/attention/minicpm/backend.py), reading the sparse-attention parameters of the model's
/// sparse_config.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/capabilities/rule_shapes.hpp>

namespace attncap {

namespace detail {
/// Whether MiniCPM's sparse parameters tile (those not given are taken as tiling): positive sizes,
/// the stride dividing the kernel and the block, the block dividing the window.
constexpr bool minicpm_tiling_ok(const launch_config& c) noexcept {
  const auto k = c.minicpm_kernel_size, s = c.minicpm_kernel_stride, b = c.minicpm_block_size,
             w = c.minicpm_window_size;
  if (k == unset || s == unset || b == unset || w == unset) return true;
  return s > 0 && k > 0 && b > 0 && w >= 0 && k % s == 0 && b % s == 0 && w % b == 0;
}
}  // namespace detail

template <>
struct backend_traits<backends::minicpm_flashattn> {
  static constexpr std::string_view name = "minicpm_flashattn";
  static constexpr capabilities caps{
      .targets = hardware_sets::except_npu_mps,
      .kv_cache_dtypes = kv_cache_dtype_sets::except_kv4,
      .window_with_cross_attention = support::no,
      .required_traits = {model_trait::minicpm_sparse},
      .model_families = {model_family::minicpm},
      .kernel_targets = hardware_sets::cuda,
  };
};

/// The sparse backend's checks, each MiniCPM backend under its own codes: its constructor after
/// the FlashAttentionBackend it builds first (the fused top-k kernel's limits where it runs), then
/// its first verification of drafts, on the
/// backend of the pair that --speculative-attention-mode names. Its draft-extend
/// refusal (backend.py:383-386) depends on the draft worker's version and is not encoded.
// clang-format off
#define ATTNCAP_MINICPM_SPARSE_RULES(Backend) \
  ATTNCAP_WINDOW_CROSS_ATTENTION_RULE(window_cross_attention, Backend, true); \
  ATTNCAP_RULE(sparse_model, #Backend ".sparse_model", backend_init, value_error, minicpm_sparse, "True", \
               "MiniCPM model must have sparse attention enabled. Please ensure the model config has MiniCPM " \
               "sparse attention enabled.") { \
    return ::attncap::backend_traits<::attncap::backends::Backend>::caps.required_traits.contains( \
               ::attncap::model_trait::minicpm_sparse) && \
           !::attncap::has_model_trait(ctx.cfg, ::attncap::model_trait::minicpm_sparse); \
  } \
  ATTNCAP_RULE(sparse_tiling, #Backend ".sparse_tiling", backend_init, value_error, minicpm_kernel_stride, \
               "a stride dividing the kernel and block sizes, a block size dividing the window", \
               "MiniCPM sparse kernel_stride must divide kernel_size and block_size, and block_size must divide " \
               "window_size.") { \
    return ctx.cfg.minicpm_sparse && !::attncap::detail::minicpm_tiling_ok(ctx.cfg); \
  } \
  ATTNCAP_RULE(sparse_context, #Backend ".sparse_context", backend_init, value_error, context_len, \
               "at least the context the sparse attention needs", \
               "MiniCPM sparse attention requires context_length >= {minicpm_sparse_context}, got {context_len}.") { \
    const auto& c = ctx.cfg; \
    return c.minicpm_sparse && ::attncap::detail::minicpm_tiling_ok(c) && c.context_len != ::attncap::unset && \
           c.minicpm_sparse_context != ::attncap::unset && c.context_len < c.minicpm_sparse_context; \
  } \
  ATTNCAP_RULE(heads_per_group, #Backend ".heads_per_group", backend_init, value_error, num_q_heads_per_rank, \
               "16 query heads per KV head", \
               "MiniCPM sparse attention requires 16 query heads per KV head, got {gqa_group}.") { \
    const auto& c = ctx.cfg; \
    return c.minicpm_sparse && c.num_q_heads_per_rank != ::attncap::unset && \
           c.num_kv_heads_per_rank != ::attncap::unset && c.num_q_heads_per_rank / c.num_kv_heads_per_rank != 16; \
  } \
  /* The fused top-k kernel: FlashInfer's variant on Blackwell, either under SGLANG_MINICPM_FUSE_TOPK. */ \
  constexpr bool fused_topk(const ::attncap::rule_context& ctx) noexcept { \
    constexpr bool flashinfer = ::attncap::backend_traits<::attncap::backends::Backend>::name == "minicpm_flashinfer"; \
    return ctx.cfg.minicpm_sparse && ((flashinfer && ctx.hw.is_blackwell()) || ctx.cfg.sglang_minicpm_fuse_topk); \
  } \
  /* The engine prints the model's torch dtype; float32 is the one it refuses. */ \
  ATTNCAP_RULE(fused_topk_dtype, #Backend ".fused_topk_dtype", backend_init, value_error, dtype, "bfloat16, float16", \
               "MiniCPM fused top-k only supports bfloat16 and float16, got torch.float32.") { \
    return fused_topk(ctx) && ctx.cfg.dtype == ::attncap::model_dtype::float32; \
  } \
  ATTNCAP_RULE(fused_topk_chunked_prefill, #Backend ".fused_topk_chunked_prefill", backend_init, value_error, \
               chunked_prefill_size, "a positive chunk size", \
               "MiniCPM fused top-k requires a positive --chunked-prefill-size.") { \
    const auto n = ctx.cfg.chunked_prefill_size; \
    return fused_topk(ctx) && n != ::attncap::unset && n <= 0; \
  } \
  ATTNCAP_RULE(target_verify, #Backend ".target_verify", first_forward, not_implemented_error, \
               speculative_algorithm, "None", \
               "MiniCPM backend does not support speculative decoding (target verify)") { \
    return ctx.cfg.speculative() && ctx.subject == ctx.cfg.verify_backend(); \
  }
// clang-format on

namespace rules::minicpm_flashattn {
ATTNCAP_MINICPM_SPARSE_RULES(minicpm_flashattn)
}  // namespace rules::minicpm_flashattn

/// The rules of `minicpm_flashattn`, in the order the engine checks them.
template <>
struct backend_rules<backends::minicpm_flashattn>
    : rule_list<rules::minicpm_flashattn::window_cross_attention, rules::minicpm_flashattn::sparse_model,
                rules::minicpm_flashattn::sparse_tiling, rules::minicpm_flashattn::sparse_context,
                rules::minicpm_flashattn::heads_per_group, rules::minicpm_flashattn::fused_topk_dtype,
                rules::minicpm_flashattn::fused_topk_chunked_prefill, rules::minicpm_flashattn::target_verify> {};

}  // namespace attncap
