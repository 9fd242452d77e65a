// SPDX-License-Identifier: MIT
// Cases for backends/cutedsl_mla.hpp: the cutedsl_mla registry factory.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr std::array cutedsl_mla_rules{
    rule_case{&rules::cutedsl_mla::mla_only::info, stage::factory, exception_kind::value_error,
              on(H::sm100).gqa().decode(id::cutedsl_mla).prefill(id::flashinfer),
              "cutedsl_mla backend can only be used with MLA models.",
              on(H::sm100).mla().decode(id::cutedsl_mla).prefill(id::flashinfer), "gqa"},
    rule_case{&rules::cutedsl_mla::mla_only::info, stage::factory, exception_kind::value_error,
              on(H::sm103).arch(model_arch::mqa).backend(id::cutedsl_mla),
              "cutedsl_mla backend can only be used with MLA models.", on(H::sm103).mla().backend(id::cutedsl_mla),
              "mqa"},
};

}  // namespace attncap::test
