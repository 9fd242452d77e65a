// SPDX-License-Identifier: MIT
/// @file
/// The `tokenspeed_mla` backend name: a deprecated alias the engine rewrites to `cutedsl_mla`
/// (with the fp8_e4m3 KV cache it implied).
#pragma once

#include <attncap/backends/cutedsl_mla.hpp>

namespace attncap {

template <>
struct backend_traits<backends::tokenspeed_mla> : alias_traits<backends::cutedsl_mla> {
  static constexpr std::string_view name = "tokenspeed_mla";
  static constexpr bool renamed = true;
};

}  // namespace attncap
