// SPDX-License-Identifier: MIT
/// @file
/// The `flex_attention` backend: PyTorch FlexAttention (CUDA).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>

namespace attncap {

template <>
struct backend_traits<backends::flex_attention> {
  static constexpr std::string_view name = "flex_attention";
  static constexpr capabilities caps{
      .targets = hardware_sets::except_npu_mps,
      // NVFP4's prefill reads need flashinfer or trtllm_mha (sglang 0.5.23, kv_cache_hook.py:50-55).
      .kv_cache_dtypes = kv_cache_dtype_sets::all - enum_set<kv_cache_dtype>{kv_cache_dtype::nvfp4},
      .speculative = speculative_support::none,
      .sliding_window = support::no,
      .kernel_targets = hardware_sets::cuda,
  };
};

}  // namespace attncap
