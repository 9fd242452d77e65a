// SPDX-License-Identifier: MIT
/// @file
/// attncap::resolution and attncap::pipeline: the engine's checks and rewrites run in its order
/// over a configuration that is rewritten as they go.
#pragma once

#include <attncap/capabilities/rule.hpp>
#include <attncap/check/report.hpp>

namespace attncap {

struct resolution;

/// Runs the backend-scoped rules of `subject` that belong to stage `s` (provided by a registry).
using backend_rule_runner = void (*)(resolution&, backend_id subject, stage s);

namespace detail {
/// The runner of a validation without backends.
constexpr void no_backend_rules(resolution&, backend_id, stage) noexcept {}
}  // namespace detail

/// The state of one validation: the configuration as resolved so far and the findings.
struct resolution {
  launch_config cfg;
  report rep;
  backend_rule_runner run_backend_rules = &detail::no_backend_rules;
  platform hw{cfg.hardware, cfg.cuda};  ///< the machine never changes during resolution

  constexpr rule_context context(backend_id subject = backend_id::none) const noexcept {
    return {cfg, hw, subject};
  }
  /// Records `r` when the current configuration violates it.
  template <detail::rule_type R>
  constexpr void check(backend_id subject = backend_id::none) {
    if (R::violated(context(subject))) rep.add(R::info, cfg, subject);
  }
  /// Applies rewrite `R` when it applies, recording it.
  template <detail::rewrite_type R>
  constexpr void rewrite() {
    if (!R::applies(context())) return;
    launch_config before = cfg;
    R::apply(cfg, hw);
    rep.add(R::info, before, cfg);
  }
};

/// The engine's checks and rewrites, in its order. A step is a rule, a rewrite, or a type with
/// `static constexpr void run(resolution&)` for steps that are neither (e.g. building backends).
template <class... Steps>
struct pipeline {};

namespace detail {
template <class S>
constexpr void run_step(resolution& r) {
  if constexpr (rule_type<S>) r.check<S>();
  else if constexpr (rewrite_type<S>) r.rewrite<S>();
  else S::run(r);
}

template <class R>
constexpr void run_scoped(resolution& r, backend_id subject, stage s) {
  if constexpr (rule_type<R>) {
    if (R::info.stage == s) r.check<R>(subject);
  }
}
}  // namespace detail

/// Runs every step of `P` over `r`.
template <class... Steps>
constexpr void run(resolution& r, pipeline<Steps...>) {
  (detail::run_step<Steps>(r), ...);
}

/// Runs the rules of `rule_list<Rs...>` that belong to stage `s`, for backend `subject`.
template <class... Rs>
constexpr void run_rules(resolution& r, rule_list<Rs...>, [[maybe_unused]] backend_id subject,
                         [[maybe_unused]] stage s) {
  (detail::run_scoped<Rs>(r, subject, s), ...);
}

}  // namespace attncap
