// SPDX-License-Identifier: MIT
// Cases for rules/model_capabilities.hpp: EmbeddingGemma 2 in embedding mode, HRM-Text on Triton, without
// radix cache or CUDA graphs.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr std::array model_capabilities_rewrites{
    rewrite_case{&sa::hrm_text_triton::info, on(H::sm90).model(M::hrm_text),
                 "Overriding --attention-backend 'fa3' -> 'triton': only the Triton backend supports HRM-Text's "
                 "bidirectional prefix attention.",
                 "triton", on(H::sm90).model(M::llama)},
    rewrite_case{&sa::hrm_text_triton::info, on(H::sm100).model(M::hrm_text).backend(id::flashinfer),
                 "Overriding --attention-backend 'flashinfer' -> 'triton': only the Triton backend supports HRM-Text's "
                 "bidirectional prefix attention.",
                 "triton", on(H::sm100).model(M::hrm_text).backend(id::triton)},
    rewrite_case{&sa::hrm_text_radix_cache::info, on(H::sm90).model(M::hrm_text), "", "True", on(H::sm90)},
    rewrite_case{&sa::hrm_text_chunked_prefill::info, on(H::sm90).model(M::hrm_text), "", "-1", on(H::sm90)},
    rewrite_case{&sa::embedding_gemma2_embedding::info, on(H::sm90).model(M::embedding_gemma2),
                 "Embedding architecture detected: enabling embedding mode automatically.", "True",
                 on(H::sm90).model(M::embedding_gemma2).flag(&launch_config::is_embedding)},
    rewrite_case{&sa::embedding_gemma2_chunked_prefill::info, on(H::sm90).model(M::embedding_gemma2), "", "-1",
                 on(H::sm90).model(M::embedding_gemma2).with(&launch_config::chunked_prefill_size, -1)},
    rewrite_case{&sa::moss_vl_chunked_prefill::info, on(H::sm90).model(M::moss_vl), "", "-1",
                 on(H::sm90).model(M::llama)},
    rewrite_case{&sa::hrm_text_cuda_graph::info, on(H::sm90).model(M::hrm_text), "", "True", on(H::sm90)},
};

}  // namespace attncap::test
