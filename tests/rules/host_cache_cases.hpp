// SPDX-License-Identifier: MIT
// Cases for rules/host_cache.hpp: HiCache and LMCache.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

namespace host_cache {
inline constexpr conf hicache = on(H::sm90).backend(id::fa3).flag(&launch_config::enable_hierarchical_cache);
inline constexpr conf lmcache = on(H::sm90).backend(id::fa3).flag(&launch_config::enable_lmcache);
/// HiCache on an MLA model under decode context parallelism: the one shape its host pool translates.
inline constexpr conf hicache_dcp =
    on(H::sm90).mla().backend(id::flashinfer).tp(2).dcp(2).flag(&launch_config::enable_hierarchical_cache);
}  // namespace host_cache

inline constexpr std::array host_cache_rules{
    rule_case{&sa::hicache_dcp_speculative::info, stage::server_args, exception_kind::not_implemented_error,
              host_cache::hicache_dcp.with(&launch_config::speculative_algorithm, speculative_algorithm::eagle),
              "HiCache with --dcp-size > 1 only supports DSPARK speculative decoding; other draft-model host pools "
              "have no DCP index translation.",
              host_cache::hicache_dcp, "EAGLE"},
    rule_case{&sa::hicache_dcp_speculative::info, stage::server_args, exception_kind::not_implemented_error,
              host_cache::hicache_dcp.with(&launch_config::speculative_algorithm, speculative_algorithm::nextn),
              "HiCache with --dcp-size > 1 only supports DSPARK speculative decoding; other draft-model host pools "
              "have no DCP index translation.",
              host_cache::hicache_dcp, "NEXTN"},
    rule_case{&sa::hicache_dcp_lmcache::info, stage::server_args, exception_kind::not_implemented_error,
              host_cache::hicache_dcp.flag(&launch_config::enable_lmcache),
              "--enable-lmcache with --dcp-size > 1 is not supported: LMCache has no DCP-aware index translation.",
              host_cache::hicache_dcp, "True"},
    rule_case{&sa::hicache_dcp_hisparse::info, stage::server_args, exception_kind::not_implemented_error,
              host_cache::hicache_dcp.flag(&launch_config::enable_hisparse),
              "--enable-hisparse with --dcp-size > 1 is not supported: the HiSparse host pool is constructed without "
              "DCP translation.",
              host_cache::hicache_dcp, "True"},
    rule_case{&sa::hicache_dcp_mla::info, stage::server_args, exception_kind::not_implemented_error,
              host_cache::hicache_dcp.gqa(),
              "HiCache with --dcp-size > 1 is only supported for MLA models: the index translation lives in "
              "MLATokenToKVPoolHost, and the MHA host pool has none.",
              host_cache::hicache_dcp, "gqa"},
    rule_case{&sa::hicache_radix_cache::info, stage::server_args, exception_kind::value_error,
              host_cache::hicache.flag(&launch_config::disable_radix_cache),
              "The arguments enable-hierarchical-cache and disable-radix-cache are mutually exclusive and cannot be "
              "used at the same time. Please use only one of them.",
              host_cache::hicache, "True"},
    rule_case{&sa::lmcache_hicache::info, stage::server_args, exception_kind::value_error,
              host_cache::lmcache.flag(&launch_config::enable_hierarchical_cache),
              "--enable-lmcache and --enable-hierarchical-cache are mutually exclusive", host_cache::lmcache, "True"},
    rule_case{&sa::lmcache_radix_cache::info, stage::server_args, exception_kind::value_error,
              host_cache::lmcache.flag(&launch_config::disable_radix_cache),
              "--enable-lmcache requires radix cache to be enabled", host_cache::lmcache, "True"},
    rule_case{&sa::lmcache_speculative::info, stage::server_args, exception_kind::not_implemented_error,
              host_cache::lmcache.with(&launch_config::speculative_algorithm, speculative_algorithm::ngram),
              "LMCacheUnifiedRadixCache does not yet support speculative decoding", host_cache::lmcache, "NGRAM"},
    rule_case{&sa::lmcache_dp_attention::info, stage::server_args, exception_kind::not_implemented_error,
              host_cache::lmcache.tp(2).with(&launch_config::dp_size, 2).flag(&launch_config::enable_dp_attention),
              "LMCacheUnifiedRadixCache does not yet support DP attention",
              host_cache::lmcache.tp(2).with(&launch_config::dp_size, 2), "2"},
    rule_case{&sa::lmcache_dp_attention::info, stage::server_args, exception_kind::not_implemented_error,
              host_cache::lmcache.tp(2).with(&launch_config::attn_dp_size, 2),
              "LMCacheUnifiedRadixCache does not yet support DP attention", host_cache::lmcache.tp(2), "2"},
    rule_case{&sa::lmcache_dcp::info, stage::server_args, exception_kind::not_implemented_error,
              host_cache::lmcache.tp(2).dcp(2),
              "--enable-lmcache with --dcp-size > 1 is not supported: LMCache has no DCP-aware index translation",
              host_cache::lmcache.tp(2), "2"},
    rule_case{&sa::lmcache_disaggregation::info, stage::server_args, exception_kind::not_implemented_error,
              host_cache::lmcache.with(&launch_config::disaggregation_mode, disaggregation_mode::prefill),
              "LMCacheUnifiedRadixCache currently supports colocated prefill/decode scheduling only",
              host_cache::lmcache, "prefill"},
};

}  // namespace attncap::test
