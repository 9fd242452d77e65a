// SPDX-License-Identifier: MIT
/// @file
/// The DFLASH family's speculative passes (sglang 0.5.23, arg_groups/speculative_hook.py
/// `_handle_dflash`, `_resolve_dflash_draft_attention_backend`, `_handle_dspark`): the devices
/// they run on, data-parallel attention, the single-step chain they force, the verify window's
/// default and DFLASH's draft-worker backend.
#pragma once

#include <attncap/backends/all.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/rules/draft_worker.hpp>
#include <attncap/rules/speculative.hpp>

namespace attncap::rules::server_args {

namespace detail {
constexpr bool is_dflash(const rule_context& ctx) noexcept {
  return ctx.cfg.speculative_algorithm == speculative_algorithm::dflash;
}
constexpr bool is_dspark(const rule_context& ctx) noexcept {
  return ctx.cfg.speculative_algorithm == speculative_algorithm::dspark;
}
/// DFLASH with dp attention where the device string is "cuda" (ROCm included).
constexpr bool dflash_dp_attention_on_gpu(const rule_context& ctx) noexcept {
  return is_dflash(ctx) && ctx.cfg.attn_dp_enabled() && (ctx.hw.is_cuda() || ctx.hw.is_hip());
}
constexpr bool dspark_dp_attention(const rule_context& ctx) noexcept {
  return is_dspark(ctx) && ctx.cfg.attn_dp_enabled();
}
/// The verify window a block size given for algorithm `A` sets: the block plus `Extra` tokens
/// (DSPARK verifies its gamma drafts and the token before them), or, where `FromDraft`, the
/// block the draft checkpoint declares when none is given (DSPARK reads it as its gamma). As a
/// rewrite, it fills the window when none was given.
template <speculative_algorithm A, std::int32_t launch_config::*Block, std::int32_t Extra, bool FromDraft>
struct block_window {
  static constexpr std::int32_t block(const launch_config& c) noexcept {
    return FromDraft && c.*Block == unset ? c.draft_block_size : c.*Block;
  }
  static constexpr std::int32_t of(const launch_config& c) noexcept {
    return c.speculative_algorithm == A && block(c) > 0 ? block(c) + Extra : unset;
  }
  static constexpr bool invalid(const launch_config& c) noexcept {
    return c.speculative_algorithm == A && c.*Block != unset && c.*Block <= 0;
  }
  static constexpr bool conflicts(const launch_config& c) noexcept {
    const auto n = c.speculative_num_draft_tokens;
    return of(c) != unset && n != unset && n != of(c);
  }
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return of(ctx.cfg) != unset && ctx.cfg.speculative_num_draft_tokens == unset;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.speculative_num_draft_tokens = of(cfg);
  }
};
using dflash_window =
    block_window<speculative_algorithm::dflash, &launch_config::speculative_dflash_block_size, 0, false>;
using dspark_window =
    block_window<speculative_algorithm::dspark, &launch_config::speculative_dspark_block_size, 1, true>;
/// No verify window given, and no block size: `A`'s window is the draft checkpoint's block
/// (`FromDraft`), or `N` tokens where it declares none.
template <speculative_algorithm A, bool FromDraft, std::int32_t N>
struct window_unset {
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    return c.speculative_algorithm == A && c.speculative_num_draft_tokens == unset &&
           (c.draft_block_size != unset) == FromDraft;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.speculative_num_draft_tokens = FromDraft ? cfg.draft_block_size : N;
  }
};
}  // namespace detail

// DFLASH runs where the device string is "cuda" (ROCm included), "npu" or "xpu".
ATTNCAP_RULE(dflash_device, "speculative.dflash_device", server_args, value_error, hardware,
             "CUDA and ROCm GPUs, NPU, XPU",
             "DFLASH speculative decoding is not supported by {platform_class} on device {device!r}.") {
  const auto& hw = ctx.hw;
  return detail::is_dflash(ctx) && !(hw.is_cuda() || hw.is_hip() || hw.is_npu() || hw.is_xpu());
}
ATTNCAP_RULE(dflash_dp_attention_device, "speculative.dflash_dp_attention_device", server_args, value_error, hardware,
             "CUDA and ROCm GPUs, NPU", "DFLASH with dp attention requires CUDA or NPU.") {
  return detail::is_dflash(ctx) && ctx.cfg.attn_dp_enabled() && ctx.hw.is_xpu();
}
// Both greedy projection and the selector borrow the target's LM head, which
// `--enable-dp-lm-head` shards by attention group.
ATTNCAP_RULE(dflash_dp_attention_lm_head, "speculative.dflash_dp_attention_lm_head", server_args, value_error,
             enable_dp_lm_head, "True (with dp attention)", "DFLASH with dp attention requires --enable-dp-lm-head.") {
  return detail::dflash_dp_attention_on_gpu(ctx) && !ctx.cfg.enable_dp_lm_head;
}
ATTNCAP_RULE(dflash_dp_attention_context_parallel, "speculative.dflash_dp_attention_context_parallel", server_args,
             value_error, attn_cp_size, "1 (with dp attention)",
             "DFLASH with dp attention does not support context parallel.") {
  return detail::dflash_dp_attention_on_gpu(ctx) && ctx.cfg.enable_dp_lm_head && ctx.cfg.attn_cp_size != 1;
}
// Shadowed in the engine: the variable already refused every algorithm but EAGLE, EAGLE3 and DSPARK.
ATTNCAP_RULE(dflash_dp_attention_prefill_coordination, "speculative.dflash_dp_attention_prefill_coordination",
             server_args, value_error, sglang_enable_dp_spec_prefill_coordination, "False (with dp attention)",
             "DFLASH with dp attention requires SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION=0.") {
  const auto& c = ctx.cfg;
  return detail::dflash_dp_attention_on_gpu(ctx) && c.enable_dp_lm_head && c.attn_cp_size == 1 &&
         c.sglang_enable_dp_spec_prefill_coordination;
}
ATTNCAP_RULE(dflash_pp_size, "speculative.dflash_pp_size", server_args, value_error, pp_size, "1",
             "Currently DFLASH speculative decoding only supports pp_size == 1.") {
  return detail::is_dflash(ctx) && ctx.cfg.pp_size != 1;
}
ATTNCAP_RULE(dflash_draft_model, "speculative.dflash_draft_model", server_args, value_error,
             speculative_draft_model_path, "a path",
             "DFLASH speculative decoding requires setting --speculative-draft-model-path.") {
  return detail::is_dflash(ctx) && !ctx.cfg.speculative_draft_model_path;
}

/// Key `Member` of algorithm `A` set to `Value`: where another value was given (`Given`, the
/// rewrite that warns), or where none was (silently).
template <speculative_algorithm A, std::int32_t launch_config::*Member, std::int32_t Value, bool Given>
struct forced_value {
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const std::int32_t v = ctx.cfg.*Member;
    return ctx.cfg.speculative_algorithm == A && (Given ? v != unset && v != Value : v == unset);
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.*Member = Value; }
};
/// DFLASH and DSPARK verify one block per step: the step count and topk are forced to 1, with a
/// warning when another value was given; a chain, one draft token per step.
template <speculative_algorithm A>
using single_step_given = forced_value<A, &launch_config::speculative_num_steps, 1, true>;
template <speculative_algorithm A>
using single_step_unset = forced_value<A, &launch_config::speculative_num_steps, 1, false>;
template <speculative_algorithm A>
using single_topk_given = forced_value<A, &launch_config::speculative_eagle_topk, 1, true>;
template <speculative_algorithm A>
using single_topk_unset = forced_value<A, &launch_config::speculative_eagle_topk, 1, false>;

struct dflash_steps : single_step_given<speculative_algorithm::dflash> {
  static constexpr rewrite_info info{
      "speculative.dflash_steps", field::speculative_num_steps,
      "DFLASH only supports speculative_num_steps == 1; overriding speculative_num_steps={speculative_num_steps} "
      "to 1."};
};
struct dflash_steps_default : single_step_unset<speculative_algorithm::dflash> {
  static constexpr rewrite_info info{"speculative.dflash_steps_default", field::speculative_num_steps, ""};
};
struct dflash_topk : single_topk_given<speculative_algorithm::dflash> {
  static constexpr rewrite_info info{
      "speculative.dflash_topk", field::speculative_eagle_topk,
      "DFLASH only supports speculative_eagle_topk == 1; overriding speculative_eagle_topk={speculative_eagle_topk} "
      "to 1."};
};
struct dflash_topk_default : single_topk_unset<speculative_algorithm::dflash> {
  static constexpr rewrite_info info{"speculative.dflash_topk_default", field::speculative_eagle_topk, ""};
};

// A given block size is the verify window, and must agree with one given.
ATTNCAP_RULE(dflash_block_size, "speculative.dflash_block_size", server_args, value_error,
             speculative_dflash_block_size, "> 0",
             "DFLASH requires --speculative-dflash-block-size to be positive, got {speculative_dflash_block_size}.") {
  return detail::dflash_window::invalid(ctx.cfg);
}
ATTNCAP_RULE(dflash_block_size_draft_tokens, "speculative.dflash_block_size_draft_tokens", server_args, value_error,
             speculative_num_draft_tokens, "--speculative-dflash-block-size",
             "Both --speculative-num-draft-tokens and --speculative-dflash-block-size are set but they differ. For "
             "DFLASH they must match. speculative_num_draft_tokens={speculative_num_draft_tokens}, "
             "speculative_dflash_block_size={speculative_dflash_block_size}.") {
  return detail::dflash_window::conflicts(ctx.cfg);
}
struct dflash_block_draft_tokens : detail::dflash_window {
  static constexpr rewrite_info info{"speculative.dflash_block_draft_tokens", field::speculative_num_draft_tokens, ""};
};

/// No verify window given: the engine reads the draft checkpoint's block size, silently, and
/// uses 16 where it declares none.
struct dflash_draft_block_draft_tokens : detail::window_unset<speculative_algorithm::dflash, true, 0> {
  static constexpr rewrite_info info{"speculative.dflash_draft_block_draft_tokens", field::speculative_num_draft_tokens,
                                     ""};
};
struct dflash_draft_tokens_default : detail::window_unset<speculative_algorithm::dflash, false, 16> {
  static constexpr rewrite_info info{"speculative.dflash_draft_tokens_default", field::speculative_num_draft_tokens,
                                     "speculative_num_draft_tokens is not set; defaulting to 16 for DFLASH."};
};

// The compact draft KV cache keeps a window of whole blocks.
ATTNCAP_RULE(dflash_draft_window, "speculative.dflash_draft_window", server_args, value_error,
             speculative_draft_window_size, ">= --speculative-num-draft-tokens",
             "--speculative-draft-window-size must be >= --speculative-num-draft-tokens (block_size). "
             "window_size={speculative_draft_window_size}, block_size={speculative_num_draft_tokens}.") {
  const auto& c = ctx.cfg;
  return detail::is_dflash(ctx) && c.speculative_draft_window_size > 0 && c.speculative_num_draft_tokens != unset &&
         c.speculative_draft_window_size < c.speculative_num_draft_tokens;
}

/// DFLASH: no draft backend given, the draft worker takes the prefill backend (or the platform's
/// fallback when there is none).
struct dflash_draft_default {
  static constexpr rewrite_info info{"speculative.dflash_draft_default", field::speculative_draft_attention_backend,
                                     ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::is_dflash(ctx) && !is_set(ctx.cfg.speculative_draft_attention_backend);
  }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    const auto prefill = cfg.prefill_backend();
    cfg.speculative_draft_attention_backend = is_set(prefill) ? prefill : draft_worker::platform_fallback(hw);
  }
};
/// A draft backend outside the draft-worker list falls back, naming the platform.
struct dflash_draft_fallback {
  static constexpr rewrite_info info{
      "speculative.dflash_draft_fallback", field::speculative_draft_attention_backend,
      "DFLASH draft worker does not support attention_backend {speculative_draft_attention_backend!r} on "
      "{platform_class}. Falling back to '{new_speculative_draft_attention_backend}'."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::is_dflash(ctx) && !draft_worker::runs(ctx.cfg.speculative_draft_attention_backend);
  }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    cfg.speculative_draft_attention_backend = draft_worker::platform_fallback(hw);
  }
};
/// trtllm_mha drafts only a checkpoint whose layers are all sliding or that is declared causal;
/// a plain decoder config (no `layer_types`, no `is_causal`) is neither, so the draft falls back
/// — to fa4 on SM100, which keeps the CUDA FA4 path.
struct dflash_draft_trtllm_mha {
  static constexpr rewrite_info info{
      "speculative.dflash_draft_trtllm_mha", field::speculative_draft_attention_backend,
      "DFLASH only enables 'trtllm_mha' when all layers use sliding attention or the draft is explicitly causal; "
      "got layer_types=None, is_causal=None. Falling back to '{new_speculative_draft_attention_backend}'."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::is_dflash(ctx) && ctx.cfg.speculative_draft_attention_backend == id::trtllm_mha;
  }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    cfg.speculative_draft_attention_backend = hw.is_sm100() ? id::fa4 : draft_worker::platform_fallback(hw);
  }
};

// DSPARK (sglang 0.5.23, arg_groups/speculative_hook.py:664-838): the device string must start
// with "cuda" (ROCm included), "npu" or "xpu".
ATTNCAP_RULE(dspark_device, "speculative.dspark_device", server_args, value_error, hardware,
             "CUDA and ROCm GPUs, NPU, XPU", "DSpark speculative decoding only supports CUDA, NPU or XPU device.") {
  const auto& hw = ctx.hw;
  return detail::is_dspark(ctx) && !(hw.is_cuda() || hw.is_hip() || hw.is_npu() || hw.is_xpu());
}
// The draft borrows the target's LM head, so dp attention needs `--enable-dp-lm-head`.
ATTNCAP_RULE(dspark_dp_attention_lm_head, "speculative.dspark_dp_attention_lm_head", server_args, value_error,
             enable_dp_lm_head, "True (with dp attention)", "DSpark with dp attention requires --enable-dp-lm-head.") {
  return detail::dspark_dp_attention(ctx) && !ctx.cfg.enable_dp_lm_head;
}
// DSpark's DP MoE paths are built for these all-to-alls only (the NPU has its own).
ATTNCAP_RULE(dspark_dp_attention_moe_a2a, "speculative.dspark_dp_attention_moe_a2a", server_args, value_error,
             moe_a2a_backend, "none, megamoe, mori (with dp attention)",
             "DSpark with dp attention supports moe_a2a_backend 'none' (built-in TP MoE), 'megamoe', or 'mori', got "
             "{moe_a2a_backend!r}.") {
  using enum moe_a2a_backend;
  const auto m = ctx.cfg.moe_a2a_backend;
  return detail::dspark_dp_attention(ctx) && ctx.cfg.enable_dp_lm_head && !ctx.hw.is_npu() && m != none &&
         m != megamoe && m != mori;
}
// A ragged verify layout is not built for an MoE all-to-all nor for prefill coordination.
ATTNCAP_RULE(dspark_dp_attention_ragged_verify, "speculative.dspark_dp_attention_ragged_verify", server_args,
             value_error, sglang_ragged_verify_mode,
             "static (with dp attention, under an MoE all-to-all or prefill coordination)",
             "DSpark DP MoE or prefill coordination requires SGLANG_RAGGED_VERIFY_MODE=static.") {
  const auto& c = ctx.cfg;
  return detail::dspark_dp_attention(ctx) && c.enable_dp_lm_head && !ctx.hw.is_npu() &&
         (c.moe_a2a_backend != moe_a2a_backend::none || c.sglang_enable_dp_spec_prefill_coordination) &&
         c.sglang_ragged_verify_mode != ragged_verify_mode::static_;
}
ATTNCAP_RULE(dspark_dp_attention_context_parallel, "speculative.dspark_dp_attention_context_parallel", server_args,
             value_error, attn_cp_size, "1 (with dp attention)",
             "DSpark with dp attention does not support context parallel (attn_cp_size={attn_cp_size}).") {
  return detail::dspark_dp_attention(ctx) && ctx.cfg.enable_dp_lm_head && ctx.cfg.attn_cp_size > 1;
}
ATTNCAP_RULE(dspark_dp_attention_speculative_moe_a2a, "speculative.dspark_dp_attention_speculative_moe_a2a",
             server_args, value_error, speculative_moe_a2a_backend, "None, or moe_a2a_backend (with dp attention)",
             "DSpark ignores --speculative-moe-a2a-backend; with dp attention it must match the target "
             "moe_a2a_backend={moe_a2a_backend!r} (got {speculative_moe_a2a_backend!r}).") {
  const auto s = ctx.cfg.speculative_moe_a2a_backend;
  return detail::dspark_dp_attention(ctx) && ctx.cfg.enable_dp_lm_head && !ctx.hw.is_npu() &&
         s != moe_a2a_backend::not_given && s != ctx.cfg.moe_a2a_backend;
}
ATTNCAP_RULE(dspark_pp_size, "speculative.dspark_pp_size", server_args, value_error, pp_size,
             "1 (more with --disaggregation-mode prefill)",
             "DSpark pipeline parallelism requires PD prefill; decode and non-disaggregated serving require pp_size "
             "== 1.") {
  return detail::is_dspark(ctx) && ctx.cfg.pp_size != 1 && ctx.cfg.disaggregation_mode != disaggregation_mode::prefill;
}
// A draft the target's checkpoint carries becomes the draft path.
ATTNCAP_RULE(dspark_draft_model, "speculative.dspark_draft_model", server_args, value_error,
             speculative_draft_model_path, "a path, or a checkpoint that carries its draft",
             "DSpark dense speculative decoding requires setting --speculative-draft-model-path.") {
  return detail::is_dspark(ctx) && !ctx.cfg.speculative_draft_model_path && !ctx.cfg.dspark_draft_bundled;
}
struct dspark_steps : single_step_given<speculative_algorithm::dspark> {
  static constexpr rewrite_info info{
      "speculative.dspark_steps", field::speculative_num_steps,
      "DSpark only supports speculative_num_steps == 1; overriding speculative_num_steps={speculative_num_steps} "
      "to 1."};
};
struct dspark_steps_default : single_step_unset<speculative_algorithm::dspark> {
  static constexpr rewrite_info info{"speculative.dspark_steps_default", field::speculative_num_steps, ""};
};
struct dspark_topk : single_topk_given<speculative_algorithm::dspark> {
  static constexpr rewrite_info info{
      "speculative.dspark_topk", field::speculative_eagle_topk,
      "DSpark only supports speculative_eagle_topk == 1; overriding speculative_eagle_topk={speculative_eagle_topk} "
      "to 1."};
};
struct dspark_topk_default : single_topk_unset<speculative_algorithm::dspark> {
  static constexpr rewrite_info info{"speculative.dspark_topk_default", field::speculative_eagle_topk, ""};
};
// A given gamma decides the verify window, gamma + 1 tokens.
ATTNCAP_RULE(dspark_block_size, "speculative.dspark_block_size", server_args, value_error,
             speculative_dspark_block_size, "> 0",
             "DSpark requires --speculative-dspark-block-size to be positive, got {speculative_dspark_block_size}.") {
  return detail::dspark_window::invalid(ctx.cfg);
}
ATTNCAP_RULE(dspark_block_size_draft_tokens, "speculative.dspark_block_size_draft_tokens", server_args, value_error,
             speculative_num_draft_tokens, "gamma + 1 (the block size given, else the draft checkpoint's)",
             "DSpark speculative_num_draft_tokens must equal gamma + 1 (= {dspark_verify_window} for "
             "gamma={dspark_gamma}), but got "
             "speculative_num_draft_tokens={speculative_num_draft_tokens}.") {
  return detail::dspark_window::conflicts(ctx.cfg);
}
struct dspark_block_draft_tokens : detail::dspark_window {
  static constexpr rewrite_info info{"speculative.dspark_block_draft_tokens", field::speculative_num_draft_tokens, ""};
};
/// Neither a block size (gamma) nor a verify window given, and a draft checkpoint that declares
/// no gamma: gamma 7, so a window of gamma + 1 = 8 tokens.
struct dspark_draft_tokens_default : detail::window_unset<speculative_algorithm::dspark, false, 8> {
  static constexpr rewrite_info info{"speculative.dspark_draft_tokens_default", field::speculative_num_draft_tokens,
                                     "DSpark gamma is not set; defaulting to 7."};
};
// A window of one token verifies no draft at all.
ATTNCAP_RULE(dspark_draft_tokens, "speculative.dspark_draft_tokens", server_args, value_error,
             speculative_num_draft_tokens, ">= 2",
             "DSpark speculative_num_draft_tokens must be >= 2 (= gamma + 1), got {speculative_num_draft_tokens}.") {
  return detail::is_dspark(ctx) && ctx.cfg.speculative_num_draft_tokens != unset &&
         ctx.cfg.speculative_num_draft_tokens < 2;
}

}  // namespace attncap::rules::server_args
