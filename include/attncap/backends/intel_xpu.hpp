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
}  // namespace rules::intel_xpu

/// The rules of `intel_xpu`, in the order the engine checks them.
template <>
struct backend_rules<backends::intel_xpu> : rule_list<rules::intel_xpu::window_cross_attention> {};

}  // namespace attncap
