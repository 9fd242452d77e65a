// SPDX-License-Identifier: MIT
/// @file
/// The launch's own checks of the resolved arguments, made before a scheduler starts (sglang
/// 0.5.23, arg_groups/validation_hook.py:119-246, from entrypoints/engine.py:1165): pipeline
/// parallelism's drafts, then the prefill chunk against the page. HiSparse's checks follow them
/// (rules/hisparse.hpp).
#pragma once

#include <attncap/capabilities/rule.hpp>

namespace attncap::rules::server_args {

namespace detail {
constexpr bool pp_draft(const launch_config& c) noexcept { return c.pp_size > 1 && c.speculative(); }
/// A pipeline's drafts other than DSPARK's must be single-layer EAGLE.
constexpr bool pp_plain_eagle(const launch_config& c) noexcept {
  return c.speculative_algorithm == speculative_algorithm::eagle && !c.enable_multi_layer_eagle;
}
}  // namespace detail

ATTNCAP_RULE(pp_dspark_prefill, "server.pp_dspark_prefill", server_args, assertion_error, disaggregation_mode,
             "prefill", "Pipeline parallel DSPARK requires disaggregation-mode=prefill") {
  const auto& c = ctx.cfg;
  return detail::pp_draft(c) && c.speculative_algorithm == speculative_algorithm::dspark &&
         c.disaggregation_mode != disaggregation_mode::prefill;
}
ATTNCAP_RULE(pp_dspark_pp_spec, "server.pp_dspark_pp_spec", server_args, assertion_error, sglang_enable_pp_spec,
             "False (DSPARK)", "SGLANG_ENABLE_PP_SPEC does not support DSPARK PD prefill") {
  const auto& c = ctx.cfg;
  return detail::pp_draft(c) && c.speculative_algorithm == speculative_algorithm::dspark && c.sglang_enable_pp_spec;
}
ATTNCAP_RULE(pp_speculative_algorithm, "server.pp_speculative_algorithm", server_args, assertion_error,
             speculative_algorithm, "EAGLE (single-layer), DSPARK",
             "Pipeline parallelism currently only supports EAGLE (non-multi-layer) speculative decoding") {
  const auto& c = ctx.cfg;
  return detail::pp_draft(c) && c.speculative_algorithm != speculative_algorithm::dspark && !detail::pp_plain_eagle(c);
}
// SGLANG_ENABLE_PP_SPEC relays EAGLE's tree between stages, which every stage rebuilds from one
// batch: not across PD servers, nor over attention DP's per-rank batches.
ATTNCAP_RULE(pp_spec_disaggregation, "server.pp_spec_disaggregation", server_args, assertion_error, disaggregation_mode,
             "null (under SGLANG_ENABLE_PP_SPEC)",
             "SGLANG_ENABLE_PP_SPEC is not compatible with --disaggregation-mode") {
  const auto& c = ctx.cfg;
  return detail::pp_draft(c) && detail::pp_plain_eagle(c) && c.sglang_enable_pp_spec &&
         c.disaggregation_mode != disaggregation_mode::null;
}
ATTNCAP_RULE(pp_spec_dp_attention, "server.pp_spec_dp_attention", server_args, assertion_error, attn_dp_size,
             "1 (under SGLANG_ENABLE_PP_SPEC)",
             "SGLANG_ENABLE_PP_SPEC is not compatible with attention DP (--attn-dp-size)") {
  const auto& c = ctx.cfg;
  return detail::pp_draft(c) && detail::pp_plain_eagle(c) && c.sglang_enable_pp_spec && c.attn_dp_enabled();
}
ATTNCAP_RULE(pp_speculative_prefill, "server.pp_speculative_prefill", server_args, assertion_error, disaggregation_mode,
             "prefill (without SGLANG_ENABLE_PP_SPEC)",
             "PP + speculative decoding (MTP) is only supported on prefill nodes (disaggregation-mode=prefill)") {
  const auto& c = ctx.cfg;
  return detail::pp_draft(c) && detail::pp_plain_eagle(c) && !c.sglang_enable_pp_spec &&
         c.disaggregation_mode != disaggregation_mode::prefill;
}

// A chunk left to the engine is a power of two from 2048 to 16384 tokens, by device memory, split
// among the attention DP groups: a page refused by every such chunk is refused; one that divides
// some of them depends on the device memory, which a launch does not give, and passes.
ATTNCAP_RULE(chunked_prefill_page_size, "server.chunked_prefill_page_size", server_args, assertion_error,
             chunked_prefill_size, "-1, or a multiple of page_size",
             "chunked_prefill_size must be divisible by page_size") {
  const auto& c = ctx.cfg;
  if (c.disaggregation_mode == disaggregation_mode::decode) return false;
  const std::int32_t page = c.page_size == unset ? 1 : c.page_size;
  if (c.chunked_prefill_size != unset) return c.chunked_prefill_size > 0 && c.chunked_prefill_size % page != 0;
  const std::int32_t groups = c.attn_dp_enabled() ? c.attn_dp_groups() : 1;
  for (std::int32_t chunk = 2048; chunk <= 16384; chunk *= 2)
    if (chunk / groups <= 0 || chunk / groups % page == 0) return false;
  return true;
}

}  // namespace attncap::rules::server_args
