// SPDX-License-Identifier: MIT
// Cases for rules/model_backend_defaults.hpp: the providers that choose a model's default backend,
// the backends EXAONE 4 and LFM2 require, and Qwen4-Exp's refusal of the unified pool.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr std::array model_backend_defaults_rules{
    rule_case{&sa::exaone_backends::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm90).model(M::exaone).backend(id::flashinfer),
              "One of the attention backends in ['fa3', 'triton', 'trtllm_mha'] is required for Exaone4ForCausalLM, "
              "but got flashinfer",
              on(H::sm90).model(M::exaone).backend(id::triton), "flashinfer"},
    rule_case{&sa::lfm2_triton::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm90).model(M::lfm2).backend(id::triton),
              "Lfm2ForCausalLM does not support triton attention backend, as the first layer might not be an "
              "attention layer",
              on(H::sm90).model(M::lfm2).backend(id::fa3), "triton"},
    rule_case{&sa::qwen4_exp_unified_memory::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).model(M::qwen4_exp).flag(&launch_config::enable_unified_memory),
              "Qwen4-Exp does not support --enable-unified-memory yet",
              on(H::sm90).model(M::qwen3_5).flag(&launch_config::enable_unified_memory), "True"},
};

inline constexpr std::array model_backend_defaults_rewrites{
    rewrite_case{&sa::beam_backend::info, on(H::sm120).model(M::beam), "", "trtllm_mha", on(H::sm89).model(M::beam)},
    rewrite_case{&sa::beam_backend::info, on(H::sm90).model(M::beam), "", "trtllm_mha",
                 on(H::sm90).model(M::beam).decode(id::fa3)},
    rewrite_case{&sa::embedding_gemma2_radix_cache::info, on(H::sm90).model(M::embedding_gemma2), "", "True",
                 on(H::sm90)},
    rewrite_case{&sa::embedding_gemma2_backend::info, on(H::sm90).model(M::embedding_gemma2).decode(id::fa3), "",
                 "triton", on(H::sm90).model(M::embedding_gemma2).backend(id::fa3).decode(id::fa3)},
    rewrite_case{&sa::exaone_backend::info, on(H::sm100).model(M::exaone), "", "trtllm_mha",
                 on(H::sm100).model(M::exaone).backend(id::triton)},
    rewrite_case{&sa::exaone_backend::info, on(H::sm80).model(M::exaone), "", "fa3", on(H::sm80)},
    rewrite_case{&sa::exaone_backend::info, on(H::gfx942).model(M::exaone), "", "triton", on(H::gfx942)},
    rewrite_case{&sa::falcon_h1_backend::info, on(H::sm100).model(M::falcon_h1), "", "triton",
                 on(H::sm90).model(M::falcon_h1)},
    rewrite_case{&sa::lfm2_backend::info, on(H::sm100).model(M::lfm2).decode(id::trtllm_mha), "", "flashinfer",
                 on(H::sm100).model(M::lfm2).backend(id::trtllm_mha).decode(id::trtllm_mha)},
    rewrite_case{&sa::granite_moe_hybrid_backend::info,
                 on(H::sm100).model(M::granite_moe_hybrid).flag(&launch_config::mamba_radix_cache), "", "flashinfer",
                 on(H::sm100).model(M::granite_moe_hybrid)},
    rewrite_case{&sa::nemotron_h_backend::info, on(H::sm100).model(M::nemotron_h), "", "trtllm_mha",
                 on(H::sm90).model(M::nemotron_h)},
    rewrite_case{&sa::nemotron_h_backend::info, on(H::sm120).model(M::nemotron_h).spec(S::ngram), "", "triton",
                 on(H::sm120).model(M::nemotron_h)},
    rewrite_case{&sa::nemotron_h_backend::info, on(H::sm100).model(M::nemotron_h).eagle(4, 3, 8), "", "triton",
                 on(H::sm100).model(M::nemotron_h).eagle(4, 3, 8).backend(id::fa4)},
    rewrite_case{&sa::nemotron_h_page_size::info, on(H::sm100).model(M::nemotron_h).spec(S::ngram), "", "64",
                 on(H::sm100).model(M::nemotron_h)},
    rewrite_case{&sa::nemotron_h_mamba_strategy::info, on(H::sm100).model(M::nemotron_h).spec(S::nextn), "",
                 "extra_buffer", on(H::sm100).model(M::nemotron_h).spec(S::nextn).decode(id::trtllm_mha)},
    rewrite_case{&sa::nemotron_h_draft_backend::info, on(H::sm100).model(M::nemotron_h).spec(S::dspark), "",
                 "trtllm_mha", on(H::sm100).model(M::nemotron_h).spec(S::dflash)},
    rewrite_case{&sa::nemotron_h_draft_backend::info, on(H::sm120).model(M::nemotron_h).spec(S::dflash), "",
                 "flashinfer", on(H::sm120).model(M::nemotron_h).spec(S::dflash).draft(id::triton)},
    rewrite_case{&sa::qwen3_vl_decode_backend::info, on(H::sm90).model(M::qwen3_vl), "", "flashinfer",
                 on(H::sm90).model(M::qwen3_vl).backend(id::fa3)},
    rewrite_case{&sa::qwen3_vl_decode_backend::info, on(H::sm90).model(M::qwen3_vl).prefill(id::fa3), "", "flashinfer",
                 on(H::sm100).model(M::qwen3_vl).prefill(id::fa3)},
    rewrite_case{&sa::minimax_m3_backend::info, on(H::sm100).model(M::minimax_m3).kv(K::fp8_e4m3), "", "trtllm_mha",
                 on(H::sm100).model(M::minimax_m3).kv(K::fp8_e4m3).backend(id::fa4)},
    rewrite_case{&sa::minimax_m3_backend::info, on(H::sm100).model(M::minimax_m3), "", "fa4",
                 on(H::sm100).model(M::minimax_m3).decode(id::fa4)},
    rewrite_case{&sa::minimax_m3_backend::info, on(H::gfx942).model(M::minimax_m3), "", "triton", on(H::gfx942)},
    rewrite_case{&sa::minimax_m3_backend::info, on(H::sm90).model(M::minimax_m3), "", "fa3",
                 on(H::sm89).model(M::minimax_m3)},
    rewrite_case{&sa::minimax_m3_page_size::info, on(H::sm90).model(M::minimax_m3), "", "128",
                 on(H::sm90).model(M::minimax_m3).backend(id::triton)},
    rewrite_case{&sa::minimax_m3_page_size::info, on(H::sm100).model(M::minimax_m3).backend(id::trtllm_mha), "", "128",
                 on(H::sm100).model(M::minimax_m3).backend(id::trtllm_mha).page(64)},
    rewrite_case{&sa::minimax_m3_fp8_e5m2::info, on(H::sm90).model(M::minimax_m3).kv(K::fp8_e5m2),
                 "MiniMax-M3 with kv_cache_dtype fp8_e5m2: fp8 attention GEMMs stay DISABLED (fmha_sm100's variant "
                 "lookup would silently dispatch the e4m3 kernel for e5m2); sparse attention runs on the widening "
                 "Triton path. Use --kv-cache-dtype fp8_e4m3 for fp8 attention GEMMs.",
                 "fp8_e5m2", on(H::sm90).model(M::minimax_m3).kv(K::fp8_e4m3)},
    rewrite_case{&sa::qwen3_5_backend::info, on(H::sm100).model(M::qwen3_5), "", "triton",
                 on(H::sm90).model(M::qwen3_5)},
    rewrite_case{&sa::qwen3_5_backend::info,
                 on(H::sm100).model(M::qwen3_next).flag(&launch_config::disable_radix_cache), "", "trtllm_mha",
                 on(H::sm100).model(M::qwen3_5_text).flag(&launch_config::disable_radix_cache)},
    rewrite_case{&sa::qwen3_5_page_size::info, on(H::sm100).model(M::qwen3_5).page(16), "", "1",
                 on(H::sm100).model(M::qwen3_5).page(16).backend(id::triton)},
    rewrite_case{&sa::qwen3_5_page_size::info, on(H::sm100).model(M::qwen3_5).flag(&launch_config::disable_radix_cache),
                 "", "64", on(H::sm100).model(M::qwen3_5).flag(&launch_config::disable_radix_cache).page(64)},
    rewrite_case{&sa::qwen3_5_backend::info, on(H::sm100).model(M::qwen4_exp), "", "triton",
                 on(H::sm100).model(M::qwen4_exp).backend(id::fa4)},
    // The compressed QSA pages come after the SM100 default, and over a page size given.
    rewrite_case{&sa::qwen4_exp_qsa_page_size::info, on(H::sm100).model(M::qwen4_exp).flag(&launch_config::qsa_profile),
                 "Setting page size to 64 for compressed QSA (full//ratio compressed addressing).", "64",
                 on(H::sm100).model(M::qwen4_exp)},
    rewrite_case{&sa::qwen4_exp_qsa_page_size::info,
                 on(H::sm90).model(M::qwen4_exp).backend(id::fa3).page(16).flag(&launch_config::qsa_profile),
                 "Setting page size to 64 for compressed QSA (full//ratio compressed addressing).", "64",
                 on(H::sm90).model(M::qwen3_5).backend(id::fa3).page(16).flag(&launch_config::qsa_profile)},
    rewrite_case{&sa::minicpmv_backend::info, on(H::sm100).model(M::minicpmv), "", "triton",
                 on(H::sm120).model(M::minicpmv)},
    rewrite_case{&sa::mimo_v2_backend::info, on(H::sm100).model(M::mimo_v2), "", "fa4",
                 on(H::sm100).model(M::mimo_v2).prefill(id::fa4)},
    rewrite_case{&sa::inkling_backend::info, on(H::sm90).model(M::inkling), "", "fa4", on(H::sm90)},
    rewrite_case{&sa::inkling_backend::info, on(H::sm89).model(M::inkling), "", "triton",
                 on(H::sm89).model(M::inkling).decode(id::triton)},
};

}  // namespace attncap::test
