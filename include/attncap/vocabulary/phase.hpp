// SPDX-License-Identifier: MIT
/// @file
/// attncap::phase: which half of inference a backend serves.
#pragma once

#include <attncap/detail/enum_names.hpp>
#include <cstdint>

namespace attncap {

/// Inference phase: prompt prefill/extend, token decode, or the speculative draft model.
ATTNCAP_NAMED_ENUM(phase, std::uint8_t, prefill, decode, draft)

template <>
struct enum_spellings<phase> {
  static constexpr std::string_view what = "phase";
  static constexpr auto table = named_spellings<phase>();
};

}  // namespace attncap
