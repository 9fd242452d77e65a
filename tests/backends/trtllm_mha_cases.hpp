// SPDX-License-Identifier: MIT
// Cases for backends/trtllm_mha.hpp: the trtllm_mha factory and constructor.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr std::array trtllm_mha_rules{
    rule_case{&rules::trtllm_mha::non_mla_only::info, stage::factory, exception_kind::value_error,
              on(H::sm100).mla().backend(id::trtllm_mha), "trtllm_mha backend can only be used with non-MLA models.",
              on(H::sm100).backend(id::trtllm_mha), "mla"},
    // As a draft backend it escapes the server-args topk check, which reads prefill and decode.
    rule_case{&rules::trtllm_mha::xqa_tree_speculative::info, stage::backend_init,
              exception_kind::not_implemented_error, on(H::sm90).backend(id::fa3).eagle(4, 3, 8).draft(id::trtllm_mha),
              "trtllm_mha tree speculative decoding (topk > 1) requires the trtllm-gen kernels (SM100/SM103); the "
              "XQA path expects a different packed mask format",
              on(H::sm90).backend(id::fa3).eagle(1, 3, 8).draft(id::trtllm_mha), "4"},
    rule_case{&rules::trtllm_mha::xqa_tree_speculative::info, stage::backend_init,
              exception_kind::not_implemented_error, on(H::sm120).backend(id::trtllm_mha).spec(S::ngram),
              "trtllm_mha tree speculative decoding (topk > 1) requires the trtllm-gen kernels (SM100/SM103); the "
              "XQA path expects a different packed mask format",
              on(H::sm100).backend(id::trtllm_mha).spec(S::ngram), "10"},
};

}  // namespace attncap::test
