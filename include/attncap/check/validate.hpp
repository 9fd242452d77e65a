// SPDX-License-Identifier: MIT
/// @file
/// attncap::validate: runs the engine's pipeline over a launch configuration and reports every
/// violated rule, every rewrite and the resolved configuration. Usable at run time and in
/// constant expressions.
#pragma once

#include <attncap/backends/all.hpp>
#include <attncap/rules/sglang_pipeline.hpp>
#include <attncap/runtime/resolution.hpp>

namespace attncap {

/// Validates `cfg` against the rules of `Pipeline` and of the backends in `Registry`.
template <class Registry = builtin_registry, class Pipeline = sglang_pipeline>
constexpr report validate(const launch_config& cfg) {
  report rep(Registry::names);
  resolution<Registry> r{cfg, rep};
  run(r, Pipeline{});
  rep.set_resolved(r.cfg);
  return rep;
}

}  // namespace attncap
