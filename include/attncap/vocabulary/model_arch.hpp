// SPDX-License-Identifier: MIT
/// @file
/// attncap::model_arch: the attention architecture of a model, and attncap::model_trait,
/// the orthogonal properties a model may add to it.
#pragma once

#include <attncap/detail/enum_names.hpp>
#include <cstdint>

namespace attncap {

/// Attention architecture: multi-head, grouped-query, multi-query, or multi-head latent.
ATTNCAP_NAMED_ENUM(model_arch, std::uint8_t, mha, gqa, mqa, mla)

template <>
struct enum_spellings<model_arch> {
  static constexpr std::string_view what = "model_arch";
  static constexpr auto table = named_spellings<model_arch>();
};

/// Properties orthogonal to the architecture.
ATTNCAP_NAMED_ENUM(model_trait, std::uint8_t,
                   encoder_decoder,       ///< cross attention over encoder outputs
                   hybrid_gdn,            ///< hybrid gated-delta-net linear attention
                   dsa,                   ///< DeepSeek sparse attention
                   dual_chunk_attention,  ///< dual-chunk attention config present
                   minicpm_sparse         ///< MiniCPM sparse-attention layers
)

template <>
struct enum_spellings<model_trait> {
  static constexpr std::string_view what = "model trait";
  static constexpr auto table = named_spellings<model_trait>();
};

}  // namespace attncap
