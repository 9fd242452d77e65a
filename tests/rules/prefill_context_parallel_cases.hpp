// SPDX-License-Identifier: MIT
// Cases for rules/prefill_context_parallel.hpp: --enable-prefill-cp and --cp-strategy.
#pragma once

#include <array>

#include "rules/prefill_only_cases.hpp"
#include "rules/rule_table.hpp"

namespace attncap::test {

namespace pcp {
using CP = cp_strategy;
/// An MHA model on Hopper with interleaved prefill CP.
inline constexpr conf mha = on(H::sm90).backend(id::fa3).prefill_cp(CP::interleave);
/// DeepSeek V3.2 (DSA) on Hopper with interleaved prefill CP.
inline constexpr conf dsa = on(H::sm90).mla().model(M::deepseek_dsa).prefill_cp(CP::interleave);
/// DeepSeek V3 (dense MLA) on Hopper with interleaved prefill CP.
inline constexpr conf mla = on(H::sm90).mla().model(M::deepseek_v3).prefill_cp(CP::interleave);
/// DeepSeek V4 on Blackwell and on ROCm with interleaved prefill CP.
inline constexpr conf dsv4 = on(H::sm100).mla().model(M::deepseek_v4).prefill_cp(CP::interleave);
inline constexpr conf dsv4_hip = dsv4.on(H::gfx942);
/// Qwen4-Exp sharing its CP group with a tensor-parallel group of two.
inline constexpr conf qwen4 = on(H::sm100).model(M::qwen4_exp).prefill_cp(CP::zigzag).tp(2).attn_cp(2);
inline constexpr std::string_view single_machine =
    "Context parallel only supports single machine (tp_size <= 8). Cross-machine CP has precision issues.";
}  // namespace pcp

inline constexpr std::array prefill_context_parallel_rules{
    rule_case{&sa::prefill_only_prefill_cp::info, stage::server_args, exception_kind::value_error,
              servable.flag(&launch_config::enable_prefill_cp),
              "--prefill-only-disable-kv-cache is incompatible with --enable-prefill-cp: the prefill-CP path stages "
              "K/V through the paged cache, which the no-op pool does not support.",
              servable, "True"},
    rule_case{&sa::dcp_prefill_cp::info, stage::server_args, exception_kind::value_error, pcp::mha.tp(2).dcp(2),
              "--dcp-size > 1 does not support --enable-prefill-cp.", pcp::mha.tp(2), "True"},
    rule_case{&sa::hyv4_prefill_cp::info, stage::server_args, exception_kind::value_error, pcp::mla.model(M::hyv4),
              "--enable-prefill-cp is not supported for HYV4 because its attention path does not implement DSA "
              "context-parallel metadata and sharding. Got architecture='HYV4ForCausalLM' and enable_prefill_cp=True.",
              pcp::mla.model(M::hyv4).flag(&launch_config::enable_prefill_cp, false), "True"},
    rule_case{&sa::dsa_prefill_cp_single_machine::info, stage::server_args, exception_kind::assertion_error,
              pcp::dsa.tp(16), pcp::single_machine, pcp::dsa.tp(8), "16"},
    rule_case{&sa::dsa_prefill_cp_decode_server::info, stage::server_args, exception_kind::assertion_error,
              pcp::dsa.with(&launch_config::disaggregation_mode, disaggregation_mode::decode),
              "CP is only supported for prefill when PD disaggregation, please remove --enable-prefill-cp.",
              pcp::dsa.with(&launch_config::disaggregation_mode, disaggregation_mode::prefill), "decode"},
    rule_case{&sa::dsv4_prefill_cp_strategy::info, stage::server_args, exception_kind::value_error,
              pcp::dsv4.prefill_cp(pcp::CP::none), "DeepSeekV4 only supports interleave/zigzag CP strategy, got None",
              pcp::dsv4, "None"},
    rule_case{&sa::dsv4_prefill_cp_zigzag::info, stage::server_args, exception_kind::value_error,
              pcp::dsv4.prefill_cp(pcp::CP::zigzag),
              "DeepSeekV4 zigzag CP requires the NPU backend; CUDA/HIP backends reindex with interleave order.",
              pcp::dsv4, "zigzag"},
    rule_case{&sa::dsv4_prefill_cp_hip_backends::info, stage::server_args, exception_kind::value_error,
              pcp::dsv4_hip.prefill(id::aiter),
              "DeepSeekV4 prefill CP on HIP requires the dsv4 attention backend for both phases, got "
              "prefill='aiter', decode='dsv4'.",
              pcp::dsv4_hip},
    rule_case{&sa::dsv4_prefill_cp_hip_v41::info, stage::server_args, exception_kind::value_error,
              pcp::dsv4_hip.flag(&launch_config::deepseek_v41),
              "DeepSeekV4 prefill CP on HIP does not support DeepSeek-V4.1 yet.", pcp::dsv4_hip, "True"},
    rule_case{&sa::dsv4_prefill_cp_attention_dp_replicas::info, stage::server_args, exception_kind::assertion_error,
              pcp::dsv4.tp(4).dp(2).with(&launch_config::attn_dp_size, 2),
              "--dp-size 2 with --attn-dp-size 2: data-parallel replicas combined with attention data parallelism "
              "are not supported.",
              pcp::dsv4.tp(4).with(&launch_config::attn_dp_size, 2), "2"},
    rule_case{&sa::dsa_prefill_cp_attention_dp_replicas::info, stage::server_args, exception_kind::assertion_error,
              pcp::dsa.tp(4).dp(2).with(&launch_config::attn_dp_size, 2),
              "--dp-size 2 with --attn-dp-size 2: data-parallel replicas combined with attention data parallelism "
              "are not supported.",
              pcp::dsa.tp(4).with(&launch_config::attn_dp_size, 2), "2"},
    rule_case{&sa::mla_prefill_cp_attention_dp_replicas::info, stage::server_args, exception_kind::assertion_error,
              pcp::mla.tp(4).dp(2).with(&launch_config::attn_dp_size, 2),
              "--dp-size 2 with --attn-dp-size 2: data-parallel replicas combined with attention data parallelism "
              "are not supported.",
              pcp::mla.tp(4).with(&launch_config::attn_dp_size, 2), "2"},
    rule_case{&sa::dsv4_prefill_cp_dp_attention::info, stage::server_args, exception_kind::assertion_error,
              pcp::dsv4.tp(4).dp(2).flag(&launch_config::enable_dp_attention),
              "For round-robin split mode, dp attention is not supported.",
              pcp::dsv4.tp(4).flag(&launch_config::enable_dp_attention), "2"},
    rule_case{&sa::dsv4_prefill_cp_single_machine::info, stage::server_args, exception_kind::assertion_error,
              pcp::dsv4.tp(16), pcp::single_machine, pcp::dsv4.tp(8), "16"},
    rule_case{&sa::prefill_cp_hip::info, stage::server_args, exception_kind::value_error,
              pcp::mha.on(H::gfx942).backend(id::aiter).model(M::llama),
              "Prefill CP on HIP is only supported for DeepseekV4ForCausalLM, got 'LlamaForCausalLM'.",
              pcp::mha.on(H::gfx942).backend(id::aiter).model(M::deepseek_v4), "True"},
    rule_case{&sa::dsa_v32_prefill_cp_zigzag::info, stage::server_args, exception_kind::value_error,
              pcp::dsa.prefill_cp(pcp::CP::zigzag),
              "DeepSeek V3.2 prefill CP does not support --cp-strategy zigzag; use interleave.", pcp::dsa, "zigzag"},
    rule_case{&sa::mimo_v2_prefill_cp_strategy::info, stage::server_args, exception_kind::value_error,
              pcp::mha.on(H::sm100).model(M::mimo_v2), "MiMo V2 prefill CP only supports --cp-strategy zigzag.",
              pcp::mha.on(H::sm100).model(M::mimo_v2).prefill_cp(pcp::CP::zigzag), "interleave"},
    rule_case{&sa::qwen4_exp_cp_tp_size::info, stage::server_args, exception_kind::value_error, pcp::qwen4.tp(4),
              "CP-TP group sharing requires --attn-cp-size == --tp-size, got attn_cp_size=2, tp_size=4.", pcp::qwen4,
              "2"},
    rule_case{&sa::qwen4_exp_cp_tp_strategy::info, stage::server_args, exception_kind::value_error,
              pcp::qwen4.prefill_cp(pcp::CP::interleave), "CP-TP group sharing requires --cp-strategy zigzag.",
              pcp::qwen4, "interleave"},
    rule_case{&sa::qwen4_exp_cp_tp_speculative::info, stage::server_args, exception_kind::value_error,
              pcp::qwen4.spec(S::eagle), "--speculative-algorithm is not supported with CP-TP group sharing.",
              pcp::qwen4, "EAGLE"},
    rule_case{&sa::qwen4_exp_cp_tp_pp_size::info, stage::server_args, exception_kind::value_error,
              pcp::qwen4.with(&launch_config::pp_size, 2), "--pp-size > 1 is not supported with CP-TP group sharing.",
              pcp::qwen4, "2"},
    rule_case{&sa::qwen4_exp_cp_tp_decode_server::info, stage::server_args, exception_kind::value_error,
              pcp::qwen4.with(&launch_config::disaggregation_mode, disaggregation_mode::decode),
              "--disaggregation-mode decode is not supported with CP-TP group sharing.",
              pcp::qwen4.with(&launch_config::disaggregation_mode, disaggregation_mode::prefill), "decode"},
    rule_case{&sa::dsv4_prefill_cp_moe_a2a::info, stage::server_args, exception_kind::value_error,
              pcp::dsv4.with(&launch_config::moe_a2a_backend, moe_a2a_backend::mooncake),
              "DeepSeekV4 CP supports moe_a2a_backend in ('none', 'deepep', 'megamoe', 'mori'), got 'mooncake'.",
              pcp::dsv4.with(&launch_config::moe_a2a_backend, moe_a2a_backend::mori), "mooncake"},
    rule_case{&sa::qwen4_exp_cp_tp_moe_a2a::info, stage::server_args, exception_kind::value_error,
              pcp::qwen4.with(&launch_config::moe_a2a_backend, moe_a2a_backend::deepep),
              "--moe-a2a-backend is not supported with CP-TP group sharing.", pcp::qwen4, "deepep"},
    rule_case{&sa::cp_tp_size::info, stage::server_args, exception_kind::assertion_error, pcp::mha.tp(3).attn_cp(2),
              "tp_size must be divisible by attn_cp_size", pcp::mha.tp(4).attn_cp(2), "3"},
    rule_case{&sa::cp_dp_tp_size::info, stage::server_args, exception_kind::assertion_error,
              pcp::mha.tp(2).attn_cp(2).dp(2).flag(&launch_config::enable_dp_attention),
              "tp_size must be divisible by attn_dp_size * attn_cp_size",
              pcp::mha.tp(4).attn_cp(2).dp(2).flag(&launch_config::enable_dp_attention), "2"},
    rule_case{&sa::cp_strategy_unset::info, stage::server_args, exception_kind::value_error,
              pcp::mha.prefill_cp(pcp::CP::none), "--cp-strategy must be set when --enable-prefill-cp is enabled.",
              pcp::mha, "None"},
};

inline constexpr std::array prefill_context_parallel_rewrites{
    // A plain --dp-size becomes attention DP under a CP layout, with the engine's deprecation.
    rewrite_case{&sa::dsa_prefill_cp_attention_dp::info, pcp::dsa.tp(4).dp(2),
                 "--dp-size 2 under DSA context parallelism runs 2 attention data-parallel groups. This is deprecated "
                 "and will be rejected after 2026-12-31; use --attn-dp-size 2 instead.",
                 "2", pcp::dsa.tp(4).dp(2).flag(&launch_config::enable_prefill_cp, false)},
    rewrite_case{&sa::mla_prefill_cp_attention_dp::info, pcp::mla.tp(4).dp(2),
                 "--dp-size 2 under MLA context parallelism runs 2 attention data-parallel groups. This is deprecated "
                 "and will be rejected after 2026-12-31; use --attn-dp-size 2 instead.",
                 "2", pcp::mla.tp(4).dp(2).flag(&launch_config::enable_dp_attention)},
    rewrite_case{&sa::dsv4_prefill_cp_attention_dp::info, pcp::dsv4.tp(4).dp(2),
                 "--dp-size 2 under DeepSeek-V4 context parallelism runs 2 attention data-parallel groups. This is "
                 "deprecated and will be rejected after 2026-12-31; use --attn-dp-size 2 instead.",
                 "2", pcp::dsv4.tp(4).dp(2).flag(&launch_config::enable_prefill_cp, false)},
    // MLA CP and zigzag DSA CP run their MoE over DeepEP.
    rewrite_case{&sa::mla_prefill_cp_moe_a2a::info, pcp::mla,
                 "For MLA CP, we have the following restrictions: moe_dense_tp_size == 1, moe_a2a_backend == deepep, "
                 "ep_size == tp_size, batch_size == 1",
                 "deepep", pcp::mla.flag(&launch_config::enable_prefill_cp, false)},
    rewrite_case{&sa::dsa_prefill_cp_moe_a2a::info, pcp::dsa.prefill_cp(pcp::CP::zigzag),
                 "zigzag DSA CP requires moe_dense_tp_size=1, moe_a2a_backend=deepep, ep_size=tp_size, batch_size=1.",
                 "deepep", pcp::dsa},
    rewrite_case{&sa::moe_ascend_tp::info, pcp::mha.with(&launch_config::moe_a2a_backend, moe_a2a_backend::ascend_tp),
                 "", "none", pcp::mha.with(&launch_config::moe_a2a_backend, moe_a2a_backend::ascend_fuseep)},
    // The CP group spans an attention-DP group's ranks; DSA's interleave keeps a size given.
    rewrite_case{&sa::dsa_prefill_cp_size::info, pcp::dsa.tp(4), "", "4",
                 pcp::dsa.tp(4).flag(&launch_config::enable_prefill_cp, false)},
    rewrite_case{&sa::dsa_prefill_cp_size::info, pcp::dsa.prefill_cp(pcp::CP::zigzag).tp(4).attn_cp(2), "", "4",
                 pcp::dsa.tp(4).attn_cp(2)},
    rewrite_case{&sa::mla_prefill_cp_size::info, pcp::mla.tp(4).dp(2).flag(&launch_config::enable_dp_attention), "",
                 "2", pcp::mla.tp(4).dp(2).flag(&launch_config::enable_dp_attention).mla().model(M::deepseek_dsa)},
    rewrite_case{&sa::dsv4_prefill_cp_size::info, pcp::dsv4.tp(4), "", "4",
                 pcp::dsv4.tp(4).flag(&launch_config::enable_prefill_cp, false)},
    // Prefill CP gives each rank whole heads: the fused V4.1 kernel stays the default under TP.
    rewrite_case{&sa::dsv4_attn_backend_default::info, pcp::dsv4.flag(&launch_config::deepseek_v41).tp(2), "",
                 "flashmla_mega",
                 pcp::dsv4.flag(&launch_config::deepseek_v41)
                     .tp(2)
                     .with(&launch_config::dsv4_attn_backend, dsv4_attn_backend::flashmla_mega)},
};

}  // namespace attncap::test
