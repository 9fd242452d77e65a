// SPDX-License-Identifier: MIT
/// @file
/// The radix cache's host tiers: HiCache (`--enable-hierarchical-cache`) and LMCache
/// (`--enable-lmcache`). HiCache's decode-context-parallel checks run once the backends settle,
/// before data parallelism (sglang 0.5.23, arg_groups/hicache_hook.py:129-162, run from
/// arg_groups/pipeline.py:272); the radix-cache checks run after speculative decoding's handlers
/// (arg_groups/kv_cache_hook.py:393-445, from arg_groups/pipeline.py:334). The model overrides',
/// the KV4 checks' and the unified pool's own refusals sit with those.
#pragma once

#include <attncap/capabilities/rule.hpp>

namespace attncap::rules::server_args {

namespace detail {
constexpr bool hicache_dcp(const launch_config& c) noexcept { return c.enable_hierarchical_cache && c.dcp_size > 1; }
}  // namespace detail

// The algorithm as given: the NEXTN alias resolves later, and refuses the same.
ATTNCAP_RULE(hicache_dcp_speculative, "hicache.dcp_speculative", server_args, not_implemented_error,
             speculative_algorithm, "None, DSPARK",
             "HiCache with --dcp-size > 1 only supports DSPARK speculative decoding; other draft-model host pools have "
             "no DCP index translation.") {
  const auto a = ctx.cfg.speculative_algorithm;
  return detail::hicache_dcp(ctx.cfg) && a != speculative_algorithm::none && a != speculative_algorithm::dspark;
}
ATTNCAP_RULE(hicache_dcp_lmcache, "hicache.dcp_lmcache", server_args, not_implemented_error, enable_lmcache, "False",
             "--enable-lmcache with --dcp-size > 1 is not supported: LMCache has no DCP-aware index translation.") {
  return detail::hicache_dcp(ctx.cfg) && ctx.cfg.enable_lmcache;
}
ATTNCAP_RULE(
    hicache_dcp_hisparse, "hicache.dcp_hisparse", server_args, not_implemented_error, enable_hisparse, "False",
    "--enable-hisparse with --dcp-size > 1 is not supported: the HiSparse host pool is constructed without DCP "
    "translation.") {
  return detail::hicache_dcp(ctx.cfg) && ctx.cfg.enable_hisparse;
}
ATTNCAP_RULE(hicache_dcp_mla, "hicache.dcp_mla", server_args, not_implemented_error, model_arch, "mla",
             "HiCache with --dcp-size > 1 is only supported for MLA models: the index translation lives in "
             "MLATokenToKVPoolHost, and the MHA host pool has none.") {
  return detail::hicache_dcp(ctx.cfg) && !ctx.cfg.is_mla();
}

// The radix cache as resolved so far: a model or feature that turned it off counts.
ATTNCAP_RULE(hicache_radix_cache, "hicache.radix_cache", server_args, value_error, disable_radix_cache, "False",
             "The arguments enable-hierarchical-cache and disable-radix-cache are mutually exclusive and cannot be "
             "used at the same time. Please use only one of them.") {
  return ctx.cfg.enable_hierarchical_cache && ctx.cfg.disable_radix_cache;
}
ATTNCAP_RULE(lmcache_hicache, "lmcache.hierarchical_cache", server_args, value_error, enable_hierarchical_cache,
             "False", "--enable-lmcache and --enable-hierarchical-cache are mutually exclusive") {
  return ctx.cfg.enable_lmcache && ctx.cfg.enable_hierarchical_cache;
}
ATTNCAP_RULE(lmcache_radix_cache, "lmcache.radix_cache", server_args, value_error, disable_radix_cache, "False",
             "--enable-lmcache requires radix cache to be enabled") {
  return ctx.cfg.enable_lmcache && ctx.cfg.disable_radix_cache;
}
// What LMCache's radix cache does not serve yet, with the speculative algorithm as resolved.
ATTNCAP_RULE(lmcache_speculative, "lmcache.speculative", server_args, not_implemented_error, speculative_algorithm,
             "None", "LMCacheUnifiedRadixCache does not yet support speculative decoding") {
  return ctx.cfg.enable_lmcache && ctx.cfg.speculative_algorithm != speculative_algorithm::none;
}
ATTNCAP_RULE(lmcache_dp_attention, "lmcache.dp_attention", server_args, not_implemented_error, attn_dp_size, "1",
             "LMCacheUnifiedRadixCache does not yet support DP attention") {
  return ctx.cfg.enable_lmcache && ctx.cfg.attn_dp_enabled();
}
ATTNCAP_RULE(lmcache_dcp, "lmcache.dcp", server_args, not_implemented_error, dcp_size, "1",
             "--enable-lmcache with --dcp-size > 1 is not supported: LMCache has no DCP-aware index translation") {
  return ctx.cfg.enable_lmcache && ctx.cfg.dcp_size > 1;
}
ATTNCAP_RULE(lmcache_disaggregation, "lmcache.disaggregation", server_args, not_implemented_error, disaggregation_mode,
             "null", "LMCacheUnifiedRadixCache currently supports colocated prefill/decode scheduling only") {
  return ctx.cfg.enable_lmcache && ctx.cfg.disaggregation_mode != disaggregation_mode::null;
}

}  // namespace attncap::rules::server_args
