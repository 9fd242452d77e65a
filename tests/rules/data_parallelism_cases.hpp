// SPDX-License-Identifier: MIT
// Cases for rules/data_parallelism.hpp: the data-parallel LM head.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr std::array data_parallelism_rules{
    rule_case{&sa::attn_dp_with_replicas::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).tp(4).dp(2).with(&launch_config::attn_dp_size, 2),
              "--dp-size 2 with --attn-dp-size 2: data-parallel replicas combined with attention data parallelism "
              "are not supported.",
              on(H::sm90).tp(4).with(&launch_config::attn_dp_size, 2), "2"},
    // The deprecated spelling keeps a given attention DP size, so both sizes stay.
    rule_case{&sa::attn_dp_with_replicas::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).tp(4).dp(3).with(&launch_config::attn_dp_size, 2).flag(&launch_config::enable_dp_attention),
              "--dp-size 3 with --attn-dp-size 2: data-parallel replicas combined with attention data parallelism "
              "are not supported.",
              on(H::sm90).tp(4).dp(3).flag(&launch_config::enable_dp_attention), "3"},
    rule_case{&sa::attn_dp_tp_size::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm90).tp(6).with(&launch_config::attn_dp_size, 4), "",
              on(H::sm90).tp(8).with(&launch_config::attn_dp_size, 4), "6"},
    rule_case{&sa::attn_dp_tp_size::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm90).tp(3).dp(2).flag(&launch_config::enable_dp_attention), "", on(H::sm90).tp(3).dp(2), "3"},
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
    rewrite_case{&sa::deprecated_dp_attention::info, on(H::sm90).tp(2).dp(2).flag(&launch_config::enable_dp_attention),
                 "", "2", on(H::sm90).tp(2).dp(2)},
    rewrite_case{
        &sa::attn_dp_chunked_prefill::info,
        on(H::sm90).tp(2).with(&launch_config::attn_dp_size, 2).with(&launch_config::chunked_prefill_size, 8191),
        "DP attention is enabled. chunked prefill size is adjusted from 8191 to 4095.", "4095",
        on(H::sm90).tp(2).with(&launch_config::chunked_prefill_size, 8191)},
    // A chunk turned off stays off, logged as the engine logs it; the deprecated spelling splits too.
    rewrite_case{&sa::attn_dp_chunked_prefill::info,
                 on(H::sm90).tp(2).with(&launch_config::attn_dp_size, 2).with(&launch_config::chunked_prefill_size, -1),
                 "DP attention is enabled. chunked prefill size is adjusted from -1 to -1.", "-1",
                 on(H::sm90).tp(2).with(&launch_config::chunked_prefill_size, -1)},
    rewrite_case{&sa::attn_dp_chunked_prefill::info,
                 on(H::sm90)
                     .tp(4)
                     .dp(4)
                     .flag(&launch_config::enable_dp_attention)
                     .with(&launch_config::chunked_prefill_size, 8192),
                 "DP attention is enabled. chunked prefill size is adjusted from 8192 to 2048.", "2048",
                 on(H::sm90).tp(4).dp(4).with(&launch_config::chunked_prefill_size, 8192)},
    // A given attention DP size stays: the data-parallel size stays replicas.
    rewrite_case{
        &sa::deprecated_dp_attention::info, on(H::sm90).tp(4).dp(4).flag(&launch_config::enable_dp_attention), "", "4",
        on(H::sm90).tp(4).dp(4).flag(&launch_config::enable_dp_attention).with(&launch_config::attn_dp_size, 2)},
    rewrite_case{&sa::dp_lm_head_single_rank::info, on(H::sm90).flag(&launch_config::enable_dp_lm_head), "", "False",
                 on(H::sm90).flag(&launch_config::enable_dp_lm_head).with(&launch_config::dp_size, 2)},
};

}  // namespace attncap::test
