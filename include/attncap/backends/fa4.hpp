// SPDX-License-Identifier: MIT
/// @file
/// The `fa4` backend: FlashAttention 4 (flash_attn.cute) for Blackwell; non-MLA models run page 128 on SM100.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>

namespace attncap {

template <>
struct backend_traits<backends::fa4> {
  static constexpr std::string_view name = "fa4";
  static constexpr capabilities caps{
      .targets = {hardware::sm100, hardware::sm103, hardware::sm110, hardware::sm120, hardware::sm121},
      .speculative = speculative_support::tree,
      .deterministic = support::yes,
  };
};

}  // namespace attncap
