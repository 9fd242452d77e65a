// SPDX-License-Identifier: MIT
/// @file
/// The `fa3` backend: FlashAttention 3 on SM80 (non-MLA) and SM90, and on MUSA MP 3.1+; its
/// factory's capability check passes on ROCm and fails on CPUs, XPUs and MPS.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/capabilities/rule_shapes.hpp>

namespace attncap {

template <>
struct backend_traits<backends::fa3> {
  static constexpr std::string_view name = "fa3";
  static constexpr capabilities caps{
      .targets = hardware_sets::ampere_hopper | hardware_sets::rocm | enum_set<hardware>{hardware::musa_mp31},
      .kv_cache_dtypes = kv_cache_dtype_sets::bf16_or_fp8_e4m3 | enum_set<kv_cache_dtype>{kv_cache_dtype::mxfp8},
      .phases = {phase::prefill, phase::decode, phase::draft},
      .speculative = speculative_support::tree,
      .eagle_draft = support::yes,
      .sliding_window = support::yes,
      .window_with_cross_attention = support::no,
      .deterministic = support::yes,
      .unified_pool = unified_pool_audits::all_but_dcp,
      .kernel_targets = hardware_sets::ampere_hopper | enum_set<hardware>{hardware::musa_mp31},
  };
};

namespace rules::fa3 {
/// Off MUSA the factory asserts on get_device_capability(): on ROCm that is torch's (9, x) for
/// the gfx9 GPUs, so it passes; on a CPU, an XPU or MPS it is (None, None), so it fails.
ATTNCAP_RULE(cuda_compute_capability, "fa3.compute_capability", factory, assertion_error, hardware,
             "sm80, sm86, sm89 (non-MLA models), sm90, gfx90a, gfx942, gfx950",
             "FlashAttention v3 Backend requires SM>=80 and SM<=90. Please use `--attention-backend flashinfer`.") {
  const int major = ctx.hw.major();
  const bool has_capability = ctx.hw.is_cuda() || ctx.hw.is_hip();
  return !ctx.hw.is_musa() && !(has_capability && ((major == 8 && !ctx.cfg.is_mla()) || major == 9));
}

ATTNCAP_RULE(musa_compute_capability, "fa3.musa_mp", factory, assertion_error, hardware, "musa_mp31",
             "FlashAttention v3 Backend requires MP>=31. Please use `--attention-backend triton`.") {
  return ctx.hw.is_musa() && !(ctx.hw.major() == 3 && ctx.hw.minor() >= 1);
}
// The constructor's first check.
ATTNCAP_WINDOW_CROSS_ATTENTION_RULE(window_cross_attention, fa3, true);
}  // namespace rules::fa3

/// The rules of `fa3`, in the order the engine checks them.
template <>
struct backend_rules<backends::fa3>
    : rule_list<rules::fa3::cuda_compute_capability, rules::fa3::musa_compute_capability,
                rules::fa3::window_cross_attention> {};

}  // namespace attncap
