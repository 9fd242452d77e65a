// SPDX-License-Identifier: MIT
/// @file
/// attncap::ragged_verify_mode: the values of the server's SGLANG_RAGGED_VERIFY_MODE, how
/// speculative verification lays out requests whose drafts differ in length.
#pragma once

#include <attncap/detail/enum_names.hpp>
#include <cstdint>

namespace attncap {

/// `static_` ("static", the default): every request verifies the full draft; `cap_accept`
/// ("cap-accept") and `compact`: ragged layouts, which several speculative paths refuse.
ATTNCAP_NAMED_ENUM(ragged_verify_mode, std::uint8_t, static_, cap_accept, compact)

template <>
struct enum_spellings<ragged_verify_mode> {
  static constexpr std::string_view what = "ragged_verify_mode";
  static constexpr std::array<spelling<ragged_verify_mode>, 2> renamed{
      {{ragged_verify_mode::static_, "static"}, {ragged_verify_mode::cap_accept, "cap-accept"}}};
  static constexpr auto table = named_spellings<ragged_verify_mode>(renamed);
};

}  // namespace attncap
