// SPDX-License-Identifier: MIT
/// @file
/// The `flashinfer` backend: FlashInfer (CUDA): MHA and MLA classes, tree speculative decoding, cross attention.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>

namespace attncap {

template <>
struct backend_traits<backends::flashinfer> {
  static constexpr std::string_view name = "flashinfer";
  static constexpr capabilities caps{
      .targets = {hardware::sm80, hardware::sm86, hardware::sm89, hardware::sm90, hardware::sm100, hardware::sm103,
                  hardware::sm110, hardware::sm120, hardware::sm121},
      .phases = {phase::prefill, phase::decode, phase::draft},
      .speculative = speculative_support::tree,
      .cross_attention = support::yes,
      .sliding_window = support::yes,
      .attention_sinks = support::no,
      .deterministic = support::yes,
  };
};

}  // namespace attncap
