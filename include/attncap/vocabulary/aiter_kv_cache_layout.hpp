// SPDX-License-Identifier: MIT
/// @file
/// attncap::aiter_kv_cache_layout: the values of the server's SGLANG_AITER_KV_CACHE_LAYOUT, the
/// physical layout of the KV cache under ROCm's aiter kernels.
#pragma once

#include <attncap/detail/enum_names.hpp>
#include <cstdint>

namespace attncap {

/// `nhd` (the default): tokens, heads, head dim; `vectorized_5d`: the shuffled 5-D layout of
/// aiter's paged decode, tuned for (and on ROCm defaulting to) 64-token pages.
ATTNCAP_NAMED_ENUM(aiter_kv_cache_layout, std::uint8_t, nhd, vectorized_5d)

template <>
struct enum_spellings<aiter_kv_cache_layout> {
  static constexpr std::string_view what = "aiter_kv_cache_layout";
  static constexpr auto table = named_spellings<aiter_kv_cache_layout>();
};

}  // namespace attncap
