// SPDX-License-Identifier: MIT
/// @file
/// The dtype names torch has, as of the torch the catalogue's sglang release installs (2.14):
/// transformers turns a config.json's `dtype` / `torch_dtype` into `getattr(torch, name)`, so a
/// name outside them stops the engine before it reads anything else of the file.
#pragma once

#include <string_view>

namespace attncap {

namespace detail {
/// The names, one space apart and one at each end, so a search for " name " finds whole names.
inline constexpr std::string_view torch_dtype_names =
    " bcomplex32 bfloat16 bit bits16 bits1x8 bits2x4 bits4x2 bits8 bool cdouble cfloat chalf complex128 complex32"
    " complex64 double float float16 float32 float4_e2m1fn_x2 float64 float8_e4m3fn float8_e4m3fnuz float8_e5m2"
    " float8_e5m2fnuz float8_e8m0fnu half int int1 int16 int2 int3 int32 int4 int5 int6 int64 int7 int8 long qint32"
    " qint8 quint2x4 quint4x2 quint8 short uint1 uint16 uint2 uint3 uint32 uint4 uint5 uint6 uint64 uint7 uint8 ";
}  // namespace detail

/// Whether torch has a dtype named `name` (`float64`, `half`, `float8_e4m3fn`, …).
constexpr bool is_torch_dtype_name(std::string_view name) noexcept {
  if (name.empty() || name.find(' ') != std::string_view::npos) return false;
  for (std::size_t at = detail::torch_dtype_names.find(name); at != std::string_view::npos;
       at = detail::torch_dtype_names.find(name, at + 1))
    if (detail::torch_dtype_names[at - 1] == ' ' && detail::torch_dtype_names[at + name.size()] == ' ') return true;
  return false;
}

}  // namespace attncap
