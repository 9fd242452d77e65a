// SPDX-License-Identifier: MIT
/// @file
/// The `torch_native` backend: PyTorch scaled-dot-product attention; runs everywhere, without CUDA graphs.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>

namespace attncap {

template <>
struct backend_traits<backends::torch_native> {
  static constexpr std::string_view name = "torch_native";
  static constexpr capabilities caps{
      .targets = hardware_sets::except_npu,
      // NVFP4's prefill reads need flashinfer or trtllm_mha (sglang 0.5.23, kv_cache_hook.py:50-55).
      .kv_cache_dtypes = kv_cache_dtype_sets::all - enum_set<kv_cache_dtype>{kv_cache_dtype::nvfp4},
      .speculative = speculative_support::tree,
      .sliding_window = support::no,
  };
};

}  // namespace attncap
