// SPDX-License-Identifier: MIT
/// @file
/// The `compressed` backend name: a deprecated alias the engine rewrites to `dsv4`.
#pragma once

#include <attncap/backends/dsv4.hpp>

namespace attncap {

template <>
struct backend_traits<backends::compressed> : alias_traits<backends::dsv4> {
  static constexpr std::string_view name = "compressed";
  static constexpr bool renamed = true;
};

}  // namespace attncap
