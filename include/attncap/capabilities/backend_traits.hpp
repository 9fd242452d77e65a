// SPDX-License-Identifier: MIT
/// @file
/// attncap::backend_traits: the primary template (detectably unspecialised) and the
/// opt-in through a nested `attncap_traits` type.
///
/// "Concept" backend_traits<B> — what a specialisation provides:
///   static constexpr std::string_view name;          // the engine's spelling, e.g. "hpc_ops"
///   static constexpr attncap::capabilities caps;     // capability sets
///   using rules = attncap::rule_list<R...>;          // optional, or specialise attncap::backend_rules<B>
///   using alias_of = OtherBackend;                    // optional: a deprecated alias
///   static constexpr bool argparse_choice = false;    // optional: a name the engine release's
///                                                     // command line no longer accepts
///   static constexpr bool renamed = true;             // optional, aliases only: argument
///                                                     // resolution replaces the name by the target's
#pragma once

#include <attncap/capabilities/capabilities.hpp>
#include <attncap/fwd.hpp>
#include <concepts>
#include <string_view>
#include <type_traits>

namespace attncap {

namespace detail {
/// Base of the primary template, so "no specialisation" is detectable rather than an error.
struct unspecialized {};
}  // namespace detail

template <class B>
struct backend_traits : detail::unspecialized {};

/// A tag that owns its declaration opts in with a nested `attncap_traits` type.
template <class B>
requires requires { typename B::attncap_traits; }
struct backend_traits<B> : B::attncap_traits {};

/// True when `backend_traits<B>` was specialised or opted into.
template <class B>
inline constexpr bool has_backend_traits_v = !std::is_base_of_v<detail::unspecialized, backend_traits<B>>;

/// True when the traits declare `name` convertible to std::string_view.
template <class B>
inline constexpr bool has_backend_name_v = requires {
  { backend_traits<B>::name } -> std::convertible_to<std::string_view>;
};

/// True when the traits declare `caps` as an attncap::capabilities.
template <class B>
inline constexpr bool has_capabilities_v = requires {
  { backend_traits<B>::caps } -> std::convertible_to<const capabilities&>;
};

namespace detail {
template <class... Rs>
rule_list<Rs...> as_rule_list(const rule_list<Rs...>&);
template <class B, class = void>
struct rules_of {
  using type = decltype(as_rule_list(backend_rules<B>{}));
};
template <class B>
struct rules_of<B, std::void_t<typename backend_traits<B>::rules>> {
  using type = typename backend_traits<B>::rules;
};
template <class B, class = void>
struct alias_target {
  using type = B;
};
template <class B>
struct alias_target<B, std::void_t<typename backend_traits<B>::alias_of>> {
  using type = typename backend_traits<B>::alias_of;
};
}  // namespace detail

/// Traits of a deprecated spelling of backend `Target`: its capabilities and rules are the
/// target's. `struct backend_traits<old> : alias_traits<Target> { name = "old"; };`
template <class Target>
struct alias_traits {
  static constexpr capabilities caps = backend_traits<Target>::caps;
  using alias_of = Target;
};

/// False when the engine release's argparse no longer lists `B` among its backend choices (the
/// name is kept so that attncap answers with argparse's rejection, not with "unknown name").
template <class B>
inline constexpr bool is_argparse_choice_v = [] {
  if constexpr (requires { backend_traits<B>::argparse_choice; })
    return static_cast<bool>(backend_traits<B>::argparse_choice);
  else
    return true;
}();

/// True for a deprecated alias whose name the engine's argument resolution replaces by its
/// target's; an alias without it keeps its name until its factory runs.
template <class B>
inline constexpr bool is_renamed_alias_v = [] {
  if constexpr (requires { backend_traits<B>::renamed; })
    return static_cast<bool>(backend_traits<B>::renamed);
  else
    return false;
}();

/// The rules backend `B` declares (an empty list when it declares none).
template <class B>
using rules_of_t = typename detail::rules_of<B>::type;

/// The backend `B` stands for: itself, or the target of a deprecated alias.
template <class B>
using canonical_backend_t = typename detail::alias_target<B>::type;

}  // namespace attncap
