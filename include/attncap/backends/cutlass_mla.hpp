// SPDX-License-Identifier: MIT
/// @file
/// The `cutlass_mla` backend: CUTLASS MLA decode kernels (SM100 family, page 128); prefill runs FlashInfer MLA.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>

namespace attncap {

template <>
struct backend_traits<backends::cutlass_mla> {
  static constexpr std::string_view name = "cutlass_mla";
  /// sglang 0.5.23 dropped it from --attention-backend's choices: a launch naming it is rejected by argparse.
  static constexpr bool argparse_choice = false;
  static constexpr capabilities caps{
      .targets = hardware_sets::except_npu_mps,
      .kv_cache_dtypes = kv_cache_dtype_sets::except_kv4,
      .speculative = speculative_support::tree,
      .sliding_window = support::no,
      .kernel_architectures = {model_arch::mla},
      .kernel_targets = hardware_sets::sm100_family,
  };
};

}  // namespace attncap
