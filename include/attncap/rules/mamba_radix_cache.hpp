// SPDX-License-Identifier: MIT
/// @file
/// The radix cache of hybrid Mamba (linear-attention) models: the strategy the engine resolves for
/// their state, and its checks (sglang 0.5.23, arg_groups/overrides.py:454-487 and
/// arg_groups/mamba_hook.py:113-163, run by arg_groups/model_hook.py:1048-1076 after the model
/// overrides). The linear-attention kernels are taken as Triton, the engine's default.
#pragma once

#include <algorithm>
#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/rule.hpp>

namespace attncap::rules::server_args {

namespace detail {
constexpr bool uses_mamba_radix_cache(const launch_config& c) noexcept {
  return c.mamba_radix_cache && !c.disable_radix_cache;
}
constexpr bool extra_buffer_strategy(mamba_strategy s) noexcept {
  return s == mamba_strategy::extra_buffer || s == mamba_strategy::extra_buffer_lazy;
}
/// Intel XPU keeps no Mamba snapshots; elsewhere the model's class decides.
constexpr bool mamba_snapshots(const rule_context& ctx) noexcept {
  return ctx.cfg.mamba_extra_buffer && !ctx.hw.is_xpu();
}
/// What `auto` becomes: snapshots where the model has them and the overlap schedule or paging
/// wants them.
constexpr bool auto_extra_buffer(const rule_context& ctx) noexcept {
  const auto& c = ctx.cfg;
  const bool paged = c.page_size != unset && c.page_size > 1;
  return (!c.disable_overlap_schedule || paged) && mamba_snapshots(ctx);
}
constexpr bool resolving_mamba_strategy(const launch_config& c) noexcept {
  return uses_mamba_radix_cache(c) && c.mamba_radix_cache_strategy == mamba_strategy::auto_;
}
constexpr bool mamba_extra_buffer_in_use(const launch_config& c) noexcept {
  return uses_mamba_radix_cache(c) && extra_buffer_strategy(c.mamba_radix_cache_strategy);
}
constexpr bool mamba_no_buffer_in_use(const launch_config& c) noexcept {
  return uses_mamba_radix_cache(c) && c.mamba_radix_cache_strategy == mamba_strategy::no_buffer;
}
}  // namespace detail

/// Inkling's provider pins the snapshot strategy.
struct inkling_mamba_strategy {
  static constexpr rewrite_info info{"model.inkling_mamba_strategy", field::mamba_radix_cache_strategy, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.model == model_family::inkling && ctx.cfg.mamba_radix_cache_strategy == mamba_strategy::auto_;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.mamba_radix_cache_strategy = mamba_strategy::extra_buffer;
  }
};

/// `auto` without snapshots is `no_buffer`, which runs without the overlap schedule.
struct mamba_overlap_schedule {
  static constexpr rewrite_info info{"mamba.overlap_schedule", field::disable_overlap_schedule, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::resolving_mamba_strategy(ctx.cfg) && !detail::auto_extra_buffer(ctx) &&
           !ctx.cfg.disable_overlap_schedule;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.disable_overlap_schedule = true; }
};
struct mamba_strategy_default {
  static constexpr rewrite_info info{"mamba.strategy_default", field::mamba_radix_cache_strategy, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept { return detail::resolving_mamba_strategy(ctx.cfg); }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    cfg.mamba_radix_cache_strategy =
        detail::auto_extra_buffer({cfg, hw}) ? mamba_strategy::extra_buffer : mamba_strategy::no_buffer;
  }
};

ATTNCAP_RULE(mamba_strategy_needs_state, "mamba.strategy_needs_state", server_args, value_error,
             mamba_radix_cache_strategy, "auto, no_buffer (without Mamba state in the radix cache)",
             "--mamba-radix-cache-strategy {mamba_radix_cache_strategy} needs mamba state, got {architecture}.") {
  const auto& c = ctx.cfg;
  return !c.mamba_radix_cache && !c.disable_radix_cache && detail::extra_buffer_strategy(c.mamba_radix_cache_strategy);
}
ATTNCAP_RULE(mamba_extra_buffer_model, "mamba.extra_buffer_model", server_args, assertion_error,
             mamba_radix_cache_strategy, "no_buffer (the model's state has no snapshots here)",
             "extra_buffer is not supported for {architecture}; use no_buffer.") {
  return detail::mamba_extra_buffer_in_use(ctx.cfg) && !detail::mamba_snapshots(ctx);
}
ATTNCAP_RULE(mamba_extra_buffer_platform, "mamba.extra_buffer_platform", server_args, assertion_error, hardware,
             "CUDA, ROCm, MUSA, NPU, XPU", "extra_buffer requires platform support for Mamba cache state snapshots.") {
  const auto& hw = ctx.hw;
  return detail::mamba_extra_buffer_in_use(ctx.cfg) &&
         !(hw.is_cuda() || hw.is_musa() || hw.is_npu() || hw.is_hip() || hw.is_xpu());
}
ATTNCAP_RULE(mamba_lazy_disaggregation, "mamba.lazy_disaggregation", server_args, assertion_error, disaggregation_mode,
             "null",
             "extra_buffer_lazy unsupported under PD disaggregation; use --mamba-radix-cache-strategy extra_buffer.") {
  const auto& c = ctx.cfg;
  return detail::mamba_extra_buffer_in_use(c) && c.mamba_radix_cache_strategy == mamba_strategy::extra_buffer_lazy &&
         c.disaggregation_mode != disaggregation_mode::null;
}
// Two bare `assert`s of the engine: a snapshot must cover a whole verify step and whole pages.
ATTNCAP_RULE(mamba_track_draft_tokens, "mamba.track_interval_draft_tokens", server_args, assertion_error,
             speculative_num_draft_tokens, "at most --mamba-track-interval", "") {
  const auto& c = ctx.cfg;
  return detail::mamba_extra_buffer_in_use(c) && c.speculative_num_draft_tokens != unset &&
         c.mamba_track_interval < c.speculative_num_draft_tokens;
}
ATTNCAP_RULE(mamba_track_page_size, "mamba.track_interval_page_size", server_args, assertion_error, page_size,
             "a divisor of --mamba-track-interval", "") {
  const auto& c = ctx.cfg;
  return detail::mamba_extra_buffer_in_use(c) && c.page_size != unset && c.mamba_track_interval % c.page_size != 0;
}
// The state is cached every max(chunk, page) tokens, so one must divide the other.
ATTNCAP_RULE(mamba_chunk_page_size, "mamba.chunk_page_size", server_args, assertion_error, page_size,
             "a divisor or a multiple of the model's Mamba chunk",
             "For SSM models, either chunk_size or page_size must be divisible by the other, got "
             "chunk_size={mamba_chunk}, page_size={page_size}") {
  const auto& c = ctx.cfg;
  const auto chunk = c.mamba_chunk(), page = c.page_size;
  return detail::mamba_extra_buffer_in_use(c) && page != unset && page > 0 &&
         std::max(chunk, page) % std::min(chunk, page) != 0;
}
ATTNCAP_RULE(mamba_no_buffer_page_size, "mamba.no_buffer_page_size", server_args, assertion_error, page_size, "1",
             "no_buffer only supports page_size=1.") {
  const auto& c = ctx.cfg;
  return detail::mamba_no_buffer_in_use(c) && c.page_size != unset && c.page_size != 1;
}
ATTNCAP_RULE(mamba_no_buffer_overlap, "mamba.no_buffer_overlap", server_args, assertion_error, disable_overlap_schedule,
             "True", "no_buffer do not support overlap schedule. Try to set disable_overlap_schedule=True.") {
  return detail::mamba_no_buffer_in_use(ctx.cfg) && !ctx.cfg.disable_overlap_schedule;
}
ATTNCAP_RULE(mamba_no_buffer_trtllm_mha, "mamba.no_buffer_trtllm_mha", server_args, assertion_error, attention_backend,
             "any but trtllm_mha", "no_buffer do not support trtllm_mha attention backend.") {
  return detail::mamba_no_buffer_in_use(ctx.cfg) && ctx.cfg.attention_backend == id::trtllm_mha;
}

}  // namespace attncap::rules::server_args
