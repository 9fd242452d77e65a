// SPDX-License-Identifier: MIT
/// @file
/// attncap::enum_set: a constexpr bit set over a vocabulary enum, the form every
/// capability set (architectures, hardware, KV dtypes, page sizes) is declared in.
#pragma once

#include <attncap/detail/enum_table.hpp>

#include <cstdint>
#include <initializer_list>
#include <string>

namespace attncap {

/// A set of enumerators of `E` (at most 64 values), usable in constant expressions.
template <class E>
class enum_set {
 public:
  constexpr enum_set() = default;
  constexpr enum_set(std::initializer_list<E> values) {
    for (E v : values) bits_ |= bit(v);
  }
  /// Every enumerator of `E`.
  static constexpr enum_set all() {
    enum_set s;
    for (const auto& sp : enum_spellings<E>::table) s.bits_ |= bit(sp.value);
    return s;
  }
  constexpr bool contains(E v) const noexcept { return (bits_ & bit(v)) != 0; }
  constexpr bool empty() const noexcept { return bits_ == 0; }
  constexpr enum_set operator|(enum_set o) const noexcept { return from_bits(bits_ | o.bits_); }
  constexpr enum_set operator&(enum_set o) const noexcept { return from_bits(bits_ & o.bits_); }
  constexpr bool operator==(const enum_set&) const = default;
  constexpr std::uint64_t bits() const noexcept { return bits_; }

  /// Canonical spellings of the members, comma separated, in enum order.
  std::string to_string() const {
    std::string out;
    for (std::size_t i = 0; i < 64; ++i) {
      if (!(bits_ >> i & 1u)) continue;
      if (!out.empty()) out += ", ";
      out += attncap::to_string(static_cast<E>(i));
    }
    return out;
  }

 private:
  static constexpr std::uint64_t bit(E v) noexcept { return std::uint64_t{1} << static_cast<unsigned>(v); }
  static constexpr enum_set from_bits(std::uint64_t b) noexcept {
    enum_set s;
    s.bits_ = b;
    return s;
  }
  std::uint64_t bits_ = 0;
};

}  // namespace attncap
