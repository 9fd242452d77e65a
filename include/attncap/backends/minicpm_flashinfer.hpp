// SPDX-License-Identifier: MIT
/// @file
/// The `minicpm_flashinfer` backend: MiniCPM SALA's sparse attention over FlashInfer, with the
/// sparse backend's checks (backends/minicpm_flashattn.hpp) and, on Blackwell, those of its fused
/// top-k kernel (sglang 0.5.23, layers/attention/minicpm/backend.py:227-285).
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
ATTNCAP_MINICPM_SPARSE_RULES(minicpm_flashinfer)
}  // namespace rules::minicpm_flashinfer

/// The rules of `minicpm_flashinfer`, in the order the engine checks them.
template <>
struct backend_rules<backends::minicpm_flashinfer>
    : rule_list<rules::minicpm_flashinfer::window_cross_attention, rules::minicpm_flashinfer::sparse_model,
                rules::minicpm_flashinfer::sparse_tiling, rules::minicpm_flashinfer::sparse_context,
                rules::minicpm_flashinfer::heads_per_group, rules::minicpm_flashinfer::fused_topk_dtype,
                rules::minicpm_flashinfer::fused_topk_chunked_prefill, rules::minicpm_flashinfer::target_verify> {};

}  // namespace attncap
