// SPDX-License-Identifier: MIT
/// @file
/// The `dsa` backend: DeepSeek sparse attention (MLA with a sparse indexer).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>

namespace attncap {

template <>
struct backend_traits<backends::dsa> {
  static constexpr std::string_view name = "dsa";
  static constexpr capabilities caps{
      .targets = hardware_sets::except_npu,
      .kv_cache_dtypes = {kv_cache_dtype::bfloat16, kv_cache_dtype::fp8_e4m3},
      .pages = page_sizes::only(64),
      .speculative = speculative_support::chain,
      .required_traits = {model_trait::dsa},
      .kernel_architectures = {model_arch::mla},
      .kernel_targets = (hardware_sets::cuda - hardware_sets::ampere_hopper) | enum_set<hardware>{hardware::sm90} |
                        hardware_sets::rocm | hardware_sets::npu_only | hardware_sets::xpu_any,
  };
};

}  // namespace attncap
