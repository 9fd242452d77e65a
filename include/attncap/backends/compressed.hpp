// SPDX-License-Identifier: MIT
/// @file
/// The `compressed` backend name: a deprecated alias the engine rewrites to `dsv4`.
#pragma once

#include <attncap/backends/dsv4.hpp>

namespace attncap {

template <>
struct backend_traits<backends::compressed> {
  static constexpr std::string_view name = "compressed";
  static constexpr capabilities caps = backend_traits<backends::dsv4>::caps;
  using alias_of = backends::dsv4;
};

}  // namespace attncap
