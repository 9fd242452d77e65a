// SPDX-License-Identifier: MIT
/// @file
/// The `dual_chunk_flash_attn` backend: Dual-chunk FlashAttention, mandatory for dual-chunk-attention models.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>

namespace attncap {

template <>
struct backend_traits<backends::dual_chunk_flash_attn> {
  static constexpr std::string_view name = "dual_chunk_flash_attn";
  /// sglang 0.5.23 dropped it from --attention-backend's choices: a launch naming it is rejected by argparse.
  static constexpr bool argparse_choice = false;
  static constexpr capabilities caps{
      .targets = hardware_sets::except_npu_mps,
      .kv_cache_dtypes = kv_cache_dtype_sets::except_kv4,
      .speculative = speculative_support::tree,
      .sliding_window = support::no,
      .required_traits = {model_trait::dual_chunk_attention},
      .kernel_targets = hardware_sets::cuda,
  };
};

}  // namespace attncap
