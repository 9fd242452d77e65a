// SPDX-License-Identifier: MIT
/// @file
/// The engine's own backends that declare a capability, for rules whose allowed set is such a
/// list (the deterministic whitelist, the backends EAGLE's draft factory builds, the unified
/// pool's audited backends): whether one declares it, and their names as static text.
#pragma once

#include <array>
#include <attncap/backends/all.hpp>
#include <attncap/detail/static_text.hpp>
#include <cstddef>
#include <string_view>
#include <utility>

namespace attncap::rules {

/// True when built-in backend `b` declares `support::yes` for `Member` (a backend added to the
/// registry from outside is none of the engine's, so it declares nothing to it).
template <support capabilities::*Member>
constexpr bool declares(backend_id b) noexcept {
  const auto i = static_cast<std::size_t>(b);
  return i < builtin_registry::size && builtin_registry::caps[i].*Member == support::yes;
}

/// A test of a built-in backend: whether it is in some list of the engine's.
using backend_test = bool (*)(backend_id) noexcept;

namespace detail {
/// Writes the names of the backends that pass `Test` (but aliases argument resolution renames),
/// sorted when `Sorted` else in registry order, in `Style`.
template <backend_test Test, bool Sorted, ::attncap::detail::list_style Style>
constexpr void write_passing_names(::attncap::detail::text_sink& sink) noexcept {
  std::array<std::string_view, builtin_registry::size> names{};
  std::size_t n = 0;
  for (std::size_t i = 0; i < builtin_registry::size; ++i) {
    const auto b = static_cast<backend_id>(i);
    if (Test(b) && !is_set(builtin_registry::renamed_to(b))) names[n++] = builtin_registry::names[i];
  }
  if constexpr (Sorted)
    for (std::size_t i = 1; i < n; ++i)  // insertion sort: constexpr
      for (std::size_t j = i; j > 0 && names[j] < names[j - 1]; --j) std::swap(names[j], names[j - 1]);
  ::attncap::detail::list_writer<Style> list{sink};
  list.open();
  for (std::size_t i = 0; i < n; ++i) list.item(names[i]);
  list.close();
}
}  // namespace detail

/// The names of the backends that pass `Test`, as static text ("a, b, …"): sorted when `Sorted`
/// (as the engine lists them), else in registry order.
template <backend_test Test, bool Sorted>
struct passing_names
    : ::attncap::detail::static_text<&detail::write_passing_names<Test, Sorted, ::attncap::detail::list_style::plain>> {
};

/// The names of the backends that declare `Member`, as passing_names writes them.
template <support capabilities::*Member, bool Sorted>
struct declaring_names : passing_names<&declares<Member>, Sorted> {};

}  // namespace attncap::rules
