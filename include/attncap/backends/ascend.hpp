// SPDX-License-Identifier: MIT
/// @file
/// The `ascend` backend: Huawei Ascend NPU kernels (page 128), forced on NPU.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>

namespace attncap {

template <>
struct backend_traits<backends::ascend> {
  static constexpr std::string_view name = "ascend";
  static constexpr capabilities caps{
      .targets = hardware_sets::all - hardware_sets::mps_only,
      .kv_cache_dtypes = kv_cache_dtype_sets::except_kv4,
      .phases = {phase::prefill, phase::decode, phase::draft},
      .speculative = speculative_support::tree,
      .eagle_draft = support::yes,
      .sliding_window = support::yes,
      .deterministic = support::yes,
      .kernel_targets = hardware_sets::npu_only,
  };
};

}  // namespace attncap
