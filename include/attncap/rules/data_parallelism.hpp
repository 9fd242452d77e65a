// SPDX-License-Identifier: MIT
/// @file
/// The deprecated attention-DP spelling, the engine's first step (sglang 0.5.23,
/// arg_groups/parallel_hook.py:39-61); the parallelism hooks' checks, after the KV-cache checks and
/// before speculative decoding: the data-parallel layout and LM head (parallel_hook.py:276-368,
/// arg_groups/overrides.py:1366-1432), then the models that refuse context parallelism
/// (parallel_hook.py:63-77).
#pragma once

#include <attncap/capabilities/rule.hpp>

namespace attncap::rules::server_args {

/// `--dp-size N --enable-dp-attention` is `--attn-dp-size N` where no attention DP size is given:
/// the engine moves the size before any handler reads the layout, silently.
struct deprecated_dp_attention {
  static constexpr rewrite_info info{"parallel.deprecated_dp_attention", field::attn_dp_size, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.dp_size_is_attn_dp() && ctx.cfg.dp_size > 1;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.move_dp_size_to_attn_dp(); }
};

ATTNCAP_RULE(attn_dp_with_replicas, "parallel.attn_dp_with_replicas", server_args, value_error, dp_size,
             "1 (with --attn-dp-size > 1)",
             "--dp-size {dp_size} with --attn-dp-size {attn_dp_size}: data-parallel replicas combined with attention "
             "data parallelism are not supported.") {
  return ctx.cfg.replicas_beside_attn_dp();
}
/// One data-parallel rank leaves the LM head nothing to split by: the engine turns it off.
struct dp_lm_head_single_rank {
  static constexpr rewrite_info info{"parallel.dp_lm_head_single_rank", field::enable_dp_lm_head, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.enable_dp_lm_head && ctx.cfg.dp_replicas() * ctx.cfg.attn_dp_groups() == 1;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.enable_dp_lm_head = false; }
};
// Each attention DP group takes an equal share of the tensor-parallel ranks (a bare `assert`, so
// the error has no text).
ATTNCAP_RULE(attn_dp_tp_size, "parallel.attn_dp_tp_size", server_args, assertion_error, tp_size,
             "a multiple of attn_dp_size", "") {
  return ctx.cfg.attn_dp_enabled() && ctx.cfg.tp_size % ctx.cfg.attn_dp_groups() != 0;
}
/// Attention DP groups split a prefill chunk among them (Python's `//`: -1 and 0 stay), with the
/// engine's warning; a chunk left to the engine is split too, unseen (server_checks.hpp,
/// chunked_prefill_page_size).
struct attn_dp_chunked_prefill {
  static constexpr rewrite_info info{"parallel.attn_dp_chunked_prefill", field::chunked_prefill_size,
                                     "DP attention is enabled. chunked prefill size is adjusted from "
                                     "{chunked_prefill_size} to {new_chunked_prefill_size}."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.attn_dp_enabled() && ctx.cfg.chunked_prefill_size != unset;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    if (cfg.chunked_prefill_size > 0) cfg.chunked_prefill_size /= cfg.attn_dp_groups();
  }
};
// Data-parallel replicas keep whole LM heads: only attention DP groups split one.
ATTNCAP_RULE(dp_lm_head_attention_dp, "parallel.dp_lm_head_attention_dp", server_args, assertion_error,
             enable_dp_lm_head, "False (without attention DP)",
             "--enable-dp-lm-head requires attention DP (--attn-dp-size).") {
  return ctx.cfg.enable_dp_lm_head && !ctx.cfg.attn_dp_enabled();
}
ATTNCAP_RULE(nemotron_h_context_parallel, "model.nemotron_h_context_parallel", server_args, value_error, attn_cp_size,
             "1", "Nemotron-H does not support --attn-cp-size > 1") {
  return ctx.cfg.model == model_family::nemotron_h && ctx.cfg.attn_cp_size > 1;
}

}  // namespace attncap::rules::server_args
