// SPDX-License-Identifier: MIT
/// @file
/// The `intel_xpu` backend: Intel XPU kernels (XMX engines; pages 64/128, MLA also 16/32; MLA
/// decode only). Without XMX the engine falls back to triton.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>

namespace attncap {

template <>
struct backend_traits<backends::intel_xpu> {
  static constexpr std::string_view name = "intel_xpu";
  static constexpr capabilities caps{
      .targets = {hardware::xpu, hardware::xpu_xmx},
      .pages = page_sizes::only(64, 128, 16, 32),
      .speculative = speculative_support::none,
      .sliding_window = support::yes,
      .deterministic = support::yes,
  };
};

}  // namespace attncap
