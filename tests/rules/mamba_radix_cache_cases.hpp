// SPDX-License-Identifier: MIT
// Cases for rules/mamba_radix_cache.hpp: the strategy the engine resolves for a hybrid Mamba model's
// radix cache, and its checks.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

namespace detail {
using MS = mamba_strategy;
/// LFM2: Mamba state without snapshots; MiniCPM-V 4.6: with them.
inline constexpr auto lfm2 = on(H::sm90).gqa().model(M::lfm2).flag(&launch_config::mamba_radix_cache);
inline constexpr auto minicpmv = on(H::sm90)
                                     .gqa()
                                     .model(M::minicpmv)
                                     .flag(&launch_config::mamba_radix_cache)
                                     .flag(&launch_config::mamba_extra_buffer);
constexpr auto strategy(conf c, mamba_strategy s) { return c.with(&launch_config::mamba_radix_cache_strategy, s); }
constexpr auto no_overlap(conf c) { return c.flag(&launch_config::disable_overlap_schedule); }
}  // namespace detail

inline constexpr std::array mamba_radix_cache_rules{
    rule_case{&sa::mamba_strategy_needs_state::info, stage::server_args, exception_kind::value_error,
              detail::strategy(on(H::sm90).model(M::llama), detail::MS::extra_buffer_lazy),
              "--mamba-radix-cache-strategy extra_buffer_lazy needs mamba state, got LlamaForCausalLM.",
              detail::strategy(on(H::sm90).model(M::llama), detail::MS::extra_buffer_lazy)
                  .flag(&launch_config::disable_radix_cache),
              "extra_buffer_lazy"},
    rule_case{&sa::mamba_extra_buffer_model::info, stage::server_args, exception_kind::assertion_error,
              detail::strategy(detail::lfm2, detail::MS::extra_buffer),
              "extra_buffer is not supported for Lfm2ForCausalLM; use no_buffer.",
              detail::strategy(detail::lfm2, detail::MS::extra_buffer).flag(&launch_config::mamba_extra_buffer)},
    rule_case{&sa::mamba_extra_buffer_model::info, stage::server_args, exception_kind::assertion_error,
              detail::strategy(detail::minicpmv.on(H::xpu_xmx), detail::MS::extra_buffer),
              "extra_buffer is not supported for MiniCPMV4_6ForConditionalGeneration; use no_buffer.",
              detail::strategy(detail::minicpmv.on(H::gfx942), detail::MS::extra_buffer)},
    rule_case{&sa::mamba_extra_buffer_platform::info, stage::server_args, exception_kind::assertion_error,
              detail::minicpmv.on(H::cpu), "extra_buffer requires platform support for Mamba cache state snapshots.",
              detail::minicpmv.on(H::cpu).flag(&launch_config::disable_radix_cache), "cpu"},
    rule_case{&sa::mamba_lazy_disaggregation::info, stage::server_args, exception_kind::assertion_error,
              detail::strategy(detail::minicpmv, detail::MS::extra_buffer_lazy)
                  .with(&launch_config::disaggregation_mode, disaggregation_mode::prefill),
              "extra_buffer_lazy unsupported under PD disaggregation; use --mamba-radix-cache-strategy extra_buffer.",
              detail::strategy(detail::minicpmv, detail::MS::extra_buffer)
                  .with(&launch_config::disaggregation_mode, disaggregation_mode::prefill),
              "prefill"},
    rule_case{&sa::mamba_track_draft_tokens::info, stage::server_args, exception_kind::assertion_error,
              detail::minicpmv.with(&launch_config::mamba_track_interval, 4).eagle(1, 7, 8), "",
              detail::minicpmv.with(&launch_config::mamba_track_interval, 8).eagle(1, 7, 8), "8"},
    rule_case{&sa::mamba_track_page_size::info, stage::server_args, exception_kind::assertion_error,
              detail::minicpmv.page(48), "", detail::minicpmv.page(64), "48"},
    rule_case{&sa::mamba_chunk_page_size::info, stage::server_args, exception_kind::assertion_error,
              detail::minicpmv.with(&launch_config::mamba_track_interval, 200).page(100),
              "For SSM models, either chunk_size or page_size must be divisible by the other, got chunk_size=64, "
              "page_size=100",
              detail::minicpmv.with(&launch_config::mamba_track_interval, 200)
                  .page(100)
                  .with(&launch_config::mamba_chunk_size, 100),
              "100"},
    // The model's own chunk (NemotronH's config class defaults it to 256).
    rule_case{&sa::mamba_chunk_page_size::info, stage::server_args, exception_kind::assertion_error,
              detail::minicpmv.with(&launch_config::mamba_track_interval, 96)
                  .with(&launch_config::mamba_chunk_size, 256)
                  .page(48),
              "For SSM models, either chunk_size or page_size must be divisible by the other, got chunk_size=256, "
              "page_size=48",
              detail::minicpmv.with(&launch_config::mamba_track_interval, 96)
                  .with(&launch_config::mamba_chunk_size, 256)
                  .page(32),
              "48"},
    rule_case{&sa::mamba_no_buffer_page_size::info, stage::server_args, exception_kind::assertion_error,
              detail::lfm2.page(16), "no_buffer only supports page_size=1.", detail::lfm2.page(1), "16"},
    rule_case{&sa::mamba_no_buffer_overlap::info, stage::server_args, exception_kind::assertion_error,
              detail::strategy(detail::lfm2, detail::MS::no_buffer),
              "no_buffer do not support overlap schedule. Try to set disable_overlap_schedule=True.",
              detail::no_overlap(detail::strategy(detail::lfm2, detail::MS::no_buffer)), "False"},
    rule_case{&sa::mamba_no_buffer_trtllm_mha::info, stage::server_args, exception_kind::assertion_error,
              detail::lfm2.backend(id::trtllm_mha), "no_buffer do not support trtllm_mha attention backend.",
              detail::lfm2.backend(id::trtllm_mha).flag(&launch_config::disable_radix_cache), "trtllm_mha"},
};

inline constexpr std::array mamba_radix_cache_rewrites{
    rewrite_case{&sa::mamba_strategy_default::info, detail::minicpmv, "", "extra_buffer",
                 detail::minicpmv.flag(&launch_config::disable_radix_cache)},
    rewrite_case{&sa::mamba_strategy_default::info, detail::lfm2, "", "no_buffer",
                 detail::strategy(detail::lfm2, detail::MS::no_buffer)},
    rewrite_case{&sa::mamba_strategy_default::info, detail::no_overlap(detail::minicpmv), "", "no_buffer",
                 detail::no_overlap(detail::minicpmv).flag(&launch_config::mamba_radix_cache, false)},
    rewrite_case{&sa::mamba_strategy_default::info, detail::no_overlap(detail::minicpmv).page(64), "", "extra_buffer",
                 detail::no_overlap(detail::minicpmv).page(64).flag(&launch_config::disable_radix_cache)},
    rewrite_case{&sa::mamba_overlap_schedule::info, detail::lfm2, "", "True", detail::minicpmv.model(M::lfm2)},
    rewrite_case{&sa::inkling_mamba_strategy::info, on(H::sm90).model(M::inkling), "", "extra_buffer",
                 detail::strategy(on(H::sm90).model(M::inkling), detail::MS::no_buffer)},
};

}  // namespace attncap::test
