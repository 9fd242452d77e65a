// SPDX-License-Identifier: MIT
/// @file
/// The `nsa` backend name: a deprecated alias the engine rewrites to `dsa`.
#pragma once

#include <attncap/backends/dsa.hpp>

namespace attncap {

template <>
struct backend_traits<backends::nsa> {
  static constexpr std::string_view name = "nsa";
  static constexpr capabilities caps = backend_traits<backends::dsa>::caps;
  using alias_of = backends::dsa;
};

}  // namespace attncap
