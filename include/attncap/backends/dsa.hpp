// SPDX-License-Identifier: MIT
/// @file
/// The `dsa` backend: DeepSeek sparse attention (MLA with a sparse indexer).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>
#include <attncap/capabilities/rule.hpp>

namespace attncap {

template <>
struct backend_traits<backends::dsa> {
  static constexpr std::string_view name = "dsa";
  static constexpr capabilities caps{
      // A DSA model asks torch for the GPU's compute capability off the NPU and XPU, which a CPU
      // build refuses (`model.dsa_cuda_capability`).
      .targets = hardware_sets::cuda | hardware_sets::rocm | hardware_sets::xpu_any,
      .kv_cache_dtypes = {kv_cache_dtype::bfloat16, kv_cache_dtype::fp8_e4m3},
      .pages = page_sizes::only(64),
      .speculative = speculative_support::chain,
      .eagle_draft = support::yes,
      .required_traits = {model_trait::dsa},
      .kernel_architectures = {model_arch::mla},
      .kernel_targets = (hardware_sets::cuda - hardware_sets::ampere_hopper) | enum_set<hardware>{hardware::sm90} |
                        hardware_sets::rocm | hardware_sets::npu_only | hardware_sets::xpu_any,
  };
};

namespace rules::dsa {
// The constructor asserts its model first: a DeepSeek-DSA class with an index_topk (sglang
// 0.5.23, layers/attention/dsa_backend.py:528).
ATTNCAP_RULE(init_dsa_model, "dsa.init_dsa_model", backend_init, assertion_error, dsa, "True",
             "DSA backend only supports DeepSeek DSA") {
  return backend_traits<backends::dsa>::caps.required_traits.contains(model_trait::dsa) &&
         !has_model_trait(ctx.cfg, model_trait::dsa);
}
}  // namespace rules::dsa

/// The rules of `dsa` (and of its alias `nsa`).
template <>
struct backend_rules<backends::dsa> : rule_list<rules::dsa::init_dsa_model> {};

}  // namespace attncap
