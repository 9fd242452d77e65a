// SPDX-License-Identifier: MIT
/// @file
/// The parallelism hooks' checks, after the KV-cache checks and before speculative decoding
/// (sglang 0.5.23, arg_groups/parallel_hook.py): the data-parallel LM head
/// (arg_groups/overrides.py:1366-1432, run at parallel_hook.py:276-368), then the models that
/// refuse context parallelism (parallel_hook.py:63-77).
#pragma once

#include <attncap/capabilities/rule.hpp>

namespace attncap::rules::server_args {

/// One data-parallel rank leaves the LM head nothing to split by: the engine turns it off.
struct dp_lm_head_single_rank {
  static constexpr rewrite_info info{"parallel.dp_lm_head_single_rank", field::enable_dp_lm_head, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.enable_dp_lm_head && ctx.cfg.dp_size == 1;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.enable_dp_lm_head = false; }
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
