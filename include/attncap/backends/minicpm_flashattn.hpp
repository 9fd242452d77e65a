// SPDX-License-Identifier: MIT
/// @file
/// The `minicpm_flashattn` backend: MiniCPM SALA's sparse attention over FlashAttention, and the
/// checks of the sparse backend it shares with `minicpm_flashinfer` (sglang 0.5.23,
/// layers/attention/minicpm/backend.py). The sparse-attention parameters (kernel and block
/// sizes, window, top-k) are not model facts yet: their checks (backend.py:175-211) are assumed
/// to pass.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/capabilities/rule_shapes.hpp>

namespace attncap {

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
/// the FlashAttentionBackend it builds first, then its first verification of drafts, on the
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
  ATTNCAP_RULE(heads_per_group, #Backend ".heads_per_group", backend_init, value_error, num_q_heads_per_rank, \
               "16 query heads per KV head", \
               "MiniCPM sparse attention requires 16 query heads per KV head, got {gqa_group}.") { \
    const auto& c = ctx.cfg; \
    return c.minicpm_sparse && c.num_q_heads_per_rank != ::attncap::unset && \
           c.num_kv_heads_per_rank != ::attncap::unset && c.num_q_heads_per_rank / c.num_kv_heads_per_rank != 16; \
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
                rules::minicpm_flashattn::heads_per_group, rules::minicpm_flashattn::target_verify> {};

}  // namespace attncap
