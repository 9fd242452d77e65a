// SPDX-License-Identifier: MIT
/// @file
/// The last passes of the engine's backend compatibility handling: silent backend swaps
/// (fa3 with fp8_e5m2, intel_amx without AMX, intel_xpu without XMX), FA4 and XPU page sizes,
/// and dual-chunk attention.
#pragma once

#include <attncap/backends/all.hpp>
#include <attncap/capabilities/rule.hpp>

namespace attncap::rules::server_args {

struct fa3_fp8_e5m2_fallback {
  static constexpr rewrite_info info{
      "fa3.fp8_e5m2_fallback", field::attention_backend,
      "FlashAttention3 only supports fp8_e4m3 if using FP8; Setting attention backend to triton."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.attention_backend == id::fa3 && ctx.cfg.kv_cache_dtype == kv_cache_dtype::fp8_e5m2;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.attention_backend = id::triton; }
};

// The FA4 CUTLASS kernel aborts at page > 1 on the topk > 1 cascade, hence the exemption.
struct fa4_page_size {
  static constexpr rewrite_info info{
      "fa4.page_size", field::page_size,
      "FA4 backend only supports page size 128 for non-MLA model architectures, changing page_size from "
      "{page_size} to 128."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    return c.names(id::fa4) && !c.is_mla() && ctx.hw.is_sm100() && c.speculative_eagle_topk <= 1 &&
           c.page_size != backend_traits<backends::fa4>::caps.page_snap;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.page_size = backend_traits<backends::fa4>::caps.page_snap;
  }
};

namespace detail {
/// The engine's silent swap of base backend `From` for `To` on a platform that lacks `Feature`.
template <backend_id From, backend_id To, bool (platform::*Family)() const noexcept,
          bool (platform::*Feature)() const noexcept>
struct feature_fallback {
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.attention_backend == From && (ctx.hw.*Family)() && !(ctx.hw.*Feature)();
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.attention_backend = To; }
};
}  // namespace detail

struct intel_amx_fallback
    : detail::feature_fallback<id::intel_amx, id::torch_native, &platform::is_cpu, &platform::has_amx> {
  static constexpr rewrite_info info{
      "intel_amx.fallback", field::attention_backend,
      "The current platform does not support Intel AMX, will fallback to torch_native backend."};
};

struct intel_xpu_fallback : detail::feature_fallback<id::intel_xpu, id::triton, &platform::is_xpu, &platform::has_xmx> {
  static constexpr rewrite_info info{
      "intel_xpu.fallback", field::attention_backend,
      "The current platform does not support Intel XMX, will fallback to triton backend."};
};

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

namespace detail {
/// intel_xpu's page-size snap: outside its declared pages (`mla_pages` for MLA models), the
/// page size moves to its snap target.
template <bool Mla>
struct intel_xpu_snap {
  using traits = backend_traits<backends::intel_xpu>;
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const page_sizes& pages = Mla ? traits::mla_pages : traits::caps.pages;
    return xpu_pair(ctx.cfg) && ctx.cfg.is_mla() == Mla && !pages.contains(ctx.cfg.page_size);
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.page_size = traits::caps.page_snap; }
};
}  // namespace detail

struct intel_xpu_page_size : detail::intel_xpu_snap<false> {
  static constexpr rewrite_info info{
      "intel_xpu.page_size", field::page_size,
      "Intel XPU attention backend only supports page_sizes of [64, 128], changing page_size from "
      "{page_size} to 128."};
};

struct intel_xpu_mla_page_size : detail::intel_xpu_snap<true> {
  static constexpr rewrite_info info{
      "intel_xpu.mla_page_size", field::page_size,
      "Intel XPU attention backend for MLA only supports page_sizes of [64, 128, 16, 32], changing "
      "page_size from {page_size} to 128."};
};

// The default fill runs first, so a dual-chunk model launched without a backend usually meets the
// error below with the hardware default rather than this fill.
struct dual_chunk_default {
  static constexpr rewrite_info info{"dual_chunk.default", field::attention_backend,
                                     "Dual chunk attention is turned on by default."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.dual_chunk_attention && !is_set(ctx.cfg.attention_backend);
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.attention_backend = id::dual_chunk_flash_attn;
  }
};

ATTNCAP_RULE(dual_chunk_backend, "dual_chunk.backend", server_args, value_error, attention_backend,
             "dual_chunk_flash_attn",
             "Dual chunk attention is enabled, but attention backend is set to {attention_backend}. Please set it to "
             "'dual_chunk_flash_attn'.") {
  return ctx.cfg.dual_chunk_attention && is_set(ctx.cfg.attention_backend) &&
         ctx.cfg.attention_backend != id::dual_chunk_flash_attn;
}

struct dual_chunk_radix_cache {
  static constexpr rewrite_info info{
      "dual_chunk.radix_cache", field::disable_radix_cache,
      "Mixed chunk and radix cache are disabled when using dual-chunk flash attention backend"};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.attention_backend == id::dual_chunk_flash_attn && !ctx.cfg.disable_radix_cache;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.disable_radix_cache = true; }
};

}  // namespace attncap::rules::server_args
