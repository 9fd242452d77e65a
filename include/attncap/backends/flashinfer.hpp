// SPDX-License-Identifier: MIT
/// @file
/// The `flashinfer` backend: FlashInfer (CUDA): MHA and MLA classes, tree speculative decoding, cross attention.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/capabilities/rule_shapes.hpp>

namespace attncap {

template <>
struct backend_traits<backends::flashinfer> {
  static constexpr std::string_view name = "flashinfer";
  static constexpr capabilities caps{
      .targets = hardware_sets::except_npu_mps,
      // NVFP4 prefill through its FP8 workspace (decode then trtllm_mha); not the MX FP4 recipe.
      .kv_cache_dtypes = kv_cache_dtype_sets::all - enum_set<kv_cache_dtype>{kv_cache_dtype::fp4_mx_block16},
      .phases = {phase::prefill, phase::decode, phase::draft},
      .speculative = speculative_support::tree,
      .eagle_draft = support::yes,
      .cross_attention = support::yes,
      .sliding_window = support::yes,
      .window_with_cross_attention = support::no,
      .attention_sinks = support::no,
      .deterministic = support::yes,
      .unified_pool = {unified_pool_audit::spec_verify, unified_pool_audit::mha_rails,
                       unified_pool_audit::dspark_verify, unified_pool_audit::page_major_mla,
                       unified_pool_audit::page_major_mha, unified_pool_audit::dcp_widened_ids},
      .kernel_targets = hardware_sets::cuda,
  };
};

namespace rules::flashinfer {
// The constructor: FlashInferAttnBackend, non-MLA models only.
ATTNCAP_WINDOW_CROSS_ATTENTION_RULE(window_cross_attention, flashinfer, !ctx.cfg.is_mla());
}  // namespace rules::flashinfer

/// The rules of `flashinfer`, in the order the engine checks them.
template <>
struct backend_rules<backends::flashinfer> : rule_list<rules::flashinfer::window_cross_attention> {};

}  // namespace attncap
