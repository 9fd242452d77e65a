// SPDX-License-Identifier: MIT
// Cases for rules/deterministic.hpp: the deterministic-inference fallback, whitelists and radix cache.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

namespace detail {
/// `--enable-deterministic-inference` on hardware `h`.
constexpr conf deterministic_on(hardware h) { return on(h).flag(&launch_config::enable_deterministic_inference); }
}  // namespace detail

inline constexpr std::array deterministic_rules{
    rule_case{&sa::deterministic_backend::info, stage::server_args, exception_kind::value_error,
              detail::deterministic_on(H::sm100).backend(id::trtllm_mha),
              "Currently only ['ascend', 'fa3', 'fa4', 'flashinfer', 'intel_xpu', 'triton'] attention backends are "
              "supported for deterministic inference, but you explicitly specified 'trtllm_mha'.",
              detail::deterministic_on(H::sm100).backend(id::flashinfer), "trtllm_mha"},
    rule_case{&sa::deterministic_backend::info, stage::server_args, exception_kind::value_error,
              detail::deterministic_on(H::sm90).mla().backend(id::flashmla),
              "Currently only ['ascend', 'fa3', 'fa4', 'flashinfer', 'intel_xpu', 'triton'] attention backends are "
              "supported for deterministic inference, but you explicitly specified 'flashmla'.",
              on(H::sm90).mla().backend(id::flashmla)},
    rule_case{&sa::deterministic_absorbed_mla::info, stage::server_args, exception_kind::value_error,
              detail::deterministic_on(H::sm100).mla().model(M::deepseek_v2).backend(id::flashinfer),
              "Currently only ['ascend', 'fa3', 'fa4', 'triton'] attention backends are supported for deterministic "
              "inference with absorbed-MLA models. But you're using flashinfer.",
              detail::deterministic_on(H::sm100).mla().backend(id::flashinfer), "flashinfer"},
    rule_case{&sa::deterministic_absorbed_mla::info, stage::server_args, exception_kind::value_error,
              detail::deterministic_on(H::sm90).mla().model(M::deepseek_dsa).backend(id::flashinfer),
              "Currently only ['ascend', 'fa3', 'fa4', 'triton'] attention backends are supported for deterministic "
              "inference with absorbed-MLA models. But you're using flashinfer.",
              detail::deterministic_on(H::sm90).mla().model(M::deepseek_dsa).backend(id::triton)},
    rule_case{&sa::deterministic_fa4_absorbed_mla::info, stage::server_args, exception_kind::value_error,
              detail::deterministic_on(H::sm120).mla().model(M::deepseek_v2).backend(id::fa4),
              "Deterministic inference with absorbed-MLA models on the fa4 attention backend requires SM100/SM110: it "
              "runs absorbed MLA, whose qv argument flash_attn.cute only implements on those archs.",
              detail::deterministic_on(H::sm100).mla().model(M::deepseek_v2).backend(id::fa4), "sm120"},
    rule_case{&sa::deterministic_fa4_absorbed_mla::info, stage::server_args, exception_kind::value_error,
              detail::deterministic_on(H::sm90).mla().model(M::deepseek_v3).backend(id::fa4),
              "Deterministic inference with absorbed-MLA models on the fa4 attention backend requires SM100/SM110: it "
              "runs absorbed MLA, whose qv argument flash_attn.cute only implements on those archs.",
              detail::deterministic_on(H::sm110).mla().model(M::deepseek_v3).backend(id::fa4)},
};

inline constexpr std::array deterministic_rewrites{
    rewrite_case{&sa::deterministic_fallback::info, detail::deterministic_on(H::sm90),
                 "Attention backend not specified. Falling back to 'fa3' for deterministic inference. You can "
                 "explicitly set --attention-backend to one of ['ascend', 'fa3', 'fa4', 'flashinfer', 'intel_xpu', "
                 "'triton'].",
                 "fa3", detail::deterministic_on(H::sm90).backend(id::triton)},
    rewrite_case{&sa::deterministic_fallback::info, detail::deterministic_on(H::sm100),
                 "Attention backend not specified. Falling back to 'flashinfer' for deterministic inference. You can "
                 "explicitly set --attention-backend to one of ['ascend', 'fa3', 'fa4', 'flashinfer', 'intel_xpu', "
                 "'triton'].",
                 "flashinfer", on(H::sm100)},
    rewrite_case{&sa::deterministic_fallback::info, detail::deterministic_on(H::sm120).mla().model(M::deepseek_v2),
                 "Attention backend not specified. Falling back to 'triton' for deterministic inference. You can "
                 "explicitly set --attention-backend to one of ['ascend', 'fa3', 'fa4', 'flashinfer', 'intel_xpu', "
                 "'triton'].",
                 "triton", detail::deterministic_on(H::sm120).mla().model(M::deepseek_v2).backend(id::fa4)},
    rewrite_case{&sa::deterministic_radix_cache::info, detail::deterministic_on(H::sm90).backend(id::flashinfer),
                 "Currently radix cache is not compatible with flashinfer attention backend for deterministic "
                 "inference. It will be supported in the future.",
                 "True", detail::deterministic_on(H::sm90).backend(id::triton)},
    rewrite_case{&sa::deterministic_radix_cache::info, detail::deterministic_on(H::xpu_xmx).backend(id::intel_xpu),
                 "Currently radix cache is not compatible with intel_xpu attention backend for deterministic "
                 "inference. It will be supported in the future.",
                 "True", detail::deterministic_on(H::xpu_xmx).backend(id::fa4)},
};

}  // namespace attncap::test
