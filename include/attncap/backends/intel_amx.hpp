// SPDX-License-Identifier: MIT
/// @file
/// The `intel_amx` backend: Intel AMX CPU kernels; falls back to torch_native without AMX.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>

namespace attncap {

template <>
struct backend_traits<backends::intel_amx> {
  static constexpr std::string_view name = "intel_amx";
  static constexpr capabilities caps{
      .targets = {hardware::cpu, hardware::cpu_amx},
      .speculative = speculative_support::none,
      .sliding_window = support::no,
  };
};

}  // namespace attncap
