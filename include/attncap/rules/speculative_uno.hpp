// SPDX-License-Identifier: MIT
/// @file
/// UNO's speculative passes (sglang 0.5.23, arg_groups/speculative_hook.py `_handle_uno`,
/// 452-638). UNO drafts with a LoRA over the target itself, so it takes no draft model: the
/// checks below assume none is given, and no `--uno-lora-path` either (attncap has no input
/// for it), which the engine rejects right after the device check.
#pragma once

#include <attncap/backends/all.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/rules/speculative.hpp>

namespace attncap::rules::server_args {

namespace detail {
constexpr bool is_uno(const rule_context& ctx) noexcept {
  return ctx.cfg.speculative_algorithm == speculative_algorithm::uno;
}
/// Topk 1 or not given: UNO's linear chain (topk > 1 is its tree mode).
constexpr bool uno_chain(const launch_config& c) noexcept {
  return c.speculative_eagle_topk == unset || c.speculative_eagle_topk == 1;
}
}  // namespace detail

// The device string must start with "cuda": ROCm's does too.
ATTNCAP_RULE(uno_device, "speculative.uno_device", server_args, value_error, hardware, "CUDA and ROCm GPUs",
             "UNO only supports CUDA.") {
  return detail::is_uno(ctx) && !(ctx.hw.is_cuda() || ctx.hw.is_hip());
}
ATTNCAP_RULE(uno_draft_model, "speculative.uno_draft_model", server_args, value_error, speculative_draft_model_path,
             "None", "UNO reuses the target model and does not accept --speculative-draft-model-path.") {
  return detail::is_uno(ctx) && ctx.cfg.speculative_draft_model_path;
}
ATTNCAP_RULE(uno_lora_path, "speculative.uno_lora_path", server_args, value_error, speculative_algorithm,
             "with --uno-lora-path", "UNO requires --uno-lora-path.") {
  return detail::is_uno(ctx);
}
ATTNCAP_RULE(uno_deterministic, "speculative.uno_deterministic", server_args, value_error,
             enable_deterministic_inference, "False",
             "UNO does not support --enable-deterministic-inference because its sampling path does not use "
             "per-request seeds.") {
  return detail::is_uno(ctx) && ctx.cfg.enable_deterministic_inference;
}
ATTNCAP_RULE(uno_draft_tokens, "speculative.uno_draft_tokens", server_args, value_error, speculative_num_draft_tokens,
             "given, >= 1",
             "UNO requires --speculative-num-draft-tokens to be a positive integer denoting the linear width or tree "
             "verify width Q.") {
  return detail::is_uno(ctx) && ctx.cfg.speculative_num_draft_tokens < 1;
}
// Tree mode derives its draft width F from the step count.
ATTNCAP_RULE(uno_tree_steps, "speculative.uno_tree_steps", server_args, value_error, speculative_num_steps,
             "given when topk > 1",
             "UNO tree mode requires --speculative-num-steps so its draft width F can be derived as "
             "speculative_num_steps + 1.") {
  return detail::is_uno(ctx) && !detail::uno_chain(ctx.cfg) && ctx.cfg.speculative_num_steps == unset;
}

/// Chain mode: one step of one token; a given value other than 1 is overridden with a warning.
struct uno_chain_steps {
  static constexpr rewrite_info info{"speculative.uno_chain_steps", field::speculative_num_steps,
                                     "UNO uses speculative_num_steps=1; overriding {speculative_num_steps}."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    return detail::is_uno(ctx) && detail::uno_chain(c) && c.speculative_num_steps != unset &&
           c.speculative_num_steps != 1;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.speculative_num_steps = 1; }
};
/// Chain mode without a step count or topk: both become 1, silently.
struct uno_chain_defaults {
  static constexpr rewrite_info info{"speculative.uno_chain_defaults", field::speculative_eagle_topk, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    return detail::is_uno(ctx) && detail::uno_chain(c) &&
           (c.speculative_num_steps == unset || c.speculative_eagle_topk == unset);
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.speculative_num_steps = 1;
    cfg.speculative_eagle_topk = 1;
  }
};

ATTNCAP_RULE(uno_parallelism, "speculative.uno_parallelism", server_args, value_error, tp_size, "1",
             "UNO requires TP=PP=1.") {
  return detail::is_uno(ctx) && (ctx.cfg.tp_size != 1 || ctx.cfg.pp_size != 1);
}
ATTNCAP_RULE(uno_dp_attention, "speculative.uno_dp_attention", server_args, value_error, attn_cp_size, "1",
             "UNO does not support DP attention or context parallelism.") {
  const auto& c = ctx.cfg;
  return detail::is_uno(ctx) && (c.attn_dp_enabled() || c.attn_cp_size != 1);
}
ATTNCAP_RULE(uno_fa3, "speculative.uno_fa3", server_args, value_error, attention_backend, "fa3 for prefill and decode",
             "UNO requires FA3 for both prefill and decode attention; got prefill={prefill_backend!r}, "
             "decode={decode_backend!r}.") {
  const auto& c = ctx.cfg;
  return detail::is_uno(ctx) && !(c.prefill_backend() == id::fa3 && c.decode_backend() == id::fa3);
}

}  // namespace attncap::rules::server_args
