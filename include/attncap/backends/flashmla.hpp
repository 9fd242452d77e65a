// SPDX-License-Identifier: MIT
/// @file
/// The `flashmla` backend: FlashMLA decode kernels (page 64).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>

namespace attncap {

template <>
struct backend_traits<backends::flashmla> {
  static constexpr std::string_view name = "flashmla";
  static constexpr capabilities caps{
      .targets = hardware_sets::except_npu_mps,
      .kv_cache_dtypes = kv_cache_dtype_sets::except_kv4,
      .pages = page_sizes::only(64),
      .page_snap = 64,
      .speculative = speculative_support::chain,
      .eagle_draft = support::yes,
      .sliding_window = support::no,
      .unified_pool = {unified_pool_audit::spec_verify, unified_pool_audit::dspark_verify,
                       unified_pool_audit::page_major_mla},
      .kernel_architectures = {model_arch::mla},
      .kernel_targets = enum_set<hardware>{hardware::sm90} | hardware_sets::sm100_family,
  };
};

}  // namespace attncap
