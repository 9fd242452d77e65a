// SPDX-License-Identifier: MIT
// Cases for backends/llada2_cfg_flashinfer.hpp: the llada2_cfg_flashinfer registry factory.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr std::array llada2_cfg_flashinfer_rules{
    rule_case{&rules::llada2_cfg_flashinfer::non_mla_only::info, stage::factory, exception_kind::value_error,
              on(H::sm90).mla().backend(id::llada2_cfg_flashinfer), "LLaDA2 CFG attention does not use an MLA backend",
              on(H::sm90).gqa().backend(id::llada2_cfg_flashinfer), "mla"},
    rule_case{&rules::llada2_cfg_flashinfer::non_mla_only::info, stage::factory, exception_kind::value_error,
              on(H::gfx90a).mla().decode(id::llada2_cfg_flashinfer).prefill(id::triton),
              "LLaDA2 CFG attention does not use an MLA backend",
              on(H::gfx90a).mla().decode(id::triton).prefill(id::triton), "mla"},
};

}  // namespace attncap::test
