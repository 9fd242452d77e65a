// SPDX-License-Identifier: MIT
// Cases for rules/kimi_k3.hpp: Kimi-K3's backends under decode context parallelism and on SM100.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

namespace detail {
inline constexpr auto kimi = on(H::sm100).mla().model(M::kimi_k3);
inline constexpr auto kimi_dcp = kimi.tp(2).dcp(2);
}  // namespace detail

inline constexpr std::array kimi_k3_rules{
    rule_case{
        &sa::kimi_k3_dcp_dspark_ragged_verify::info, stage::server_args, exception_kind::value_error,
        detail::kimi_dcp.spec(S::dspark).with(&launch_config::sglang_ragged_verify_mode, ragged_verify_mode::compact),
        "Kimi-K3 DCP + DSPARK currently requires SGLANG_RAGGED_VERIFY_MODE=static; compact/cap-accept are not "
        "validated under DCP (got 'compact').",
        detail::kimi_dcp.spec(S::dspark), "compact"},
    rule_case{&sa::kimi_k3_dcp_decode_backend::info, stage::server_args, exception_kind::assertion_error,
              detail::kimi_dcp.decode(id::flashinfer),
              "Decode attention backend for Kimi-K3 DCP must be 'cutedsl_mla' or 'aiter', got 'flashinfer'.",
              detail::kimi_dcp.decode(id::aiter), "flashinfer"},
};

inline constexpr std::array kimi_k3_rewrites{
    rewrite_case{&sa::kimi_k3_dcp_dspark_mode::info, detail::kimi_dcp.spec(S::dspark), "", "decode",
                 detail::kimi_dcp.spec(S::eagle)},
    rewrite_case{&sa::kimi_k3_dcp_prefill_backend::info, detail::kimi_dcp, "", "trtllm_mla",
                 detail::kimi_dcp.prefill(id::trtllm_mla)},
    rewrite_case{&sa::kimi_k3_dcp_prefill_backend::info, detail::kimi_dcp.decode(id::aiter), "", "aiter",
                 detail::kimi_dcp.decode(id::aiter).prefill(id::triton)},
    rewrite_case{&sa::kimi_k3_dcp_decode_fill::info, detail::kimi_dcp, "", "cutedsl_mla",
                 detail::kimi_dcp.decode(id::cutedsl_mla)},
    rewrite_case{&sa::kimi_k3_dspark_mode::info, detail::kimi.spec(S::dspark), "", "decode",
                 detail::kimi.spec(S::dspark).on(H::sm90)},
    rewrite_case{&sa::kimi_k3_dspark_prefill_verify::info, detail::kimi.spec(S::dspark).decode(id::flashinfer),
                 "Kimi-K3 DSPARK: decode attention backend 'flashinfer' cannot serve target verify at q_len=8, so "
                 "verify runs on the prefill backend (speculative_attention_mode=prefill). A host-plan prefill backend "
                 "costs a per-step seq_lens D2H sync; leave the attention backend knobs unset for the sync-free "
                 "default.",
                 "prefill", detail::kimi.spec(S::dspark).decode(id::cutedsl_mla)},
    rewrite_case{&sa::kimi_k3_decode_backend::info, detail::kimi, "", "trtllm_mla", detail::kimi.on(H::sm90)},
    rewrite_case{&sa::kimi_k3_prefill_backend::info, detail::kimi, "", "trtllm_mla", detail::kimi.on(H::sm120)},
};

}  // namespace attncap::test
