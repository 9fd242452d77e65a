// SPDX-License-Identifier: MIT
// Cases for rules/speculative.hpp: aliases, EAGLE parameters and limits, NGRAM.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr std::array speculative_rules{
    rule_case{&sa::gemma4_assistant_eagle3::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).model(M::gemma4).spec(S::eagle3).flag(&launch_config::gemma4_assistant_draft),
              "Gemma4AssistantForCausalLM draft requires --speculative-algorithm NEXTN or EAGLE; EAGLE3 is not "
              "supported for this draft architecture.",
              on(H::sm90).model(M::gemma4).spec(S::eagle3), "EAGLE3"},
    rule_case{&sa::draft_window_size::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).eagle(1, 3, 4).with(&launch_config::speculative_draft_window_size, 0),
              "--speculative-draft-window-size must be positive, got 0.",
              on(H::sm90).eagle(1, 3, 4).with(&launch_config::speculative_draft_window_size, 1), "0"},
    // The variable refuses a launch without speculative decoding too.
    rule_case{&sa::dp_spec_prefill_coordination::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).flag(&launch_config::sglang_enable_dp_spec_prefill_coordination),
              "DP spec/prefill coordination requires single-layer EAGLE, EAGLE3 or DSPARK",
              on(H::sm90).flag(&launch_config::sglang_enable_dp_spec_prefill_coordination).spec(S::eagle3), "None"},
    rule_case{&sa::dp_spec_prefill_coordination::info, stage::server_args, exception_kind::value_error,
              on(H::sm90)
                  .spec(S::eagle)
                  .flag(&launch_config::sglang_enable_dp_spec_prefill_coordination)
                  .flag(&launch_config::enable_multi_layer_eagle),
              "DP spec/prefill coordination requires single-layer EAGLE, EAGLE3 or DSPARK",
              on(H::sm90).spec(S::eagle).flag(&launch_config::sglang_enable_dp_spec_prefill_coordination), "EAGLE"},
    rule_case{
        &sa::standalone_dp_attention::info, stage::server_args, exception_kind::value_error,
        on(H::sm90).spec(S::standalone).flag(&launch_config::enable_dp_attention).with(&launch_config::dp_size, 2),
        "Currently standalone speculative decoding does not support dp attention.",
        on(H::sm90).spec(S::eagle).flag(&launch_config::enable_dp_attention).with(&launch_config::dp_size, 2), "2"},
    rule_case{&sa::standalone_dp_attention::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).tp(2).spec(S::standalone).with(&launch_config::attn_dp_size, 2),
              "Currently standalone speculative decoding does not support dp attention.",
              on(H::sm90).tp(2).spec(S::standalone), "2"},
    // One group is no data parallelism: the engine drops --enable-dp-attention.
    rule_case{
        &sa::standalone_dp_attention::info, stage::server_args, exception_kind::value_error,
        on(H::sm90).spec(S::standalone).flag(&launch_config::enable_dp_attention).with(&launch_config::dp_size, 4),
        "Currently standalone speculative decoding does not support dp attention.",
        on(H::sm90).spec(S::standalone).flag(&launch_config::enable_dp_attention)},
    rule_case{&sa::trtllm_mha_topk::info, stage::server_args, exception_kind::value_error,
              on(H::sm100).backend(id::trtllm_mha).eagle(4, 3, 8),
              "trtllm_mha backend only supports topk = 1 for speculative decoding.",
              on(H::sm100).backend(id::trtllm_mha).eagle(1, 3, 8), "4"},
    rule_case{&sa::trtllm_mha_topk::info, stage::server_args, exception_kind::value_error,
              on(H::sm100).prefill(id::fa4).decode(id::trtllm_mha).spec(S::eagle3).topk(2).steps(2).draft_tokens(4),
              "trtllm_mha backend only supports topk = 1 for speculative decoding.",
              on(H::sm100).prefill(id::fa4).decode(id::fa4).spec(S::eagle3).topk(2).steps(2).draft_tokens(4)},
    rule_case{&sa::trtllm_mha_topk::info, stage::server_args, exception_kind::value_error,
              on(H::sm100).backend(id::trtllm_mha).spec(S::eagle).model(M::llama),
              "trtllm_mha backend only supports topk = 1 for speculative decoding.",
              on(H::sm100).backend(id::trtllm_mha).spec(S::eagle)},
    rule_case{&sa::eagle_page_tree::info, stage::server_args, exception_kind::value_error,
              on(H::sm100).backend(id::fa4).eagle(4, 3, 8).page(16),
              "speculative_eagle_topk > 1 with page_size > 1 is only supported on ('flashinfer', 'fa3', 'triton'); got "
              "attention_backend='fa4'. Use page_size == 1 or one of those backends.",
              on(H::sm100).backend(id::fa4).eagle(4, 3, 8).page(1), "fa4"},
    rule_case{&sa::eagle_page_tree::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).mla().backend(id::flashmla).spec(S::nextn).topk(2).steps(3).draft_tokens(6),
              "speculative_eagle_topk > 1 with page_size > 1 is only supported on ('flashinfer', 'fa3', 'triton'); got "
              "attention_backend='flashmla'. Use page_size == 1 or one of those backends.",
              on(H::sm90).mla().backend(id::fa3).spec(S::nextn).topk(2).steps(3).draft_tokens(6)},
    // sglang 0.5.23, arg_groups/speculative_hook.py:1155-1158: ROCm's device string is "cuda".
    rule_case{&sa::ngram_device::info, stage::server_args, exception_kind::value_error, on(H::npu).spec(S::ngram),
              "Ngram speculative decoding only supports CUDA, CPU, or XPU devices.", on(H::gfx942).spec(S::ngram),
              "npu"},
    rule_case{&sa::ngram_device::info, stage::server_args, exception_kind::value_error,
              on(H::mps).backend(id::triton).spec(S::ngram),
              "Ngram speculative decoding only supports CUDA, CPU, or XPU devices.",
              on(H::xpu_xmx).backend(id::triton).spec(S::ngram)},
    rule_case{&sa::ngram_page_tree::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).backend(id::fa3).spec(S::ngram).page(16),
              "speculative_eagle_topk(10) > 1 with page_size(16) > 1 is unstable and produces incorrect results for "
              "paged attention backends. This combination is only supported for the 'flashinfer' backend.",
              on(H::sm90).backend(id::flashinfer).spec(S::ngram).page(16), "fa3"},
    rule_case{&sa::ngram_page_tree::info, stage::server_args, exception_kind::value_error,
              on(H::sm90)
                  .backend(id::triton)
                  .spec(S::ngram)
                  .with(&launch_config::speculative_ngram_max_bfs_breadth, 3)
                  .page(32),
              "speculative_eagle_topk(3) > 1 with page_size(32) > 1 is unstable and produces incorrect results for "
              "paged attention backends. This combination is only supported for the 'flashinfer' backend.",
              on(H::sm90)
                  .backend(id::triton)
                  .spec(S::ngram)
                  .with(&launch_config::speculative_ngram_max_bfs_breadth, 1)
                  .page(32)},
    rule_case{&sa::ngram_dp_attention::info, stage::server_args, exception_kind::value_error,
              on(H::sm90)
                  .backend(id::flashinfer)
                  .spec(S::ngram)
                  .flag(&launch_config::enable_dp_attention)
                  .with(&launch_config::dp_size, 2),
              "Currently ngram speculative decoding does not support dp attention.",
              on(H::sm90).backend(id::flashinfer).spec(S::ngram).with(&launch_config::dp_size, 2), "2"},
    rule_case{&sa::ngram_dp_attention::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).tp(2).backend(id::flashinfer).spec(S::ngram).with(&launch_config::attn_dp_size, 2),
              "Currently ngram speculative decoding does not support dp attention.",
              on(H::sm90).tp(2).backend(id::flashinfer).spec(S::ngram), "2"},
    // sglang 0.5.23, arg_groups/speculative_hook.py:1210-1239.
    rule_case{&sa::rejection_sampling_algorithm::info, stage::server_args, exception_kind::not_implemented_error,
              on(H::sm90).spec(S::standalone).flag(&launch_config::speculative_use_rejection_sampling),
              "--speculative-use-rejection-sampling is only supported for EAGLE / EAGLE3 / NEXTN, not "
              "speculative_algorithm=STANDALONE.",
              on(H::sm90).spec(S::eagle3).flag(&launch_config::speculative_use_rejection_sampling), "STANDALONE"},
    rule_case{&sa::rejection_sampling_topk::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).backend(id::fa3).eagle(2, 3, 8).flag(&launch_config::speculative_use_rejection_sampling),
              "--speculative-use-rejection-sampling requires --speculative-eagle-topk=1.",
              on(H::sm90).backend(id::fa3).eagle(1, 3, 8).flag(&launch_config::speculative_use_rejection_sampling),
              "2"},
    // Llama's automatic parameters have topk 4.
    rule_case{&sa::rejection_sampling_topk::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).spec(S::nextn).model(M::llama).flag(&launch_config::speculative_use_rejection_sampling),
              "--speculative-use-rejection-sampling requires --speculative-eagle-topk=1.",
              on(H::sm90).spec(S::nextn).flag(&launch_config::speculative_use_rejection_sampling), "4"},
    // No topk: rejection sampling's check compares None before the page-tree check does.
    rule_case{&sa::rejection_sampling_topk::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).spec(S::eagle).steps(2).flag(&launch_config::speculative_use_rejection_sampling),
              "--speculative-use-rejection-sampling requires --speculative-eagle-topk=1.",
              on(H::sm90).spec(S::eagle).steps(2).topk(1).flag(&launch_config::speculative_use_rejection_sampling),
              "None"},
    rule_case{
        &sa::eagle_topk_unset::info, stage::server_args, exception_kind::type_error,
        on(H::sm100)
            .backend(id::trtllm_mha)
            .spec(S::eagle)
            .steps(2)
            .flag(&launch_config::speculative_use_rejection_sampling),
        "'>' not supported between instances of 'NoneType' and 'int'",
        on(H::sm100).backend(id::fa4).spec(S::eagle).steps(2).flag(&launch_config::speculative_use_rejection_sampling)},
    rule_case{&sa::rejection_sampling_deterministic::info, stage::server_args, exception_kind::value_error,
              on(H::xpu)
                  .backend(id::triton)
                  .spec(S::eagle)
                  .flag(&launch_config::enable_deterministic_inference)
                  .flag(&launch_config::speculative_use_rejection_sampling),
              "Deterministic rejection sampling is currently supported only on CUDA-compatible devices because draft "
              "proposal sampling uses a Triton hash kernel.",
              on(H::xpu).backend(id::triton).spec(S::eagle).flag(&launch_config::speculative_use_rejection_sampling),
              "xpu"},
    rule_case{&sa::rejection_sampling_deterministic::info, stage::server_args, exception_kind::value_error,
              on(H::cpu_amx)
                  .spec(S::eagle3)
                  .flag(&launch_config::enable_deterministic_inference)
                  .flag(&launch_config::speculative_use_rejection_sampling),
              "Deterministic rejection sampling is currently supported only on CUDA-compatible devices because draft "
              "proposal sampling uses a Triton hash kernel.",
              on(H::gfx942)
                  .spec(S::eagle3)
                  .flag(&launch_config::enable_deterministic_inference)
                  .flag(&launch_config::speculative_use_rejection_sampling)},
    rule_case{&sa::rejection_sampling_threshold_single::info, stage::server_args, exception_kind::value_error,
              on(H::sm90)
                  .spec(S::eagle)
                  .flag(&launch_config::speculative_use_rejection_sampling)
                  .with(&launch_config::speculative_accept_threshold_single, 0.5),
              "--speculative-use-rejection-sampling is incompatible with --speculative-accept-threshold-single / "
              "--speculative-accept-threshold-acc; rejection sampling ignores the accept thresholds.",
              on(H::sm90).spec(S::eagle).with(&launch_config::speculative_accept_threshold_single, 0.5), "0.5"},
    rule_case{&sa::rejection_sampling_threshold_acc::info, stage::server_args, exception_kind::value_error,
              on(H::gfx950)
                  .spec(S::eagle)
                  .flag(&launch_config::speculative_use_rejection_sampling)
                  .with(&launch_config::speculative_accept_threshold_acc, 0.3),
              "--speculative-use-rejection-sampling is incompatible with --speculative-accept-threshold-single / "
              "--speculative-accept-threshold-acc; rejection sampling ignores the accept thresholds.",
              on(H::gfx950).spec(S::eagle).flag(&launch_config::speculative_use_rejection_sampling), "0.3"},
    // sglang 0.5.23, arg_groups/speculative_hook.py:1159-1163 (a bare assert) and 1274.
    rule_case{&sa::eagle_partial_parameters::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm120).spec(S::eagle3).topk(1), "", on(H::sm120).spec(S::eagle3).topk(1).steps(2)},
    rule_case{&sa::eagle_partial_parameters::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm90).spec(S::standalone).draft_tokens(4), "", on(H::sm90).spec(S::standalone)},
    rule_case{&sa::eagle_topk_unset::info, stage::server_args, exception_kind::type_error,
              on(H::sm89).backend(id::fa3).spec(S::eagle3).steps(3),
              "'>' not supported between instances of 'NoneType' and 'int'",
              on(H::sm89).backend(id::fa3).spec(S::eagle3).steps(3).topk(1)},
};

inline constexpr std::array speculative_rewrites{
    rewrite_case{&sa::gemma4_assistant_frozen_kv::info,
                 on(H::sm90).model(M::gemma4).spec(S::nextn).flag(&launch_config::gemma4_assistant_draft),
                 "Detected Gemma4AssistantForCausalLM draft; promoting --speculative-algorithm NEXTN to FROZEN_KV_MTP.",
                 "FROZEN_KV_MTP", on(H::sm90).model(M::gemma4).spec(S::nextn)},
    rewrite_case{&sa::gemma4_assistant_frozen_kv::info,
                 on(H::sm90).model(M::gemma4).spec(S::eagle).flag(&launch_config::gemma4_assistant_draft),
                 "Detected Gemma4AssistantForCausalLM draft; promoting --speculative-algorithm EAGLE to FROZEN_KV_MTP.",
                 "FROZEN_KV_MTP",
                 on(H::sm90)
                     .model(M::gemma4)
                     .spec(S::eagle)
                     .flag(&launch_config::gemma4_assistant_draft)
                     .flag(&launch_config::speculative_draft_model_path, false)},
    rewrite_case{&sa::nextn_alias::info, on(H::sm90).spec(S::nextn), "", "EAGLE", on(H::sm90).spec(S::eagle3)},
    rewrite_case{&sa::eagle_auto_parameters::info, on(H::sm90).spec(S::eagle).model(M::llama), "", "5",
                 on(H::sm90).spec(S::eagle).model(M::llama).steps(3)},
    rewrite_case{&sa::eagle_auto_parameters::info, on(H::sm90).spec(S::standalone).model(M::grok), "", "3",
                 on(H::sm90).spec(S::ngram).model(M::grok)},
    rewrite_case{
        &sa::eagle_chain_draft_tokens::info, on(H::sm90).eagle(1, 3, 8),
        "speculative_num_draft_tokens is adjusted to speculative_num_steps + 1 when speculative_eagle_topk == 1", "4",
        on(H::sm90).eagle(1, 3, 4)},
    rewrite_case{
        &sa::eagle_chain_draft_tokens::info, on(H::sm90).spec(S::eagle).topk(1).steps(5),
        "speculative_num_draft_tokens is adjusted to speculative_num_steps + 1 when speculative_eagle_topk == 1", "6",
        on(H::sm90).spec(S::eagle).topk(2).steps(5)},
    // sglang 0.5.23, arg_groups/speculative_hook.py:29-63 and 1187-1206.
    rewrite_case{&sa::hip_rejection_sampling::info, on(H::gfx942).spec(S::nextn), "", "True",
                 on(H::gfx942).spec(S::eagle3)},
    rewrite_case{&sa::hip_rejection_sampling::info, on(H::gfx950).eagle(1, 2, 3), "", "True",
                 on(H::gfx950).eagle(1, 2, 3).flag(&launch_config::enable_deterministic_inference)},
    rewrite_case{&sa::hip_rejection_sampling::info, on(H::gfx90a).spec(S::eagle), "", "True",
                 on(H::gfx90a).spec(S::eagle).with(&launch_config::speculative_accept_threshold_acc, 0.5)},
    rewrite_case{&sa::hip_rejection_sampling::info, on(H::gfx942).spec(S::eagle), "", "True",
                 on(H::sm90).spec(S::eagle)},
    rewrite_case{&sa::ngram_topk::info, on(H::sm90).backend(id::flashinfer).spec(S::ngram), "", "10",
                 on(H::sm90).backend(id::flashinfer).spec(S::ngram).topk(10)},
    rewrite_case{
        &sa::ngram_topk::info,
        on(H::sm90).backend(id::flashinfer).spec(S::ngram).with(&launch_config::speculative_ngram_max_bfs_breadth, 6),
        "", "6",
        on(H::sm90)
            .backend(id::flashinfer)
            .spec(S::ngram)
            .with(&launch_config::speculative_ngram_max_bfs_breadth, 6)
            .topk(6)},
    rewrite_case{
        &sa::ngram_draft_tokens::info, on(H::sm90).backend(id::flashinfer).spec(S::ngram),
        "speculative_num_draft_tokens is set to 12 by default for ngram speculative decoding. You can override "
        "this by explicitly setting --speculative-num-draft-tokens.",
        "12", on(H::sm90).backend(id::flashinfer).spec(S::ngram).draft_tokens(8)},
    rewrite_case{&sa::ngram_steps::info, on(H::sm90).backend(id::flashinfer).spec(S::ngram), "", "1",
                 on(H::sm90).backend(id::flashinfer).spec(S::ngram).steps(3)},
    rewrite_case{&sa::ngram_steps::info,
                 on(H::sm90)
                     .backend(id::flashinfer)
                     .spec(S::ngram)
                     .with(&launch_config::speculative_ngram_max_bfs_breadth, 2)
                     .draft_tokens(9),
                 "", "4",
                 on(H::sm90)
                     .backend(id::flashinfer)
                     .spec(S::ngram)
                     .with(&launch_config::speculative_ngram_max_bfs_breadth, 2)
                     .draft_tokens(9)
                     .steps(2)},
};

}  // namespace attncap::test
