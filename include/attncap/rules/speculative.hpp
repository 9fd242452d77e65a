// SPDX-License-Identifier: MIT
/// @file
/// Speculative-decoding passes of argument resolution (after backend compatibility): algorithm
/// aliases, the EAGLE family's parameters and backend limits, and NGRAM. The DFLASH family's
/// passes are in speculative_dflash.hpp, UNO's in speculative_uno.hpp.
#pragma once

#include <attncap/backends/all.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/rules/kv_cache.hpp>

namespace attncap::rules::server_args {

namespace detail {
constexpr bool is_ngram(const launch_config& c) noexcept {
  return c.speculative_algorithm == speculative_algorithm::ngram;
}
constexpr bool gemma4_assistant_draft(const launch_config& c) noexcept {
  return c.speculative_draft_model_path && c.gemma4_assistant_draft;
}
}  // namespace detail

// A Gemma 4 assistant draft decides the algorithm before the NEXTN alias does.
ATTNCAP_RULE(gemma4_assistant_eagle3, "speculative.gemma4_assistant_eagle3", server_args, value_error,
             speculative_algorithm, "NEXTN, EAGLE",
             "Gemma4AssistantForCausalLM draft requires --speculative-algorithm NEXTN or EAGLE; EAGLE3 is not "
             "supported for this draft architecture.") {
  return detail::gemma4_assistant_draft(ctx.cfg) && ctx.cfg.speculative_algorithm == speculative_algorithm::eagle3;
}
struct gemma4_assistant_frozen_kv {
  static constexpr rewrite_info info{
      "speculative.gemma4_assistant_frozen_kv", field::speculative_algorithm,
      "Detected Gemma4AssistantForCausalLM draft; promoting --speculative-algorithm {speculative_algorithm} to "
      "FROZEN_KV_MTP."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto a = ctx.cfg.speculative_algorithm;
    return detail::gemma4_assistant_draft(ctx.cfg) &&
           (a == speculative_algorithm::nextn || a == speculative_algorithm::eagle);
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.speculative_algorithm = speculative_algorithm::frozen_kv_mtp;
  }
};

/// NEXTN is the engine's alias of EAGLE.
struct nextn_alias {
  static constexpr rewrite_info info{"speculative.nextn_alias", field::speculative_algorithm, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.speculative_algorithm == speculative_algorithm::nextn;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.speculative_algorithm = speculative_algorithm::eagle;
  }
};

// Checked for every algorithm: DFLASH's draft cache, EAGLE-3's and the MTP draft's windows read it.
ATTNCAP_RULE(draft_window_size, "speculative.draft_window_size", server_args, value_error,
             speculative_draft_window_size, "> 0",
             "--speculative-draft-window-size must be positive, got {speculative_draft_window_size}.") {
  const auto w = ctx.cfg.speculative_draft_window_size;
  return w != unset && w <= 0;
}

// Read for every launch, with or without speculative decoding, after the NEXTN alias.
ATTNCAP_RULE(dp_spec_prefill_coordination, "speculative.dp_spec_prefill_coordination", server_args, value_error,
             speculative_algorithm,
             "EAGLE (single-layer), EAGLE3, DSPARK, or SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION off",
             "DP spec/prefill coordination requires single-layer EAGLE, EAGLE3 or DSPARK") {
  using enum speculative_algorithm;
  const auto& c = ctx.cfg;
  const auto a = c.speculative_algorithm;
  return c.sglang_enable_dp_spec_prefill_coordination &&
         (!(a == eagle || a == eagle3 || a == dspark) || c.enable_multi_layer_eagle);
}

ATTNCAP_RULE(standalone_dp_attention, "speculative.standalone_dp_attention", server_args, value_error, attn_dp_size,
             "1", "Currently standalone speculative decoding does not support dp attention.") {
  return ctx.cfg.speculative_algorithm == speculative_algorithm::standalone && ctx.cfg.attn_dp_enabled();
}

/// No step count given: the engine asserts that topk and the draft-token count are not given
/// either (a bare `assert`, so the error has no text) before it picks all three
/// (sglang 0.5.23, arg_groups/speculative_hook.py:1159-1163).
ATTNCAP_RULE(eagle_partial_parameters, "speculative.partial_parameters", server_args, assertion_error,
             speculative_num_steps, "given whenever topk or the draft-token count is", "") {
  const auto& c = ctx.cfg;
  return is_eagle_family(c.speculative_algorithm) && c.speculative_num_steps == unset &&
         (c.speculative_eagle_topk != unset || c.speculative_num_draft_tokens != unset);
}

/// No step count given: the engine picks (steps, topk, draft tokens) — (5, 4, 8) for Llama and Grok, else
/// (3, 1, 4).
struct eagle_auto_parameters {
  static constexpr rewrite_info info{"speculative.auto_parameters", field::speculative_num_steps, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return is_eagle_family(ctx.cfg.speculative_algorithm) && ctx.cfg.speculative_num_steps == unset;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    const bool wide = cfg.speculative_algorithm != speculative_algorithm::standalone &&
                      (cfg.model == model_family::llama || cfg.model == model_family::grok);
    cfg.speculative_num_steps = wide ? 5 : 3;
    if (cfg.speculative_eagle_topk == unset) cfg.speculative_eagle_topk = wide ? 4 : 1;
    if (cfg.speculative_num_draft_tokens == unset) cfg.speculative_num_draft_tokens = wide ? 8 : 4;
  }
};

/// Steps given without topk: the engine's next topk comparison (`topk > 1`, the trtllm_mha or the
/// page-tree check, speculative_hook.py:1177 and 1274) compares None with an int; between the two,
/// rejection sampling's `topk != 1` (1222) rejects None with its own message.
ATTNCAP_RULE(eagle_topk_unset, "speculative.topk_unset", server_args, type_error, speculative_eagle_topk,
             "given whenever the step count is", "'>' not supported between instances of 'NoneType' and 'int'") {
  const auto& c = ctx.cfg;
  return is_eagle_family(c.speculative_algorithm) && c.speculative_eagle_topk == unset &&
         (c.serves(id::trtllm_mha) || !c.speculative_use_rejection_sampling);
}

ATTNCAP_RULE(trtllm_mha_topk, "speculative.trtllm_mha_topk", server_args, value_error, speculative_eagle_topk, "1",
             "trtllm_mha backend only supports topk = 1 for speculative decoding.") {
  const auto& c = ctx.cfg;
  constexpr bool tree = backend_traits<backends::trtllm_mha>::caps.speculative == speculative_support::tree;
  return !tree && is_eagle_family(c.speculative_algorithm) && c.speculative_eagle_topk > 1 && c.serves(id::trtllm_mha);
}

namespace detail {
/// Both accept thresholds at 1.0, the engine's default: a draft token is accepted as the target samples it.
constexpr bool default_accept_thresholds(const launch_config& c) noexcept {
  return c.speculative_accept_threshold_single == 1.0 && c.speculative_accept_threshold_acc == 1.0;
}
/// Rejection sampling asked of an algorithm of the EAGLE family's handler, which checks it.
constexpr bool eagle_rejection_sampling(const launch_config& c) noexcept {
  return c.speculative_use_rejection_sampling && is_eagle_family(c.speculative_algorithm);
}
}  // namespace detail

/// ROCm has no sampling-verify kernel, so EAGLE would verify greedily: the engine turns rejection
/// sampling on where it can run (topk 1, default thresholds, no deterministic inference; EAGLE3 keeps
/// greedy, its reduced draft vocabulary cannot be scattered back).
struct hip_rejection_sampling {
  static constexpr rewrite_info info{"speculative.hip_rejection_sampling", field::speculative_use_rejection_sampling,
                                     ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    return ctx.hw.is_hip() && !c.speculative_use_rejection_sampling &&
           c.speculative_algorithm == speculative_algorithm::eagle && c.speculative_eagle_topk == 1 &&
           detail::default_accept_thresholds(c) && !c.enable_deterministic_inference && c.sglang_simulate_acc_len <= 0;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.speculative_use_rejection_sampling = true;
  }
};
// Only the EAGLE / EAGLE3 draft workers propose over the target's vocabulary, which the
// rejection-sampling kernel consumes; of this handler's algorithms that leaves STANDALONE out.
ATTNCAP_RULE(rejection_sampling_algorithm, "speculative.rejection_sampling_algorithm", server_args,
             not_implemented_error, speculative_algorithm, "EAGLE, EAGLE3, NEXTN",
             "--speculative-use-rejection-sampling is only supported for EAGLE / EAGLE3 / NEXTN, not "
             "speculative_algorithm={speculative_algorithm}.") {
  const auto& c = ctx.cfg;
  return detail::eagle_rejection_sampling(c) && c.speculative_algorithm == speculative_algorithm::standalone;
}
// Its multi-layer EAGLE check (topk 1 again, speculative_hook.py:1240-1249) can never fire after this one.
ATTNCAP_RULE(rejection_sampling_topk, "speculative.rejection_sampling_topk", server_args, value_error,
             speculative_eagle_topk, "1", "--speculative-use-rejection-sampling requires --speculative-eagle-topk=1.") {
  const auto& c = ctx.cfg;
  return detail::eagle_rejection_sampling(c) && c.speculative_eagle_topk != 1;
}
// The draft proposals are sampled by a Triton hash kernel; the device string is "cuda" on ROCm too.
ATTNCAP_RULE(rejection_sampling_deterministic, "speculative.rejection_sampling_deterministic", server_args, value_error,
             hardware, "CUDA and ROCm GPUs",
             "Deterministic rejection sampling is currently supported only on CUDA-compatible devices because draft "
             "proposal sampling uses a Triton hash kernel.") {
  const auto& c = ctx.cfg;
  return detail::eagle_rejection_sampling(c) && c.enable_deterministic_inference &&
         !(ctx.hw.is_cuda() || ctx.hw.is_hip());
}
// One check of the engine over both thresholds: the rule names the threshold that was changed.
#define ATTNCAP_REJECTION_THRESHOLDS_MESSAGE                                                           \
  "--speculative-use-rejection-sampling is incompatible with --speculative-accept-threshold-single / " \
  "--speculative-accept-threshold-acc; rejection sampling ignores the accept thresholds."
ATTNCAP_RULE(rejection_sampling_threshold_single, "speculative.rejection_sampling_threshold_single", server_args,
             value_error, speculative_accept_threshold_single, "1.0", ATTNCAP_REJECTION_THRESHOLDS_MESSAGE) {
  const auto& c = ctx.cfg;
  return detail::eagle_rejection_sampling(c) && c.speculative_accept_threshold_single != 1.0;
}
ATTNCAP_RULE(rejection_sampling_threshold_acc, "speculative.rejection_sampling_threshold_acc", server_args, value_error,
             speculative_accept_threshold_acc, "1.0", ATTNCAP_REJECTION_THRESHOLDS_MESSAGE) {
  const auto& c = ctx.cfg;
  return detail::eagle_rejection_sampling(c) && c.speculative_accept_threshold_single == 1.0 &&
         c.speculative_accept_threshold_acc != 1.0;
}
#undef ATTNCAP_REJECTION_THRESHOLDS_MESSAGE

struct eagle_chain_draft_tokens {
  static constexpr rewrite_info info{
      "speculative.chain_draft_tokens", field::speculative_num_draft_tokens,
      "speculative_num_draft_tokens is adjusted to speculative_num_steps + 1 when speculative_eagle_topk == 1"};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    return is_eagle_family(c.speculative_algorithm) && c.speculative_eagle_topk == 1 &&
           c.speculative_num_draft_tokens != c.speculative_num_steps + 1;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.speculative_num_draft_tokens = cfg.speculative_num_steps + 1;
  }
};

// flashmla / trtllm_mla cannot express the per-branch tree in a paged cache.
ATTNCAP_RULE(eagle_page_tree, "speculative.page_tree", server_args, value_error, attention_backend,
             "flashinfer, fa3, triton (or page_size 1)",
             "speculative_eagle_topk > 1 with page_size > 1 is only supported on ('flashinfer', 'fa3', 'triton'); got "
             "attention_backend={attention_backend!r}. Use page_size == 1 or one of those backends.") {
  const auto& c = ctx.cfg;
  return is_eagle_family(c.speculative_algorithm) && c.speculative_eagle_topk > 1 && c.page_size > 1 &&
         !detail::one_of(c.attention_backend, {id::flashinfer, id::fa3, id::triton});
}

// The engine compares the device string, which is "cuda" on ROCm as well.
ATTNCAP_RULE(ngram_device, "speculative.ngram_device", server_args, value_error, hardware,
             "CUDA and ROCm GPUs, CPU, XPU", "Ngram speculative decoding only supports CUDA, CPU, or XPU devices.") {
  const auto& hw = ctx.hw;
  return detail::is_ngram(ctx.cfg) && !(hw.is_cuda() || hw.is_hip() || hw.is_cpu() || hw.is_xpu());
}

/// NGRAM: topk is the BFS breadth (the engine's default 10); 12 draft tokens by default.
struct ngram_topk {
  static constexpr rewrite_info info{"speculative.ngram_topk", field::speculative_eagle_topk, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    const int breadth = c.speculative_ngram_max_bfs_breadth == unset ? 10 : c.speculative_ngram_max_bfs_breadth;
    return detail::is_ngram(c) && c.speculative_eagle_topk != breadth;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.speculative_eagle_topk =
        cfg.speculative_ngram_max_bfs_breadth == unset ? 10 : cfg.speculative_ngram_max_bfs_breadth;
  }
};
struct ngram_draft_tokens {
  static constexpr rewrite_info info{
      "speculative.ngram_draft_tokens", field::speculative_num_draft_tokens,
      "speculative_num_draft_tokens is set to 12 by default for ngram speculative decoding. You can override "
      "this by explicitly setting --speculative-num-draft-tokens."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::is_ngram(ctx.cfg) && ctx.cfg.speculative_num_draft_tokens == unset;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.speculative_num_draft_tokens = 12; }
};

/// No step count given: as many steps as the draft window holds levels of the tree's width,
/// `speculative_num_draft_tokens // speculative_eagle_topk` (12 // 10 = 1 by default).
struct ngram_steps {
  static constexpr rewrite_info info{"speculative.ngram_steps", field::speculative_num_steps, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::is_ngram(ctx.cfg) && ctx.cfg.speculative_num_steps == unset;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.speculative_num_steps = cfg.speculative_num_draft_tokens / cfg.speculative_eagle_topk;
  }
};

ATTNCAP_RULE(ngram_page_tree, "speculative.ngram_page_tree", server_args, value_error, attention_backend,
             "flashinfer (or page_size 1, or topk 1)",
             "speculative_eagle_topk({speculative_eagle_topk}) > 1 with page_size({page_size}) > 1 is unstable and "
             "produces incorrect results for paged attention backends. This combination is only supported for the "
             "'flashinfer' backend.") {
  const auto& c = ctx.cfg;
  return detail::is_ngram(c) && c.speculative_eagle_topk > 1 && c.page_size > 1 &&
         c.attention_backend != id::flashinfer;
}
ATTNCAP_RULE(ngram_dp_attention, "speculative.ngram_dp_attention", server_args, value_error, attn_dp_size, "1",
             "Currently ngram speculative decoding does not support dp attention.") {
  return detail::is_ngram(ctx.cfg) && ctx.cfg.attn_dp_enabled();
}

}  // namespace attncap::rules::server_args
