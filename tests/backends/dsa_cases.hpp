// SPDX-License-Identifier: MIT
// Cases for backends/dsa.hpp: the dsa constructor's model check.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr std::array dsa_rules{
    rule_case{&rules::dsa::init_dsa_model::info, stage::backend_init, exception_kind::assertion_error,
              on(H::sm90).mla().backend(id::dsa), "DSA backend only supports DeepSeek DSA",
              on(H::sm90).mla().flag(&launch_config::dsa).backend(id::dsa), "False"},
    rule_case{&rules::dsa::init_dsa_model::info, stage::backend_init, exception_kind::assertion_error,
              on(H::sm100).decode(id::dsa).prefill(id::triton), "DSA backend only supports DeepSeek DSA",
              on(H::sm100).decode(id::triton).prefill(id::triton), "False"},
};

}  // namespace attncap::test
