// SPDX-License-Identifier: MIT
/// @file
/// attncap::field: the keys of a launch configuration, spelled as the engine's options in
/// snake_case (the CLI flag is the same name with '-' for '_'), and what the schema says about
/// each (`schema_of`). Generated from `ATTNCAP_LAUNCH_CONFIG_FIELDS`.
#pragma once

#include <array>
#include <attncap/detail/enum_table.hpp>
#include <attncap/vocabulary/config_schema.hpp>
#include <cstdint>
#include <string_view>

namespace attncap {

#define ATTNCAP_DETAIL_FIELD_ENUMERATOR(name, type, init, kind, lo, hi, role, doc) name,

/// A key of `launch_config`; rules name the field they are about.
enum class field : std::uint8_t { ATTNCAP_LAUNCH_CONFIG_FIELDS(ATTNCAP_DETAIL_FIELD_ENUMERATOR) };

#undef ATTNCAP_DETAIL_FIELD_ENUMERATOR

/// What the schema declares about one key.
struct field_info {
  field key;
  std::string_view name;  ///< the key's spelling (= the `launch_config` member)
  field_kind kind;
  std::int64_t lo = 0;  ///< smallest integer a user may give (integers only)
  std::int64_t hi = 0;  ///< largest integer a user may give (integers only)
  field_role role = field_role::input;
  std::string_view doc;  ///< what the key means, one short phrase
};

#define ATTNCAP_DETAIL_FIELD_INFO(name, type, init, kind_, lo_, hi_, role_, doc_) \
  field_info{field::name, #name, field_kind::kind_, lo_, hi_, field_role::role_, doc_},

/// Every key's schema entry, in `field` order.
inline constexpr std::array field_schema{ATTNCAP_LAUNCH_CONFIG_FIELDS(ATTNCAP_DETAIL_FIELD_INFO)};

#undef ATTNCAP_DETAIL_FIELD_INFO

/// The schema entry of `f`.
constexpr const field_info& schema_of(field f) noexcept { return field_schema[static_cast<std::size_t>(f)]; }

/// True for keys a user may give (the resolved-only keys are set by the engine).
constexpr bool is_input(field f) noexcept { return schema_of(f).role != field_role::resolved; }

/// True for keys that are environment variables of the server process.
constexpr bool is_environment(field f) noexcept { return schema_of(f).role == field_role::environment; }

namespace detail {
constexpr auto field_spellings() noexcept {
  std::array<spelling<field>, field_schema.size()> table{};
  for (std::size_t i = 0; i < table.size(); ++i) table[i] = {field_schema[i].key, field_schema[i].name};
  return table;
}
}  // namespace detail

template <>
struct enum_spellings<field> {
  static constexpr std::string_view what = "configuration key";
  static constexpr auto table = detail::field_spellings();
};

/// True when `name` is a configuration key; usable in constant expressions (message
/// placeholders are checked against it when a rule is declared).
constexpr bool is_field_name(std::string_view name) noexcept { return from_string<field>(name).has_value(); }

}  // namespace attncap
