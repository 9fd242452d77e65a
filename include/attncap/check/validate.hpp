// SPDX-License-Identifier: MIT
/// @file
/// attncap::validate: runs the engine's pipeline over a launch configuration and reports every
/// violated rule, every rewrite and the resolved configuration. Usable at run time and in
/// constant expressions.
#pragma once

#include <attncap/backends/all.hpp>
#include <attncap/check/resolution.hpp>
#include <attncap/rules/sglang_pipeline.hpp>

namespace attncap {

/// Validates `cfg` against the rules of `Pipeline` and of the backends in `Registry`.
template <class Registry = builtin_registry, class Pipeline = sglang_pipeline>
constexpr report validate(const launch_config& cfg) {
  resolution r{cfg, report(Registry::names), &Registry::run_backend_rules};
  run(r, Pipeline{});
  r.rep.set_resolved(r.cfg);
  return r.rep;
}

}  // namespace attncap
