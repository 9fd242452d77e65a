// SPDX-License-Identifier: MIT
/// @file
/// MiniCPM's model-override provider (MiniCPMForCausalLM, MiniCPMSALAForCausalLM), run with the
/// other model overrides (sglang 0.5.23, arg_groups/model_overrides/minicpm.py:14-62). Under
/// SGLANG_MINICPM_FORCE_DENSE the sparse backends given become dense ones, and the sparse
/// model's own checks and default are skipped.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/rules/model_overrides.hpp>

namespace attncap::rules::server_args {

namespace detail {
constexpr bool is_minicpm(const launch_config& c) noexcept { return c.model == model_family::minicpm; }
constexpr bool minicpm_sparse(const launch_config& c) noexcept {
  return is_minicpm(c) && c.minicpm_sparse && !c.sglang_minicpm_force_dense;
}
/// The dense backend that stands for `b` under SGLANG_MINICPM_FORCE_DENSE (none for another).
constexpr backend_id minicpm_dense_for(backend_id b, const platform& hw) noexcept {
  if (b == id::minicpm_flashattn) return hw.is_blackwell() ? id::fa4 : id::fa3;
  return b == id::minicpm_flashinfer ? id::flashinfer : backend_id::none;
}
/// SGLANG_MINICPM_FORCE_DENSE: the sparse backend given in `Member`, replaced (silently).
template <backend_id launch_config::*Member>
struct minicpm_dense {
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    return is_minicpm(c) && c.sglang_minicpm_force_dense && is_set(minicpm_dense_for(c.*Member, ctx.hw));
  }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    cfg.*Member = minicpm_dense_for(cfg.*Member, hw);
  }
};
}  // namespace detail

ATTNCAP_RULE(minicpm_dp_attention, "model.minicpm_dp_attention", server_args, value_error, attn_dp_size, "1",
             "MiniCPM does not support DP attention") {
  return detail::is_minicpm(ctx.cfg) && ctx.cfg.attn_dp_enabled();
}
ATTNCAP_RULE(minicpm_hierarchical_cache, "model.minicpm_hierarchical_cache", server_args, value_error,
             enable_hierarchical_cache, "False", "MiniCPM SALA does not support hierarchical cache") {
  const auto& c = ctx.cfg;
  return detail::is_minicpm(c) && (c.minicpm_sparse || c.minicpm_lightning) && c.enable_hierarchical_cache;
}
/// Sparse or lightning layers: the radix cache is off, silently.
struct minicpm_radix_cache {
  static constexpr rewrite_info info{"model.minicpm_radix_cache", field::disable_radix_cache, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    return detail::is_minicpm(c) && (c.minicpm_sparse || c.minicpm_lightning) && !c.disable_radix_cache;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.disable_radix_cache = true; }
};
struct minicpm_dense_backend : detail::minicpm_dense<&launch_config::attention_backend> {
  static constexpr rewrite_info info{"model.minicpm_dense_backend", field::attention_backend, ""};
};
struct minicpm_dense_prefill_backend : detail::minicpm_dense<&launch_config::prefill_attention_backend> {
  static constexpr rewrite_info info{"model.minicpm_dense_prefill_backend", field::prefill_attention_backend, ""};
};
struct minicpm_dense_decode_backend : detail::minicpm_dense<&launch_config::decode_attention_backend> {
  static constexpr rewrite_info info{"model.minicpm_dense_decode_backend", field::decode_attention_backend, ""};
};
// Refused where the sparse backends would run: named for a phase, or filled in below.
ATTNCAP_RULE(minicpm_disaggregation, "model.minicpm_disaggregation", server_args, value_error, disaggregation_mode,
             "null", "MiniCPM sparse attention does not support PD disaggregation") {
  const auto& c = ctx.cfg;
  const bool sparse_backend =
      detail::no_backend_given(c) || c.names(id::minicpm_flashattn) || c.names(id::minicpm_flashinfer);
  return detail::minicpm_sparse(c) && sparse_backend && c.disaggregation_mode != disaggregation_mode::null;
}
/// A sparse model with no backend given runs its own: the FlashInfer variant on Blackwell.
struct minicpm_sparse_backend {
  static constexpr rewrite_info info{"model.minicpm_sparse_backend", field::attention_backend, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::minicpm_sparse(ctx.cfg) && detail::no_backend_given(ctx.cfg);
  }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    cfg.attention_backend = hw.is_blackwell() ? id::minicpm_flashinfer : id::minicpm_flashattn;
  }
};

}  // namespace attncap::rules::server_args
