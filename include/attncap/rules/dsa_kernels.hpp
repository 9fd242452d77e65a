// SPDX-License-Identifier: MIT
/// @file
/// DeepSeek sparse attention's kernels (`--dsa-prefill-backend`, `--dsa-decode-backend`): the
/// DCP default among the model overrides (arg_groups/model_overrides/deepseek_v2.py:18-35), then,
/// after the KV dtype's default, the choice for each phase left open and the checks of the pair
/// (arg_groups/overrides.py:553-720, run from arg_groups/model_hook.py:343-348).
#pragma once

#include <attncap/capabilities/rule.hpp>
#include <attncap/rules/model_overrides.hpp>

namespace attncap::rules::server_args {

namespace detail {
/// A DSA model on a CUDA or ROCm GPU, where the engine checks the kernels given.
constexpr bool dsa_on_gpu(const rule_context& ctx) noexcept {
  return is_dsa_model(ctx.cfg) && (ctx.hw.is_cuda() || ctx.hw.is_hip());
}
/// The platforms whose DSA kernels the engine resolves (the NPU keeps its own).
constexpr bool dsa_kernel_platform(const rule_context& ctx) noexcept {
  return is_dsa_model(ctx.cfg) && (ctx.hw.is_cuda() || ctx.hw.is_hip() || ctx.hw.is_xpu());
}
/// GLM-5 with an FP8 cache on SM12x runs FlashInfer's sparse MLA for both phases.
constexpr bool glm_sm12_fp8(const launch_config& c, const platform& hw) noexcept {
  return c.model == model_family::glm_moe_dsa && hw.is_cuda() && hw.major() == 12 &&
         c.kv_cache_dtype == kv_cache_dtype::fp8_e4m3;
}
/// The engine checks the pair only where neither learnable sinks nor GLM's SM12x FP8 decide it.
constexpr bool dsa_pair_checked(const rule_context& ctx) noexcept {
  return dsa_on_gpu(ctx) && !ctx.cfg.attention_sinks && !glm_sm12_fp8(ctx.cfg, ctx.hw);
}
/// The kernels a phase left open gets: by platform, sinks, GLM's SM12x FP8, HiSparse's, then the KV dtype.
constexpr dsa_kernel dsa_kernel_default(const launch_config& c, const platform& hw, bool prefill) noexcept {
  if (hw.is_xpu()) return dsa_kernel::intel_xpu;
  if (c.attention_sinks) return dsa_kernel::flashmla_sparse;
  if (glm_sm12_fp8(c, hw)) return dsa_kernel::flashinfer_sparse_mla;
  if (c.enable_hisparse && hw.is_hip()) return dsa_kernel::tilelang;
  if (c.enable_hisparse)
    return c.kv_cache_dtype == kv_cache_dtype::fp8_e4m3 ? dsa_kernel::flashmla_kv : dsa_kernel::flashmla_sparse;
  if (hw.is_hip()) return dsa_kernel::triton;
  if (c.kv_cache_dtype == kv_cache_dtype::fp8_e4m3)
    return hw.major() >= 10 ? dsa_kernel::trtllm : dsa_kernel::flashmla_kv;
  if (prefill) return dsa_kernel::flashmla_sparse;
  return hw.major() >= 10 ? dsa_kernel::trtllm : dsa_kernel::fa3;
}
/// Kernels `k` given for a phase of a model with learnable sinks, which need FlashMLA's sparse ones.
constexpr bool dsa_sinks_mismatch(const rule_context& ctx, dsa_kernel k) noexcept {
  return dsa_on_gpu(ctx) && ctx.cfg.attention_sinks && k != dsa_kernel::none && k != dsa_kernel::flashmla_sparse;
}
/// CUDA's TileLang kernels on an FP8 cache read it raw, unscaled.
constexpr bool cuda_tilelang_fp8(const rule_context& ctx) noexcept {
  const auto& c = ctx.cfg;
  return dsa_pair_checked(ctx) && !ctx.hw.is_hip() && c.kv_cache_dtype == kv_cache_dtype::fp8_e4m3 &&
         (c.dsa_prefill_backend == dsa_kernel::tilelang || c.dsa_decode_backend == dsa_kernel::tilelang);
}
/// Under DCP a phase left open runs TensorRT-LLM's kernels (on every platform).
template <dsa_kernel launch_config::*M>
struct dsa_dcp_fill {
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return is_dsa_model(ctx.cfg) && ctx.cfg.dcp_size > 1 && ctx.cfg.*M == dsa_kernel::none;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.*M = dsa_kernel::trtllm; }
};
/// A phase left open gets the kernels of dsa_kernel_default.
template <dsa_kernel launch_config::*M, bool Prefill>
struct dsa_fill {
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return dsa_kernel_platform(ctx) && ctx.cfg.*M == dsa_kernel::none;
  }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    cfg.*M = dsa_kernel_default(cfg, hw, Prefill);
  }
};
}  // namespace detail

struct dsa_dcp_prefill_kernel : detail::dsa_dcp_fill<&launch_config::dsa_prefill_backend> {
  static constexpr rewrite_info info{"model.dsa_dcp_prefill_kernel", field::dsa_prefill_backend, ""};
};
struct dsa_dcp_decode_kernel : detail::dsa_dcp_fill<&launch_config::dsa_decode_backend> {
  static constexpr rewrite_info info{"model.dsa_dcp_decode_kernel", field::dsa_decode_backend, ""};
};

// Learnable sinks need FlashMLA's sparse kernels for both phases.
ATTNCAP_RULE(dsa_sinks_prefill_kernel, "model.dsa_sinks_prefill_kernel", server_args, value_error, dsa_prefill_backend,
             "flashmla_sparse",
             "{architecture} uses learnable attention sinks and requires --dsa-prefill-backend 'flashmla_sparse'; got "
             "{dsa_prefill_backend!r}") {
  return detail::dsa_sinks_mismatch(ctx, ctx.cfg.dsa_prefill_backend);
}
ATTNCAP_RULE(dsa_sinks_decode_kernel, "model.dsa_sinks_decode_kernel", server_args, value_error, dsa_decode_backend,
             "flashmla_sparse",
             "{architecture} uses learnable attention sinks and requires --dsa-decode-backend 'flashmla_sparse'; got "
             "{dsa_decode_backend!r}") {
  return detail::dsa_sinks_mismatch(ctx, ctx.cfg.dsa_decode_backend);
}

struct dsa_prefill_kernel : detail::dsa_fill<&launch_config::dsa_prefill_backend, true> {
  static constexpr rewrite_info info{"model.dsa_prefill_kernel", field::dsa_prefill_backend, ""};
};
struct dsa_decode_kernel : detail::dsa_fill<&launch_config::dsa_decode_backend, false> {
  static constexpr rewrite_info info{"model.dsa_decode_kernel", field::dsa_decode_backend, ""};
};

// HiSparse's own refusal comes before the pair's checks.
ATTNCAP_RULE(dsa_hisparse_tilelang_fp8, "model.dsa_hisparse_tilelang_fp8", server_args, value_error, enable_hisparse,
             "False (with TileLang kernels on a CUDA FP8 cache)", "CUDA TileLang FP8 KV does not support HiSparse.") {
  return detail::cuda_tilelang_fp8(ctx) && ctx.cfg.enable_hisparse;
}

// The pair's checks: each names the phase whose kernels are out of place.
#define ATTNCAP_DSA_TRITON_MESSAGE                                                                               \
  "The triton DSA backend is only supported on ROCm/HIP. Pick an alternative DSA backend for CUDA (flashmla_kv " \
  "on Hopper, trtllm on Blackwell)."
ATTNCAP_RULE(dsa_triton_prefill_rocm, "model.dsa_triton_prefill_rocm", server_args, value_error, dsa_prefill_backend,
             "any but triton off ROCm", ATTNCAP_DSA_TRITON_MESSAGE) {
  return detail::dsa_pair_checked(ctx) && !ctx.hw.is_hip() && ctx.cfg.dsa_prefill_backend == dsa_kernel::triton;
}
ATTNCAP_RULE(dsa_triton_decode_rocm, "model.dsa_triton_decode_rocm", server_args, value_error, dsa_decode_backend,
             "any but triton off ROCm", ATTNCAP_DSA_TRITON_MESSAGE) {
  const auto& c = ctx.cfg;
  return detail::dsa_pair_checked(ctx) && !ctx.hw.is_hip() && c.dsa_prefill_backend != dsa_kernel::triton &&
         c.dsa_decode_backend == dsa_kernel::triton;
}
#undef ATTNCAP_DSA_TRITON_MESSAGE
#define ATTNCAP_DSA_TILELANG_MESSAGE \
  "CUDA TileLang FP8 KV requires both DSA backends to be tilelang; raw and scaled FP8 KV layouts cannot be mixed."
ATTNCAP_RULE(dsa_tilelang_prefill_pair, "model.dsa_tilelang_prefill_pair", server_args, value_error,
             dsa_prefill_backend, "tilelang", ATTNCAP_DSA_TILELANG_MESSAGE) {
  return detail::cuda_tilelang_fp8(ctx) && ctx.cfg.dsa_prefill_backend != dsa_kernel::tilelang;
}
ATTNCAP_RULE(dsa_tilelang_decode_pair, "model.dsa_tilelang_decode_pair", server_args, value_error, dsa_decode_backend,
             "tilelang", ATTNCAP_DSA_TILELANG_MESSAGE) {
  return detail::cuda_tilelang_fp8(ctx) && ctx.cfg.dsa_prefill_backend == dsa_kernel::tilelang &&
         ctx.cfg.dsa_decode_backend != dsa_kernel::tilelang;
}
#undef ATTNCAP_DSA_TILELANG_MESSAGE
ATTNCAP_RULE(dsa_tilelang_dcp, "model.dsa_tilelang_dcp", server_args, value_error, dcp_size, "1",
             "CUDA TileLang FP8 KV does not support --dcp-size > 1.") {
  return detail::cuda_tilelang_fp8(ctx) && ctx.cfg.dcp_size > 1;
}
ATTNCAP_RULE(dsa_tilelang_sm89, "model.dsa_tilelang_sm89", server_args, value_error, hardware, "sm89 and newer",
             "CUDA TileLang FP8 KV requires SM89 or newer.") {
  return detail::cuda_tilelang_fp8(ctx) && ctx.hw.sm() < 89;
}

}  // namespace attncap::rules::server_args
