// SPDX-License-Identifier: MIT
/// @file
/// DeepSeek V4 (`DeepseekV4ForCausalLM`): its model override forces the dsv4 backend and its
/// page size, then its defaults settle the KV cache dtype and check the speculative algorithm
/// (sglang 0.5.23, arg_groups/model_overrides/deepseek_v4.py:19-63, then
/// arg_groups/deepseek_v4_hook.py:64-158 with overrides.py:893-915, both from
/// arg_groups/model_hook.py:140-265). The dsv4 sub-backend (--dsv4-attn-backend) is left at
/// its default.
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
