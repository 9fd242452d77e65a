// SPDX-License-Identifier: MIT
/// @file
/// attncap::mamba_strategy: sglang's `--mamba-radix-cache-strategy` choices, how the radix cache
/// keeps a hybrid model's Mamba (linear-attention) state.
#pragma once

#include <attncap/detail/enum_names.hpp>
#include <cstdint>

namespace attncap {

/// No snapshots (`no_buffer`: page size 1, no overlap schedule), state snapshots in an extra buffer
/// (`extra_buffer`, or `extra_buffer_lazy` allocating them on demand), or `auto_` (the engine
/// chooses from the model and the machine).
ATTNCAP_NAMED_ENUM(mamba_strategy, std::uint8_t, auto_, no_buffer, extra_buffer, extra_buffer_lazy)

template <>
struct enum_spellings<mamba_strategy> {
  static constexpr std::string_view what = "mamba_radix_cache_strategy";
  static constexpr std::array<spelling<mamba_strategy>, 1> renamed{{{mamba_strategy::auto_, "auto"}}};
  static constexpr auto table = named_spellings<mamba_strategy>(renamed);
};

}  // namespace attncap
