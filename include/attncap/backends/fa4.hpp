// SPDX-License-Identifier: MIT
/// @file
/// The `fa4` backend: FlashAttention 4 (flash_attn.cute) for Blackwell; non-MLA models run page 128 on SM100.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/capabilities/rule_shapes.hpp>

namespace attncap {

template <>
struct backend_traits<backends::fa4> {
  static constexpr std::string_view name = "fa4";
  static constexpr capabilities caps{
      .targets = hardware_sets::except_npu_mps,
      .kv_cache_dtypes = kv_cache_dtype_sets::except_kv4,
      .page_snap = 128,  // non-MLA on SM100 only (rules/attention_backend_fallbacks.hpp)
      .phases = {phase::prefill, phase::decode, phase::draft},
      .speculative = speculative_support::tree,
      .eagle_draft = support::yes,
      .window_with_cross_attention = support::no,
      .deterministic = support::yes,
      .unified_pool = {unified_pool_audit::dspark_verify, unified_pool_audit::page_major_mha,
                       unified_pool_audit::page_major_asymmetric_kv},
      .kernel_targets = hardware_sets::blackwell,
      // Block diffusion runs on Triton's kernels (TritonAttnBackend with dllm_fa4).
      .built_as_families = {model_family::diffusion_gemma},
      .built_as = id::triton,
  };
};

namespace rules::fa4 {
// The constructor: FlashAttentionBackend (fa_impl_ver=4); for DiffusionGemma, Triton's own.
ATTNCAP_WINDOW_CROSS_ATTENTION_RULE(window_cross_attention, fa4, true);
}  // namespace rules::fa4

/// The rules of `fa4`, in the order the engine checks them.
template <>
struct backend_rules<backends::fa4> : rule_list<rules::fa4::window_cross_attention> {};

}  // namespace attncap
