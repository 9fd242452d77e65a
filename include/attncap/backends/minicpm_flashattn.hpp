// SPDX-License-Identifier: MIT
/// @file
/// The `minicpm_flashattn` backend: MiniCPM's FlashAttention variant (its rules are not established).
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
      .model_families = {model_family::minicpm},
      .kernel_targets = hardware_sets::cuda,
  };
};

namespace rules::minicpm_flashattn {
// The constructor: the FlashAttentionBackend it builds before its own checks.
ATTNCAP_WINDOW_CROSS_ATTENTION_RULE(window_cross_attention, minicpm_flashattn, true);
}  // namespace rules::minicpm_flashattn

/// The rules of `minicpm_flashattn`, in the order the engine checks them.
template <>
struct backend_rules<backends::minicpm_flashattn> : rule_list<rules::minicpm_flashattn::window_cross_attention> {};

}  // namespace attncap
