// SPDX-License-Identifier: MIT
// Cases for backends/trtllm_mla.hpp: the trtllm_mla registry factory.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr std::array trtllm_mla_rules{
    rule_case{&rules::trtllm_mla::mla_only::info, stage::factory, exception_kind::value_error,
              on(H::sm100).backend(id::trtllm_mla), "trtllm_mla backend can only be used with MLA models.",
              on(H::sm100).mla().backend(id::trtllm_mla), "mha"},
    rule_case{&rules::trtllm_mla::mla_only::info, stage::factory, exception_kind::value_error,
              on(H::sm90).gqa().prefill(id::trtllm_mla).decode(id::fa3),
              "trtllm_mla backend can only be used with MLA models.",
              on(H::sm90).gqa().prefill(id::triton).decode(id::fa3), "gqa"},
    // Decoding on trtllm_mla under DCP with drafts; the same launch decoding on cutedsl_mla builds.
    rule_case{&rules::trtllm_mla::dcp_speculative::info, stage::factory, exception_kind::value_error,
              on(H::sm100).mla().backend(id::trtllm_mla).tp(2).dcp(2).eagle(1, 3, 4),
              "trtllm_mla cannot serve decode context parallelism with speculative decoding: it does not forward the "
              "cyclic DCP metadata to its decode kernel and returns no rank-local LSE for the cross-rank merge. "
              "Select cutedsl_mla.",
              on(H::sm100).mla().backend(id::trtllm_mla).tp(2).eagle(1, 3, 4), "EAGLE"},
};

}  // namespace attncap::test
