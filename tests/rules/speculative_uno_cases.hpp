// SPDX-License-Identifier: MIT
// Cases for rules/speculative_uno.hpp (sglang 0.5.23, arg_groups/speculative_hook.py:452-638).
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr std::array speculative_uno_rules{
    rule_case{&sa::uno_device::info, stage::server_args, exception_kind::value_error, on(H::xpu).spec(S::uno),
              "UNO only supports CUDA.", on(H::gfx942).spec(S::uno), "xpu"},
    rule_case{&sa::uno_draft_model::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).backend(id::fa3).spec(S::uno),
              "UNO reuses the target model and does not accept --speculative-draft-model-path.",
              on(H::sm90).backend(id::fa3).spec(S::uno).flag(&launch_config::speculative_draft_model_path, false),
              "given"},
    rule_case{&sa::uno_lora_path::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).backend(id::fa3).spec(S::uno).draft_tokens(4), "UNO requires --uno-lora-path.",
              on(H::sm90).backend(id::fa3).spec(S::eagle).draft_tokens(4), "UNO"},
    rule_case{&sa::uno_deterministic::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).backend(id::fa3).spec(S::uno).flag(&launch_config::enable_deterministic_inference),
              "UNO does not support --enable-deterministic-inference because its sampling path does not use "
              "per-request seeds.",
              on(H::sm90).backend(id::fa3).spec(S::uno), "True"},
    rule_case{&sa::uno_draft_tokens::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).backend(id::fa3).spec(S::uno),
              "UNO requires --speculative-num-draft-tokens to be a positive integer denoting the linear width or tree "
              "verify width Q.",
              on(H::sm90).backend(id::fa3).spec(S::uno).draft_tokens(1), "None"},
    rule_case{&sa::uno_tree_steps::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).backend(id::fa3).spec(S::uno).topk(2).draft_tokens(4),
              "UNO tree mode requires --speculative-num-steps so its draft width F can be derived as "
              "speculative_num_steps + 1.",
              on(H::sm90).backend(id::fa3).spec(S::uno).topk(2).draft_tokens(4).steps(3)},
    rule_case{&sa::uno_parallelism::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).backend(id::fa3).spec(S::uno).with(&launch_config::tp_size, 2), "UNO requires TP=PP=1.",
              on(H::sm90).backend(id::fa3).spec(S::uno), "2"},
    rule_case{&sa::uno_parallelism::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).backend(id::fa3).spec(S::uno).with(&launch_config::pp_size, 2), "UNO requires TP=PP=1.",
              on(H::sm90).backend(id::fa3).spec(S::uno)},
    rule_case{&sa::uno_dp_attention::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).backend(id::fa3).spec(S::uno).with(&launch_config::attn_cp_size, 2),
              "UNO does not support DP attention or context parallelism.", on(H::sm90).backend(id::fa3).spec(S::uno),
              "2"},
    rule_case{&sa::uno_fa3::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).backend(id::fa3).decode(id::flashinfer).spec(S::uno),
              "UNO requires FA3 for both prefill and decode attention; got prefill='fa3', decode='flashinfer'.",
              on(H::sm90).backend(id::fa3).decode(id::fa3).spec(S::uno)},
};

inline constexpr std::array speculative_uno_rewrites{
    rewrite_case{&sa::uno_chain_steps::info, on(H::sm90).backend(id::fa3).spec(S::uno).steps(3).draft_tokens(4),
                 "UNO uses speculative_num_steps=1; overriding 3.", "1",
                 on(H::sm90).backend(id::fa3).spec(S::uno).steps(1).draft_tokens(4)},
    rewrite_case{&sa::uno_chain_defaults::info, on(H::sm90).backend(id::fa3).spec(S::uno).draft_tokens(4), "", "1",
                 on(H::sm90).backend(id::fa3).spec(S::uno).draft_tokens(4).topk(2)},
};

}  // namespace attncap::test
