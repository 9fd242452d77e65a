// SPDX-License-Identifier: MIT
/// @file
/// The `flashinfer` backend: FlashInfer (CUDA): MHA and MLA classes, tree speculative decoding, cross attention.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>

namespace attncap {

template <>
struct backend_traits<backends::flashinfer> {
  static constexpr std::string_view name = "flashinfer";
  static constexpr capabilities caps{
      .targets = hardware_sets::except_npu,
      .kv_cache_dtypes = kv_cache_dtype_sets::except_kv4,
      .phases = {phase::prefill, phase::decode, phase::draft},
      .speculative = speculative_support::tree,
      .cross_attention = support::yes,
      .sliding_window = support::yes,
      .attention_sinks = support::no,
      .deterministic = support::yes,
      .kernel_targets = hardware_sets::cuda,
  };
};

}  // namespace attncap
