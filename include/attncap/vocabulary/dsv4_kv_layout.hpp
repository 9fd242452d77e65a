// SPDX-License-Identifier: MIT
/// @file
/// attncap::dsv4_kv_layout: the values of the server's SGLANG_DSV4_KV_LAYOUT, the layout of a
/// DeepSeek V4 KV cache.
#pragma once

#include <attncap/detail/enum_names.hpp>
#include <cstdint>

namespace attncap {

/// `none`: not set (spelled None; the engine's default, v4, applies); `v4`: the V4 layout, which
/// keeps V4.1 off its fused kernel; `v41`, `v41_new`, `auto`: the layouts that fused kernel reads.
ATTNCAP_NAMED_ENUM(dsv4_kv_layout, std::uint8_t, none, v4, v41, v41_new, auto_)

template <>
struct enum_spellings<dsv4_kv_layout> {
  static constexpr std::string_view what = "dsv4_kv_layout";
  static constexpr std::array<spelling<dsv4_kv_layout>, 2> renamed{
      {{dsv4_kv_layout::none, "None"}, {dsv4_kv_layout::auto_, "auto"}}};
  static constexpr auto table = named_spellings<dsv4_kv_layout>(renamed);
};

}  // namespace attncap
