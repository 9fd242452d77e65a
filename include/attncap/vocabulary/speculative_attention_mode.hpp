// SPDX-License-Identifier: MIT
/// @file
/// attncap::speculative_attention_mode: sglang's `--speculative-attention-mode` choices.
#pragma once

#include <attncap/detail/enum_names.hpp>
#include <cstdint>

namespace attncap {

/// Which backend of a prefill/decode pair runs speculative decoding's target verify and draft
/// extend.
ATTNCAP_NAMED_ENUM(speculative_attention_mode, std::uint8_t, prefill, decode)

template <>
struct enum_spellings<speculative_attention_mode> {
  static constexpr std::string_view what = "speculative_attention_mode";
  static constexpr auto table = named_spellings<speculative_attention_mode>();
};

}  // namespace attncap
