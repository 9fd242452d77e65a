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
};

}  // namespace attncap::test
