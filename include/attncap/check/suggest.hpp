// SPDX-License-Identifier: MIT
/// @file
/// attncap::suggest: backends that would accept the same configuration on the same hardware,
/// each verified by validating the configuration again with it.
#pragma once

#include <attncap/check/validate.hpp>
#include <attncap/detail/fixed_vector.hpp>

namespace attncap {

/// A backend that accepts the configuration, with the number of rewrites it would cause.
struct suggestion {
  backend_id backend = backend_id::none;
  std::size_t adjustments = 0;
};

/// Up to `report_capacity` backends of `Registry` that serve `cfg`'s model and that the
/// engine accepts as the single backend (prefill, decode and draft overrides cleared), best first: the engine's
/// default, then those needing fewer rewrites, then the registry's order. Aliases are not suggested.
template <class Registry = builtin_registry, class Pipeline = sglang_pipeline>
constexpr detail::fixed_vector<suggestion, report_capacity> suggest(const launch_config& cfg) {
  launch_config base = cfg;
  base.prefill_attention_backend = base.decode_attention_backend = backend_id::none;
  base.speculative_draft_attention_backend = backend_id::none;
  base.attention_backend = backend_id::none;
  const backend_id preferred = validate<Registry, Pipeline>(base).resolved().attention_backend;

  std::array<suggestion, Registry::size> found{};
  std::size_t n = 0;
  for (std::size_t i = 0; i < Registry::size; ++i) {
    const auto b = static_cast<backend_id>(i);
    const auto built = static_cast<std::size_t>(constructed_backend(Registry::caps[i], b, base));
    if (Registry::canonical[i] != b || !serves_model(Registry::caps[built], base)) continue;
    launch_config trial = base;
    trial.attention_backend = b;
    const report rep = validate<Registry, Pipeline>(trial);
    // A backend the engine silently swaps out is not a suggestion of its own.
    if (rep.accepted() && rep.resolved().attention_backend == b) found[n++] = {b, rep.adjustments().size()};
  }
  auto better = [&](const suggestion& a, const suggestion& b) {
    if ((a.backend == preferred) != (b.backend == preferred)) return a.backend == preferred;
    if (a.adjustments != b.adjustments) return a.adjustments < b.adjustments;
    return a.backend < b.backend;
  };
  for (std::size_t i = 1; i < n; ++i)  // insertion sort: constexpr and stable
    for (std::size_t j = i; j > 0 && better(found[j], found[j - 1]); --j) std::swap(found[j], found[j - 1]);
  detail::fixed_vector<suggestion, report_capacity> out;
  for (std::size_t i = 0; i < n; ++i) out.push_back(found[i]);
  return out;
}

}  // namespace attncap
