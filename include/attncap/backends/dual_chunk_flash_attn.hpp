// SPDX-License-Identifier: MIT
/// @file
/// The `dual_chunk_flash_attn` backend: Dual-chunk FlashAttention, mandatory for dual-chunk-attention models.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>

namespace attncap {

template <>
struct backend_traits<backends::dual_chunk_flash_attn> {
  static constexpr std::string_view name = "dual_chunk_flash_attn";
  static constexpr capabilities caps{
      .targets = {hardware::sm80, hardware::sm86, hardware::sm89, hardware::sm90, hardware::sm100, hardware::sm103,
                  hardware::sm110, hardware::sm120, hardware::sm121},
      .speculative = speculative_support::none,
      .sliding_window = support::no,
      .required_traits = {model_trait::dual_chunk_attention},
  };
};

}  // namespace attncap
