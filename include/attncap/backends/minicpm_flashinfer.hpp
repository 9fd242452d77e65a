// SPDX-License-Identifier: MIT
/// @file
/// The `minicpm_flashinfer` backend: MiniCPM's FlashInfer variant (its rules are not established).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/backends/minicpm_flashattn.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/capabilities/rule_shapes.hpp>

namespace attncap {

template <>
struct backend_traits<backends::minicpm_flashinfer> {
  static constexpr std::string_view name = "minicpm_flashinfer";
  /// The engine treats both MiniCPM variants alike.
  static constexpr capabilities caps = backend_traits<backends::minicpm_flashattn>::caps;
};

namespace rules::minicpm_flashinfer {
// The constructor: the FlashAttentionBackend it builds before its own checks.
ATTNCAP_WINDOW_CROSS_ATTENTION_RULE(window_cross_attention, minicpm_flashinfer, true);
}  // namespace rules::minicpm_flashinfer

/// The rules of `minicpm_flashinfer`, in the order the engine checks them.
template <>
struct backend_rules<backends::minicpm_flashinfer> : rule_list<rules::minicpm_flashinfer::window_cross_attention> {};

}  // namespace attncap
