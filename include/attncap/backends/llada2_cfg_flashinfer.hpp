// SPDX-License-Identifier: MIT
/// @file
/// The `llada2_cfg_flashinfer` backend: FlashInfer attention with LLaDA2's classifier-free
/// guidance metadata (diffusion language models); MHA-class models only.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/capabilities/rule_shapes.hpp>

namespace attncap {

template <>
struct backend_traits<backends::llada2_cfg_flashinfer> {
  static constexpr std::string_view name = "llada2_cfg_flashinfer";
  static constexpr capabilities caps{
      .architectures = {model_arch::mha, model_arch::gqa, model_arch::mqa},
      .targets = hardware_sets::except_npu_mps,
      // Neither the NVFP4 prefill backends nor the KV4 ones name it (kv_cache_hook.py:48-56, 280-316).
      .kv_cache_dtypes = kv_cache_dtype_sets::except_kv4,
      .window_with_cross_attention = support::no,
      .kernel_targets = hardware_sets::cuda,
  };
};

namespace rules::llada2_cfg_flashinfer {
// The factory's own wording, not the "can only be used with" of the other architecture checks
// (layers/attention/attention_registry.py:80-83).
ATTNCAP_RULE(non_mla_only, "llada2_cfg_flashinfer.non_mla_only", factory, value_error, model_arch,
             declared_architectures<backends::llada2_cfg_flashinfer>,
             "LLaDA2 CFG attention does not use an MLA backend") {
  return architecture_excluded<backends::llada2_cfg_flashinfer>(ctx);
}
static_assert(!backend_traits<backends::llada2_cfg_flashinfer>::caps.architectures.contains(model_arch::mla),
              "llada2_cfg_flashinfer: the declared architectures disagree with the rule's text");
// The constructor's first check.
ATTNCAP_WINDOW_CROSS_ATTENTION_RULE(window_cross_attention, llada2_cfg_flashinfer, true);
}  // namespace rules::llada2_cfg_flashinfer

/// The rules of `llada2_cfg_flashinfer`, in the order the engine checks them.
template <>
struct backend_rules<backends::llada2_cfg_flashinfer>
    : rule_list<rules::llada2_cfg_flashinfer::non_mla_only, rules::llada2_cfg_flashinfer::window_cross_attention> {};

}  // namespace attncap
