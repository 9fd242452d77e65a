// SPDX-License-Identifier: MIT
// Cases for rules/attention_backend_default.hpp: default fill, graph switches, Whisper, page snaps.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr std::array attention_backend_default_rules{
    rule_case{&sa::flex_attention_speculative::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm90).backend(id::flex_attention).spec(S::eagle),
              "Speculative decoding is currently not supported with Flex Attention backend",
              on(H::sm90).backend(id::flex_attention), "EAGLE"},
    rule_case{&sa::flex_attention_speculative::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm80).backend(id::flex_attention).spec(S::ngram),
              "Speculative decoding is currently not supported with Flex Attention backend",
              on(H::sm80).backend(id::triton).spec(S::ngram), "NGRAM"},
};

inline constexpr std::array attention_backend_default_rewrites{
    rewrite_case{&sa::split_same_backend::info, on(H::sm90).prefill(id::flashinfer).decode(id::flashinfer), "",
                 "flashinfer", on(H::sm90).prefill(id::flashinfer).decode(id::triton)},
    rewrite_case{&sa::split_same_backend::info, on(H::sm90).backend(id::fa3).prefill(id::triton).decode(id::triton), "",
                 "triton", on(H::sm90).backend(id::triton).prefill(id::triton).decode(id::triton)},
    rewrite_case{&sa::default_backend_fill::info, on(H::sm90),
                 "Attention backend not specified. Use fa3 backend by default.", "fa3",
                 on(H::sm90).backend(id::triton)},
    rewrite_case{&sa::default_backend_fill::info, on(H::sm80),
                 "Attention backend not specified. Use flashinfer backend by default.", "flashinfer",
                 on(H::sm80).backend(id::fa3)},
    rewrite_case{&sa::default_backend_fill::info, on(H::sm100).mla(),
                 "Attention backend not specified. Use flashinfer backend by default.", "flashinfer",
                 on(H::sm100).mla().backend(id::cutlass_mla)},
    rewrite_case{&sa::default_backend_fill::info, on(H::sm80).prefill(id::triton).decode(id::fa3),
                 "Attention backend not specified. Use flashinfer backend by default.", "flashinfer",
                 on(H::sm80).prefill(id::triton).decode(id::triton)},
    rewrite_case{&sa::torch_native_cuda_graph::info, on(H::sm90).backend(id::torch_native),
                 "Cuda graph is disabled because of using torch native attention backend", "True",
                 on(H::sm90).backend(id::triton)},
    rewrite_case{&sa::flex_attention_cuda_graph::info, on(H::sm90).backend(id::flex_attention),
                 "Cuda graph is disabled because of using torch Flex Attention backend", "True",
                 on(H::sm90).backend(id::triton)},
    rewrite_case{&sa::whisper_radix_cache::info, on(H::sm90).model(M::whisper).flag(&launch_config::encoder_decoder),
                 "Radix cache is disabled for Whisper", "True", on(H::sm90).model(M::whisper)},
    rewrite_case{&sa::flashmla_page_size::info, on(H::sm90).mla().backend(id::flashmla),
                 "FlashMLA only supports a page_size of 64, change page_size to 64.", "64",
                 on(H::sm90).mla().backend(id::triton)},
    rewrite_case{&sa::flashmla_page_size::info, on(H::sm90).mla().backend(id::flashmla).page(64),
                 "FlashMLA only supports a page_size of 64, change page_size to 64.", "64",
                 on(H::sm90).mla().backend(id::triton).page(64)},
    rewrite_case{&sa::flashmla_page_size::info, on(H::sm90).mla().decode(id::flashmla).page(128),
                 "FlashMLA only supports a page_size of 64, change page_size to 64.", "64",
                 on(H::sm90).mla().decode(id::triton).page(128)},
    rewrite_case{&sa::trtllm_mla_page_size::info, on(H::sm100).mla().backend(id::trtllm_mla),
                 "TensorRT-LLM MLA only supports page_size of 32 or 64, changing page_size from None to 64.", "64",
                 on(H::sm100).mla().backend(id::trtllm_mla).page(32)},
    rewrite_case{&sa::trtllm_mla_page_size::info, on(H::sm100).mla().decode(id::trtllm_mla).page(16),
                 "TensorRT-LLM MLA only supports page_size of 32 or 64, changing page_size from 16 to 64.", "64",
                 on(H::sm100).mla().decode(id::flashinfer).page(16)},
    rewrite_case{&sa::cutedsl_mla_page_size::info, on(H::sm100).mla().decode(id::cutedsl_mla),
                 "CuteDSL MLA only supports page_size of 32 or 64, changing page_size from None to 64.", "64",
                 on(H::sm100).mla().decode(id::cutedsl_mla).page(64)},
    rewrite_case{&sa::trtllm_mha_page_size::info, on(H::sm100).backend(id::trtllm_mha).page(8),
                 "TensorRT-LLM MHA only supports page_size of 16, 32, 64 or 128, changing page_size from 8 to 64.",
                 "64", on(H::sm100).backend(id::trtllm_mha).page(16)},
    rewrite_case{&sa::trtllm_mha_page_size::info, on(H::sm90).backend(id::fa3).spec(S::eagle).draft(id::trtllm_mha),
                 "TensorRT-LLM MHA only supports page_size of 16, 32, 64 or 128, changing page_size from None to 64.",
                 "64", on(H::sm90).backend(id::fa3).spec(S::eagle).draft(id::triton)},
    rewrite_case{&sa::hpc_ops_page_size::info, on(H::sm90).backend(id::hpc_ops),
                 "HPC-Ops attention only supports a page_size of 64, changing page_size from None to 64.", "64",
                 on(H::sm90).backend(id::hpc_ops).page(64)},
    rewrite_case{&sa::hpc_ops_page_size::info, on(H::sm90).prefill(id::hpc_ops).decode(id::fa3).page(1),
                 "HPC-Ops attention only supports a page_size of 64, changing page_size from 1 to 64.", "64",
                 on(H::sm90).prefill(id::triton).decode(id::fa3).page(1)},
};

}  // namespace attncap::test
