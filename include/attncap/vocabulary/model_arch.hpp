// SPDX-License-Identifier: MIT
/// @file
/// attncap::model_arch: the attention architecture of a model, and attncap::model_trait,
/// the orthogonal properties a model may add to it.
#pragma once

#include <attncap/detail/enum_table.hpp>

#include <cstdint>

namespace attncap {

/// Attention architecture: multi-head, grouped-query, multi-query, or multi-head latent.
enum class model_arch : std::uint8_t { mha, gqa, mqa, mla };

template <>
struct enum_spellings<model_arch> {
  static constexpr std::string_view what = "model_arch";
  static constexpr std::array<spelling<model_arch>, 4> table{{
      {model_arch::mha, "mha"},
      {model_arch::gqa, "gqa"},
      {model_arch::mqa, "mqa"},
      {model_arch::mla, "mla"},
  }};
};

/// Properties orthogonal to the architecture.
enum class model_trait : std::uint8_t {
  encoder_decoder,       ///< cross attention over encoder outputs
  hybrid_gdn,            ///< hybrid gated-delta-net linear attention
  dsa,                   ///< DeepSeek sparse attention
  dual_chunk_attention,  ///< dual-chunk attention config present
};

template <>
struct enum_spellings<model_trait> {
  static constexpr std::string_view what = "model trait";
  static constexpr std::array<spelling<model_trait>, 4> table{{
      {model_trait::encoder_decoder, "encoder_decoder"},
      {model_trait::hybrid_gdn, "hybrid_gdn"},
      {model_trait::dsa, "dsa"},
      {model_trait::dual_chunk_attention, "dual_chunk_attention"},
  }};
};

}  // namespace attncap
