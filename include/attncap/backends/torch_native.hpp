// SPDX-License-Identifier: MIT
/// @file
/// The `torch_native` backend: PyTorch scaled-dot-product attention; runs everywhere, without CUDA graphs.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>

namespace attncap {

template <>
struct backend_traits<backends::torch_native> {
  static constexpr std::string_view name = "torch_native";
  static constexpr capabilities caps{
      .speculative = speculative_support::none,
      .sliding_window = support::no,
  };
};

}  // namespace attncap
