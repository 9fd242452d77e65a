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
    rule_case{&rules::trtllm_mha::init_page_size::info, stage::backend_init, exception_kind::value_error,
              on(H::sm100).backend(id::trtllm_mha).page(128).heads(8, 8).head_dim(128),
              "trtllm_mha with page_size=128 requires trtllm-gen's dynamic tokens-per-page kernels, which only support "
              "GQA (q heads per kv head > 1, got 8/8) with equal QK/V head dims (got 128/128) and a power-of-2 page "
              "size. Use --page-size 64 instead.",
              on(H::sm100).backend(id::trtllm_mha).page(128).heads(8, 2).head_dim(128), "128"},
    rule_case{&rules::trtllm_mha::init_page_size::info, stage::backend_init, exception_kind::value_error,
              on(H::sm103).backend(id::trtllm_mha).page(128).heads(4, 4).head_dim(64),
              "trtllm_mha with page_size=128 requires trtllm-gen's dynamic tokens-per-page kernels, which only support "
              "GQA (q heads per kv head > 1, got 4/4) with equal QK/V head dims (got 64/64) and a power-of-2 page "
              "size. Use --page-size 64 instead.",
              on(H::sm103).backend(id::trtllm_mha).page(64).heads(4, 4).head_dim(64)},
    rule_case{&rules::trtllm_mha::init_page_size::info, stage::backend_init, exception_kind::value_error,
              on(H::sm100).backend(id::trtllm_mha).page(128).heads(8, 8).head_dim(128),
              "trtllm_mha with page_size=128 requires trtllm-gen's dynamic tokens-per-page kernels, which only support "
              "GQA (q heads per kv head > 1, got 8/8) with equal QK/V head dims (got 128/128) and a power-of-2 page "
              "size. Use --page-size 64 instead.",
              on(H::sm120).backend(id::trtllm_mha).page(128).heads(8, 8).head_dim(128)},
    // As a draft backend it escapes the server-args topk check, which reads prefill and decode.
};

}  // namespace attncap::test
