// SPDX-License-Identifier: MIT
/// @file
/// The `flex_attention` backend: PyTorch FlexAttention (CUDA).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>

namespace attncap {

template <>
struct backend_traits<backends::flex_attention> {
  static constexpr std::string_view name = "flex_attention";
  static constexpr capabilities caps{
      .targets = {hardware::sm80, hardware::sm86, hardware::sm89, hardware::sm90, hardware::sm100, hardware::sm103,
                  hardware::sm110, hardware::sm120, hardware::sm121},
      .speculative = speculative_support::none,
      .sliding_window = support::no,
  };
};

}  // namespace attncap
