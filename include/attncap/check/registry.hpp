// SPDX-License-Identifier: MIT
/// @file
/// attncap::backend_registry: a list of backend tags materialised into constexpr tables (names,
/// capabilities, aliases) plus the dispatch of backend-scoped rules by id.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/check/resolution.hpp>
#include <attncap/concepts/attention_backend.hpp>
#include <attncap/detail/hana.hpp>

#include <array>
#include <optional>
#include <string_view>

namespace attncap {

/// The backends a validation knows, in id order. Built-in backends come first, so their ids
/// are the same in every registry; `extend<More...>` appends third-party backends.
template <class... Bs>
struct backend_registry {
  static_assert((check_backend<Bs>() && ...));

  /// The backend list as a Hana sequence of types.
  static constexpr auto types = detail::hana::tuple_t<Bs...>;
  static_assert(detail::hana::all_of(types, [](auto t) { return detail::hana::bool_c<attention_backend<typename decltype(t)::type>>; }));
  static constexpr std::size_t size = sizeof...(Bs);
  static_assert(size < static_cast<std::size_t>(backend_id::none), "attncap::backend_registry: too many backends");

  /// The id of backend `B` in this registry.
  template <class B>
  static constexpr backend_id id = static_cast<backend_id>(detail::index_in<B, detail::type_list<Bs...>>::value);

  static constexpr std::array<std::string_view, size> names{backend_traits<Bs>::name...};
  static constexpr std::array<capabilities, size> caps{backend_traits<Bs>::caps...};
  /// For each backend, the backend it stands for (itself, or an alias's target).
  static constexpr std::array<backend_id, size> canonical{id<canonical_backend_t<Bs>>...};

  /// The backend spelled `name`, or nothing.
  static constexpr std::optional<backend_id> find(std::string_view name) noexcept {
    for (std::size_t i = 0; i < size; ++i)
      if (names[i] == name) return static_cast<backend_id>(i);
    return std::nullopt;
  }

  /// Runs the stage-`s` rules of backend `subject` (an alias runs its target's rules).
  static constexpr void run_backend_rules(resolution& r, backend_id subject, stage s) {
    std::size_t i = 0;
    ((i++ == static_cast<std::size_t>(subject) ? run_rules(r, rules_of_t<canonical_backend_t<Bs>>{}, subject, s)
                                               : void()),
     ...);
  }

  template <class... More>
  using extend = backend_registry<Bs..., More...>;
};

}  // namespace attncap
