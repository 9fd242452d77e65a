// SPDX-License-Identifier: MIT
// Cases for rules/data_parallelism.hpp: the data-parallel LM head.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr std::array data_parallelism_rules{
    rule_case{&sa::dp_lm_head_attention_dp::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm90).with(&launch_config::dp_size, 2).flag(&launch_config::enable_dp_lm_head),
              "--enable-dp-lm-head requires attention DP (--attn-dp-size).",
              on(H::sm90)
                  .with(&launch_config::dp_size, 2)
                  .flag(&launch_config::enable_dp_lm_head)
                  .flag(&launch_config::enable_dp_attention),
              "True"},
    rule_case{&sa::nemotron_h_context_parallel::info, stage::server_args, exception_kind::value_error,
              on(H::sm100).model(M::nemotron_h).tp(2).with(&launch_config::attn_cp_size, 2),
              "Nemotron-H does not support --attn-cp-size > 1", on(H::sm100).model(M::nemotron_h).tp(2), "2"},
};

inline constexpr std::array data_parallelism_rewrites{
    rewrite_case{&sa::dp_lm_head_single_rank::info, on(H::sm90).flag(&launch_config::enable_dp_lm_head), "", "False",
                 on(H::sm90).flag(&launch_config::enable_dp_lm_head).with(&launch_config::dp_size, 2)},
};

}  // namespace attncap::test
