// SPDX-License-Identifier: MIT
/// @file
/// attncap::dsv4_attn_backend: sglang's `--dsv4-attn-backend` choices, the kernel family DeepSeek
/// V4's dsv4 attention backend runs for prefill and decode.
#pragma once

#include <attncap/detail/enum_names.hpp>
#include <cstdint>

namespace attncap {

/// DeepSeek V4's attention kernels; `auto_` is resolved by the model's defaults.
ATTNCAP_NAMED_ENUM(dsv4_attn_backend, std::uint8_t, auto_, flashmla, flashmla_mega, trtllm)

template <>
struct enum_spellings<dsv4_attn_backend> {
  static constexpr std::string_view what = "dsv4_attn_backend";
  static constexpr std::array<spelling<dsv4_attn_backend>, 1> renamed{{{dsv4_attn_backend::auto_, "auto"}}};
  static constexpr auto table = named_spellings<dsv4_attn_backend>(renamed);
};

}  // namespace attncap
