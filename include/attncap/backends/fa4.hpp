// SPDX-License-Identifier: MIT
/// @file
/// The `fa4` backend: FlashAttention 4 (flash_attn.cute) for Blackwell; non-MLA models run page 128 on SM100.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>

namespace attncap {

template <>
struct backend_traits<backends::fa4> {
  static constexpr std::string_view name = "fa4";
  static constexpr capabilities caps{
      .targets = hardware_sets::except_npu,
      .kv_cache_dtypes = kv_cache_dtype_sets::except_kv4,
      .page_snap = 128,  // non-MLA on SM100 only (rules/attention_backend_fallbacks.hpp)
      .phases = {phase::prefill, phase::decode, phase::draft},
      .speculative = speculative_support::tree,
      .deterministic = support::yes,
      .kernel_targets = hardware_sets::blackwell,
  };
};

}  // namespace attncap
