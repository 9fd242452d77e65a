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

// The constructor: off XQA (SM90, SM120), trtllm-gen serves pages of 128 and more only through its
// dynamic tokens-per-page kernels, which need GQA, equal QK/V head dims and a power-of-2 page. A
// V head dim that differs is not a value attncap holds, so those models are not checked here.
ATTNCAP_RULE(init_page_size, "trtllm_mha.init_page_size", backend_init, value_error, page_size,
             "below 128, or a power of 2 for GQA",
             "trtllm_mha with page_size={page_size} requires trtllm-gen's dynamic tokens-per-page kernels, which only "
             "support GQA (q heads per kv head > 1, got {num_q_heads_per_rank}/{num_kv_heads_per_rank}) with equal "
             "QK/V head dims (got {head_dim}/{head_dim}) and a power-of-2 page size. Use --page-size 64 instead.") {
  const auto& c = ctx.cfg;
  const bool xqa = ctx.hw.is_sm90() || ctx.hw.is_sm120();
  if (c.page_size < 128 || xqa || c.asymmetric_kv || c.num_q_heads_per_rank == unset ||
      c.num_kv_heads_per_rank == unset)
    return false;
  return c.num_q_heads_per_rank / c.num_kv_heads_per_rank <= 1 || (c.page_size & (c.page_size - 1)) != 0;
}

}  // namespace rules::trtllm_mha

/// The rules of `trtllm_mha`, in the order the engine checks them.
template <>
struct backend_rules<backends::trtllm_mha>
    : rule_list<rules::trtllm_mha::non_mla_only, rules::trtllm_mha::init_page_size> {};

}  // namespace attncap
