// SPDX-License-Identifier: MIT
/// @file
/// The `nsa` backend name: a deprecated alias the engine rewrites to `dsa`.
#pragma once

#include <attncap/backends/dsa.hpp>

namespace attncap {

template <>
struct backend_traits<backends::nsa> : alias_traits<backends::dsa> {
  static constexpr std::string_view name = "nsa";
};

}  // namespace attncap
