// SPDX-License-Identifier: MIT
/// @file
/// The last passes of the engine's backend compatibility handling: silent backend swaps
/// (fa3 with fp8_e5m2, intel_amx without AMX, intel_xpu without XMX), FA4 and XPU page sizes,
/// and dual-chunk attention.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/rule.hpp>

namespace attncap::rules::server_args {

ATTNCAP_REWRITE(fa3_fp8_e5m2_fallback, "fa3.fp8_e5m2_fallback", attention_backend,
                "FlashAttention3 only supports fp8_e4m3 if using FP8; Setting attention backend to triton.");
constexpr bool fa3_fp8_e5m2_fallback::applies(const rule_context& ctx) noexcept {
  return ctx.cfg.attention_backend == id::fa3 && ctx.cfg.kv_cache_dtype == kv_cache_dtype::fp8_e5m2;
}
constexpr void fa3_fp8_e5m2_fallback::apply(launch_config& cfg, const platform&) noexcept {
  cfg.attention_backend = id::triton;
}

// The FA4 CUTLASS kernel aborts at page > 1 on the topk > 1 cascade, hence the exemption.
ATTNCAP_REWRITE(fa4_page_size, "fa4.page_size", page_size,
                "FA4 backend only supports page size 128 for non-MLA model architectures, changing page_size from "
                "{page_size} to 128.");
constexpr bool fa4_page_size::applies(const rule_context& ctx) noexcept {
  const auto& c = ctx.cfg;
  return c.names(id::fa4) && !c.is_mla() && ctx.hw.is_sm100() && c.speculative_eagle_topk <= 1 && c.page_size != 128;
}
constexpr void fa4_page_size::apply(launch_config& cfg, const platform&) noexcept { cfg.page_size = 128; }

ATTNCAP_REWRITE(intel_amx_fallback, "intel_amx.fallback", attention_backend,
                "The current platform does not support Intel AMX, will fallback to torch_native backend.");
constexpr bool intel_amx_fallback::applies(const rule_context& ctx) noexcept {
  return ctx.cfg.attention_backend == id::intel_amx && ctx.hw.is_cpu() && !ctx.hw.has_amx();
}
constexpr void intel_amx_fallback::apply(launch_config& cfg, const platform&) noexcept {
  cfg.attention_backend = id::torch_native;
}

ATTNCAP_REWRITE(intel_xpu_fallback, "intel_xpu.fallback", attention_backend,
                "The current platform does not support Intel XMX, will fallback to triton backend.");
constexpr bool intel_xpu_fallback::applies(const rule_context& ctx) noexcept {
  return ctx.cfg.attention_backend == id::intel_xpu && ctx.hw.is_xpu() && !ctx.hw.has_xmx();
}
constexpr void intel_xpu_fallback::apply(launch_config& cfg, const platform&) noexcept {
  cfg.attention_backend = id::triton;
}

ATTNCAP_RULE(intel_xpu_mla_prefill, "intel_xpu.mla_prefill", server_args, value_error, prefill_attention_backend,
             "any backend but intel_xpu for MLA prefill",
             "intel_xpu backend is only supported on decode for MLA models, please set --decode-attention-backend to "
             "intel_xpu and do not set --attention-backend or --prefill-attention-backend to intel_xpu for prefill "
             "instead use triton.") {
  return ctx.cfg.is_mla() && ctx.cfg.prefill_backend() == id::intel_xpu;
}

namespace detail {
constexpr bool xpu_pair(const launch_config& c) noexcept {
  return c.prefill_backend() == id::intel_xpu || c.decode_backend() == id::intel_xpu;
}
}  // namespace detail

ATTNCAP_REWRITE(intel_xpu_page_size, "intel_xpu.page_size", page_size,
                "Intel XPU attention backend only supports page_sizes of [64, 128], changing page_size from "
                "{page_size} to 128.");
constexpr bool intel_xpu_page_size::applies(const rule_context& ctx) noexcept {
  const auto p = ctx.cfg.page_size;
  return detail::xpu_pair(ctx.cfg) && !ctx.cfg.is_mla() && p != 64 && p != 128;
}
constexpr void intel_xpu_page_size::apply(launch_config& cfg, const platform&) noexcept { cfg.page_size = 128; }

ATTNCAP_REWRITE(intel_xpu_mla_page_size, "intel_xpu.mla_page_size", page_size,
                "Intel XPU attention backend for MLA only supports page_sizes of [64, 128, 16, 32], changing "
                "page_size from {page_size} to 128.");
constexpr bool intel_xpu_mla_page_size::applies(const rule_context& ctx) noexcept {
  const auto p = ctx.cfg.page_size;
  return detail::xpu_pair(ctx.cfg) && ctx.cfg.is_mla() && p != 64 && p != 128 && p != 16 && p != 32;
}
constexpr void intel_xpu_mla_page_size::apply(launch_config& cfg, const platform&) noexcept { cfg.page_size = 128; }

// The default fill runs first, so a dual-chunk model launched without a backend usually meets the
// error below with the hardware default rather than this fill.
ATTNCAP_REWRITE(dual_chunk_default, "dual_chunk.default", attention_backend,
                "Dual chunk attention is turned on by default.");
constexpr bool dual_chunk_default::applies(const rule_context& ctx) noexcept {
  return ctx.cfg.dual_chunk_attention && !is_set(ctx.cfg.attention_backend);
}
constexpr void dual_chunk_default::apply(launch_config& cfg, const platform&) noexcept {
  cfg.attention_backend = id::dual_chunk_flash_attn;
}

ATTNCAP_RULE(dual_chunk_backend, "dual_chunk.backend", server_args, value_error, attention_backend,
             "dual_chunk_flash_attn",
             "Dual chunk attention is enabled, but attention backend is set to {attention_backend}. Please set it to "
             "'dual_chunk_flash_attn'.") {
  return ctx.cfg.dual_chunk_attention && is_set(ctx.cfg.attention_backend) &&
         ctx.cfg.attention_backend != id::dual_chunk_flash_attn;
}

ATTNCAP_REWRITE(dual_chunk_radix_cache, "dual_chunk.radix_cache", disable_radix_cache,
                "Mixed chunk and radix cache are disabled when using dual-chunk flash attention backend");
constexpr bool dual_chunk_radix_cache::applies(const rule_context& ctx) noexcept {
  return ctx.cfg.attention_backend == id::dual_chunk_flash_attn && !ctx.cfg.disable_radix_cache;
}
constexpr void dual_chunk_radix_cache::apply(launch_config& cfg, const platform&) noexcept {
  cfg.disable_radix_cache = true;
}

}  // namespace attncap::rules::server_args
