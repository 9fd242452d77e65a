// SPDX-License-Identifier: MIT
/// @file
/// The `aiter` backend: AMD AITER kernels (ROCm).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>

namespace attncap {

template <>
struct backend_traits<backends::aiter> {
  static constexpr std::string_view name = "aiter";
  static constexpr capabilities caps{
      .targets = {hardware::gfx90a, hardware::gfx942, hardware::gfx950},
      .speculative = speculative_support::tree,
      .sliding_window = support::yes,
  };
};

}  // namespace attncap
