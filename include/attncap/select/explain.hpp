// SPDX-License-Identifier: MIT
/// @file
/// attncap::explain_selection: which backend the engine ends up with for a configuration, and
/// every step that chose or replaced it (user flag, platform hook, model override, deterministic
/// fallback, the default table, a silent swap).
#pragma once

#include <attncap/runtime/report.hpp>
#include <attncap/select/default_backend.hpp>
#include <string_view>

namespace attncap {

/// One step that set the base attention backend.
struct selection_step {
  std::string_view code;  ///< the rewrite's code, or "user" for the flag
  backend_id from = backend_id::none;
  backend_id to = backend_id::none;
  std::string_view reason;                 ///< the default table's row, or empty (the rewrite's warning says why)
  std::size_t adjustment = no_adjustment;  ///< index into the report's adjustments
  static constexpr std::size_t no_adjustment = static_cast<std::size_t>(-1);
};

/// The steps that set `attention_backend`, in order, and the report they come from.
struct selection_trace {
  report rep;
  detail::fixed_vector<selection_step, report_capacity> steps;
  constexpr backend_id backend() const noexcept { return rep.resolved().attention_backend; }
};

/// Traces how `cfg`'s base attention backend is chosen, from the report of validating it
/// (`explain_selection(cfg, validate(cfg))`).
constexpr selection_trace explain_selection(const launch_config& cfg, const report& rep) {
  selection_trace t{rep, {}};
  if (is_set(cfg.attention_backend))
    t.steps.push_back({"user", backend_id::none, cfg.attention_backend, "given by --attention-backend"});
  for (std::size_t i = 0; i < t.rep.adjustments().size(); ++i) {
    const auto& a = t.rep.adjustments()[i];
    if (a.before.attention_backend == a.after.attention_backend) continue;
    const bool table = a.rewrite == &default_backend_fill::info;
    t.steps.push_back({a.rewrite->code, a.before.attention_backend, a.after.attention_backend,
                       table ? default_backend(a.before).reason : std::string_view{}, i});
  }
  return t;
}

}  // namespace attncap
