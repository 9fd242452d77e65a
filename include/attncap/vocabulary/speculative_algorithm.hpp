// SPDX-License-Identifier: MIT
/// @file
/// attncap::speculative_algorithm: sglang's `--speculative-algorithm` choices.
#pragma once

#include <attncap/detail/enum_table.hpp>
#include <cstdint>

namespace attncap {

/// Speculative-decoding algorithm; `none` when speculative decoding is off.
enum class speculative_algorithm : std::uint8_t {
  none,
  eagle,
  eagle3,
  nextn,
  standalone,
  ngram,
  dflash,
  dspark,
  uno,
  frozen_kv_mtp
};

template <>
struct enum_spellings<speculative_algorithm> {
  static constexpr std::string_view what = "speculative_algorithm";
  static constexpr std::array<spelling<speculative_algorithm>, 10> table{{
      {speculative_algorithm::none, "None"},
      {speculative_algorithm::eagle, "EAGLE"},
      {speculative_algorithm::eagle3, "EAGLE3"},
      {speculative_algorithm::nextn, "NEXTN"},
      {speculative_algorithm::standalone, "STANDALONE"},
      {speculative_algorithm::ngram, "NGRAM"},
      {speculative_algorithm::dflash, "DFLASH"},
      {speculative_algorithm::dspark, "DSPARK"},
      {speculative_algorithm::uno, "UNO"},
      {speculative_algorithm::frozen_kv_mtp, "FROZEN_KV_MTP"},
  }};
};

/// EAGLE, EAGLE3 and STANDALONE share the engine's EAGLE-family rules (NEXTN is an alias of EAGLE).
/// FROZEN_KV_MTP is not one of them: the engine dispatches it to its own handler before the
/// EAGLE family's, so none of the topk / step rules reach it.
constexpr bool is_eagle_family(speculative_algorithm a) noexcept {
  return a == speculative_algorithm::eagle || a == speculative_algorithm::eagle3 ||
         a == speculative_algorithm::standalone || a == speculative_algorithm::nextn;
}

}  // namespace attncap
