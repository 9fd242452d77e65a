// SPDX-License-Identifier: MIT
/// @file
/// Spelling tables for attncap's vocabulary enums: one table per enum drives
/// `to_string`, `from_string`, `parse` and the "accepted:" list of errors.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace attncap {

/// One spelling of an enumerator. The first entry of a value is its canonical spelling;
/// later entries with the same value are accepted aliases.
template <class E>
struct spelling {
  E value;
  std::string_view name;
};

/// Specialised for every vocabulary enum with:
///   static constexpr std::string_view what;            // noun used in errors ("hardware")
///   static constexpr std::array<spelling<E>, N> table;  // canonical spellings first
/// An enum declared with ATTNCAP_NAMED_ENUM builds `table` from its enumerators' names with
/// `named_spellings`, listing only the spellings that differ and the aliases.
template <class E>
struct enum_spellings;

/// True when `E` has a spelling table (`enum_spellings<E>`).
template <class E>
inline constexpr bool is_spelled_enum_v = requires {
  enum_spellings<E>::table;
  enum_spellings<E>::what;
};
/// An enum with a spelling table.
template <class E>
concept spelled_enum = is_spelled_enum_v<E>;

/// Canonical spelling of `e` (the engine's spelling).
template <spelled_enum E>
constexpr std::string_view to_string(E e) noexcept {
  for (const auto& s : enum_spellings<E>::table)
    if (s.value == e) return s.name;
  return "<invalid>";
}

/// The enumerator spelled `name`, or nothing when the spelling is unknown.
template <spelled_enum E>
constexpr std::optional<E> from_string(std::string_view name) noexcept {
  for (const auto& s : enum_spellings<E>::table)
    if (s.name == name) return s.value;
  return std::nullopt;
}

/// Every accepted spelling of `E`, comma separated, in table order.
template <spelled_enum E>
std::string accepted_spellings() {
  std::string out;
  for (const auto& s : enum_spellings<E>::table) {
    if (!out.empty()) out += ", ";
    out += s.name;
  }
  return out;
}

/// Thrown by `parse` for an unknown spelling; the text names the input and the accepted set.
class parse_error : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// The enumerator spelled `name`; throws `parse_error` naming what is accepted otherwise.
template <spelled_enum E>
E parse(std::string_view name) {
  if (auto v = from_string<E>(name)) return *v;
  throw parse_error("unknown " + std::string(enum_spellings<E>::what) + " '" + std::string(name) +
                    "'; accepted: " + accepted_spellings<E>());
}

/// Number of distinct enumerators (values 0..N-1 are assumed dense).
template <spelled_enum E>
constexpr std::size_t enum_count() noexcept {
  std::size_t n = 0;
  for (const auto& s : enum_spellings<E>::table)
    if (static_cast<std::size_t>(s.value) + 1 > n) n = static_cast<std::size_t>(s.value) + 1;
  return n;
}

}  // namespace attncap
