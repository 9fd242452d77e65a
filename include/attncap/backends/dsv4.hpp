// SPDX-License-Identifier: MIT
/// @file
/// The `dsv4` backend: DeepSeek V4 compressed attention (CUDA, ROCm, NPU).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>

namespace attncap {

template <>
struct backend_traits<backends::dsv4> {
  static constexpr std::string_view name = "dsv4";
  static constexpr capabilities caps{
      .targets = hardware_sets::except_npu_mps,
      .kv_cache_dtypes = {kv_cache_dtype::fp8_e4m3, kv_cache_dtype::bfloat16},
      .pages = page_sizes::only(256),
      .page_snap = 256,  // 128 on the NPU
      .phases = {phase::prefill, phase::decode},
      .speculative = speculative_support::chain,
      .eagle_draft = support::yes,
      .model_families = {model_family::deepseek_v4},
      .kernel_architectures = {model_arch::mla},
      .kernel_targets = hardware_sets::cuda | hardware_sets::rocm | hardware_sets::npu_only,
  };
};

}  // namespace attncap
