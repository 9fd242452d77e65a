// SPDX-License-Identifier: MIT
/// @file
/// KV-cache passes of argument resolution: 4-bit and MXFP8 KV caches, the page-size default,
/// multi-item scoring, and prefill-only runs without a KV cache.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/rule.hpp>

namespace attncap::rules::server_args {

namespace detail {
constexpr bool kv4_checked_pair(const launch_config& c) noexcept {
  const auto p = c.prefill_backend();
  return !(p != c.decode_backend() && p != id::fa4);
}
/// The KV4 assertion branch that applies: prefill fa4 or not, MLA or not.
constexpr bool kv4_branch(const rule_context& ctx, bool fa4_prefill, bool mla) noexcept {
  const auto& c = ctx.cfg;
  return is_kv4(c.kv_cache_dtype) && ctx.hw.is_cuda() && kv4_checked_pair(c) &&
         (c.prefill_backend() == id::fa4) == fa4_prefill && c.is_mla() == mla;
}
using ::attncap::detail::one_of;
/// A 4-bit KV cache: every kv4 rule asks for one.
constexpr bool kv4_cache(const launch_config& c) noexcept { return is_kv4(c.kv_cache_dtype); }
}  // namespace detail

ATTNCAP_RULE(kv4_cuda_only, "kv4.cuda_only", server_args, runtime_error, hardware, "CUDA GPUs",
             "KV4 is not tested on non-CUDA platforms.") {
  return is_kv4(ctx.cfg.kv_cache_dtype) && !ctx.hw.is_cuda();
}
ATTNCAP_RULE(kv4_nvfp4_blackwell, "kv4.nvfp4_blackwell", server_args, runtime_error, hardware,
             "sm100, sm103, sm120, sm121",
             "--kv-cache-dtype=nvfp4 requires Blackwell SM100 or SM120. Use --kv-cache-dtype=fp4_mx_block16 for the "
             "block-size-16 FP4 recipe.") {
  return ctx.cfg.kv_cache_dtype == kv_cache_dtype::nvfp4 && ctx.hw.is_cuda() &&
         !(ctx.hw.is_sm100() || ctx.hw.is_sm120());
}
ATTNCAP_RULE(kv4_unified_memory, "kv4.unified_memory", server_args, value_error, enable_unified_memory, "False",
             "FP4 KV cache does not yet support --enable-unified-memory: the unified MHA pool does not allocate FP4 "
             "block scales or the prefill dequant workspace.") {
  return is_kv4(ctx.cfg.kv_cache_dtype) && ctx.hw.is_cuda() && ctx.cfg.enable_unified_memory;
}
namespace detail {
/// SM100's trtllm_mha holds NVFP4 with kernel-native block scales, a layout only some
/// speculative workers write (sglang 0.5.23, arg_groups/kv_cache_hook.py:142-253).
constexpr bool sm100_trtllm_nvfp4(const rule_context& ctx) noexcept {
  const auto& c = ctx.cfg;
  return c.kv_cache_dtype == kv_cache_dtype::nvfp4 && ctx.hw.is_cuda() && ctx.hw.is_sm100() && c.serves(id::trtllm_mha);
}
/// The algorithms with native-layout coverage (read before NEXTN becomes EAGLE).
constexpr bool nvfp4_native_spec(speculative_algorithm a) noexcept {
  using enum speculative_algorithm;
  return a == eagle || a == eagle3 || a == nextn || a == ngram;
}
}  // namespace detail

// DFLASH and DSPARK commit a prefix of a dense block through a writer without GenMHA's scales.
ATTNCAP_RULE(nvfp4_spec_dflash_family, "kv4.nvfp4_spec_dflash_family", server_args, value_error, speculative_algorithm,
             "EAGLE, EAGLE3, NEXTN, NGRAM (breadth 1)",
             "SM100 native NVFP4 speculative decoding does not yet support {speculative_algorithm}; use EAGLE/NEXTN "
             "or NGRAM.") {
  const auto a = ctx.cfg.speculative_algorithm;
  return detail::sm100_trtllm_nvfp4(ctx) && (a == speculative_algorithm::dflash || a == speculative_algorithm::dspark);
}
// STANDALONE, UNO and FROZEN_KV_MTP have other draft / cache-commit contracts.
ATTNCAP_RULE(nvfp4_spec_algorithm, "kv4.nvfp4_spec_algorithm", server_args, value_error, speculative_algorithm,
             "EAGLE, EAGLE3, NEXTN, NGRAM (breadth 1)",
             "SM100 native NVFP4 speculative decoding supports EAGLE, EAGLE3, NEXTN, and breadth-1 NGRAM; got "
             "{speculative_algorithm}.") {
  const auto a = ctx.cfg.speculative_algorithm;
  return detail::sm100_trtllm_nvfp4(ctx) && ctx.cfg.speculative() && !detail::nvfp4_native_spec(a) &&
         a != speculative_algorithm::dflash && a != speculative_algorithm::dspark;
}
// trtllm_mha verifies a linear chain only; NGRAM's tree is 10 wide unless told otherwise.
ATTNCAP_RULE(nvfp4_spec_ngram_breadth, "kv4.nvfp4_spec_ngram_breadth", server_args, value_error,
             speculative_ngram_max_bfs_breadth, "1",
             "SM100 native NVFP4 NGRAM speculative decoding requires --speculative-ngram-max-bfs-breadth=1 because "
             "trtllm_mha supports linear target verification only; got {speculative_ngram_max_bfs_breadth}.") {
  const auto b = ctx.cfg.speculative_ngram_max_bfs_breadth;
  return detail::sm100_trtllm_nvfp4(ctx) && ctx.cfg.speculative_algorithm == speculative_algorithm::ngram &&
         b != unset && b != 1;
}
ATTNCAP_RULE(nvfp4_spec_ngram_default_breadth, "kv4.nvfp4_spec_ngram_default_breadth", server_args, value_error,
             speculative_ngram_max_bfs_breadth, "1",
             "SM100 native NVFP4 NGRAM speculative decoding requires --speculative-ngram-max-bfs-breadth=1 because "
             "trtllm_mha supports linear target verification only; got 10.") {
  return detail::sm100_trtllm_nvfp4(ctx) && ctx.cfg.speculative_algorithm == speculative_algorithm::ngram &&
         ctx.cfg.speculative_ngram_max_bfs_breadth == unset;
}
/// A draft model's own KV pool uses the same native layout, so its worker runs on trtllm_mha too.
struct nvfp4_spec_draft_default {
  static constexpr rewrite_info info{"kv4.nvfp4_spec_draft_default", field::speculative_draft_attention_backend,
                                     "SM100 native NVFP4 speculative decoding uses trtllm_mha for the draft worker."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto a = ctx.cfg.speculative_algorithm;
    return detail::sm100_trtllm_nvfp4(ctx) && detail::nvfp4_native_spec(a) && a != speculative_algorithm::ngram &&
           !is_set(ctx.cfg.speculative_draft_attention_backend);
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.speculative_draft_attention_backend = id::trtllm_mha;
  }
};
ATTNCAP_RULE(nvfp4_spec_draft_backend, "kv4.nvfp4_spec_draft_backend", server_args, value_error,
             speculative_draft_attention_backend, "trtllm_mha",
             "SM100 native NVFP4 speculative decoding requires --speculative-draft-attention-backend=trtllm_mha so the "
             "draft worker consumes its physical NVFP4 KV layout; got {speculative_draft_attention_backend!r}.") {
  const auto a = ctx.cfg.speculative_algorithm;
  const auto d = ctx.cfg.speculative_draft_attention_backend;
  return detail::sm100_trtllm_nvfp4(ctx) && detail::nvfp4_native_spec(a) && a != speculative_algorithm::ngram &&
         is_set(d) && d != id::trtllm_mha;
}
/// flashinfer prefill over trtllm_mha decode: target verify moves to the decode child, whose
/// graphs read the NVFP4 cache directly.
struct nvfp4_spec_attention_mode {
  static constexpr rewrite_info info{
      "kv4.nvfp4_spec_attention_mode", field::speculative_attention_mode,
      "SM100 mixed NVFP4 speculative decoding routes target verify to trtllm_mha; overriding "
      "--speculative-attention-mode=prefill to decode."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    return detail::sm100_trtllm_nvfp4(ctx) && c.speculative() && c.prefill_backend() == id::flashinfer &&
           c.decode_backend() == id::trtllm_mha && c.speculative_attention_mode == speculative_attention_mode::prefill;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.speculative_attention_mode = speculative_attention_mode::decode;
  }
};
ATTNCAP_RULE(kv4_nvfp4_disaggregation, "kv4.nvfp4_disaggregation", server_args, value_error, disaggregation_mode,
             "null",
             "SM100 native NVFP4 with trtllm_mha does not yet support PD disaggregation because its physical "
             "block-scale layout is not implemented by the KV transfer path.") {
  return detail::sm100_trtllm_nvfp4(ctx) && ctx.cfg.disaggregation_mode != disaggregation_mode::null;
}

// One message for either host tier, each reported with its own flag.
#define ATTNCAP_HOST_TIER_RULE(Name, Code, Flag)                                                                   \
  ATTNCAP_RULE(Name, Code, server_args, value_error, Flag, "False",                                                \
               "SM100 native NVFP4 with trtllm_mha does not yet support hierarchical KV cache or LMCache because " \
               "their host pools do not preserve the physical block-scale layout.") {                              \
    return detail::sm100_trtllm_nvfp4(ctx) && ctx.cfg.Flag;                                                        \
  }
ATTNCAP_HOST_TIER_RULE(kv4_nvfp4_hicache, "kv4.nvfp4_hierarchical_cache", enable_hierarchical_cache)
ATTNCAP_HOST_TIER_RULE(kv4_nvfp4_lmcache, "kv4.nvfp4_lmcache", enable_lmcache)
#undef ATTNCAP_HOST_TIER_RULE

struct kv4_mixed_pair {
  static constexpr rewrite_info info{
      "kv4.mixed_pair", field::decode_attention_backend,
      "Attention: Using KV4 with PREFILL = {prefill_backend} and DECODE = {decode_backend}. Compatibility "
      "issues are unlikely, but may occur in rare edge cases."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    // NVFP4's FP8 prefill with trtllm_mha decode is the supported mixed recipe (kv_cache_hook.py:148-152, 266-268).
    const bool nvfp4_recipe = c.kv_cache_dtype == kv_cache_dtype::nvfp4 && c.prefill_backend() == id::flashinfer &&
                              c.decode_backend() == id::trtllm_mha;
    return is_kv4(c.kv_cache_dtype) && ctx.hw.is_cuda() && !detail::kv4_checked_pair(c) && !nvfp4_recipe;
  }
  static constexpr void apply(launch_config&, const platform&) noexcept {}
};

ATTNCAP_RULE(kv4_fa4_mla_decode, "kv4.fa4_mla_decode", server_args, assertion_error, decode_attention_backend,
             "flashinfer, trtllm_mla",
             "KV4 FA4 MLA expects decode_attention_backend to be one of ['flashinfer', 'trtllm_mla'], "
             "but got {decode_backend}") {
  return detail::kv4_branch(ctx, true, true) &&
         !detail::one_of(ctx.cfg.decode_backend(), {id::flashinfer, id::trtllm_mla});
}
ATTNCAP_RULE(kv4_fa4_mha_decode, "kv4.fa4_mha_decode", server_args, assertion_error, decode_attention_backend,
             "triton, torch_native, flex_attention",
             "KV4 FA4 MHA expects decode_attention_backend to be one of ['triton', 'torch_native', 'flex_attention'], "
             "but got {decode_backend}") {
  return detail::kv4_branch(ctx, true, false) &&
         !detail::one_of(ctx.cfg.decode_backend(), {id::triton, id::torch_native, id::flex_attention});
}
ATTNCAP_RULE(kv4_mla_backend, "kv4.mla_backend", server_args, assertion_error, attention_backend,
             "flashinfer, trtllm_mla",
             "KV4 MLA expects attention_backend to be one of ['flashinfer', 'trtllm_mla'], but got "
             "{attention_backend}") {
  return detail::kv4_branch(ctx, false, true) &&
         !detail::one_of(ctx.cfg.attention_backend, {id::flashinfer, id::trtllm_mla});
}
ATTNCAP_RULE(kv4_mha_backend, "kv4.mha_backend", server_args, assertion_error, attention_backend,
             "triton, torch_native, flex_attention, trtllm_mha",
             "KV4 MHA expects attention_backend to be one of ['triton', 'torch_native', 'flex_attention', "
             "'trtllm_mha'], but got {attention_backend}") {
  return detail::kv4_branch(ctx, false, false) &&
         !detail::one_of(ctx.cfg.attention_backend, {id::triton, id::torch_native, id::flex_attention, id::trtllm_mha});
}

ATTNCAP_RULE(mxfp8_blackwell, "mxfp8.blackwell", server_args, value_error, hardware,
             "sm100, sm103, sm110, sm120, sm121",
             "--kv-cache-dtype mxfp8 requires an SM100+ (Blackwell) GPU for the block-scaled operands used by the FA4 "
             "MXFP8 attention path.") {
  return ctx.cfg.kv_cache_dtype == kv_cache_dtype::mxfp8 && !ctx.hw.is_blackwell();
}

/// No page size given: 1, or 64 on MUSA and on ROCm with aiter's vectorized 5-D KV layout (its
/// paged decode is tuned for 64-token pages).
struct page_size_default {
  static constexpr rewrite_info info{"page_size.default", field::page_size, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept { return ctx.cfg.page_size == unset; }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    const bool shuffled = hw.is_hip() && cfg.sglang_aiter_kv_cache_layout == aiter_kv_cache_layout::vectorized_5d;
    cfg.page_size = hw.is_musa() || shuffled ? 64 : 1;
  }
};

ATTNCAP_RULE(multi_item_scoring_flashinfer, "multi_item_scoring.flashinfer", server_args, assertion_error,
             attention_backend, "flashinfer for prefill and decode",
             "Multi-item scoring requires flashinfer attention backend for custom attention mask support. Please set "
             "--attention-backend flashinfer when using --enable-mis. Current backends: prefill={prefill_backend}, "
             "decode={decode_backend}") {
  return ctx.cfg.enable_mis &&
         !(ctx.cfg.prefill_backend() == id::flashinfer && ctx.cfg.decode_backend() == id::flashinfer);
}
struct multi_item_scoring_radix_cache {
  static constexpr rewrite_info info{"multi_item_scoring.radix_cache", field::disable_radix_cache,
                                     "Radix cache is disabled because --enable-mis is set."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.enable_mis && !ctx.cfg.disable_radix_cache;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.disable_radix_cache = true; }
};
struct multi_item_scoring_chunked_prefill {
  static constexpr rewrite_info info{"multi_item_scoring.chunked_prefill", field::chunked_prefill_size,
                                     "Chunked prefill is disabled because --enable-mis is set."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.enable_mis && ctx.cfg.chunked_prefill_size != -1;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.chunked_prefill_size = -1; }
};

ATTNCAP_RULE(prefill_only_fa, "prefill_only.fa_backend", server_args, value_error, prefill_attention_backend,
             "fa3, fa4",
             "--prefill-only-disable-kv-cache currently requires the FA prefill backend (fa3/fa4), but got prefill "
             "backend {prefill_backend!r}. Other prefill-only workloads and backends may be supported in a future "
             "change.") {
  return ctx.cfg.prefill_only_disable_kv_cache && ctx.cfg.prefill_backend() != id::fa3 &&
         ctx.cfg.prefill_backend() != id::fa4;
}

// The model runner maps the KV dtype to a torch dtype before it builds any backend
// (sglang 0.5.23, mem_cache/kv_cache_dtype.py:60-62, from ModelRunner.configure_kv_cache_dtype).
ATTNCAP_RULE(cpu_fp8_e5m2, "kv_cache.cpu_fp8_e5m2", model_runner, value_error, kv_cache_dtype, "any but fp8_e5m2",
             "--kv-cache-dtype fp8_e5m2 is not supported on CPU.") {
  return ctx.hw.is_cpu() && ctx.cfg.kv_cache_dtype == kv_cache_dtype::fp8_e5m2;
}

}  // namespace attncap::rules::server_args
