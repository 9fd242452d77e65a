// SPDX-License-Identifier: MIT
/// @file
/// attncap::default_backend: the engine's `get_default_attn_backend` table — the backend it
/// picks when none is given, and the row of the table that picked it.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/vocabulary/launch_config.hpp>
#include <string_view>

namespace attncap {

/// A default choice and the reason for it.
struct selection {
  backend_id backend = backend_id::none;
  std::string_view reason;
};

namespace detail {
/// True while topk is not given, or with topk 1 at page size 1 (the engine's
/// `is_no_spec_infer_or_topk_one`, which reads topk only: the speculative hook that fills an
/// EAGLE topk runs after this table).
constexpr bool no_spec_or_topk_one(const launch_config& c) noexcept {
  return c.speculative_eagle_topk == unset ||
         (c.speculative_eagle_topk == 1 && (c.page_size == unset || c.page_size == 1));
}
/// SM100's trtllm_mha row also wants the topk known: without speculative decoding, given, or
/// DFLASH's (its hook forces 1 later; sglang 0.5.23, arg_groups/model_override_base.py:268-274).
constexpr bool topk_known(const launch_config& c) noexcept {
  return !c.speculative() || c.speculative_eagle_topk != unset ||
         c.speculative_algorithm == speculative_algorithm::dflash;
}
}  // namespace detail

/// The engine's default backend for `c` (its `get_default_attn_backend`, first match wins).
constexpr selection default_backend(const launch_config& c) noexcept {
  const platform p(c.hardware, c.cuda);
  if (c.model == model_family::whisper)
    return {builtin_id<backends::flashinfer>, "Whisper models default to flashinfer"};
  if (!c.is_mla()) {
    if (p.is_hopper_with_cuda_12_3() && detail::no_spec_or_topk_one(c))
      return {builtin_id<backends::fa3>, "MHA on Hopper with CUDA >= 12.3, without tree speculative decoding"};
    if (p.is_sm100() && detail::no_spec_or_topk_one(c) && detail::topk_known(c))
      return c.asymmetric_kv
                 ? selection{builtin_id<backends::fa4>, "MHA on SM100 with asymmetric K/V head dims"}
                 : selection{builtin_id<backends::trtllm_mha>, "MHA on SM100 without tree speculative decoding"};
    if (p.is_hip()) return {builtin_id<backends::aiter>, "MHA on ROCm"};
    if (p.is_mps()) return {builtin_id<backends::torch_native>, "MHA on Apple MPS"};
    if (p.has_flashinfer() && !c.attention_sinks)
      return {builtin_id<backends::flashinfer>, "MHA elsewhere on CUDA, model without attention sinks"};
    return {builtin_id<backends::triton>,
            c.attention_sinks ? "MHA with attention sinks (flashinfer has none)" : "MHA without FlashInfer"};
  }
  if (p.is_hopper_with_cuda_12_3()) return {builtin_id<backends::fa3>, "MLA on Hopper with CUDA >= 12.3"};
  if (p.is_sm100()) return {builtin_id<backends::flashinfer>, "MLA on SM100"};
  if (p.is_hip())
    return c.num_kv_heads_per_rank == 16 || c.num_kv_heads_per_rank == 128
               ? selection{builtin_id<backends::aiter>, "MLA on ROCm with 16 or 128 KV heads per rank"}
               : selection{builtin_id<backends::triton>, "MLA on ROCm without 16 or 128 KV heads per rank"};
  if (p.is_mps()) return {builtin_id<backends::torch_native>, "MLA on Apple MPS"};
  return {builtin_id<backends::triton>, "MLA elsewhere"};
}

/// The engine's default fill: no backend given, the table above chooses one.
struct default_backend_fill {
  static constexpr rewrite_info info{
      "default.fill", field::attention_backend,
      "Attention backend not specified. Use {new_attention_backend} backend by default."};
  static constexpr bool applies(const rule_context& ctx) noexcept { return !is_set(ctx.cfg.attention_backend); }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.attention_backend = default_backend(cfg).backend;
  }
};

}  // namespace attncap
