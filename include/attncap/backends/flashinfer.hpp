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
      // NVFP4 prefill through its FP8 workspace (decode then trtllm_mha); not the MX FP4 recipe.
      .kv_cache_dtypes = kv_cache_dtype_sets::all - enum_set<kv_cache_dtype>{kv_cache_dtype::fp4_mx_block16},
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
