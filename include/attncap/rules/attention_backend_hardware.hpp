// SPDX-License-Identifier: MIT
/// @file
/// The hardware and KV-dtype passes of the engine's backend compatibility handling: MLA kernels
/// on Blackwell, cutedsl_mla's decode-only fill, and trtllm_mha's per-phase hardware.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/capabilities/rule_shapes.hpp>
#include <attncap/rules/attention_backend_default.hpp>

namespace attncap::rules::server_args {

// Only the base and decode fields are read here: a trtllm_mla that is only the prefill backend is
// never checked at this stage. The hardware and KV dtypes are the backends' declared sets.
ATTNCAP_RULE(trtllm_mla_blackwell, "trtllm_mla.blackwell", server_args, value_error, hardware,
             declared_targets<backends::trtllm_mla>,
             "TRTLLM MLA backend is only supported on Blackwell GPUs (SM100/SM12x). Please use a different backend.") {
  return detail::base_or_decode(ctx.cfg, id::trtllm_mla) && target_excluded<backends::trtllm_mla>(ctx, 1208);
}
ATTNCAP_RULE(trtllm_mla_kv_cache_dtype, "trtllm_mla.kv_cache_dtype", server_args, value_error, kv_cache_dtype,
             declared_kv_cache_dtypes<backends::trtllm_mla>,
             "TensorRT-LLM MLA backend only supports kv-cache-dtype of fp8_e4m3, bf16, or auto.") {
  return detail::base_or_decode(ctx.cfg, id::trtllm_mla) && kv_cache_dtype_excluded<backends::trtllm_mla>(ctx);
}
ATTNCAP_RULE(cutedsl_mla_decode_only, "cutedsl_mla.decode_only", server_args, assertion_error,
             prefill_attention_backend, "any backend but cutedsl_mla", "CuteDSL MLA only supports decoding for now") {
  return ctx.cfg.prefill_attention_backend == id::cutedsl_mla &&
         !backend_traits<backends::cutedsl_mla>::caps.phases.contains(phase::prefill);
}
ATTNCAP_RULE(cutedsl_mla_sm100, "cutedsl_mla.sm100", server_args, value_error, hardware,
             declared_targets<backends::cutedsl_mla>,
             "CuteDSL MLA backend is only supported on Blackwell GPUs (SM100). Please use a different backend.") {
  return ctx.cfg.names(id::cutedsl_mla) && target_excluded<backends::cutedsl_mla>(ctx, 1208);
}
ATTNCAP_RULE(cutedsl_mla_kv_cache_dtype, "cutedsl_mla.kv_cache_dtype", server_args, value_error, kv_cache_dtype,
             declared_kv_cache_dtypes<backends::cutedsl_mla>,
             "CuteDSL MLA backend only supports kv-cache-dtype of fp8_e4m3, bf16, or auto.") {
  return ctx.cfg.names(id::cutedsl_mla) && kv_cache_dtype_excluded<backends::cutedsl_mla>(ctx);
}
/// cutedsl_mla decodes only: prefill becomes trtllm_mla when not given.
struct cutedsl_mla_prefill_fill {
  static constexpr rewrite_info info{"cutedsl_mla.prefill_fill", field::prefill_attention_backend, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.names(id::cutedsl_mla) && !is_set(ctx.cfg.prefill_attention_backend);
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.prefill_attention_backend = id::trtllm_mla;
  }
};

namespace detail {
/// trtllm_mha's declared hardware, with the toolkit its kernels need (12.3 on Hopper, else 12.8).
constexpr bool trtllm_mha_excluded(const rule_context& ctx) noexcept {
  return target_excluded<backends::trtllm_mha>(ctx, ctx.hw.major() == 9 ? 1203 : 1208);
}
}  // namespace detail

ATTNCAP_RULE(trtllm_mha_prefill_hardware, "trtllm_mha.prefill_hardware", server_args, value_error, hardware,
             declared_targets<backends::trtllm_mha>,
             "TRTLLM MHA backend for prefill requires Hopper (SM90), Blackwell (SM100), or SM120 GPUs. Please use a "
             "different prefill backend.") {
  return ctx.cfg.prefill_backend() == id::trtllm_mha && detail::trtllm_mha_excluded(ctx);
}
ATTNCAP_RULE(trtllm_mha_sm120_prefill_fp8, "trtllm_mha.sm120_prefill_fp8", server_args, value_error, kv_cache_dtype,
             "any but fp8_e4m3, with SGLANG_SKIP_SOFTMAX_PREFILL_THRESHOLD_SCALE_FACTOR unset or 0",
             "TRTLLM FMHAv2 prefill on SM120 does not support fp8_e4m3 KV cache or skip-softmax.") {
  const auto& c = ctx.cfg;
  return c.prefill_backend() == id::trtllm_mha && ctx.hw.is_sm120() &&
         (c.kv_cache_dtype == kv_cache_dtype::fp8_e4m3 || c.sglang_skip_softmax_prefill_threshold_scale_factor > 0);
}
ATTNCAP_RULE(trtllm_mha_decode_hardware, "trtllm_mha.decode_hardware", server_args, value_error, hardware,
             declared_targets<backends::trtllm_mha>,
             "TRTLLM MHA backend for decode is only supported on Hopper (SM90), Blackwell (SM100) and (SM120) GPUs. "
             "Please use a different decode backend.") {
  return ctx.cfg.decode_backend() == id::trtllm_mha && detail::trtllm_mha_excluded(ctx);
}
ATTNCAP_RULE(trtllm_mha_prefill_context_parallel, "trtllm_mha.prefill_context_parallel", server_args, value_error,
             attn_cp_size, "1 unless on sm100",
             "Prefill context parallelism with the TRTLLM MHA prefill backend requires SM100 (trtllm-gen context "
             "kernel): the SM90/SM120 fmha_v2 prefill path does not implement CP shard masking.") {
  return ctx.cfg.prefill_backend() == id::trtllm_mha && !ctx.hw.is_sm100() && ctx.cfg.attn_cp_size > 1;
}

}  // namespace attncap::rules::server_args
