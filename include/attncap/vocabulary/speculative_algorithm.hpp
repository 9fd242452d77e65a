// SPDX-License-Identifier: MIT
/// @file
/// attncap::speculative_algorithm: sglang's `--speculative-algorithm` choices.
#pragma once

#include <attncap/detail/enum_table.hpp>
#include <cstdint>

namespace attncap {

/// Speculative-decoding algorithm; `none` when speculative decoding is off.
enum class speculative_algorithm : std::uint8_t { none, eagle, eagle3, nextn, standalone, ngram, dflash };

template <>
struct enum_spellings<speculative_algorithm> {
  static constexpr std::string_view what = "speculative_algorithm";
  static constexpr std::array<spelling<speculative_algorithm>, 7> table{{
      {speculative_algorithm::none, "None"},
      {speculative_algorithm::eagle, "EAGLE"},
      {speculative_algorithm::eagle3, "EAGLE3"},
      {speculative_algorithm::nextn, "NEXTN"},
      {speculative_algorithm::standalone, "STANDALONE"},
      {speculative_algorithm::ngram, "NGRAM"},
      {speculative_algorithm::dflash, "DFLASH"},
  }};
};

/// EAGLE, EAGLE3 and STANDALONE share the engine's EAGLE-family rules (NEXTN is an alias of EAGLE).
constexpr bool is_eagle_family(speculative_algorithm a) noexcept {
  return a == speculative_algorithm::eagle || a == speculative_algorithm::eagle3 ||
         a == speculative_algorithm::standalone || a == speculative_algorithm::nextn;
}

}  // namespace attncap
