// SPDX-License-Identifier: MIT
/// @file
/// The per-model providers of the engine's override registry for Gemma 4 and DiffusionGemma,
/// OLMo 2, IQuest Q1 and MOSS-VL, run with the other model overrides (sglang 0.5.23,
/// arg_groups/model_overrides/{gemma4,olmo2,iquest_q1,moss_vl}.py), then the backends
/// arg_groups/model_hook.py:636-690 requires of Gemma 4 and OLMo 2.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/rules/model_overrides.hpp>
#include <attncap/rules/speculative.hpp>

namespace attncap::rules::server_args {

namespace detail {
constexpr bool is_gemma4_provider(const launch_config& c) noexcept {
  return c.model == model_family::gemma4 || c.model == model_family::diffusion_gemma;
}
constexpr bool is_iquest_q1(const launch_config& c) noexcept { return c.model == model_family::iquest_q1; }
}  // namespace detail

/// Gemma 4 fills the base backend whenever it is not given (a split backend alone keeps the
/// other side on it): trtllm_mha on SM100, else Triton; DiffusionGemma always Triton.
struct gemma4_backend {
  static constexpr rewrite_info info{"model.gemma4_backend", field::attention_backend, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::is_gemma4_provider(ctx.cfg) && !is_set(ctx.cfg.attention_backend);
  }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    cfg.attention_backend = cfg.model == model_family::gemma4 && hw.is_sm100() ? id::trtllm_mha : id::triton;
  }
};

/// OLMo 2 / 3 without a base backend: trtllm_mha on SM100, FA3 on other CUDA GPUs, else Triton.
struct olmo2_backend {
  static constexpr rewrite_info info{"model.olmo2_backend", field::attention_backend, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.model == model_family::olmo2 && !is_set(ctx.cfg.attention_backend);
  }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    cfg.attention_backend = hw.is_cuda() && hw.is_sm100() ? id::trtllm_mha : hw.is_cuda() ? id::fa3 : id::triton;
  }
};

// IQuest Q1's provider checks what was given before it fills the backends with FA3.
ATTNCAP_RULE(iquest_q1_backends, "model.iquest_q1_backends", server_args, value_error, attention_backend, "fa3",
             "IQuestQ1 applies its attention sink from the softmax LSE and requires FA3 attention for both prefill "
             "and decode.") {
  const auto& c = ctx.cfg;
  const auto other = [](backend_id b) { return is_set(b) && b != id::fa3; };
  return detail::is_iquest_q1(c) &&
         (other(c.attention_backend) || other(c.prefill_attention_backend) || other(c.decode_attention_backend));
}
ATTNCAP_RULE(iquest_q1_speculative_algorithm, "model.iquest_q1_speculative_algorithm", server_args, value_error,
             speculative_algorithm, "EAGLE, NEXTN", "IQuest Q1 MTP requires serial EAGLE or NEXTN drafting.") {
  using enum speculative_algorithm;
  const auto a = ctx.cfg.speculative_algorithm;
  return detail::is_iquest_q1(ctx.cfg) && a != none && a != eagle && a != nextn;
}
ATTNCAP_RULE(iquest_q1_draft_backend, "model.iquest_q1_draft_backend", server_args, value_error,
             speculative_draft_attention_backend, "fa3", "IQuestQ1 requires FA3 attention for the MTP draft.") {
  const auto& c = ctx.cfg;
  return detail::is_iquest_q1(c) && c.speculative() && is_set(c.speculative_draft_attention_backend) &&
         c.speculative_draft_attention_backend != id::fa3;
}
// One check of attention, decode and prefill context parallelism: three rules, so that each names its own.
#define ATTNCAP_IQUEST_Q1_CP_MESSAGE "IQuestQ1 does not support context parallelism."
ATTNCAP_RULE(iquest_q1_context_parallel, "model.iquest_q1_context_parallel", server_args, value_error, attn_cp_size,
             "1", ATTNCAP_IQUEST_Q1_CP_MESSAGE) {
  return detail::is_iquest_q1(ctx.cfg) && ctx.cfg.attn_cp_size > 1;
}
ATTNCAP_RULE(iquest_q1_decode_context_parallel, "model.iquest_q1_decode_context_parallel", server_args, value_error,
             dcp_size, "1", ATTNCAP_IQUEST_Q1_CP_MESSAGE) {
  return detail::is_iquest_q1(ctx.cfg) && ctx.cfg.attn_cp_size == 1 && ctx.cfg.dcp_size > 1;
}
ATTNCAP_RULE(iquest_q1_prefill_context_parallel, "model.iquest_q1_prefill_context_parallel", server_args, value_error,
             enable_prefill_cp, "False", ATTNCAP_IQUEST_Q1_CP_MESSAGE) {
  const auto& c = ctx.cfg;
  return detail::is_iquest_q1(c) && c.attn_cp_size == 1 && c.dcp_size == 1 && c.enable_prefill_cp;
}
#undef ATTNCAP_IQUEST_Q1_CP_MESSAGE
ATTNCAP_RULE(iquest_q1_topk, "model.iquest_q1_topk", server_args, value_error, speculative_eagle_topk, "None, 1",
             "IQuestQ1 speculative decoding requires --speculative-eagle-topk 1.") {
  return detail::is_iquest_q1(ctx.cfg) && ctx.cfg.speculative_eagle_topk > 1;
}
ATTNCAP_RULE(iquest_q1_dp_attention, "model.iquest_q1_dp_attention", server_args, value_error, attn_dp_size, "1",
             "IQuest Q1 does not support DP attention.") {
  return detail::is_iquest_q1(ctx.cfg) && ctx.cfg.attn_dp_enabled();
}
ATTNCAP_RULE(iquest_q1_pp_size, "model.iquest_q1_pp_size", server_args, value_error, pp_size, "1",
             "IQuest Q1 does not support pipeline parallelism.") {
  return detail::is_iquest_q1(ctx.cfg) && ctx.cfg.pp_size > 1;
}

/// IQuest Q1 fills the base backend with FA3 when no backend is given (`Base`), else each unset
/// side (`Side`).
template <backend_id launch_config::*Side, bool Base>
struct iquest_q1_fa3 {
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    return detail::is_iquest_q1(c) && !is_set(c.*Side) &&
           (Base ? detail::no_backend_given(c) : !is_set(c.attention_backend));
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.*Side = id::fa3; }
};
struct iquest_q1_backend : iquest_q1_fa3<&launch_config::attention_backend, true> {
  static constexpr rewrite_info info{"model.iquest_q1_backend", field::attention_backend, ""};
};
struct iquest_q1_prefill_backend : iquest_q1_fa3<&launch_config::prefill_attention_backend, false> {
  static constexpr rewrite_info info{"model.iquest_q1_prefill_backend", field::prefill_attention_backend, ""};
};
struct iquest_q1_decode_backend : iquest_q1_fa3<&launch_config::decode_attention_backend, false> {
  static constexpr rewrite_info info{"model.iquest_q1_decode_backend", field::decode_attention_backend, ""};
};

/// MOSS-VL prefills on FlashInfer when no backend is given, and requires it there.
struct moss_vl_prefill_backend {
  static constexpr rewrite_info info{"model.moss_vl_prefill_backend", field::prefill_attention_backend, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.model == model_family::moss_vl && detail::no_backend_given(ctx.cfg);
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.prefill_attention_backend = id::flashinfer;
  }
};
ATTNCAP_RULE(moss_vl_flashinfer_prefill, "model.moss_vl_flashinfer_prefill", server_args, assertion_error,
             prefill_attention_backend, "flashinfer",
             "MossVLForConditionalGeneration requires flashinfer prefill attention backend for cross-attention "
             "custom mask support.") {
  return ctx.cfg.model == model_family::moss_vl && ctx.cfg.prefill_backend() != id::flashinfer;
}

ATTNCAP_RULE(gemma4_backends, "model.gemma4_backends", server_args, assertion_error, attention_backend,
             "trtllm_mha, triton, fa4, ascend, intel_xpu, intel_amx, aiter",
             "Gemma4 only supports trtllm_mha, triton, fa4, ascend, intel_xpu, intel_amx, or aiter attention backend, "
             "got prefill={prefill_backend}, decode={decode_backend}") {
  constexpr std::array allowed{id::trtllm_mha, id::triton,    id::fa4,  id::ascend,
                               id::intel_xpu,  id::intel_amx, id::aiter};
  const auto& c = ctx.cfg;
  return c.model == model_family::gemma4 && !detail::pair_one_of(c, allowed);
}
ATTNCAP_RULE(olmo2_flashinfer, "model.olmo2_flashinfer", server_args, assertion_error, attention_backend,
             "any but flashinfer", "FlashInfer backend can significantly degrade the performance of Olmo3 models.") {
  return ctx.cfg.model == model_family::olmo2 && ctx.cfg.attention_backend == id::flashinfer;
}

}  // namespace attncap::rules::server_args
