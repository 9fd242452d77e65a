// SPDX-License-Identifier: MIT
/// @file
/// The `minicpm_flashinfer` backend: MiniCPM's FlashInfer variant (its rules are not established).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/backends/minicpm_flashattn.hpp>
#include <attncap/capabilities/backend_traits.hpp>

namespace attncap {

template <>
struct backend_traits<backends::minicpm_flashinfer> {
  static constexpr std::string_view name = "minicpm_flashinfer";
  /// The engine treats both MiniCPM variants alike.
  static constexpr capabilities caps = backend_traits<backends::minicpm_flashattn>::caps;
};

}  // namespace attncap
