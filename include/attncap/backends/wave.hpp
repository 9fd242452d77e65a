// SPDX-License-Identifier: MIT
/// @file
/// The `wave` backend: AMD Wave kernels (ROCm), MHA only.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>

namespace attncap {

template <>
struct backend_traits<backends::wave> {
  static constexpr std::string_view name = "wave";
  static constexpr capabilities caps{
      .targets = hardware_sets::except_npu_mps,
      .kv_cache_dtypes = kv_cache_dtype_sets::except_kv4,
      .speculative = speculative_support::tree,
      .sliding_window = support::no,
      .kernel_architectures = {model_arch::mha, model_arch::gqa, model_arch::mqa},
      .kernel_targets = hardware_sets::rocm,
  };
};

}  // namespace attncap
