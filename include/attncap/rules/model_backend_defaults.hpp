// SPDX-License-Identifier: MIT
/// @file
/// The per-model providers of the engine's override registry that only choose a default backend
/// (sglang 0.5.23, arg_groups/model_overrides/{beam,embedding_gemma2,exaone,falcon_h1,inkling,lfm2,
/// mimo_v2,minicpmv,granitemoehybrid,nemotron_h}.py), and the backends arg_groups/model_hook.py:668-722 then requires
/// of EXAONE 4 and LFM2.
#pragma once

#include <array>
#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/rules/mamba_radix_cache.hpp>
#include <attncap/rules/model_overrides.hpp>
#include <attncap/runtime/resolution.hpp>
#include <attncap/select/default_backend.hpp>

namespace attncap::rules::server_args {

namespace detail {
/// A provider that fills the base backend of family `Family` where `Unset` holds, with what
/// `Choose` picks for the machine.
template <model_family Family, bool (*Unset)(const launch_config&), backend_id (*Choose)(const platform&)>
struct model_default_backend {
  static constexpr bool applies(const rule_context& ctx) noexcept { return ctx.cfg.model == Family && Unset(ctx.cfg); }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept { cfg.attention_backend = Choose(hw); }
};
constexpr bool base_unset(const launch_config& c) noexcept { return !is_set(c.attention_backend); }
template <backend_id B>
constexpr backend_id always(const platform&) noexcept {
  return B;
}
constexpr backend_id exaone_choice(const platform& hw) noexcept {
  return hw.is_cuda() && hw.is_sm100() ? id::trtllm_mha : hw.is_cuda() && hw.sm() >= 80 ? id::fa3 : id::triton;
}
constexpr backend_id inkling_choice(const platform& hw) noexcept {
  return hw.is_sm90() || hw.is_sm100() ? id::fa4 : id::triton;
}
}  // namespace detail

/// Beam serves on TRT-LLM MHA on Hopper, Blackwell and SM120 when no backend is given.
struct beam_backend
    : detail::model_default_backend<model_family::beam, detail::no_backend_given, detail::always<id::trtllm_mha>> {
  static constexpr rewrite_info info{"model.beam_backend", field::attention_backend, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& hw = ctx.hw;
    return model_default_backend::applies(ctx) && (hw.is_sm90() || hw.is_sm100() || hw.is_sm120());
  }
};

/// EmbeddingGemma 2 runs without the radix cache, and on Triton when no base backend is given.
struct embedding_gemma2_radix_cache {
  static constexpr rewrite_info info{"model.embedding_gemma2_radix_cache", field::disable_radix_cache, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.model == model_family::embedding_gemma2 && !ctx.cfg.disable_radix_cache;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.disable_radix_cache = true; }
};
struct embedding_gemma2_backend
    : detail::model_default_backend<model_family::embedding_gemma2, detail::base_unset, detail::always<id::triton>> {
  static constexpr rewrite_info info{"model.embedding_gemma2_backend", field::attention_backend, ""};
};

/// EXAONE 4 (every config has a sliding-window pattern: transformers defaults it to 4) without a
/// base backend: trtllm_mha on SM100, FA3 on other CUDA GPUs from SM80, else Triton.
struct exaone_backend : detail::model_default_backend<model_family::exaone, detail::base_unset, detail::exaone_choice> {
  static constexpr rewrite_info info{"model.exaone_backend", field::attention_backend, ""};
};

/// The hybrid models whose providers pick one backend on SM100 when no base backend is given.
template <model_family Family, backend_id Backend>
struct sm100_default_backend : detail::model_default_backend<Family, detail::base_unset, detail::always<Backend>> {
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return sm100_default_backend::model_default_backend::applies(ctx) && ctx.hw.is_sm100();
  }
};
struct falcon_h1_backend : sm100_default_backend<model_family::falcon_h1, id::triton> {
  static constexpr rewrite_info info{"model.falcon_h1_backend", field::attention_backend, ""};
};
struct lfm2_backend : sm100_default_backend<model_family::lfm2, id::flashinfer> {
  static constexpr rewrite_info info{"model.lfm2_backend", field::attention_backend, ""};
};
struct minicpmv_backend : sm100_default_backend<model_family::minicpmv, id::triton> {
  static constexpr rewrite_info info{"model.minicpmv_backend", field::attention_backend, ""};
};

/// Granite MoE hybrid with Mamba layers runs FlashInfer on SM100.
struct granite_moe_hybrid_backend : sm100_default_backend<model_family::granite_moe_hybrid, id::flashinfer> {
  static constexpr rewrite_info info{"model.granite_moe_hybrid_backend", field::attention_backend, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return sm100_default_backend::applies(ctx) && ctx.cfg.mamba_radix_cache;
  }
};

/// MiMo V2 runs FA4 on SM100 when no backend is given.
struct mimo_v2_backend
    : detail::model_default_backend<model_family::mimo_v2, detail::no_backend_given, detail::always<id::fa4>> {
  static constexpr rewrite_info info{"model.mimo_v2_backend", field::attention_backend, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return model_default_backend::applies(ctx) && ctx.hw.is_sm100();
  }
};

/// Inkling needs FA4 or Triton: FA4 on Hopper and SM100, else Triton, when no backend is given.
struct inkling_backend
    : detail::model_default_backend<model_family::inkling, detail::no_backend_given, detail::inkling_choice> {
  static constexpr rewrite_info info{"model.inkling_backend", field::attention_backend, ""};
};

/// Nemotron-H on Blackwell with no backend given: TRT-LLM MHA on SM100 (with drafts only at topk
/// 1, then on 64-token pages, Mamba snapshots and a TRT-LLM MHA draft), else Triton with a
/// FlashInfer draft. The backend is filled last: the others read whether one was given.
namespace detail {
constexpr bool nemotron_h_default(const rule_context& ctx) noexcept {
  return ctx.cfg.model == model_family::nemotron_h && ctx.hw.is_blackwell() && no_backend_given(ctx.cfg);
}
constexpr bool nemotron_h_trtllm(const rule_context& ctx) noexcept {
  const auto k = ctx.cfg.speculative_eagle_topk;
  return ctx.hw.is_sm100() && (!ctx.cfg.speculative() || k == unset || k == 1);
}
constexpr bool nemotron_h_drafts(const rule_context& ctx) noexcept {
  using enum speculative_algorithm;
  const auto a = ctx.cfg.speculative_algorithm;
  const bool trtllm = nemotron_h_trtllm(ctx);
  return nemotron_h_default(ctx) && !is_set(ctx.cfg.speculative_draft_attention_backend) &&
         (a == eagle || a == nextn || a == dspark || (!trtllm && a == dflash));
}
}  // namespace detail
struct nemotron_h_page_size {
  static constexpr rewrite_info info{"model.nemotron_h_page_size", field::page_size, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::nemotron_h_default(ctx) && ctx.cfg.speculative() && detail::nemotron_h_trtllm(ctx) &&
           ctx.cfg.page_size == unset;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.page_size = 64; }
};
struct nemotron_h_mamba_strategy {
  static constexpr rewrite_info info{"model.nemotron_h_mamba_strategy", field::mamba_radix_cache_strategy, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::nemotron_h_default(ctx) && ctx.cfg.speculative() && detail::nemotron_h_trtllm(ctx) &&
           ctx.cfg.mamba_radix_cache_strategy == mamba_strategy::auto_;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.mamba_radix_cache_strategy = mamba_strategy::extra_buffer;
  }
};
struct nemotron_h_draft_backend {
  static constexpr rewrite_info info{"model.nemotron_h_draft_backend", field::speculative_draft_attention_backend, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept { return detail::nemotron_h_drafts(ctx); }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    cfg.speculative_draft_attention_backend = detail::nemotron_h_trtllm({cfg, hw}) ? id::trtllm_mha : id::flashinfer;
  }
};
struct nemotron_h_backend {
  static constexpr rewrite_info info{"model.nemotron_h_backend", field::attention_backend, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::nemotron_h_default(ctx) && (ctx.cfg.speculative() || ctx.hw.is_sm100());
  }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    cfg.attention_backend = detail::nemotron_h_trtllm({cfg, hw}) ? id::trtllm_mha : id::triton;
  }
};

/// Qwen3-VL on a large Hopper GPU (every Hopper part has at least 80 GB, over the 60 GiB the
/// engine asks) serves decode on FlashInfer when no base or decode backend is given.
struct qwen3_vl_decode_backend {
  static constexpr rewrite_info info{"model.qwen3_vl_decode_backend", field::decode_attention_backend, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    return c.model == model_family::qwen3_vl && ctx.hw.is_sm90() && !is_set(c.attention_backend) &&
           !is_set(c.decode_attention_backend);
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.decode_attention_backend = id::flashinfer;
  }
};

/// Qwen3-VL on ROCm under aiter's unified attention, no page size given: 16-token pages (logged
/// at info level).
struct qwen3_vl_page_size {
  static constexpr rewrite_info info{"model.qwen3_vl_page_size", field::page_size, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    return c.model == model_family::qwen3_vl && ctx.hw.is_hip() && c.sglang_use_aiter_unified_attn &&
           c.page_size == unset;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.page_size = 16; }
};

/// MiniMax-M3 (a checkpoint without NVFP4 experts, whose branch reads the weights' quantization)
/// with no backend given: Triton on ROCm, on SM100 trtllm_mha for an FP8 E4M3 cache (its FP8
/// attention GEMMs) else FA4, on Hopper FA3; the sparse block attention on SM100 and Hopper wants
/// 128-token pages. The page size is filled first: it reads whether a backend was given.
namespace detail {
constexpr backend_id minimax_m3_choice(const platform& hw, const launch_config& c) noexcept {
  if (hw.is_hip()) return id::triton;
  if (hw.is_sm100()) return c.kv_cache_dtype == kv_cache_dtype::fp8_e4m3 ? id::trtllm_mha : id::fa4;
  return hw.is_sm90() ? id::fa3 : backend_id::none;
}
}  // namespace detail
struct minimax_m3_page_size {
  static constexpr rewrite_info info{"model.minimax_m3_page_size", field::page_size, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    if (c.model != model_family::minimax_m3 || c.page_size != unset || ctx.hw.is_hip()) return false;
    const auto b = detail::no_backend_given(c) ? detail::minimax_m3_choice(ctx.hw, c) : c.attention_backend;
    return ctx.hw.is_sm100() ? b == id::fa4 || b == id::trtllm_mha : ctx.hw.is_sm90() && b == id::fa3;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.page_size = 128; }
};
struct minimax_m3_backend {
  static constexpr rewrite_info info{"model.minimax_m3_backend", field::attention_backend, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.model == model_family::minimax_m3 && detail::no_backend_given(ctx.cfg) &&
           is_set(detail::minimax_m3_choice(ctx.hw, ctx.cfg));
  }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    cfg.attention_backend = detail::minimax_m3_choice(hw, cfg);
  }
};
/// An FP8 E5M2 cache keeps MiniMax-M3 off its FP8 attention GEMMs, with a warning.
struct minimax_m3_fp8_e5m2 {
  static constexpr rewrite_info info{
      "model.minimax_m3_fp8_e5m2", field::kv_cache_dtype,
      "MiniMax-M3 with kv_cache_dtype fp8_e5m2: fp8 attention GEMMs stay DISABLED (fmha_sm100's variant lookup would "
      "silently dispatch the e4m3 kernel for e5m2); sparse attention runs on the widening Triton path. Use "
      "--kv-cache-dtype fp8_e4m3 for fp8 attention GEMMs."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.model == model_family::minimax_m3 && ctx.cfg.kv_cache_dtype == kv_cache_dtype::fp8_e5m2;
  }
  static constexpr void apply(launch_config&, const platform&) noexcept {}
};

/// Qwen 3.5's hybrid stack (Qwen3-Next, Intern-S2; Qwen4-Exp restates it) on SM100 without a
/// base backend: Triton on 1-token pages, unless the engine's default is trtllm_mha and Mamba
/// snapshots, no radix cache or drafts ask for paging, then trtllm_mha on 64-token pages. Both
/// override a page size given, and both are chosen from the launch as it reached the provider.
namespace detail {
constexpr bool qwen3_5_provider(const rule_context& ctx) noexcept {
  const auto m = ctx.cfg.model;
  return (m == model_family::qwen3_5 || m == model_family::qwen3_next || m == model_family::qwen4_exp) &&
         ctx.hw.is_sm100() && !is_set(ctx.cfg.attention_backend);
}
constexpr backend_id qwen3_5_choice(const launch_config& c) noexcept {
  const bool snapshots = !c.disable_radix_cache && extra_buffer_strategy(c.mamba_radix_cache_strategy);
  const bool paged = snapshots || c.disable_radix_cache || c.speculative();
  return ::attncap::default_backend(c).backend == id::trtllm_mha && paged ? id::trtllm_mha : id::triton;
}
}  // namespace detail
struct qwen3_5_page_size {
  static constexpr rewrite_info info{"model.qwen3_5_page_size", field::page_size, ""};
};
struct qwen3_5_backend {
  static constexpr rewrite_info info{"model.qwen3_5_backend", field::attention_backend, ""};
};
/// The provider as the engine runs it: the backend and its page both chosen from the launch as it
/// reached the provider (the choice reads the page given), the page recorded first.
struct qwen3_5_defaults {
  using rewrites = rule_list<qwen3_5_page_size, qwen3_5_backend>;
  template <class Registry>
  static constexpr void run(resolution<Registry>& r) {
    if (!detail::qwen3_5_provider(r.context())) return;
    const backend_id b = detail::qwen3_5_choice(r.cfg);
    if (const std::int32_t page = b == id::trtllm_mha ? 64 : 1; r.cfg.page_size != page)
      r.record(qwen3_5_page_size::info, [&](launch_config& c) { c.page_size = page; });
    r.record(qwen3_5_backend::info, [&](launch_config& c) { c.attention_backend = b; });
  }
};

// Qwen4-Exp's provider refuses the unified pool before it picks a backend.
ATTNCAP_RULE(qwen4_exp_unified_memory, "model.qwen4_exp_unified_memory", server_args, value_error,
             enable_unified_memory, "False", "Qwen4-Exp does not support --enable-unified-memory yet") {
  return ctx.cfg.model == model_family::qwen4_exp && ctx.cfg.enable_unified_memory;
}
/// Qwen4-Exp's compressed QSA addresses a compressed slot as full_slot // ratio, which every
/// backend needs on 64-token pages: after the SM100 default, over a page size given.
struct qwen4_exp_qsa_page_size {
  static constexpr rewrite_info info{"model.qwen4_exp_qsa_page_size", field::page_size,
                                     "Setting page size to 64 for compressed QSA (full//ratio compressed addressing)."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.model == model_family::qwen4_exp && ctx.cfg.qsa_profile;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.page_size = 64; }
};

ATTNCAP_RULE(exaone_backends, "model.exaone_backends", server_args, assertion_error, attention_backend,
             "fa3, triton, trtllm_mha",
             "One of the attention backends in ['fa3', 'triton', 'trtllm_mha'] is required for {architecture}, but "
             "got {attention_backend}") {
  constexpr std::array allowed{id::fa3, id::triton, id::trtllm_mha};
  return ctx.cfg.model == model_family::exaone && !detail::one_of(ctx.cfg.attention_backend, allowed);
}
// Its first layer may be a short convolution, which Triton's metadata does not describe.
ATTNCAP_RULE(lfm2_triton, "model.lfm2_triton", server_args, assertion_error, attention_backend, "any but triton",
             "{architecture} does not support triton attention backend, as the first layer might not be an attention "
             "layer") {
  return ctx.cfg.model == model_family::lfm2 && ctx.cfg.attention_backend == id::triton;
}

}  // namespace attncap::rules::server_args
