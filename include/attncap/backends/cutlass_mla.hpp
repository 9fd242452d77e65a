// SPDX-License-Identifier: MIT
/// @file
/// The `cutlass_mla` backend: CUTLASS MLA decode kernels (SM100 family, page 128); prefill runs FlashInfer MLA.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>

namespace attncap {

template <>
struct backend_traits<backends::cutlass_mla> {
  static constexpr std::string_view name = "cutlass_mla";
  static constexpr capabilities caps{
      .architectures = {model_arch::mla},
      .targets = {hardware::sm100, hardware::sm103},
      .pages = page_sizes::only(128),
      .speculative = speculative_support::chain,
      .sliding_window = support::no,
  };
};

}  // namespace attncap
