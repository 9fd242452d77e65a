// SPDX-License-Identifier: MIT
/// @file
/// attncap::cp_strategy: sglang's `--cp-strategy` choices, how prefill context parallelism
/// (`--enable-prefill-cp`) shards a sequence over the context-parallel ranks.
#pragma once

#include <attncap/detail/enum_names.hpp>
#include <cstdint>

namespace attncap {

/// `zigzag`: each rank one early and one late block; `interleave`: token indices modulo the CP
/// size; `none`: not given (the engine's None, refused once prefill CP is on).
ATTNCAP_NAMED_ENUM(cp_strategy, std::uint8_t, none, zigzag, interleave)

template <>
struct enum_spellings<cp_strategy> {
  static constexpr std::string_view what = "cp_strategy";
  static constexpr std::array<spelling<cp_strategy>, 1> renamed{{{cp_strategy::none, "None"}}};
  static constexpr auto table = named_spellings<cp_strategy>(renamed);
};

}  // namespace attncap
