// SPDX-License-Identifier: MIT
/// @file
/// Prefill context parallelism (`--enable-prefill-cp`, `--cp-strategy`; sglang 0.5.23). Its checks
/// sit where the engine runs them: prefill-only serving's preconditions (kv_cache_hook.py:925),
/// decode context parallelism (parallel_hook.py:249), the DeepSeek family's overrides, which
/// turn data parallelism into attention DP and size the CP group (model_overrides/
/// deepseek_v2.py:62-140, 191-201, model_hook.py:360-364), DeepSeek V4's CP validation
/// (deepseek_v4_hook.py:162-226), then the context-parallelism hook once data parallelism has
/// resolved (parallel_hook.py:110-155, cp_tp_group_sharing_hook.py:27-90).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/capabilities.hpp>
#include <attncap/capabilities/rule.hpp>

namespace attncap::rules::server_args {

namespace detail {
constexpr bool prefill_cp(const launch_config& c) noexcept { return c.enable_prefill_cp; }
/// The classes the engine's DeepSeek family override is registered for (HY V4 refuses prefill
/// CP before anything else runs).
constexpr bool deepseek_override_family(const launch_config& c) noexcept {
  switch (c.model) {
    case model_family::deepseek_v3:
    case model_family::deepseek_v3_like:
    case model_family::deepseek_dsa:
    case model_family::glm_moe_dsa:
      return true;
    default:
      return false;
  }
}
/// Where the DSA override's CP block runs: DSA models off the NPU and XPU, prefill CP on.
constexpr bool dsa_gpu_prefill_cp(const rule_context& ctx) noexcept {
  return prefill_cp(ctx.cfg) && has_model_trait(ctx.cfg, model_trait::dsa) && !ctx.hw.is_npu() && !ctx.hw.is_xpu();
}
constexpr bool dsa_gpu_zigzag_prefill_cp(const rule_context& ctx) noexcept {
  return dsa_gpu_prefill_cp(ctx) && ctx.cfg.cp_strategy == cp_strategy::zigzag;
}
/// The dense DeepSeek family's MLA prefill CP (the override's branch for classes without DSA).
constexpr bool mla_prefill_cp(const rule_context& ctx) noexcept {
  return prefill_cp(ctx.cfg) && deepseek_override_family(ctx.cfg) && !has_model_trait(ctx.cfg, model_trait::dsa) &&
         ctx.cfg.is_mla();
}
/// The attention-DP groups a context-parallel layout runs: the engine reads a plain `--dp-size`
/// as attention DP there (model_override_base.py, context_parallel_attn_dp_size).
constexpr std::int32_t cp_attn_dp_size(const launch_config& c) noexcept { return c.attn_dp_groups() * c.dp_replicas(); }
/// The context-parallel ranks a layout gets: the whole tensor-parallel group of an attention-DP
/// group, or the size given where `keep_given` (DSA's interleave, which may shard heads too).
constexpr std::int32_t cp_group_size(const launch_config& c, bool keep_given) noexcept {
  return keep_given && c.attn_cp_size > 1 ? c.attn_cp_size : c.tp_size / cp_attn_dp_size(c);
}
constexpr bool dsv4_prefill_cp(const launch_config& c) noexcept {
  return prefill_cp(c) && c.model == model_family::deepseek_v4;
}
constexpr bool dsv4_prefill_cp_of(const rule_context& ctx) noexcept { return dsv4_prefill_cp(ctx.cfg); }
/// Qwen4-Exp shares its CP group with the tensor-parallel group once CP spans more than a rank.
constexpr bool qwen4_exp_cp_tp_sharing(const launch_config& c) noexcept {
  return prefill_cp(c) && c.model == model_family::qwen4_exp && c.attn_cp_size > 1;
}
}  // namespace detail

// The no-op pool rejects the writes the prefill-CP path stages K/V through.
ATTNCAP_RULE(prefill_only_prefill_cp, "prefill_only.prefill_cp", server_args, value_error, enable_prefill_cp, "False",
             "--prefill-only-disable-kv-cache is incompatible with --enable-prefill-cp: the prefill-CP path stages "
             "K/V through the paged cache, which the no-op pool does not support.") {
  return ctx.cfg.prefill_only_disable_kv_cache && detail::prefill_cp(ctx.cfg);
}
ATTNCAP_RULE(dcp_prefill_cp, "parallel.dcp_prefill_cp", server_args, value_error, enable_prefill_cp,
             "False (with --dcp-size > 1)", "--dcp-size > 1 does not support --enable-prefill-cp.") {
  return ctx.cfg.dcp_size > 1 && detail::prefill_cp(ctx.cfg);
}
ATTNCAP_RULE(hyv4_prefill_cp, "model.hyv4_prefill_cp", server_args, value_error, enable_prefill_cp, "False",
             "--enable-prefill-cp is not supported for HYV4 because its attention path does not implement DSA "
             "context-parallel metadata and sharding. Got architecture={architecture!r} and "
             "enable_prefill_cp={enable_prefill_cp!r}.") {
  return ctx.cfg.model == model_family::hyv4 && detail::prefill_cp(ctx.cfg);
}

/// A context-parallel layout refuses data-parallel replicas beside attention DP groups
/// (model_override_base.py, context_parallel_attn_dp_size's assertion).
#define ATTNCAP_CP_REPLICAS(Name, Code, Where)                                                                 \
  ATTNCAP_RULE(Name, Code, server_args, assertion_error, dp_size, "1 (with --attn-dp-size > 1)",               \
               "--dp-size {dp_size} with --attn-dp-size {attn_dp_size}: data-parallel replicas combined with " \
               "attention data parallelism are not supported.") {                                              \
    return Where(ctx) && ctx.cfg.replicas_beside_attn_dp();                                                    \
  }
/// A context-parallel layout runs `--dp-size N` as N attention-DP groups, with the engine's
/// deprecation warning; `Layout` names the layout as the warning does.
#define ATTNCAP_CP_ATTENTION_DP(Name, Code, Layout, Where)                                                       \
  struct Name {                                                                                                  \
    static constexpr rewrite_info info{                                                                          \
        Code, field::attn_dp_size,                                                                               \
        "--dp-size {dp_size} under " Layout                                                                      \
        " runs {dp_size} attention data-parallel groups. This is deprecated "                                    \
        "and will be rejected after 2026-12-31; use --attn-dp-size {dp_size} instead."};                         \
    static constexpr bool applies(const rule_context& ctx) noexcept {                                            \
      return Where(ctx) && ctx.cfg.dp_replicas() > 1 && ctx.cfg.attn_dp_size == 1;                               \
    }                                                                                                            \
    static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.move_dp_size_to_attn_dp(); } \
  };
ATTNCAP_CP_REPLICAS(dsa_prefill_cp_attention_dp_replicas, "model.dsa_prefill_cp_attention_dp_replicas",
                    detail::dsa_gpu_prefill_cp)
ATTNCAP_CP_ATTENTION_DP(dsa_prefill_cp_attention_dp, "model.dsa_prefill_cp_attention_dp", "DSA context parallelism",
                        detail::dsa_gpu_prefill_cp)
ATTNCAP_CP_REPLICAS(mla_prefill_cp_attention_dp_replicas, "model.mla_prefill_cp_attention_dp_replicas",
                    detail::mla_prefill_cp)
ATTNCAP_CP_ATTENTION_DP(mla_prefill_cp_attention_dp, "model.mla_prefill_cp_attention_dp", "MLA context parallelism",
                        detail::mla_prefill_cp)

/// A context-parallel layout spans an attention-DP group's tensor-parallel ranks, or keeps the CP
/// size given where `Keep` (DSA's interleave, which may shard heads too). Silent: the engine's
/// log line also names MoE settings a launch does not give. A group narrower than one rank
/// (fewer TP ranks than DP groups) is left to the engine.
#define ATTNCAP_CP_SIZE(Name, Code, Where, Keep)                                   \
  struct Name {                                                                    \
    static constexpr rewrite_info info{Code, field::attn_cp_size, ""};             \
    static constexpr std::int32_t size(const rule_context& ctx) noexcept {         \
      return detail::cp_group_size(ctx.cfg, Keep);                                 \
    }                                                                              \
    static constexpr bool applies(const rule_context& ctx) noexcept {              \
      return Where(ctx) && size(ctx) >= 1 && size(ctx) != ctx.cfg.attn_cp_size;    \
    }                                                                              \
    static constexpr void apply(launch_config& cfg, const platform& hw) noexcept { \
      cfg.attn_cp_size = size(rule_context{cfg, hw});                              \
    }                                                                              \
  };
ATTNCAP_CP_SIZE(mla_prefill_cp_size, "model.mla_prefill_cp_size", detail::mla_prefill_cp, false)

/// MLA prefill CP and zigzag DSA prefill CP run their MoE over DeepEP, with the engine's warning.
#define ATTNCAP_CP_DEEPEP(Name, Code, Warning, Where)                           \
  struct Name {                                                                 \
    static constexpr rewrite_info info{Code, field::moe_a2a_backend, Warning};  \
    static constexpr bool applies(const rule_context& ctx) noexcept {           \
      return Where(ctx) && ctx.cfg.moe_a2a_backend != moe_a2a_backend::deepep;  \
    }                                                                           \
    static constexpr void apply(launch_config& cfg, const platform&) noexcept { \
      cfg.moe_a2a_backend = moe_a2a_backend::deepep;                            \
    }                                                                           \
  };
ATTNCAP_CP_DEEPEP(mla_prefill_cp_moe_a2a, "model.mla_prefill_cp_moe_a2a",
                  "For MLA CP, we have the following restrictions: moe_dense_tp_size == 1, moe_a2a_backend == deepep, "
                  "ep_size == tp_size, batch_size == 1",
                  detail::mla_prefill_cp)
ATTNCAP_CP_DEEPEP(dsa_prefill_cp_moe_a2a, "model.dsa_prefill_cp_moe_a2a",
                  "zigzag DSA CP requires moe_dense_tp_size=1, moe_a2a_backend=deepep, ep_size=tp_size, batch_size=1.",
                  detail::dsa_gpu_zigzag_prefill_cp)
#undef ATTNCAP_CP_DEEPEP

#define ATTNCAP_CP_SINGLE_MACHINE_MESSAGE \
  "Context parallel only supports single machine (tp_size <= 8). Cross-machine CP has precision issues."
ATTNCAP_RULE(dsa_prefill_cp_single_machine, "model.dsa_prefill_cp_single_machine", server_args, assertion_error,
             tp_size, "at most 8", ATTNCAP_CP_SINGLE_MACHINE_MESSAGE) {
  return detail::dsa_gpu_prefill_cp(ctx) && ctx.cfg.tp_size > 8;
}

ATTNCAP_CP_SIZE(dsa_prefill_cp_size, "model.dsa_prefill_cp_size", detail::dsa_gpu_prefill_cp,
                ctx.cfg.cp_strategy == cp_strategy::interleave)

// ---- DeepSeek V4's CP validation, after its defaults.

ATTNCAP_RULE(dsv4_prefill_cp_strategy, "model.dsv4_prefill_cp_strategy", server_args, value_error, cp_strategy,
             "interleave, zigzag", "DeepSeekV4 only supports interleave/zigzag CP strategy, got {cp_strategy}") {
  return detail::dsv4_prefill_cp(ctx.cfg) && ctx.cfg.cp_strategy == cp_strategy::none;
}
ATTNCAP_RULE(dsv4_prefill_cp_zigzag, "model.dsv4_prefill_cp_zigzag", server_args, value_error, cp_strategy,
             "interleave (zigzag on the NPU)",
             "DeepSeekV4 zigzag CP requires the NPU backend; CUDA/HIP backends reindex with interleave order.") {
  return detail::dsv4_prefill_cp(ctx.cfg) && ctx.cfg.cp_strategy == cp_strategy::zigzag && !ctx.hw.is_npu();
}
ATTNCAP_RULE(dsv4_prefill_cp_hip_backends, "model.dsv4_prefill_cp_hip_backends", server_args, value_error,
             attention_backend, "dsv4 for prefill and decode",
             "DeepSeekV4 prefill CP on HIP requires the dsv4 attention backend for both phases, got "
             "prefill={prefill_backend!r}, decode={decode_backend!r}.") {
  const auto& c = ctx.cfg;
  return detail::dsv4_prefill_cp(c) && ctx.hw.is_hip() &&
         (c.prefill_backend() != id::dsv4 || c.decode_backend() != id::dsv4);
}
ATTNCAP_RULE(dsv4_prefill_cp_hip_v41, "model.dsv4_prefill_cp_hip_v41", server_args, value_error, deepseek_v41,
             "False on ROCm", "DeepSeekV4 prefill CP on HIP does not support DeepSeek-V4.1 yet.") {
  return detail::dsv4_prefill_cp(ctx.cfg) && ctx.hw.is_hip() && ctx.cfg.deepseek_v41;
}
ATTNCAP_CP_REPLICAS(dsv4_prefill_cp_attention_dp_replicas, "model.dsv4_prefill_cp_attention_dp_replicas",
                    detail::dsv4_prefill_cp_of)
ATTNCAP_CP_ATTENTION_DP(dsv4_prefill_cp_attention_dp, "model.dsv4_prefill_cp_attention_dp",
                        "DeepSeek-V4 context parallelism", detail::dsv4_prefill_cp_of)
ATTNCAP_CP_SIZE(dsv4_prefill_cp_size, "model.dsv4_prefill_cp_size", detail::dsv4_prefill_cp_of, false)
// Off the NPU, V4's round-robin split runs one attention-DP group on one machine.
ATTNCAP_RULE(dsv4_prefill_cp_dp_attention, "model.dsv4_prefill_cp_dp_attention", server_args, assertion_error,
             attn_dp_size, "1 (off the NPU)", "For round-robin split mode, dp attention is not supported.") {
  return detail::dsv4_prefill_cp(ctx.cfg) && !ctx.hw.is_npu() && detail::cp_attn_dp_size(ctx.cfg) > 1;
}
ATTNCAP_RULE(dsv4_prefill_cp_single_machine, "model.dsv4_prefill_cp_single_machine", server_args, assertion_error,
             tp_size, "at most 8 (off the NPU)", ATTNCAP_CP_SINGLE_MACHINE_MESSAGE) {
  return detail::dsv4_prefill_cp(ctx.cfg) && !ctx.hw.is_npu() && ctx.cfg.tp_size > 8;
}
ATTNCAP_RULE(
    dsv4_prefill_cp_moe_a2a, "model.dsv4_prefill_cp_moe_a2a", server_args, value_error, moe_a2a_backend,
    "none, deepep, megamoe, mori",
    "DeepSeekV4 CP supports moe_a2a_backend in ('none', 'deepep', 'megamoe', 'mori'), got {moe_a2a_backend!r}.") {
  using enum moe_a2a_backend;
  const auto m = ctx.cfg.moe_a2a_backend;
  return detail::dsv4_prefill_cp(ctx.cfg) && m != none && m != deepep && m != megamoe && m != mori;
}
#undef ATTNCAP_CP_SINGLE_MACHINE_MESSAGE
#undef ATTNCAP_CP_ATTENTION_DP
#undef ATTNCAP_CP_REPLICAS
#undef ATTNCAP_CP_SIZE

// Prefill CP serves prefill only: a PD decode server has nothing for it to do.
ATTNCAP_RULE(dsa_prefill_cp_decode_server, "model.dsa_prefill_cp_decode_server", server_args, assertion_error,
             disaggregation_mode, "null, prefill",
             "CP is only supported for prefill when PD disaggregation, please remove --enable-prefill-cp.") {
  return detail::prefill_cp(ctx.cfg) && has_model_trait(ctx.cfg, model_trait::dsa) &&
         ctx.cfg.disaggregation_mode == disaggregation_mode::decode;
}

// ---- The context-parallelism hook, after data parallelism.

ATTNCAP_RULE(prefill_cp_hip, "parallel.prefill_cp_hip", server_args, value_error, enable_prefill_cp,
             "False on ROCm (but for DeepseekV4ForCausalLM)",
             "Prefill CP on HIP is only supported for DeepseekV4ForCausalLM, got {architecture!r}.") {
  return detail::prefill_cp(ctx.cfg) && ctx.hw.is_hip() && ctx.cfg.model != model_family::deepseek_v4;
}
ATTNCAP_RULE(dsa_v32_prefill_cp_zigzag, "model.dsa_v32_prefill_cp_zigzag", server_args, value_error, cp_strategy,
             "interleave", "DeepSeek V3.2 prefill CP does not support --cp-strategy zigzag; use interleave.") {
  return detail::prefill_cp(ctx.cfg) && ctx.cfg.model == model_family::deepseek_dsa &&
         ctx.cfg.cp_strategy == cp_strategy::zigzag;
}
ATTNCAP_RULE(mimo_v2_prefill_cp_strategy, "model.mimo_v2_prefill_cp_strategy", server_args, value_error, cp_strategy,
             "zigzag", "MiMo V2 prefill CP only supports --cp-strategy zigzag.") {
  return detail::prefill_cp(ctx.cfg) && ctx.cfg.model == model_family::mimo_v2 &&
         ctx.cfg.cp_strategy != cp_strategy::zigzag;
}
ATTNCAP_RULE(qwen4_exp_cp_tp_size, "model.qwen4_exp_cp_tp_size", server_args, value_error, attn_cp_size, "tp_size",
             "CP-TP group sharing requires --attn-cp-size == --tp-size, got attn_cp_size={attn_cp_size}, "
             "tp_size={tp_size}.") {
  return detail::qwen4_exp_cp_tp_sharing(ctx.cfg) && ctx.cfg.attn_cp_size != ctx.cfg.tp_size;
}
ATTNCAP_RULE(qwen4_exp_cp_tp_strategy, "model.qwen4_exp_cp_tp_strategy", server_args, value_error, cp_strategy,
             "zigzag", "CP-TP group sharing requires --cp-strategy zigzag.") {
  return detail::qwen4_exp_cp_tp_sharing(ctx.cfg) && ctx.cfg.cp_strategy != cp_strategy::zigzag;
}
ATTNCAP_RULE(qwen4_exp_cp_tp_speculative, "model.qwen4_exp_cp_tp_speculative", server_args, value_error,
             speculative_algorithm, "None", "--speculative-algorithm is not supported with CP-TP group sharing.") {
  return detail::qwen4_exp_cp_tp_sharing(ctx.cfg) && ctx.cfg.speculative();
}
ATTNCAP_RULE(qwen4_exp_cp_tp_moe_a2a, "model.qwen4_exp_cp_tp_moe_a2a", server_args, value_error, moe_a2a_backend,
             "none", "--moe-a2a-backend is not supported with CP-TP group sharing.") {
  return detail::qwen4_exp_cp_tp_sharing(ctx.cfg) && ctx.cfg.moe_a2a_backend != moe_a2a_backend::none;
}
// The features the shared group cannot run that a launch can give (decode CP was refused
// earlier); Qwen4-Exp's prefill-only sharing serves no decode node.
ATTNCAP_RULE(qwen4_exp_cp_tp_pp_size, "model.qwen4_exp_cp_tp_pp_size", server_args, value_error, pp_size, "1",
             "--pp-size > 1 is not supported with CP-TP group sharing.") {
  return detail::qwen4_exp_cp_tp_sharing(ctx.cfg) && ctx.cfg.pp_size > 1;
}
ATTNCAP_RULE(qwen4_exp_cp_tp_decode_server, "model.qwen4_exp_cp_tp_decode_server", server_args, value_error,
             disaggregation_mode, "null, prefill",
             "--disaggregation-mode decode is not supported with CP-TP group sharing.") {
  return detail::qwen4_exp_cp_tp_sharing(ctx.cfg) && ctx.cfg.disaggregation_mode == disaggregation_mode::decode;
}
ATTNCAP_RULE(cp_strategy_unset, "parallel.cp_strategy_unset", server_args, value_error, cp_strategy,
             "zigzag, interleave", "--cp-strategy must be set when --enable-prefill-cp is enabled.") {
  return detail::prefill_cp(ctx.cfg) && ctx.cfg.cp_strategy == cp_strategy::none;
}

// A context-parallel group splits the tensor-parallel ranks, within each attention-DP group.
ATTNCAP_RULE(cp_tp_size, "parallel.cp_tp_size", server_args, assertion_error, tp_size, "a multiple of attn_cp_size",
             "tp_size must be divisible by attn_cp_size") {
  return ctx.cfg.attn_cp_size > 1 && ctx.cfg.tp_size % ctx.cfg.attn_cp_size != 0;
}
ATTNCAP_RULE(cp_dp_tp_size, "parallel.cp_dp_tp_size", server_args, assertion_error, tp_size,
             "a multiple of attn_dp_size * attn_cp_size", "tp_size must be divisible by attn_dp_size * attn_cp_size") {
  const auto& c = ctx.cfg;
  return c.attn_cp_size > 1 && c.tp_size % c.attn_cp_size == 0 &&
         c.tp_size % (c.attn_dp_groups() * c.attn_cp_size) != 0;
}

/// The MoE hook's Ascend tensor-parallel all-to-all is the built-in TP MoE (arg_groups/
/// moe_hook.py:460-469), silently.
struct moe_ascend_tp {
  static constexpr rewrite_info info{"moe.ascend_tp", field::moe_a2a_backend, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.moe_a2a_backend == moe_a2a_backend::ascend_tp;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.moe_a2a_backend = moe_a2a_backend::none;
  }
};

}  // namespace attncap::rules::server_args
