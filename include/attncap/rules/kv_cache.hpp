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
struct kv4_mixed_pair {
  static constexpr rewrite_info info{
      "kv4.mixed_pair", field::decode_attention_backend,
      "Attention: Using KV4 with PREFILL = {prefill_backend} and DECODE = {decode_backend}. Compatibility "
      "issues are unlikely, but may occur in rare edge cases."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return is_kv4(ctx.cfg.kv_cache_dtype) && ctx.hw.is_cuda() && !detail::kv4_checked_pair(ctx.cfg);
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

/// No page size given: 1, or 64 on MUSA.
struct page_size_default {
  static constexpr rewrite_info info{"page_size.default", field::page_size, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept { return ctx.cfg.page_size == unset; }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    cfg.page_size = hw.is_musa() ? 64 : 1;
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
  static constexpr rewrite_info info{"multi_item_scoring.radix_cache", field::disable_radix_cache, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.enable_mis && !ctx.cfg.disable_radix_cache;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.disable_radix_cache = true; }
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
