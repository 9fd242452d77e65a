// SPDX-License-Identifier: MIT
/// @file
/// attncap::backend_registry: a list of backend tags materialised into constexpr tables (names,
/// capabilities, aliases) plus the dispatch of backend-scoped rules by id and stage.
#pragma once

#include <array>
#include <attncap/concepts/attention_backend.hpp>
#include <attncap/detail/mp11.hpp>
#include <attncap/runtime/resolution.hpp>
#include <optional>
#include <string_view>

namespace attncap {

namespace detail {
/// Checks the stage-`S` rules of backend `B` (of its target, for an alias).
template <stage S, class B, class Resolution>
constexpr void run_stage(Resolution& r, backend_id subject) {
  check_each(r, rules_at<S, rules_of_t<canonical_backend_t<B>>>{}, subject);
}
}  // namespace detail

/// The backends a validation knows, in id order. Built-in backends come first, so their ids
/// are the same in every registry; `extend<More...>` appends third-party backends.
template <class... Bs>
struct backend_registry {
  static_assert((check_backend<Bs>() && ...));
  static_assert((attention_backend<Bs> && ...));

  /// The backend list.
  using list = detail::mp::mp_list<Bs...>;
  static constexpr std::size_t size = sizeof...(Bs);
  static_assert(size < static_cast<std::size_t>(backend_id::none), "attncap::backend_registry: too many backends");

  /// The id of backend `B` in this registry.
  template <class B>
  requires(detail::mp::mp_contains<list, B>::value) static constexpr backend_id id =
      static_cast<backend_id>(detail::mp::mp_find<list, B>::value);

  static constexpr std::array<std::string_view, size> names{backend_traits<Bs>::name...};
  static constexpr std::array<capabilities, size> caps{backend_traits<Bs>::caps...};
  /// For each backend, the backend it stands for (itself, or an alias's target).
  static constexpr std::array<backend_id, size> canonical{id<canonical_backend_t<Bs>>...};
  /// For each backend, whether the engine's argparse lists its name among the choices.
  static constexpr std::array<bool, size> argparse_choices{is_argparse_choice_v<Bs>...};

  /// For each backend, whether argument resolution renames it to the backend it stands for.
  static constexpr std::array<bool, size> renamed{is_renamed_alias_v<Bs>...};

  /// The backend argument resolution renames `b` to, or `backend_id::none` when it keeps its name.
  static constexpr backend_id renamed_to(backend_id b) noexcept {
    const auto i = static_cast<std::size_t>(b);
    return i < size && renamed[i] ? canonical[i] : backend_id::none;
  }

  /// False only for a backend of this registry whose name the engine's argparse rejects.
  static constexpr bool accepted_by_argparse(backend_id b) noexcept {
    const auto i = static_cast<std::size_t>(b);
    return i >= size || argparse_choices[i];
  }

  /// The backend spelled `name`, or nothing.
  static constexpr std::optional<backend_id> find(std::string_view name) noexcept {
    for (std::size_t i = 0; i < size; ++i)
      if (names[i] == name) return static_cast<backend_id>(i);
    return std::nullopt;
  }

  /// Runs the stage-`S` rules of backend `subject` (an alias runs its target's rules): one
  /// table lookup, and only the rules of that stage.
  template <stage S, class Resolution>
  static constexpr void run_backend_rules(Resolution& r, backend_id subject) {
    using runner = void (*)(Resolution&, backend_id);
    constexpr std::array<runner, size> table{&detail::run_stage<S, Bs, Resolution>...};
    if (const auto i = static_cast<std::size_t>(subject); i < size) table[i](r, subject);
  }

  template <class... More>
  using extend = backend_registry<Bs..., More...>;
};

}  // namespace attncap
