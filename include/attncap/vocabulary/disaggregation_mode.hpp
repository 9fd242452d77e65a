// SPDX-License-Identifier: MIT
/// @file
/// attncap::disaggregation_mode: sglang's `--disaggregation-mode` choices.
#pragma once

#include <attncap/detail/enum_names.hpp>
#include <cstdint>

namespace attncap {

/// The server's role under prefill/decode (PD) disaggregation; `null` when it serves both.
ATTNCAP_NAMED_ENUM(disaggregation_mode, std::uint8_t, null, prefill, decode)

template <>
struct enum_spellings<disaggregation_mode> {
  static constexpr std::string_view what = "disaggregation_mode";
  static constexpr auto table = named_spellings<disaggregation_mode>();
};

}  // namespace attncap
