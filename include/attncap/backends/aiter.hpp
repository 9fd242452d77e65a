// SPDX-License-Identifier: MIT
/// @file
/// The `aiter` backend: AMD AITER kernels (ROCm).
#pragma once

#include <array>
#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>
#include <attncap/capabilities/rule.hpp>

namespace attncap {

template <>
struct backend_traits<backends::aiter> {
  static constexpr std::string_view name = "aiter";
  static constexpr capabilities caps{
      .targets = hardware_sets::except_npu_mps,
      .kv_cache_dtypes = kv_cache_dtype_sets::except_kv4,
      .speculative = speculative_support::tree,
      .eagle_draft = support::yes,
      .sliding_window = support::yes,
      .kernel_targets = hardware_sets::rocm,
  };
  /// The MLA decode kernel's head counts: 4, 8, 12, and multiples of 16 up to 128; fewer than 16
  /// are padded to 16, so any count below it runs.
  static constexpr std::array<int, 3> mla_low_heads{4, 8, 12};
  static constexpr int mla_head_step = 16;
  static constexpr int mla_max_heads = 128;
};

namespace rules::aiter {
using traits = backend_traits<backends::aiter>;

/// True when the constructor's MLA decode kernel may run: aiter decodes, or a speculative
/// algorithm verifies in the prefill attention mode (the engine's default, and attncap's).
constexpr bool may_run_mla_decode(const launch_config& c) noexcept {
  return c.decode_backend() == id::aiter ||
         (c.speculative() && c.speculative_attention_mode == speculative_attention_mode::prefill);
}
constexpr bool mla_heads_supported(std::int32_t heads) noexcept {
  for (int h : traits::mla_low_heads)
    if (heads == h) return true;
  return heads < traits::mla_head_step || (heads % traits::mla_head_step == 0 && heads <= traits::mla_max_heads);
}

ATTNCAP_RULE(init_mla_heads, "aiter.init_mla_heads", backend_init, assertion_error, num_q_heads_per_rank,
             "4, 8, 12, or multiples of 16 in [16, 128] (fewer than 16 are padded)",
             "Aiter MLA supports num_head of 4, 8, 12, or multiples of 16 in [16, 128].\nProvided "
             "{num_q_heads_per_rank} number of heads.\nTry adjusting tensor_parallel_size value, or run decode on "
             "another backend (--decode-attention-backend).") {
  const auto& c = ctx.cfg;
  return c.is_mla() && c.num_q_heads_per_rank != unset && !mla_heads_supported(c.num_q_heads_per_rank) &&
         may_run_mla_decode(c);
}
}  // namespace rules::aiter

/// The rules of `aiter`, in the order the engine checks them.
template <>
struct backend_rules<backends::aiter> : rule_list<rules::aiter::init_mla_heads> {};

}  // namespace attncap
