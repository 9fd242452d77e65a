// SPDX-License-Identifier: MIT
/// @file
/// attncap::resolution, attncap::pipeline and attncap::gated: the engine's checks and rewrites
/// run in its order over a configuration that is rewritten as they go, groups of them behind a gate.
#pragma once

#include <array>
#include <attncap/capabilities/rule.hpp>
#include <attncap/detail/mp11.hpp>
#include <attncap/runtime/report.hpp>
#include <type_traits>

namespace attncap {

/// The state of one validation against the backends of `Registry`: the configuration as
/// resolved so far and the findings, recorded in a report the caller owns (validate() returns it
/// without a copy).
template <class Registry>
struct resolution {
  launch_config cfg;
  report& rep;
  platform hw{cfg.hardware, cfg.cuda};  ///< the machine never changes during resolution

  constexpr rule_context context(backend_id subject = backend_id::none) const noexcept { return {cfg, hw, subject}; }
  /// Records `R` when the current configuration violates it.
  template <engine_rule R>
  constexpr void check(backend_id subject = backend_id::none) {
    if (R::violated(context(subject))) rep.add(R::info, cfg, subject);
  }
  /// Applies rewrite `R` when it applies, recording it.
  template <engine_rewrite R>
  constexpr void rewrite() {
    if (R::applies(context())) record(R::info, [&](launch_config& c) { R::apply(c, hw); });
  }
  /// Changes the configuration by `change` and records it as rewrite `info` (for a step that
  /// decides several rewrites from one state).
  template <class Change>
  constexpr void record(const rewrite_info& info, Change change) {
    const launch_config before = cfg;
    change(cfg);
    rep.add(info, before, cfg);
  }
  /// Runs the stage-`S` rules of backend `subject` (an alias runs its target's rules).
  template <stage S>
  constexpr void run_backend_rules(backend_id subject) {
    Registry::template run_backend_rules<S>(*this, subject);
  }
};

/// The engine's checks and rewrites, in its order. A step is a rule, a rewrite, or a type with
/// `template <class R> static constexpr void run(resolution<R>&)` for steps that are neither
/// (building the backends), which lists the rules it may check as `using rules = rule_list<…>`.
template <class... Steps>
struct pipeline {
  using steps = detail::mp::mp_list<Steps...>;
};

namespace detail {
template <class S, class Registry>
constexpr void run_step(resolution<Registry>& r) {
  if constexpr (engine_rule<S>)
    r.template check<S>();
  else if constexpr (engine_rewrite<S>)
    r.template rewrite<S>();
  else
    S::run(r);
}

template <stage S>
struct at_stage {
  template <class R>
  using fn = mp::mp_bool<R::info.stage == S>;
};
/// The rules of `List` that the engine checks at stage `S`, selected at compile time.
template <stage S, class List>
using rules_at = mp::mp_copy_if_q<List, at_stage<S>>;

/// Checks every rule of a list for backend `subject`.
template <class Registry, class... Rs>
constexpr void check_each(resolution<Registry>& r, rule_list<Rs...>, [[maybe_unused]] backend_id subject) {
  // A braced list, not a fold: it runs in order without nesting one bracket per rule.
  [[maybe_unused]] const std::array<bool, sizeof...(Rs)> done{(r.template check<Rs>(subject), true)...};
}
}  // namespace detail

/// Runs every step of `pipeline<Steps...>` over `r`.
template <class Registry, class... Steps>
constexpr void run(resolution<Registry>& r, pipeline<Steps...>) {
  // A braced list, not a fold: a pipeline of hundreds of steps stays within compilers' nesting limits.
  [[maybe_unused]] const std::array<bool, sizeof...(Steps)> done{(detail::run_step<Steps>(r), true)...};
}

/// Steps of a pipeline that act only while `Gate` holds: a predicate of a rule_context or of a
/// launch_config, or a flag of launch_config. Each step's own predicate implies it, so while it
/// fails none acts or changes the configuration, and the group costs one test instead of one per
/// step; when it holds, the steps run in their order.
template <auto Gate, class... Steps>
struct gated {
  /// True when the gate holds over `r`'s configuration as resolved so far.
  template <class Registry>
  static constexpr bool holds(const resolution<Registry>& r) noexcept {
    if constexpr (std::is_member_object_pointer_v<decltype(Gate)>)
      return r.cfg.*Gate;
    else if constexpr (std::is_invocable_r_v<bool, decltype(Gate), const rule_context&>)
      return Gate(r.context());
    else
      return Gate(r.cfg);
  }
  template <class Registry>
  static constexpr void run(resolution<Registry>& r) {
    if (holds(r)) ::attncap::run(r, pipeline<Steps...>{});
  }
};

}  // namespace attncap
