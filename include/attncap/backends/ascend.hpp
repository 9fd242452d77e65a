// SPDX-License-Identifier: MIT
/// @file
/// The `ascend` backend: Huawei Ascend NPU kernels (page 128), forced on NPU.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>

namespace attncap {

template <>
struct backend_traits<backends::ascend> {
  static constexpr std::string_view name = "ascend";
  static constexpr capabilities caps{
      .targets = {hardware::npu},
      .pages = page_sizes::only(128),
      .phases = {phase::prefill, phase::decode, phase::draft},
      .speculative = speculative_support::chain,
      .sliding_window = support::yes,
      .deterministic = support::yes,
  };
};

}  // namespace attncap
