// SPDX-License-Identifier: MIT
/// @file
/// attncap::phase: which half of inference a backend serves.
#pragma once

#include <attncap/detail/enum_table.hpp>

#include <cstdint>

namespace attncap {

/// Inference phase: prompt prefill/extend, token decode, or the speculative draft model.
enum class phase : std::uint8_t { prefill, decode, draft };

template <>
struct enum_spellings<phase> {
  static constexpr std::string_view what = "phase";
  static constexpr std::array<spelling<phase>, 3> table{{
      {phase::prefill, "prefill"},
      {phase::decode, "decode"},
      {phase::draft, "draft"},
  }};
};

}  // namespace attncap
