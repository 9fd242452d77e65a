// SPDX-License-Identifier: MIT
/// @file
/// Enumerations declared together with the names of their enumerators, so that a spelling
/// which is the enumerator's own name is written once, in the enum (see `ATTNCAP_NAMED_ENUM`).
#pragma once

#include <array>
#include <attncap/detail/enum_table.hpp>
#include <cstddef>
#include <string_view>

namespace attncap::detail {

constexpr bool is_name_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/// `text` without leading and trailing white space.
constexpr std::string_view trimmed(std::string_view text) noexcept {
  while (!text.empty() && is_name_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_name_space(text.back())) text.remove_suffix(1);
  return text;
}

/// Number of non-empty comma-separated items of `list` (a trailing comma adds none).
constexpr std::size_t count_names(std::string_view list) noexcept {
  std::size_t n = 0;
  for (std::size_t at = 0; at <= list.size();) {
    const auto comma = list.find(',', at);
    const auto end = comma == std::string_view::npos ? list.size() : comma;
    if (!trimmed(list.substr(at, end - at)).empty()) ++n;
    at = end + 1;
  }
  return n;
}

/// The `N` non-empty comma-separated items of `list`, trimmed, in order.
template <std::size_t N>
constexpr std::array<std::string_view, N> split_names(std::string_view list) noexcept {
  std::array<std::string_view, N> out{};
  std::size_t n = 0;
  for (std::size_t at = 0; at <= list.size() && n < N;) {
    const auto comma = list.find(',', at);
    const auto end = comma == std::string_view::npos ? list.size() : comma;
    if (auto item = trimmed(list.substr(at, end - at)); !item.empty()) out[n++] = item;
    at = end + 1;
  }
  return out;
}

/// True when every name is a plain identifier: enumerators of a named enum take their values
/// in order from 0, so an initialiser (`= 3`) would break the name-to-value correspondence.
template <std::size_t N>
constexpr bool plain_identifiers(const std::array<std::string_view, N>& names) noexcept {
  for (auto name : names)
    for (char c : name)
      if (!(c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) return false;
  return true;
}

}  // namespace attncap::detail

namespace attncap {

/// True for an enum declared with `ATTNCAP_NAMED_ENUM`: the names of its enumerators are known.
template <class E>
inline constexpr bool is_named_enum_v = requires(E* tag) {
  attncap_enumerator_names(tag);
};
/// An enum whose enumerators' names are known (`is_named_enum_v`).
template <class E>
concept named_enum = is_named_enum_v<E>;

/// The names of the enumerators of `E`, in declaration order (= value order).
template <named_enum E>
inline constexpr auto enumerator_names = attncap_enumerator_names(static_cast<E*>(nullptr));

/// A spelling table for `E` (the `table` of `enum_spellings<E>`): each enumerator spelled as its
/// own name, except where `renamed` gives the engine's spelling, followed by the accepted
/// `aliases` in their order.
template <named_enum E, std::size_t R = 0, std::size_t A = 0>
constexpr auto named_spellings(const std::array<spelling<E>, R>& renamed = {},
                               const std::array<spelling<E>, A>& aliases = {}) noexcept {
  constexpr auto& names = enumerator_names<E>;
  std::array<spelling<E>, names.size() + A> table{};
  for (std::size_t i = 0; i < names.size(); ++i) {
    table[i] = {static_cast<E>(i), names[i]};
    for (const auto& r : renamed)
      if (r.value == table[i].value) table[i].name = r.name;
  }
  std::size_t next = names.size();
  for (const auto& alias : aliases) table[next++] = alias;
  return table;
}

}  // namespace attncap

/// Declares `enum class Name : Underlying { enumerators }` and records the enumerators' names
/// (found by argument-dependent lookup, see `enumerator_names`). Enumerators take the
/// values 0, 1, … in order; initialisers and an empty list are rejected. Use at namespace scope.
#define ATTNCAP_NAMED_ENUM(Name, Underlying, ...)                                                                      \
  enum class Name : Underlying { __VA_ARGS__ };                                                                        \
  constexpr auto attncap_enumerator_names(Name*) noexcept {                                                            \
    constexpr auto names = ::attncap::detail::split_names<::attncap::detail::count_names(#__VA_ARGS__)>(#__VA_ARGS__); \
    static_assert(names.size() > 0, #Name ": a named enum needs at least one enumerator");                             \
    static_assert(::attncap::detail::plain_identifiers(names),                                                         \
                  #Name ": enumerators of a named enum take no initialiser");                                          \
    return names;                                                                                                      \
  }
