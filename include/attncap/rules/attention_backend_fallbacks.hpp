// SPDX-License-Identifier: MIT
/// @file
/// The last passes of the engine's backend compatibility handling: silent backend swaps
/// (fa3 with fp8_e5m2, intel_amx without AMX, intel_xpu without XMX), FA4 and XPU page sizes.
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

namespace detail {
// The FA4 CUTLASS kernel aborts at page > 1 on the topk > 1 cascade, hence the exemption.
constexpr bool fa4_page_constraint(const rule_context& ctx) noexcept {
  const auto& c = ctx.cfg;
  return c.names(id::fa4) && !c.is_mla() && ctx.hw.is_sm100() && c.speculative_eagle_topk <= 1;
}
}  // namespace detail

struct fa4_page_size {
  static constexpr rewrite_info info{
      "fa4.page_size", field::page_size,
      "FA4 backend only supports page size 128 for non-MLA model architectures, changing page_size from "
      "{page_size} to 128."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::fa4_page_constraint(ctx) && ctx.cfg.model != model_family::diffusion_gemma &&
           ctx.cfg.page_size != backend_traits<backends::fa4>::caps.page_snap;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.page_size = backend_traits<backends::fa4>::caps.page_snap;
  }
};
/// DiffusionGemma, which fa4 serves through Triton, is moved to page 1 instead, silently.
struct fa4_diffusion_gemma_page_size {
  static constexpr rewrite_info info{"fa4.diffusion_gemma_page_size", field::page_size, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::fa4_page_constraint(ctx) && ctx.cfg.model == model_family::diffusion_gemma && ctx.cfg.page_size != 1;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.page_size = 1; }
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

namespace detail {
constexpr bool xpu_pair(const launch_config& c) noexcept { return c.serves(id::intel_xpu); }
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

}  // namespace attncap::rules::server_args
