// SPDX-License-Identifier: MIT
/// @file
/// The `minicpm_flashinfer` backend: MiniCPM's FlashInfer variant (its rules are not established).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>

namespace attncap {

template <>
struct backend_traits<backends::minicpm_flashinfer> {
  static constexpr std::string_view name = "minicpm_flashinfer";
  static constexpr capabilities caps{
      .targets = {hardware::sm80, hardware::sm86, hardware::sm89, hardware::sm90, hardware::sm100, hardware::sm103,
                  hardware::sm110, hardware::sm120, hardware::sm121},
      .model_families = {model_family::minicpm},
  };
};

}  // namespace attncap
