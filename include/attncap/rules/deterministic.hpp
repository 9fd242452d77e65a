// SPDX-License-Identifier: MIT
/// @file
/// Deterministic inference (`--enable-deterministic-inference`): the backend fallback, the
/// whitelists, and the radix-cache switch-off. Runs before backend compatibility.
#pragma once

#include <array>
#include <attncap/backends/all.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/rules/declared_backends.hpp>
#include <string_view>
#include <utility>

namespace attncap::rules::server_args {

namespace detail {
/// True when `b` declares deterministic kernels (the engine's whitelist for
/// --enable-deterministic-inference).
constexpr bool declares_deterministic(backend_id b) noexcept {
  return ::attncap::rules::declares<&capabilities::deterministic>(b);
}
/// The deterministic whitelist as the engine lists it (sorted).
inline constexpr std::string_view deterministic_names = declaring_names<&capabilities::deterministic, true>::value;
inline constexpr std::array radix_deterministic_backends{id::ascend, id::fa3, id::fa4, id::triton};
using ::attncap::detail::one_of;
/// The models the engine runs as absorbed MLA in deterministic mode.
constexpr bool deterministic_deepseek(const launch_config& c) noexcept {
  return c.model == model_family::deepseek_v3 || c.model == model_family::deepseek_v2 ||
         c.model == model_family::deepseek_dsa || c.model == model_family::glm_moe_dsa;
}
}  // namespace detail

struct deterministic_fallback {
  static constexpr rewrite_info info{
      "deterministic.fallback", field::attention_backend,
      "Attention backend not specified. Falling back to '{new_attention_backend}' for deterministic "
      "inference. You can explicitly set --attention-backend to one of ['ascend', 'fa3', 'fa4', "
      "'flashinfer', 'intel_xpu', 'triton']."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.enable_deterministic_inference && !is_set(ctx.cfg.attention_backend);
  }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    cfg.attention_backend = !(hw.is_sm100() || hw.is_sm120())     ? id::fa3
                            : detail::deterministic_deepseek(cfg) ? id::triton
                                                                  : id::flashinfer;
  }
};

ATTNCAP_RULE(deterministic_backend, "deterministic.backend", server_args, value_error, attention_backend,
             detail::deterministic_names,
             "Currently only ['ascend', 'fa3', 'fa4', 'flashinfer', 'intel_xpu', 'triton'] attention backends are "
             "supported for deterministic inference, but you explicitly specified '{attention_backend}'.") {
  return ctx.cfg.enable_deterministic_inference && is_set(ctx.cfg.attention_backend) &&
         !detail::declares_deterministic(ctx.cfg.attention_backend);
}

ATTNCAP_RULE(deterministic_absorbed_mla, "deterministic.absorbed_mla", server_args, value_error, attention_backend,
             "ascend, fa3, fa4, triton",
             "Currently only ['ascend', 'fa3', 'fa4', 'triton'] attention backends are supported for deterministic "
             "inference with absorbed-MLA models. But you're using {attention_backend}.") {
  return ctx.cfg.enable_deterministic_inference && detail::deterministic_deepseek(ctx.cfg) &&
         detail::declares_deterministic(ctx.cfg.attention_backend) &&
         !detail::one_of(ctx.cfg.attention_backend, detail::radix_deterministic_backends);
}

ATTNCAP_RULE(deterministic_fa4_absorbed_mla, "deterministic.fa4_absorbed_mla", server_args, value_error, hardware,
             "sm100, sm103, sm110",
             "Deterministic inference with absorbed-MLA models on the fa4 attention backend requires SM100/SM110: it "
             "runs absorbed MLA, whose qv argument flash_attn.cute only implements on those archs.") {
  const auto major = ctx.hw.major();
  return ctx.cfg.enable_deterministic_inference && detail::deterministic_deepseek(ctx.cfg) &&
         ctx.cfg.attention_backend == id::fa4 && !(ctx.hw.is_cuda() && (major == 10 || major == 11));
}

struct deterministic_radix_cache {
  static constexpr rewrite_info info{
      "deterministic.radix_cache", field::disable_radix_cache,
      "Currently radix cache is not compatible with {attention_backend} attention backend for "
      "deterministic inference. It will be supported in the future."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.enable_deterministic_inference && !ctx.cfg.disable_radix_cache &&
           detail::declares_deterministic(ctx.cfg.attention_backend) &&
           !detail::one_of(ctx.cfg.attention_backend, detail::radix_deterministic_backends);
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.disable_radix_cache = true; }
};

}  // namespace attncap::rules::server_args
