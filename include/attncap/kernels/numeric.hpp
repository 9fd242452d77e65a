// SPDX-License-Identifier: MIT
/// @file
/// Storage types for 16- and 8-bit floats (bf16, fp16, fp8_e4m3), their exact widening to fp32 and
/// round-to-nearest-even narrowing, and the mapping between attncap::dtype and those types.
#pragma once

#include <attncap/vocabulary/dtype.hpp>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace attncap::kernels {

/// bfloat16 storage: the upper half of an IEEE fp32. Arithmetic always happens in fp32.
struct bf16_t {
  std::uint16_t bits;
};
/// IEEE binary16 storage.
struct fp16_t {
  std::uint16_t bits;
};
/// OCP fp8 E4M3 ("fn": no infinities, 0x7f/0xff are NaN) storage; KV cache only.
struct fp8_e4m3_t {
  std::uint8_t bits;
};

/// Widening conversions are exact.
constexpr float to_float(float x) noexcept { return x; }
constexpr float to_float(bf16_t x) noexcept { return std::bit_cast<float>(std::uint32_t{x.bits} << 16); }
constexpr float to_float(fp16_t x) noexcept {
  const std::uint32_t sign = std::uint32_t{x.bits & 0x8000u} << 16;
  const std::uint32_t exp = (x.bits >> 10) & 0x1fu;
  const std::uint32_t man = x.bits & 0x3ffu;
  if (exp == 0x1f) return std::bit_cast<float>(sign | 0x7f800000u | (man << 13));
  if (exp != 0) return std::bit_cast<float>(sign | ((exp + 112) << 23) | (man << 13));
  // Subnormal (or zero): man * 2^-24, exact in fp32.
  const float mag = static_cast<float>(man) * 0x1p-24f;
  return sign ? -mag : mag;
}
constexpr float to_float(fp8_e4m3_t x) noexcept {
  // Placing exponent+mantissa at fp32 bit 20 and scaling by 2^120 maps normals and subnormals alike;
  // the SIMD loaders use the same identity, so every path decodes bit-identically.
  const std::uint32_t b = x.bits;
  if ((b & 0x7fu) == 0x7fu) return std::bit_cast<float>(0x7fc00000u | ((b & 0x80u) << 24));
  const float mag = std::bit_cast<float>((b & 0x7fu) << 20) * 0x1p120f;
  return (b & 0x80u) ? -mag : mag;
}

namespace detail {
constexpr std::uint32_t round_shift_rne(std::uint32_t v, unsigned shift) noexcept {
  const std::uint32_t half = 1u << (shift - 1);
  const std::uint32_t rem = v & ((1u << shift) - 1);
  std::uint32_t q = v >> shift;
  if (rem > half || (rem == half && (q & 1u))) ++q;
  return q;
}
}  // namespace detail

/// Narrowing conversions round to nearest, ties to even (what hardware converters do).
template <class T>
constexpr T from_float(float f) noexcept {
  const std::uint32_t u = std::bit_cast<std::uint32_t>(f);
  if constexpr (std::is_same_v<T, float>) {
    return f;
  } else if constexpr (std::is_same_v<T, bf16_t>) {
    if ((u & 0x7fffffffu) > 0x7f800000u) return bf16_t{static_cast<std::uint16_t>((u >> 16) | 0x40u)};
    return bf16_t{static_cast<std::uint16_t>(detail::round_shift_rne(u, 16))};
  } else if constexpr (std::is_same_v<T, fp16_t>) {
    const std::uint32_t sign = (u >> 16) & 0x8000u;
    const std::uint32_t a = u & 0x7fffffffu;
    if (a > 0x7f800000u) return fp16_t{static_cast<std::uint16_t>(sign | 0x7e00u)};
    if (a >= 0x477ff000u) return fp16_t{static_cast<std::uint16_t>(sign | 0x7c00u)};  // rounds to inf
    if (a >= 0x38800000u) {                                                           // normal half
      const std::uint32_t r = detail::round_shift_rne(a - (112u << 23), 13);
      return fp16_t{static_cast<std::uint16_t>(sign | r)};
    }
    if (a < 0x33000000u) return fp16_t{static_cast<std::uint16_t>(sign)};  // below half the min subnormal
    const std::uint32_t e = a >> 23;
    const std::uint32_t man = (a & 0x7fffffu) | 0x800000u;
    return fp16_t{static_cast<std::uint16_t>(sign | detail::round_shift_rne(man, 126 - e))};
  } else {
    static_assert(std::is_same_v<T, fp8_e4m3_t>, "attncap::kernels::from_float<T>: T must be a storage type");
    const std::uint32_t sign = (u >> 24) & 0x80u;
    const std::uint32_t a = u & 0x7fffffffu;
    if (a > 0x7f800000u) return fp8_e4m3_t{static_cast<std::uint8_t>(sign | 0x7fu)};
    if (a >= 0x43e80000u) return fp8_e4m3_t{static_cast<std::uint8_t>(sign | 0x7eu)};  // saturate at 448
    if (a >= 0x3c800000u) {                                                            // normal: exponent >= -6
      const std::uint32_t r = detail::round_shift_rne(a - (120u << 23), 20);
      return fp8_e4m3_t{static_cast<std::uint8_t>(sign | r)};
    }
    if (a < 0x3a800000u) return fp8_e4m3_t{static_cast<std::uint8_t>(sign)};  // < 2^-10
    const std::uint32_t e = a >> 23;
    const std::uint32_t man = (a & 0x7fffffu) | 0x800000u;
    return fp8_e4m3_t{static_cast<std::uint8_t>(sign | detail::round_shift_rne(man, 141 - e))};
  }
}

/// The storage type of a dtype the kernels handle.
template <dtype D>
struct storage;
template <>
struct storage<dtype::fp32> {
  using type = float;
};
template <>
struct storage<dtype::fp16> {
  using type = fp16_t;
};
template <>
struct storage<dtype::bf16> {
  using type = bf16_t;
};
template <>
struct storage<dtype::fp8_e4m3> {
  using type = fp8_e4m3_t;
};
/// `storage_t<dtype::bf16>` is `bf16_t`.
template <dtype D>
using storage_t = typename storage<D>::type;

/// The dtype a storage type holds.
template <class T>
inline constexpr dtype dtype_of = std::is_same_v<T, float>    ? dtype::fp32
                                  : std::is_same_v<T, fp16_t> ? dtype::fp16
                                  : std::is_same_v<T, bf16_t> ? dtype::bf16
                                                              : dtype::fp8_e4m3;

namespace detail {
/// f(T{}) with T the storage type of `t` (float for fp32): the one dtype switch of the kernels'
/// edges, so that a loop over a row resolves the dtype once, not per element.
template <class F>
constexpr decltype(auto) with_storage_type(dtype t, F&& f) {
  switch (t) {
    case dtype::fp16:
      return f(fp16_t{});
    case dtype::bf16:
      return f(bf16_t{});
    case dtype::fp8_e4m3:
      return f(fp8_e4m3_t{});
    default:
      return f(float{});
  }
}
}  // namespace detail

/// Rounds `x` through dtype `t` and back (what storing in a tensor of that dtype does to a value).
constexpr float round_to(dtype t, float x) noexcept {
  return detail::with_storage_type(t, [x](auto s) { return to_float(from_float<decltype(s)>(x)); });
}

/// Element `i` of a buffer of dtype `t`, widened to fp32 (exact).
inline float load_as_float(const void* p, dtype t, std::size_t i) noexcept {
  return detail::with_storage_type(t, [&](auto s) { return to_float(static_cast<const decltype(s)*>(p)[i]); });
}
/// Stores `x` as element `i` of a buffer of dtype `t`, rounded to nearest even (from_float).
inline void store_from_float(void* p, dtype t, std::size_t i, float x) noexcept {
  detail::with_storage_type(t, [&](auto s) {
    using T = decltype(s);
    static_cast<T*>(p)[i] = from_float<T>(x);
  });
}

}  // namespace attncap::kernels
