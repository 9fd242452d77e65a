// SPDX-License-Identifier: MIT
/// @file
/// DeepSeek V4 (`DeepseekV4ForCausalLM`): its model override forces the dsv4 backend and its
/// page size, then its defaults settle the KV cache dtype and check the speculative algorithm
/// (sglang 0.5.23, arg_groups/model_overrides/deepseek_v4.py:19-63, then
/// arg_groups/deepseek_v4_hook.py:64-158 with overrides.py:893-915, both from
/// arg_groups/model_hook.py:140-265), including the dsv4 kernels (--dsv4-attn-backend).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/backends/dsv4.hpp>
#include <attncap/capabilities/rule.hpp>

namespace attncap::rules::server_args {

namespace detail {
using dsv4_traits = backend_traits<backends::dsv4>;
constexpr bool is_deepseek_v4(const launch_config& c) noexcept { return c.model == model_family::deepseek_v4; }
/// The page the override sets: 128 on the NPU, else the one dsv4 declares (256).
constexpr std::int32_t dsv4_page(const platform& hw) noexcept {
  return hw.is_npu() ? 128 : dsv4_traits::caps.page_snap;
}
}  // namespace detail

/// The override replaces the page size the user gave.
struct dsv4_page_size {
  static constexpr rewrite_info info{"model.dsv4_page_size", field::page_size, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::is_deepseek_v4(ctx.cfg) && ctx.cfg.page_size != detail::dsv4_page(ctx.hw);
  }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    cfg.page_size = detail::dsv4_page(hw);
  }
};
/// ... and the backend, on the NPU for both phases too.
struct dsv4_backend {
  static constexpr rewrite_info info{
      "model.dsv4_backend", field::attention_backend,
      "Use dsv4 attention backend for DeepseekV4ForCausalLM, setting page_size to {page_size}."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    return detail::is_deepseek_v4(c) &&
           (c.attention_backend != id::dsv4 ||
            (ctx.hw.is_npu() && (c.prefill_attention_backend != id::dsv4 || c.decode_attention_backend != id::dsv4)));
  }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    cfg.attention_backend = id::dsv4;
    if (hw.is_npu()) cfg.prefill_attention_backend = cfg.decode_attention_backend = id::dsv4;
  }
};

/// `auto` becomes fp8_e4m3, with a warning (on the NPU too, before its bfloat16).
struct dsv4_kv_dtype_default {
  static constexpr rewrite_info info{"model.dsv4_kv_dtype_default", field::kv_cache_dtype,
                                     "Setting KV cache dtype to fp8_e4m3 for DeepseekV4ForCausalLM."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::is_deepseek_v4(ctx.cfg) && ctx.cfg.kv_cache_dtype == kv_cache_dtype::auto_;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.kv_cache_dtype = kv_cache_dtype::fp8_e4m3;
  }
};
/// The NPU holds a bfloat16 cache, whatever was asked.
struct dsv4_kv_dtype_npu {
  static constexpr rewrite_info info{"model.dsv4_kv_dtype_npu", field::kv_cache_dtype, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::is_deepseek_v4(ctx.cfg) && ctx.hw.is_npu() && ctx.cfg.kv_cache_dtype != kv_cache_dtype::bfloat16;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.kv_cache_dtype = kv_cache_dtype::bfloat16;
  }
};
// The spelling `bf16` is not accepted, only `bfloat16`.
ATTNCAP_RULE(dsv4_kv_dtype, "model.dsv4_kv_dtype", server_args, assertion_error, kv_cache_dtype, "fp8_e4m3, bfloat16",
             "{kv_cache_dtype} is not supported for DeepseekV4ForCausalLM") {
  const auto k = ctx.cfg.kv_cache_dtype;
  return detail::is_deepseek_v4(ctx.cfg) && !detail::dsv4_traits::caps.kv_cache_dtypes.contains(k);
}

namespace detail {
/// Where the fused V4.1 kernel runs: DeepSeek-V4.1 on an SM100-family GPU.
constexpr bool dsv4_mega_platform(const launch_config& c, const platform& hw) noexcept {
  return c.deepseek_v41 && hw.is_cuda() && hw.is_sm100();
}
constexpr bool dsv4_trtllm(const launch_config& c) noexcept {
  return is_deepseek_v4(c) && c.dsv4_attn_backend == dsv4_attn_backend::trtllm;
}
}  // namespace detail

/// `auto` becomes flashmla_mega where the fused V4.1 kernel runs with an FP8 cache and attention
/// is not split over ranks outside PD disaggregation (it pads each rank to 64 heads; prefill CP
/// gives each rank whole heads) and SGLANG_DSV4_KV_LAYOUT, where set, names a layout it reads, else
/// flashmla; silently.
struct dsv4_attn_backend_default {
  static constexpr rewrite_info info{"model.dsv4_attn_backend_default", field::dsv4_attn_backend, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::is_deepseek_v4(ctx.cfg) && ctx.cfg.dsv4_attn_backend == dsv4_attn_backend::auto_;
  }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    const bool mega =
        detail::dsv4_mega_platform(cfg, hw) && cfg.kv_cache_dtype == kv_cache_dtype::fp8_e4m3 &&
        !(cfg.disaggregation_mode == disaggregation_mode::null && !cfg.enable_prefill_cp && cfg.attn_tp_size() > 1) &&
        cfg.sglang_dsv4_kv_layout != dsv4_kv_layout::v4;
    cfg.dsv4_attn_backend = mega ? dsv4_attn_backend::flashmla_mega : dsv4_attn_backend::flashmla;
  }
};
ATTNCAP_RULE(dsv4_flashmla_mega, "model.dsv4_flashmla_mega", server_args, assertion_error, dsv4_attn_backend,
             "flashmla_mega with DeepSeek-V4.1 on sm100, sm103",
             "--dsv4-attn-backend flashmla_mega requires DeepSeek-V4.1 on SM100/SM103.") {
  return detail::is_deepseek_v4(ctx.cfg) && ctx.cfg.dsv4_attn_backend == dsv4_attn_backend::flashmla_mega &&
         !detail::dsv4_mega_platform(ctx.cfg, ctx.hw);
}
ATTNCAP_RULE(dsv4_trtllm_hardware, "model.dsv4_trtllm_hardware", server_args, assertion_error, hardware, "sm100, sm103",
             "--dsv4-attn-backend trtllm requires an SM100/SM103 (Blackwell) GPU.") {
  return detail::dsv4_trtllm(ctx.cfg) && !(ctx.hw.is_cuda() && ctx.hw.is_sm100());
}
// The default has made `auto` fp8_e4m3 by now; the engine still lets `auto` through.
ATTNCAP_RULE(dsv4_trtllm_kv_dtype, "model.dsv4_trtllm_kv_dtype", server_args, assertion_error, kv_cache_dtype,
             "fp8_e4m3", "--dsv4-attn-backend trtllm requires kv_cache_dtype=fp8_e4m3, got {kv_cache_dtype}.") {
  const auto k = ctx.cfg.kv_cache_dtype;
  return detail::dsv4_trtllm(ctx.cfg) && k != kv_cache_dtype::auto_ && k != kv_cache_dtype::fp8_e4m3;
}
ATTNCAP_RULE(dsv4_trtllm_hisparse, "model.dsv4_trtllm_hisparse", server_args, assertion_error, enable_hisparse, "False",
             "--dsv4-attn-backend trtllm does not support enable_hisparse.") {
  return detail::dsv4_trtllm(ctx.cfg) && ctx.cfg.enable_hisparse;
}
// One assertion of attention, decode and prefill context parallelism: three rules, so that each names its own.
#define ATTNCAP_DSV4_TRTLLM_CP_MESSAGE \
  "--dsv4-attn-backend trtllm does not support context parallelism (prefill CP, attention CP, or decode CP)."
ATTNCAP_RULE(dsv4_trtllm_context_parallel, "model.dsv4_trtllm_context_parallel", server_args, assertion_error,
             attn_cp_size, "1", ATTNCAP_DSV4_TRTLLM_CP_MESSAGE) {
  return detail::dsv4_trtllm(ctx.cfg) && ctx.cfg.attn_cp_size > 1;
}
ATTNCAP_RULE(dsv4_trtllm_decode_context_parallel, "model.dsv4_trtllm_decode_context_parallel", server_args,
             assertion_error, dcp_size, "1", ATTNCAP_DSV4_TRTLLM_CP_MESSAGE) {
  return detail::dsv4_trtllm(ctx.cfg) && ctx.cfg.attn_cp_size == 1 && ctx.cfg.dcp_size > 1;
}
ATTNCAP_RULE(dsv4_trtllm_prefill_context_parallel, "model.dsv4_trtllm_prefill_context_parallel", server_args,
             assertion_error, enable_prefill_cp, "False", ATTNCAP_DSV4_TRTLLM_CP_MESSAGE) {
  const auto& c = ctx.cfg;
  return detail::dsv4_trtllm(c) && c.attn_cp_size == 1 && c.dcp_size == 1 && c.enable_prefill_cp;
}
#undef ATTNCAP_DSV4_TRTLLM_CP_MESSAGE
// The uniform-FP8 layout has not been run under PD (sglang issue 37838).
ATTNCAP_RULE(dsv4_trtllm_disaggregation, "model.dsv4_trtllm_disaggregation", server_args, assertion_error,
             disaggregation_mode, "null",
             "--dsv4-attn-backend trtllm does not support PD disaggregation yet (untested; see "
             "https://github.com/sgl-project/sglang/issues/37838).") {
  return detail::dsv4_trtllm(ctx.cfg) && ctx.cfg.disaggregation_mode != disaggregation_mode::null;
}
// The kernel's semaphore buffer is sized from the chunk; not given, the engine has set one from
// the GPU's memory.
ATTNCAP_RULE(dsv4_trtllm_chunked_prefill, "model.dsv4_trtllm_chunked_prefill", server_args, assertion_error,
             chunked_prefill_size, "a positive chunk size",
             "--dsv4-attn-backend trtllm requires chunked prefill (--chunked-prefill-size > 0).") {
  const auto n = ctx.cfg.chunked_prefill_size;
  return detail::dsv4_trtllm(ctx.cfg) && n != unset && n <= 0;
}

// The algorithm as given: NEXTN is not yet EAGLE here.
ATTNCAP_RULE(dsv4_speculative_algorithm, "model.dsv4_speculative_algorithm", server_args, assertion_error,
             speculative_algorithm, "None, EAGLE, DSPARK",
             "Only EAGLE and DSPARK speculative algorithms are supported for DeepseekV4ForCausalLM") {
  const auto a = ctx.cfg.speculative_algorithm;
  return detail::is_deepseek_v4(ctx.cfg) && ctx.cfg.speculative() && a != speculative_algorithm::eagle &&
         a != speculative_algorithm::dspark;
}
ATTNCAP_RULE(dsv4_eagle_topk, "model.dsv4_eagle_topk", server_args, assertion_error, speculative_eagle_topk, "1",
             "Only EAGLE speculative algorithm with topk == 1 is supported for DeepseekV4ForCausalLM") {
  const auto& c = ctx.cfg;
  return detail::is_deepseek_v4(c) && c.speculative_algorithm == speculative_algorithm::eagle &&
         detail::dsv4_traits::caps.speculative == speculative_support::chain && c.speculative_eagle_topk != 1;
}

}  // namespace attncap::rules::server_args
