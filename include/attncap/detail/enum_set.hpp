// SPDX-License-Identifier: MIT
/// @file
/// attncap::enum_set: a constexpr bit set over a vocabulary enum, the form every
/// capability set (architectures, hardware, KV dtypes, page sizes) is declared in.
#pragma once

#include <attncap/detail/enum_table.hpp>
#include <bit>
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
  /// The members of this set that are not in `o`.
  constexpr enum_set operator-(enum_set o) const noexcept { return from_bits(bits_ & ~o.bits_); }
  constexpr bool operator==(const enum_set&) const = default;
  constexpr std::uint64_t bits() const noexcept { return bits_; }

  /// Writes the set as people read it into `out` (when given) and returns the length: "any"
  /// for every value, "any but a, b" when at most three of more than four are missing, else
  /// "a, b, c".
  constexpr std::size_t spell(char* out) const noexcept {
    std::size_t n = 0;
    auto put = [&](std::string_view text) {
      for (char c : text) {
        if (out) out[n] = c;
        ++n;
      }
    };
    const enum_set everything = all();
    const enum_set missing = from_bits(everything.bits_ & ~bits_);
    const bool by_exclusion = missing.size() <= 3 && size() > 4;
    put(missing.empty() ? "any" : by_exclusion ? "any but " : "");
    if (missing.empty()) return n;
    const enum_set listed = by_exclusion ? missing : *this;
    bool first = true;
    for (std::size_t i = 0; i < 64; ++i) {
      if (!(listed.bits_ >> i & 1u)) continue;
      put(first ? "" : ", ");
      put(attncap::to_string(static_cast<E>(i)));
      first = false;
    }
    return n;
  }
  /// The set as `spell` writes it.
  std::string to_string() const {
    std::string out(spell(nullptr), '\0');
    spell(out.data());
    return out;
  }
  /// Number of members.
  constexpr std::size_t size() const noexcept { return static_cast<std::size_t>(std::popcount(bits_)); }

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
