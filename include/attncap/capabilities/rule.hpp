// SPDX-License-Identifier: MIT
/// @file
/// Rules and rewrites: one declaration per engine check (predicate, code, stage, exception,
/// exact message) that serves the runtime tables and the compile-time static_assert alike.
#pragma once

#include <attncap/capabilities/message_keys.hpp>
#include <attncap/fwd.hpp>
#include <attncap/vocabulary/field.hpp>
#include <attncap/vocabulary/launch_config.hpp>
#include <attncap/vocabulary/stage.hpp>
#include <concepts>
#include <initializer_list>
#include <string_view>

namespace attncap {

/// The declared facts of a rule. `message` is the engine's text; `{key}` placeholders are
/// filled from the configuration as the engine formats them (see runtime/format.hpp).
struct rule_info {
  std::string_view code;  ///< stable identifier, "<backend or hook>.<what>"
  ::attncap::stage stage;
  exception_kind exception;
  std::string_view message;
  ::attncap::field field;    ///< the configuration key the rule is about
  std::string_view allowed;  ///< what the rule accepts for that key, for people
};

/// A silent rewrite the engine performs, with the warning it logs (empty when it logs none).
struct rewrite_info {
  std::string_view code;
  ::attncap::field field;
  std::string_view warning;

  /// Declared at compile time, so an unknown `{key}` in the warning is a compile error.
  consteval rewrite_info(std::string_view c, ::attncap::field f, std::string_view w) : code(c), field(f), warning(w) {
    if (!placeholders_known(w)) throw "attncap: unknown {placeholder} in the warning of a rewrite";
  }
};

/// What a predicate sees: the configuration as resolved so far, the hardware facts, and
/// for backend-scoped rules the backend being constructed.
struct rule_context {
  const launch_config& cfg;
  platform hw;
  backend_id subject = backend_id::none;
};

namespace detail {
/// True when `x` equals one of `values`.
template <class T, class Range>
constexpr bool one_of(const T& x, const Range& values) noexcept {
  for (const auto& v : values)
    if (v == x) return true;
  return false;
}
template <class T>
constexpr bool one_of(const T& x, std::initializer_list<T> values) noexcept {
  return one_of<T, std::initializer_list<T>>(x, values);
}
/// True when the resolved prefill and decode backends of `c` are both in `allowed`.
template <class Range>
constexpr bool pair_one_of(const launch_config& c, const Range& allowed) noexcept {
  return one_of(c.prefill_backend(), allowed) && one_of(c.decode_backend(), allowed);
}

}  // namespace detail

/// True when `R` is a rule: `info` (a rule_info) and `violated(const rule_context&)`.
template <class R>
inline constexpr bool is_rule_v = requires(const rule_context& c) {
  { R::info } -> std::convertible_to<const rule_info&>;
  { R::violated(c) } -> std::same_as<bool>;
};
/// True when `R` is a rewrite: `info` (a rewrite_info), `applies` and `apply`.
template <class R>
inline constexpr bool is_rewrite_v = requires(const rule_context& c, launch_config& m) {
  { R::info } -> std::convertible_to<const rewrite_info&>;
  { R::applies(c) } -> std::same_as<bool>;
  R::apply(m, c.hw);
};
/// A check of the engine: when violated, it raises `info.exception` with `info.message`.
template <class R>
concept engine_rule = is_rule_v<R>;
/// A silent rewrite of the engine, logged with `info.warning`.
template <class R>
concept engine_rewrite = is_rewrite_v<R>;

}  // namespace attncap

/// Declares rule `Name`. The function body that follows is the predicate: it returns true
/// when the configuration in `ctx` violates the rule. `Message` must be a string literal: it
/// is both the runtime text and the text of the rule's static_assert; its `{key}` placeholders
/// are checked here (see capabilities/message_keys.hpp), `{{` and `}}` are literal braces.
// Unaligned continuation lines keep the source lines that compilers quote in a diagnostic short.
// clang-format off
#define ATTNCAP_RULE(Name, Code, Stage, Exception, Field, Allowed, Message) \
  struct Name { \
    static_assert(::attncap::placeholders_known(Message), "attncap: unknown {placeholder} in " #Name); \
    static constexpr ::attncap::rule_info info{Code,    ::attncap::stage::Stage, ::attncap::exception_kind::Exception, \
                                               Message, ::attncap::field::Field, Allowed}; \
    static constexpr bool violated(const ::attncap::rule_context& ctx) noexcept; \
    /* Instantiated with true only for a violated rule of a static configuration. */ \
    template <bool Violated> \
    static constexpr void assertion() noexcept { \
      static_assert(!Violated, Message); \
    } \
  }; \
  constexpr bool Name::violated([[maybe_unused]] const ::attncap::rule_context& ctx) noexcept
// clang-format on
