// SPDX-License-Identifier: MIT
/// @file
/// The `aiter` backend: AMD AITER kernels (ROCm).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>

namespace attncap {

template <>
struct backend_traits<backends::aiter> {
  static constexpr std::string_view name = "aiter";
  static constexpr capabilities caps{
      .targets = hardware_sets::except_npu,
      .kv_cache_dtypes = kv_cache_dtype_sets::except_kv4,
      .speculative = speculative_support::tree,
      .sliding_window = support::yes,
      .kernel_targets = hardware_sets::rocm,
  };
};

}  // namespace attncap
