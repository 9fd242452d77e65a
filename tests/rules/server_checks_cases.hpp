// SPDX-License-Identifier: MIT
// Cases for rules/server_checks.hpp: the launch's checks of pipeline drafts and the prefill chunk.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

namespace server_checks {
inline constexpr conf pipeline = on(H::sm90).backend(id::fa3).with(&launch_config::pp_size, 2);
inline constexpr conf prefill_node = pipeline.with(&launch_config::disaggregation_mode, disaggregation_mode::prefill);
}  // namespace server_checks

inline constexpr std::array server_checks_rules{
    rule_case{&sa::pp_dspark_prefill::info, stage::server_args, exception_kind::assertion_error,
              server_checks::pipeline.mla().spec(S::dspark).with(&launch_config::disaggregation_mode,
                                                                 disaggregation_mode::decode),
              "Pipeline parallel DSPARK requires disaggregation-mode=prefill",
              server_checks::prefill_node.mla().spec(S::dspark), "decode"},
    rule_case{&sa::pp_dspark_pp_spec::info, stage::server_args, exception_kind::assertion_error,
              server_checks::prefill_node.mla().spec(S::dspark).flag(&launch_config::sglang_enable_pp_spec),
              "SGLANG_ENABLE_PP_SPEC does not support DSPARK PD prefill",
              server_checks::prefill_node.mla().spec(S::dspark), "True"},
    rule_case{&sa::pp_speculative_algorithm::info, stage::server_args, exception_kind::assertion_error,
              server_checks::prefill_node.spec(S::ngram),
              "Pipeline parallelism currently only supports EAGLE (non-multi-layer) speculative decoding",
              server_checks::prefill_node, "NGRAM"},
    rule_case{&sa::pp_speculative_algorithm::info, stage::server_args, exception_kind::assertion_error,
              server_checks::prefill_node.model(M::step3p).spec(S::eagle),
              "Pipeline parallelism currently only supports EAGLE (non-multi-layer) speculative decoding",
              server_checks::prefill_node.model(M::step3p).spec(S::nextn), "EAGLE"},
    rule_case{&sa::pp_speculative_prefill::info, stage::server_args, exception_kind::assertion_error,
              server_checks::pipeline.spec(S::eagle),
              "PP + speculative decoding (MTP) is only supported on prefill nodes (disaggregation-mode=prefill)",
              server_checks::prefill_node.spec(S::eagle), "null"},
    // Relaying drafts between stages serves EAGLE off PD, on one attention batch.
    rule_case{&sa::pp_speculative_prefill::info, stage::server_args, exception_kind::assertion_error,
              server_checks::pipeline.spec(S::eagle),
              "PP + speculative decoding (MTP) is only supported on prefill nodes (disaggregation-mode=prefill)",
              server_checks::pipeline.spec(S::eagle).flag(&launch_config::sglang_enable_pp_spec), "null"},
    rule_case{&sa::pp_spec_disaggregation::info, stage::server_args, exception_kind::assertion_error,
              server_checks::prefill_node.spec(S::eagle).flag(&launch_config::sglang_enable_pp_spec),
              "SGLANG_ENABLE_PP_SPEC is not compatible with --disaggregation-mode",
              server_checks::pipeline.spec(S::eagle).flag(&launch_config::sglang_enable_pp_spec), "prefill"},
    rule_case{&sa::pp_spec_dp_attention::info, stage::server_args, exception_kind::assertion_error,
              server_checks::pipeline.spec(S::eagle)
                  .flag(&launch_config::sglang_enable_pp_spec)
                  .flag(&launch_config::enable_dp_attention)
                  .with(&launch_config::dp_size, 2)
                  .tp(2),
              "SGLANG_ENABLE_PP_SPEC is not compatible with attention DP (--attn-dp-size)",
              server_checks::pipeline.spec(S::eagle)
                  .flag(&launch_config::sglang_enable_pp_spec)
                  .with(&launch_config::dp_size, 2)
                  .tp(2),
              "2"},
    rule_case{&sa::pp_spec_dp_attention::info, stage::server_args, exception_kind::assertion_error,
              server_checks::pipeline.spec(S::eagle)
                  .flag(&launch_config::sglang_enable_pp_spec)
                  .tp(2)
                  .with(&launch_config::attn_dp_size, 2),
              "SGLANG_ENABLE_PP_SPEC is not compatible with attention DP (--attn-dp-size)",
              server_checks::pipeline.spec(S::eagle).flag(&launch_config::sglang_enable_pp_spec).tp(2), "2"},
    rule_case{&sa::chunked_prefill_page_size::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm90).backend(id::fa3).page(48).with(&launch_config::chunked_prefill_size, 8192),
              "chunked_prefill_size must be divisible by page_size",
              on(H::sm90).backend(id::fa3).page(64).with(&launch_config::chunked_prefill_size, 8192), "8192"},
    rule_case{&sa::chunked_prefill_page_size::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm90).backend(id::fa3).page(100), "chunked_prefill_size must be divisible by page_size",
              on(H::sm90).backend(id::fa3).page(100).with(&launch_config::chunked_prefill_size, -1), "None"},
    // Three attention DP groups split every chunk into one that four does not divide; replicas
    // keep whole chunks.
    rule_case{&sa::chunked_prefill_page_size::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm90).backend(id::fa3).page(4).tp(3).dp(3).flag(&launch_config::enable_dp_attention),
              "chunked_prefill_size must be divisible by page_size", on(H::sm90).backend(id::fa3).page(4).tp(3).dp(3),
              "None"},
    rule_case{&sa::chunked_prefill_page_size::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm90)
                  .backend(id::fa3)
                  .page(4)
                  .tp(3)
                  .with(&launch_config::attn_dp_size, 3)
                  .with(&launch_config::chunked_prefill_size, 8192),
              "chunked_prefill_size must be divisible by page_size",
              on(H::sm90).backend(id::fa3).page(4).tp(3).with(&launch_config::chunked_prefill_size, 8192), "2730"},
};

}  // namespace attncap::test
