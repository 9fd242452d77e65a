// SPDX-License-Identifier: MIT
/// @file
/// The `minicpm_flashinfer` backend: MiniCPM's FlashInfer variant (its rules are not established).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>

namespace attncap {

template <>
struct backend_traits<backends::minicpm_flashinfer> {
  static constexpr std::string_view name = "minicpm_flashinfer";
  static constexpr capabilities caps{
      .targets = hardware_sets::except_npu,
      .kv_cache_dtypes = kv_cache_dtype_sets::except_kv4,
      .model_families = {model_family::minicpm},
      .kernel_targets = hardware_sets::cuda,
  };
};

}  // namespace attncap
