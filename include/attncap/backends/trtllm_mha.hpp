// SPDX-License-Identifier: MIT
/// @file
/// The `trtllm_mha` backend: TensorRT-LLM MHA kernels (trtllm-gen on SM100, XQA/fmha_v2 on SM90
/// and SM120), pages 16/32/64/128, speculative decoding with topk 1 only.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/capabilities/rule_shapes.hpp>

namespace attncap {

template <>
struct backend_traits<backends::trtllm_mha> {
  static constexpr std::string_view name = "trtllm_mha";
  static constexpr capabilities caps{
      .architectures = {model_arch::mha, model_arch::gqa, model_arch::mqa},
      .targets = {hardware::sm90, hardware::sm100, hardware::sm103, hardware::sm120, hardware::sm121},
      .pages = page_sizes::only(16, 32, 64, 128),
      .page_snap = 64,
      .phases = {phase::prefill, phase::decode, phase::draft},
      .speculative = speculative_support::chain,
      .eagle_draft = support::yes,
      .sliding_window = support::yes,
      .attention_sinks = support::yes,
      .unified_pool = {unified_pool_audit::mha_rails, unified_pool_audit::page_major_mha},
  };
};

namespace rules::trtllm_mha {
ATTNCAP_ARCHITECTURE_RULE(non_mla_only, trtllm_mha, "non-MLA");

}  // namespace rules::trtllm_mha

/// The rules of `trtllm_mha`, in the order the engine checks them.
template <>
struct backend_rules<backends::trtllm_mha> : rule_list<rules::trtllm_mha::non_mla_only> {};

}  // namespace attncap
