// SPDX-License-Identifier: MIT
/// @file
/// The `wave` backend: AMD Wave kernels (ROCm), MHA only.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>

namespace attncap {

template <>
struct backend_traits<backends::wave> {
  static constexpr std::string_view name = "wave";
  static constexpr capabilities caps{
      .architectures = {model_arch::mha, model_arch::gqa, model_arch::mqa},
      .targets = {hardware::gfx90a, hardware::gfx942, hardware::gfx950},
      .speculative = speculative_support::none,
      .sliding_window = support::no,
  };
};

}  // namespace attncap
