// SPDX-License-Identifier: MIT
/// @file
/// The `flashmla` backend: FlashMLA decode kernels (page 64).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>

namespace attncap {

template <>
struct backend_traits<backends::flashmla> {
  static constexpr std::string_view name = "flashmla";
  static constexpr capabilities caps{
      .architectures = {model_arch::mla},
      .targets = {hardware::sm90, hardware::sm100, hardware::sm103},
      .pages = page_sizes::only(64),
      .page_snap = 64,
      .speculative = speculative_support::chain,
      .sliding_window = support::no,
  };
};

}  // namespace attncap
