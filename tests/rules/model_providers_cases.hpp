// SPDX-License-Identifier: MIT
// Cases for rules/model_providers.hpp: Gemma 4, DiffusionGemma, OLMo 2, IQuest Q1 and MOSS-VL.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr auto iquest = on(H::sm90).gqa().model(M::iquest_q1);

inline constexpr std::array model_providers_rules{
    rule_case{&sa::iquest_q1_backends::info, stage::server_args, exception_kind::value_error,
              iquest.decode(id::flashinfer),
              "IQuestQ1 applies its attention sink from the softmax LSE and requires FA3 attention for both prefill "
              "and decode.",
              iquest.decode(id::fa3)},
    rule_case{&sa::iquest_q1_speculative_algorithm::info, stage::server_args, exception_kind::value_error,
              iquest.spec(S::ngram), "IQuest Q1 MTP requires serial EAGLE or NEXTN drafting.", iquest.spec(S::nextn),
              "NGRAM"},
    rule_case{&sa::iquest_q1_draft_backend::info, stage::server_args, exception_kind::value_error,
              iquest.eagle(1, 3, 4).draft(id::triton), "IQuestQ1 requires FA3 attention for the MTP draft.",
              iquest.eagle(1, 3, 4).draft(id::fa3), "triton"},
    rule_case{&sa::iquest_q1_context_parallel::info, stage::server_args, exception_kind::value_error,
              iquest.with(&launch_config::tp_size, 2).with(&launch_config::attn_cp_size, 2),
              "IQuestQ1 does not support context parallelism.", iquest.with(&launch_config::tp_size, 2), "2"},
    rule_case{&sa::iquest_q1_decode_context_parallel::info, stage::server_args, exception_kind::value_error,
              iquest.tp(2).dcp(2), "IQuestQ1 does not support context parallelism.", iquest.tp(2), "2"},
    rule_case{&sa::iquest_q1_prefill_context_parallel::info, stage::server_args, exception_kind::value_error,
              iquest.prefill_cp(cp_strategy::zigzag), "IQuestQ1 does not support context parallelism.",
              iquest.prefill_cp(cp_strategy::zigzag).flag(&launch_config::enable_prefill_cp, false), "True"},
    rule_case{&sa::iquest_q1_topk::info, stage::server_args, exception_kind::value_error, iquest.eagle(2, 3, 4),
              "IQuestQ1 speculative decoding requires --speculative-eagle-topk 1.", iquest.eagle(1, 3, 4), "2"},
    rule_case{&sa::iquest_q1_dp_attention::info, stage::server_args, exception_kind::value_error,
              iquest.with(&launch_config::dp_size, 2).flag(&launch_config::enable_dp_attention),
              "IQuest Q1 does not support DP attention.", iquest.with(&launch_config::dp_size, 2), "2"},
    rule_case{&sa::iquest_q1_dp_attention::info, stage::server_args, exception_kind::value_error,
              iquest.tp(2).with(&launch_config::attn_dp_size, 2), "IQuest Q1 does not support DP attention.",
              iquest.tp(2), "2"},
    rule_case{&sa::iquest_q1_pp_size::info, stage::server_args, exception_kind::value_error,
              iquest.with(&launch_config::pp_size, 2), "IQuest Q1 does not support pipeline parallelism.", iquest, "2"},
    rule_case{&sa::moss_vl_flashinfer_prefill::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm90).model(M::moss_vl).backend(id::fa3),
              "MossVLForConditionalGeneration requires flashinfer prefill attention backend for cross-attention "
              "custom mask support.",
              on(H::sm90).model(M::moss_vl), "None"},
    rule_case{&sa::moss_vl_flashinfer_prefill::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm90).model(M::moss_vl).decode(id::fa3),
              "MossVLForConditionalGeneration requires flashinfer prefill attention backend for cross-attention "
              "custom mask support.",
              on(H::sm90).model(M::moss_vl).decode(id::fa3).prefill(id::flashinfer)},
    rule_case{&sa::gemma4_backends::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm90).model(M::gemma4).backend(id::fa3),
              "Gemma4 only supports trtllm_mha, triton, fa4, ascend, intel_xpu, intel_amx, or aiter attention "
              "backend, got prefill=fa3, decode=fa3",
              on(H::sm90).model(M::gemma4).backend(id::triton)},
    rule_case{&sa::gemma4_backends::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm100).model(M::gemma4).decode(id::flashinfer),
              "Gemma4 only supports trtllm_mha, triton, fa4, ascend, intel_xpu, intel_amx, or aiter attention "
              "backend, got prefill=trtllm_mha, decode=flashinfer",
              on(H::sm100).model(M::gemma4).decode(id::fa4)},
    rule_case{&sa::olmo2_flashinfer::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm90).model(M::olmo2).backend(id::flashinfer),
              "FlashInfer backend can significantly degrade the performance of Olmo3 models.",
              on(H::sm90).model(M::olmo2).backend(id::triton), "flashinfer"},
};

inline constexpr std::array model_providers_rewrites{
    rewrite_case{&sa::gemma4_backend::info, on(H::sm100).model(M::gemma4), "", "trtllm_mha",
                 on(H::sm100).model(M::gemma4).backend(id::triton)},
    rewrite_case{&sa::gemma4_backend::info, on(H::sm90).model(M::gemma4).prefill(id::triton), "", "triton",
                 on(H::sm90).model(M::llama).prefill(id::triton)},
    rewrite_case{&sa::gemma4_backend::info, on(H::sm100).model(M::diffusion_gemma), "", "triton",
                 on(H::sm100).model(M::diffusion_gemma).backend(id::fa4)},
    rewrite_case{&sa::olmo2_backend::info, on(H::sm100).model(M::olmo2), "", "trtllm_mha",
                 on(H::sm100).model(M::olmo2).backend(id::triton)},
    rewrite_case{&sa::olmo2_backend::info, on(H::sm86).model(M::olmo2).decode(id::triton), "", "fa3",
                 on(H::sm86).decode(id::triton)},
    rewrite_case{&sa::olmo2_backend::info, on(H::gfx942).model(M::olmo2), "", "triton", on(H::gfx942)},
    rewrite_case{&sa::iquest_q1_backend::info, iquest, "", "fa3", iquest.prefill(id::fa3)},
    rewrite_case{&sa::iquest_q1_prefill_backend::info, iquest.decode(id::fa3), "", "fa3",
                 iquest.decode(id::fa3).backend(id::fa3)},
    rewrite_case{&sa::iquest_q1_decode_backend::info, iquest.prefill(id::fa3), "", "fa3",
                 iquest.prefill(id::fa3).decode(id::fa3)},
    rewrite_case{&sa::moss_vl_prefill_backend::info, on(H::sm90).model(M::moss_vl), "", "flashinfer",
                 on(H::sm90).model(M::moss_vl).backend(id::flashinfer)},
    rewrite_case{&sa::fa4_diffusion_gemma_page_size::info, on(H::sm100).model(M::diffusion_gemma).backend(id::fa4), "",
                 "1", on(H::sm100).model(M::diffusion_gemma).backend(id::fa4).page(1)},
};

}  // namespace attncap::test
