// SPDX-License-Identifier: MIT
/// @file
/// The engine's per-model overrides (DeepSeek DSA and V3 family, GPT-OSS, Llama4, Step3p), which
/// run after the platform hooks and before deterministic inference and backend compatibility.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/rule.hpp>

namespace attncap::rules::server_args {

namespace detail {
constexpr bool no_backend_given(const launch_config& c) noexcept {
  return !is_set(c.attention_backend) && !is_set(c.prefill_attention_backend) && !is_set(c.decode_attention_backend);
}
constexpr bool is_dsa_model(const launch_config& c) noexcept { return c.dsa || c.model == model_family::deepseek_dsa; }
}  // namespace detail

/// DeepSeek DSA models default to the dsa backend.
ATTNCAP_REWRITE(dsa_default_backend, "model.dsa_backend", attention_backend,
                "Use dsa attention backend for DeepSeek with DSA.");
constexpr bool dsa_default_backend::applies(const rule_context& ctx) noexcept {
  return detail::is_dsa_model(ctx.cfg) && detail::no_backend_given(ctx.cfg);
}
constexpr void dsa_default_backend::apply(launch_config& cfg, const platform&) noexcept {
  cfg.attention_backend = id::dsa;
}

/// DeepSeek DSA: page 64 on CUDA and ROCm, 128 on XPU, whatever the user gave.
ATTNCAP_REWRITE(dsa_page_size, "model.dsa_page_size", page_size,
                "Setting page size to {new_page_size} for DeepSeek DSA.");
constexpr bool dsa_page_size::applies(const rule_context& ctx) noexcept {
  if (!detail::is_dsa_model(ctx.cfg) || ctx.hw.is_npu() || ctx.hw.is_xpu()) return false;
  return ctx.cfg.page_size != 64;
}
constexpr void dsa_page_size::apply(launch_config& cfg, const platform&) noexcept { cfg.page_size = 64; }

ATTNCAP_REWRITE(dsa_page_size_xpu, "model.dsa_page_size_xpu", page_size,
                "Setting page size to 128 for DeepSeek DSA on XPU.");
constexpr bool dsa_page_size_xpu::applies(const rule_context& ctx) noexcept {
  return detail::is_dsa_model(ctx.cfg) && ctx.hw.is_xpu() && ctx.cfg.page_size != 128;
}
constexpr void dsa_page_size_xpu::apply(launch_config& cfg, const platform&) noexcept { cfg.page_size = 128; }

/// DeepSeek DSA: learnable sinks need a bfloat16 cache (checked before the auto default).
ATTNCAP_RULE(dsa_sinks_kv_dtype, "model.dsa_sinks_kv_dtype", server_args, value_error, kv_cache_dtype, "bfloat16",
             "Learnable DSA attention sinks require a bfloat16 KV cache; got kv_cache_dtype={kv_cache_dtype}.") {
  const auto& c = ctx.cfg;
  return detail::is_dsa_model(c) && !ctx.hw.is_npu() && c.attention_sinks && !is_bf16(c.kv_cache_dtype) &&
         c.kv_cache_dtype != kv_cache_dtype::auto_;
}

/// DeepSeek DSA: `auto` KV becomes fp8_e4m3 on SM >= 10 without sinks, else bfloat16.
ATTNCAP_REWRITE(dsa_kv_dtype_default, "model.dsa_kv_dtype_default", kv_cache_dtype,
                "Setting KV cache dtype to {new_kv_cache_dtype} for DeepSeek DSA on SM{sm_major} device.");
constexpr bool dsa_kv_dtype_default::applies(const rule_context& ctx) noexcept {
  return detail::is_dsa_model(ctx.cfg) && !ctx.hw.is_npu() && !ctx.hw.is_xpu() &&
         ctx.cfg.kv_cache_dtype == kv_cache_dtype::auto_;
}
constexpr void dsa_kv_dtype_default::apply(launch_config& cfg, const platform& hw) noexcept {
  cfg.kv_cache_dtype =
      hw.major() >= 10 && hw.is_cuda() && !cfg.attention_sinks ? kv_cache_dtype::fp8_e4m3 : kv_cache_dtype::bfloat16;
}

ATTNCAP_REWRITE(dsa_kv_dtype_xpu, "model.dsa_kv_dtype_xpu", kv_cache_dtype,
                "Setting KV cache dtype to bfloat16 for DeepSeek DSA on XPU.");
constexpr bool dsa_kv_dtype_xpu::applies(const rule_context& ctx) noexcept {
  return detail::is_dsa_model(ctx.cfg) && ctx.hw.is_xpu() && ctx.cfg.kv_cache_dtype == kv_cache_dtype::auto_;
}
constexpr void dsa_kv_dtype_xpu::apply(launch_config& cfg, const platform&) noexcept {
  cfg.kv_cache_dtype = kv_cache_dtype::bfloat16;
}

/// DeepSeek DSA: `bf16` is spelled `bfloat16` from here on.
ATTNCAP_REWRITE(dsa_kv_dtype_spelling, "model.dsa_kv_dtype_spelling", kv_cache_dtype, "");
constexpr bool dsa_kv_dtype_spelling::applies(const rule_context& ctx) noexcept {
  return detail::is_dsa_model(ctx.cfg) && !ctx.hw.is_npu() && ctx.cfg.kv_cache_dtype == kv_cache_dtype::bf16;
}
constexpr void dsa_kv_dtype_spelling::apply(launch_config& cfg, const platform&) noexcept {
  cfg.kv_cache_dtype = kv_cache_dtype::bfloat16;
}

ATTNCAP_RULE(dsa_kv_dtype, "model.dsa_kv_dtype", server_args, assertion_error, kv_cache_dtype,
             "bf16, bfloat16, fp8_e4m3", "DeepSeek DSA only supports bf16/bfloat16 or fp8_e4m3 kv_cache_dtype") {
  const auto k = ctx.cfg.kv_cache_dtype;
  return detail::is_dsa_model(ctx.cfg) && !ctx.hw.is_npu() && !is_bf16(k) && k != kv_cache_dtype::fp8_e4m3 &&
         k != kv_cache_dtype::auto_;
}

/// DeepSeek V3 family on SM100: trtllm_mla when no backend is given.
ATTNCAP_REWRITE(deepseek_trtllm_mla, "model.deepseek_trtllm_mla", attention_backend,
                "Use trtllm_mla as attention backend on sm100 for DeepseekV3ForCausalLM");
constexpr bool deepseek_trtllm_mla::applies(const rule_context& ctx) noexcept {
  const auto m = ctx.cfg.model;
  return (m == model_family::deepseek_v3 || m == model_family::deepseek_v3_like) && !detail::is_dsa_model(ctx.cfg) &&
         ctx.hw.is_sm100() && detail::no_backend_given(ctx.cfg);
}
constexpr void deepseek_trtllm_mla::apply(launch_config& cfg, const platform&) noexcept {
  cfg.attention_backend = id::trtllm_mla;
}

/// GPT-OSS: per-platform backend when none is given.
ATTNCAP_REWRITE(gpt_oss_backend, "model.gpt_oss_backend", attention_backend, "");
constexpr bool gpt_oss_backend::applies(const rule_context& ctx) noexcept {
  return ctx.cfg.model == model_family::gpt_oss && detail::no_backend_given(ctx.cfg);
}
constexpr void gpt_oss_backend::apply(launch_config& cfg, const platform& hw) noexcept {
  cfg.attention_backend = hw.is_sm100()                 ? id::trtllm_mha
                          : hw.is_sm90()                ? id::fa3
                          : hw.is_cpu() && hw.has_amx() ? id::intel_amx
                          : hw.is_xpu()                 ? id::intel_xpu
                          : hw.is_hip()                 ? id::aiter
                                                        : id::triton;
}

/// Llama4 (not on CPU): per-platform backend when the base backend is not given.
ATTNCAP_REWRITE(llama4_backend, "model.llama4_backend", attention_backend,
                "Use {new_attention_backend} as attention backend on {platform} for Llama4 model");
constexpr bool llama4_backend::applies(const rule_context& ctx) noexcept {
  return ctx.cfg.model == model_family::llama4 && !ctx.hw.is_cpu() && !is_set(ctx.cfg.attention_backend);
}
constexpr void llama4_backend::apply(launch_config& cfg, const platform& hw) noexcept {
  cfg.attention_backend = hw.is_sm100()  ? id::trtllm_mha
                          : hw.is_sm90() ? id::fa3
                          : hw.is_hip()  ? id::aiter
                          : hw.is_xpu()  ? id::intel_xpu
                                         : id::triton;
}

/// Step3p5/Step3p7: fa4 on Blackwell, fa3 on SM90, when no backend is given.
ATTNCAP_REWRITE(step3p_backend, "model.step3p_backend", attention_backend, "");
constexpr bool step3p_backend::applies(const rule_context& ctx) noexcept {
  return ctx.cfg.model == model_family::step3p && detail::no_backend_given(ctx.cfg) &&
         (ctx.hw.is_blackwell() || ctx.hw.is_sm90());
}
constexpr void step3p_backend::apply(launch_config& cfg, const platform& hw) noexcept {
  cfg.attention_backend = hw.is_blackwell() ? id::fa4 : id::fa3;
}

}  // namespace attncap::rules::server_args
