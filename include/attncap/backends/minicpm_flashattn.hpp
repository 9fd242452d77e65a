// SPDX-License-Identifier: MIT
/// @file
/// The `minicpm_flashattn` backend: MiniCPM's FlashAttention variant (its rules are not established).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>

namespace attncap {

template <>
struct backend_traits<backends::minicpm_flashattn> {
  static constexpr std::string_view name = "minicpm_flashattn";
  static constexpr capabilities caps{
      .targets = hardware_sets::except_npu,
      .kv_cache_dtypes = kv_cache_dtype_sets::except_kv4,
      .model_families = {model_family::minicpm},
      .kernel_targets = hardware_sets::cuda,
  };
};

}  // namespace attncap
