// SPDX-License-Identifier: MIT
// Cases for rules/speculative_dflash.hpp: DFLASH's and DSPARK's devices, dp attention, forced
// chain, verify window and DFLASH's draft-worker backend (sglang 0.5.23,
// arg_groups/speculative_hook.py:288-449, 664-838, 883-985).
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

namespace detail {
/// DFLASH and DSPARK with dp attention and a data-parallel LM head.
inline constexpr auto dflash_dp = on(H::sm90)
                                      .spec(S::dflash)
                                      .flag(&launch_config::enable_dp_attention)
                                      .with(&launch_config::dp_size, 4)
                                      .flag(&launch_config::enable_dp_lm_head);
inline constexpr auto dspark_dp = on(H::npu)
                                      .spec(S::dspark)
                                      .flag(&launch_config::enable_dp_attention)
                                      .with(&launch_config::dp_size, 2)
                                      .flag(&launch_config::enable_dp_lm_head);
/// DSPARK with dp attention on Hopper, where its MoE all-to-all checks run.
inline constexpr auto dspark_dp_gpu = dspark_dp.on(H::sm90);
constexpr conf moe(conf c, moe_a2a_backend m) { return c.with(&launch_config::moe_a2a_backend, m); }
constexpr conf draft_moe(conf c, moe_a2a_backend m) { return c.with(&launch_config::speculative_moe_a2a_backend, m); }
/// DFLASH / DSPARK drafts whose checkpoint declares a block of `n`.
constexpr conf draft_block(conf c, std::int32_t n) { return c.with(&launch_config::draft_block_size, n); }
}  // namespace detail

inline constexpr std::array speculative_dflash_rules{
    rule_case{&sa::dflash_device::info, stage::server_args, exception_kind::value_error,
              on(H::cpu).backend(id::torch_native).spec(S::dflash),
              "DFLASH speculative decoding is not supported by CpuSRTPlatform on device 'cpu'.",
              on(H::xpu_xmx).backend(id::torch_native).spec(S::dflash), "cpu"},
    rule_case{&sa::dflash_device::info, stage::server_args, exception_kind::value_error,
              on(H::mps).backend(id::torch_native).spec(S::dflash),
              "DFLASH speculative decoding is not supported by MpsSRTPlatform on device 'mps'.",
              on(H::gfx942).backend(id::torch_native).spec(S::dflash)},
    rule_case{&sa::dflash_device::info, stage::server_args, exception_kind::value_error,
              on(H::musa_mp31).backend(id::triton).spec(S::dflash),
              "DFLASH speculative decoding is not supported by MusaSRTPlatform on device 'musa'.",
              on(H::npu).backend(id::triton).spec(S::dflash)},
    rule_case{&sa::dflash_dp_attention_device::info, stage::server_args, exception_kind::value_error,
              on(H::xpu_xmx).spec(S::dflash).flag(&launch_config::enable_dp_attention).with(&launch_config::dp_size, 2),
              "DFLASH with dp attention requires CUDA or NPU.",
              on(H::xpu_xmx).spec(S::dflash).flag(&launch_config::enable_dp_attention)},
    rule_case{&sa::dflash_dp_attention_lm_head::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).spec(S::dflash).flag(&launch_config::enable_dp_attention).with(&launch_config::dp_size, 4),
              "DFLASH with dp attention requires --enable-dp-lm-head.",
              on(H::npu).spec(S::dflash).flag(&launch_config::enable_dp_attention).with(&launch_config::dp_size, 4),
              "False"},
    rule_case{&sa::dflash_dp_attention_context_parallel::info, stage::server_args, exception_kind::value_error,
              detail::dflash_dp.with(&launch_config::attn_cp_size, 2),
              "DFLASH with dp attention does not support context parallel.", detail::dflash_dp, "2"},
    rule_case{&sa::dflash_dp_attention_prefill_coordination::info, stage::server_args, exception_kind::value_error,
              detail::dflash_dp.flag(&launch_config::sglang_enable_dp_spec_prefill_coordination),
              "DFLASH with dp attention requires SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION=0.", detail::dflash_dp,
              "True"},
    rule_case{&sa::dflash_block_size::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).spec(S::dflash).with(&launch_config::speculative_dflash_block_size, 0),
              "DFLASH requires --speculative-dflash-block-size to be positive, got 0.",
              on(H::sm90).spec(S::dflash).with(&launch_config::speculative_dflash_block_size, 4), "0"},
    rule_case{&sa::dflash_block_size_draft_tokens::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).spec(S::dflash).with(&launch_config::speculative_dflash_block_size, 4).draft_tokens(8),
              "Both --speculative-num-draft-tokens and --speculative-dflash-block-size are set but they differ. For "
              "DFLASH they must match. speculative_num_draft_tokens=8, speculative_dflash_block_size=4.",
              on(H::sm90).spec(S::dflash).with(&launch_config::speculative_dflash_block_size, 4).draft_tokens(4), "8"},
    rule_case{&sa::dflash_draft_window::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).spec(S::dflash).with(&launch_config::speculative_draft_window_size, 8),
              "--speculative-draft-window-size must be >= --speculative-num-draft-tokens (block_size). window_size=8, "
              "block_size=16.",
              on(H::sm90).spec(S::dflash).with(&launch_config::speculative_draft_window_size, 16), "8"},
    rule_case{&sa::dflash_pp_size::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).spec(S::dflash).with(&launch_config::pp_size, 2),
              "Currently DFLASH speculative decoding only supports pp_size == 1.", on(H::sm90).spec(S::dflash), "2"},
    rule_case{&sa::dflash_draft_model::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).spec(S::dflash).flag(&launch_config::speculative_draft_model_path, false),
              "DFLASH speculative decoding requires setting --speculative-draft-model-path.",
              on(H::sm90).spec(S::dflash), "None"},
    rule_case{&sa::dspark_draft_model::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).spec(S::dspark).flag(&launch_config::speculative_draft_model_path, false),
              "DSpark dense speculative decoding requires setting --speculative-draft-model-path.",
              on(H::sm90)
                  .spec(S::dspark)
                  .flag(&launch_config::speculative_draft_model_path, false)
                  .flag(&launch_config::dspark_draft_bundled),
              "None"},
    rule_case{&sa::dspark_device::info, stage::server_args, exception_kind::value_error, on(H::cpu_amx).spec(S::dspark),
              "DSpark speculative decoding only supports CUDA, NPU or XPU device.", on(H::gfx950).spec(S::dspark),
              "cpu_amx"},
    rule_case{&sa::dspark_pp_size::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).spec(S::dspark).with(&launch_config::pp_size, 2),
              "DSpark pipeline parallelism requires PD prefill; decode and non-disaggregated serving require pp_size "
              "== 1.",
              on(H::sm90)
                  .spec(S::dspark)
                  .with(&launch_config::pp_size, 2)
                  .with(&launch_config::disaggregation_mode, disaggregation_mode::prefill),
              "2"},
    rule_case{&sa::dspark_pp_size::info, stage::server_args, exception_kind::value_error,
              on(H::sm90)
                  .spec(S::dspark)
                  .with(&launch_config::pp_size, 2)
                  .with(&launch_config::disaggregation_mode, disaggregation_mode::decode),
              "DSpark pipeline parallelism requires PD prefill; decode and non-disaggregated serving require pp_size "
              "== 1.",
              on(H::sm90).spec(S::dspark).with(&launch_config::disaggregation_mode, disaggregation_mode::decode)},
    rule_case{&sa::dspark_dp_attention_lm_head::info, stage::server_args, exception_kind::value_error,
              on(H::npu).spec(S::dspark).flag(&launch_config::enable_dp_attention).with(&launch_config::dp_size, 2),
              "DSpark with dp attention requires --enable-dp-lm-head.",
              on(H::npu).spec(S::dspark).with(&launch_config::dp_size, 2), "False"},
    rule_case{&sa::dspark_dp_attention_context_parallel::info, stage::server_args, exception_kind::value_error,
              detail::dspark_dp.with(&launch_config::attn_cp_size, 2),
              "DSpark with dp attention does not support context parallel (attn_cp_size=2).", detail::dspark_dp, "2"},
    rule_case{&sa::dspark_block_size::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).spec(S::dspark).with(&launch_config::speculative_dspark_block_size, -1),
              "DSpark requires --speculative-dspark-block-size to be positive, got -1.",
              on(H::sm90).spec(S::dspark).with(&launch_config::speculative_dspark_block_size, 3), "-1"},
    rule_case{&sa::dspark_block_size_draft_tokens::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).spec(S::dspark).with(&launch_config::speculative_dspark_block_size, 3).draft_tokens(8),
              "DSpark speculative_num_draft_tokens must equal gamma + 1 (= 4 for gamma=3), but got "
              "speculative_num_draft_tokens=8.",
              on(H::sm90).spec(S::dspark).with(&launch_config::speculative_dspark_block_size, 3).draft_tokens(4), "8"},
    // The draft checkpoint's gamma decides the window when no block size is given.
    rule_case{&sa::dspark_block_size_draft_tokens::info, stage::server_args, exception_kind::value_error,
              detail::draft_block(on(H::sm90).spec(S::dspark), 7).draft_tokens(4),
              "DSpark speculative_num_draft_tokens must equal gamma + 1 (= 8 for gamma=7), but got "
              "speculative_num_draft_tokens=4.",
              detail::draft_block(on(H::sm90).spec(S::dspark), 7).draft_tokens(8), "4"},
    rule_case{&sa::dspark_dp_attention_moe_a2a::info, stage::server_args, exception_kind::value_error,
              detail::moe(detail::dspark_dp_gpu, moe_a2a_backend::deepep),
              "DSpark with dp attention supports moe_a2a_backend 'none' (built-in TP MoE), 'megamoe', or 'mori', got "
              "'deepep'.",
              detail::moe(detail::dspark_dp_gpu, moe_a2a_backend::megamoe), "deepep"},
    rule_case{&sa::dspark_dp_attention_ragged_verify::info, stage::server_args, exception_kind::value_error,
              detail::moe(detail::dspark_dp_gpu, moe_a2a_backend::megamoe)
                  .with(&launch_config::sglang_ragged_verify_mode, ragged_verify_mode::compact),
              "DSpark DP MoE or prefill coordination requires SGLANG_RAGGED_VERIFY_MODE=static.",
              detail::moe(detail::dspark_dp_gpu, moe_a2a_backend::megamoe), "compact"},
    // Prefill coordination asks for it too, without an MoE all-to-all.
    rule_case{&sa::dspark_dp_attention_ragged_verify::info, stage::server_args, exception_kind::value_error,
              detail::dspark_dp_gpu.flag(&launch_config::sglang_enable_dp_spec_prefill_coordination)
                  .with(&launch_config::sglang_ragged_verify_mode, ragged_verify_mode::cap_accept),
              "DSpark DP MoE or prefill coordination requires SGLANG_RAGGED_VERIFY_MODE=static.",
              detail::dspark_dp_gpu.with(&launch_config::sglang_ragged_verify_mode, ragged_verify_mode::cap_accept),
              "cap-accept"},
    rule_case{&sa::dspark_dp_attention_speculative_moe_a2a::info, stage::server_args, exception_kind::value_error,
              detail::draft_moe(detail::dspark_dp_gpu, moe_a2a_backend::deepep),
              "DSpark ignores --speculative-moe-a2a-backend; with dp attention it must match the target "
              "moe_a2a_backend='none' (got 'deepep').",
              detail::draft_moe(detail::dspark_dp_gpu, moe_a2a_backend::none), "deepep"},
    rule_case{&sa::dspark_draft_tokens::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).spec(S::dspark).draft_tokens(1),
              "DSpark speculative_num_draft_tokens must be >= 2 (= gamma + 1), got 1.",
              on(H::sm90).spec(S::dspark).draft_tokens(2), "1"},
};

inline constexpr std::array speculative_dflash_rewrites{
    rewrite_case{&sa::dflash_block_draft_tokens::info,
                 on(H::sm90).spec(S::dflash).with(&launch_config::speculative_dflash_block_size, 4), "", "4",
                 on(H::sm90).spec(S::dflash).with(&launch_config::speculative_dflash_block_size, 4).draft_tokens(4)},
    rewrite_case{&sa::dspark_block_draft_tokens::info,
                 on(H::sm90).spec(S::dspark).with(&launch_config::speculative_dspark_block_size, 3), "", "4",
                 on(H::sm90).spec(S::dspark).with(&launch_config::speculative_dspark_block_size, 3).draft_tokens(4)},
    rewrite_case{&sa::dflash_steps::info, on(H::sm90).spec(S::dflash).steps(3),
                 "DFLASH only supports speculative_num_steps == 1; overriding speculative_num_steps=3 to 1.", "1",
                 on(H::sm90).spec(S::dflash).steps(1)},
    rewrite_case{&sa::dflash_steps_default::info, on(H::sm90).spec(S::dflash), "", "1",
                 on(H::sm90).spec(S::dflash).steps(2)},
    rewrite_case{&sa::dflash_topk::info, on(H::sm90).spec(S::dflash).topk(4),
                 "DFLASH only supports speculative_eagle_topk == 1; overriding speculative_eagle_topk=4 to 1.", "1",
                 on(H::sm90).spec(S::dflash).topk(1)},
    rewrite_case{&sa::dflash_topk_default::info, on(H::sm90).spec(S::dflash), "", "1",
                 on(H::sm90).spec(S::dflash).topk(8)},
    rewrite_case{&sa::dspark_block_draft_tokens::info, detail::draft_block(on(H::sm90).spec(S::dspark), 3), "", "4",
                 detail::draft_block(on(H::sm90).spec(S::dspark), 3).draft_tokens(4)},
    rewrite_case{&sa::dflash_draft_block_draft_tokens::info, detail::draft_block(on(H::sm90).spec(S::dflash), 8), "",
                 "8", detail::draft_block(on(H::sm90).spec(S::dflash), 8).draft_tokens(16)},
    rewrite_case{&sa::dflash_draft_tokens_default::info, on(H::sm90).spec(S::dflash),
                 "speculative_num_draft_tokens is not set; defaulting to 16 for DFLASH.", "16",
                 on(H::sm90).spec(S::dflash).draft_tokens(8)},
    rewrite_case{&sa::dflash_draft_default::info, on(H::sm90).backend(id::fa3).spec(S::dflash), "", "fa3",
                 on(H::sm90).backend(id::fa3).spec(S::dflash).draft(id::triton)},
    rewrite_case{&sa::dflash_draft_default::info, on(H::sm80).prefill(id::triton).decode(id::fa3).spec(S::dflash), "",
                 "triton", on(H::sm80).prefill(id::triton).decode(id::fa3).spec(S::eagle)},
    rewrite_case{&sa::dflash_draft_fallback::info, on(H::sm90).spec(S::dflash).draft(id::torch_native),
                 "DFLASH draft worker does not support attention_backend 'torch_native' on CudaSRTPlatform. Falling "
                 "back to 'flashinfer'.",
                 "flashinfer", on(H::sm90).spec(S::dflash).draft(id::triton)},
    rewrite_case{&sa::dflash_draft_fallback::info, on(H::gfx942).mla().backend(id::aiter).spec(S::dflash),
                 "DFLASH draft worker does not support attention_backend 'aiter' on RocmSRTPlatform. Falling back to "
                 "'triton'.",
                 "triton", on(H::gfx942).mla().backend(id::triton).spec(S::dflash)},
    rewrite_case{&sa::dflash_draft_trtllm_mha::info, on(H::sm100).backend(id::trtllm_mha).spec(S::dflash),
                 "DFLASH only enables 'trtllm_mha' when all layers use sliding attention or the draft is explicitly "
                 "causal; got layer_types=None, is_causal=None. Falling back to 'fa4'.",
                 "fa4", on(H::sm100).backend(id::trtllm_mha).spec(S::dflash).draft(id::fa4)},
    rewrite_case{&sa::dflash_draft_trtllm_mha::info, on(H::sm90).spec(S::dflash).draft(id::trtllm_mha),
                 "DFLASH only enables 'trtllm_mha' when all layers use sliding attention or the draft is explicitly "
                 "causal; got layer_types=None, is_causal=None. Falling back to 'flashinfer'.",
                 "flashinfer", on(H::sm90).spec(S::dflash).draft(id::flashinfer)},
    rewrite_case{&sa::dspark_steps::info, on(H::sm100).spec(S::dspark).steps(5),
                 "DSpark only supports speculative_num_steps == 1; overriding speculative_num_steps=5 to 1.", "1",
                 on(H::sm100).spec(S::dspark).steps(1)},
    rewrite_case{&sa::dspark_steps_default::info, on(H::sm100).spec(S::dspark), "", "1",
                 on(H::sm100).spec(S::dspark).steps(3)},
    rewrite_case{&sa::dspark_topk::info, on(H::sm100).spec(S::dspark).topk(2),
                 "DSpark only supports speculative_eagle_topk == 1; overriding speculative_eagle_topk=2 to 1.", "1",
                 on(H::sm100).spec(S::dspark).topk(1)},
    rewrite_case{&sa::dspark_topk_default::info, on(H::sm100).spec(S::dspark), "", "1",
                 on(H::sm100).spec(S::dspark).topk(4)},
    rewrite_case{&sa::dspark_draft_tokens_default::info, on(H::sm100).spec(S::dspark),
                 "DSpark gamma is not set; defaulting to 7.", "8", on(H::sm100).spec(S::dspark).draft_tokens(4)},
};

}  // namespace attncap::test
