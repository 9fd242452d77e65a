// SPDX-License-Identifier: MIT
/// @file
/// The `intel_amx` backend: Intel AMX CPU kernels; falls back to torch_native without AMX.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>

namespace attncap {

template <>
struct backend_traits<backends::intel_amx> {
  static constexpr std::string_view name = "intel_amx";
  static constexpr capabilities caps{
      .targets = hardware_sets::except_npu_mps - enum_set<hardware>{hardware::cpu, hardware::cpu_arm64},
      .kv_cache_dtypes = kv_cache_dtype_sets::except_kv4,
      .speculative = speculative_support::tree,
      .eagle_draft = support::yes,
      .sliding_window = support::no,
      .kernel_targets = hardware_sets::cpu_x86,
  };
};

}  // namespace attncap
