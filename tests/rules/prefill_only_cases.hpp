// SPDX-License-Identifier: MIT
// Cases for rules/prefill_only.hpp: the preconditions of --prefill-only-disable-kv-cache.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr auto prefill_only = on(H::sm90).backend(id::fa3).flag(&launch_config::prefill_only_disable_kv_cache);
inline constexpr auto embedding = prefill_only.flag(&launch_config::is_embedding);
/// Every precondition met: one forward per request, no radix cache.
inline constexpr auto servable =
    embedding.with(&launch_config::chunked_prefill_size, -1).flag(&launch_config::disable_radix_cache);

inline constexpr std::array prefill_only_rules{
    rule_case{&sa::prefill_only_embedding::info, stage::server_args, exception_kind::value_error, prefill_only,
              "--prefill-only-disable-kv-cache currently requires --is-embedding. Other prefill-only workloads may be "
              "supported in a future change once their attention paths stop reading or writing the paged KV cache.",
              embedding, "False"},
    rule_case{&sa::prefill_only_fp4::info, stage::server_args, exception_kind::value_error,
              embedding.on(H::sm100).kv(K::nvfp4),
              "--prefill-only-disable-kv-cache does not currently support --kv-cache-dtype=nvfp4 or "
              "--kv-cache-dtype=fp4_mx_block16 because the FP4 pool uses a separate allocation path.",
              embedding.on(H::sm100).kv(K::fp8_e4m3), "nvfp4"},
    rule_case{&sa::prefill_only_mxfp8::info, stage::server_args, exception_kind::value_error,
              embedding.on(H::sm100).kv(K::mxfp8),
              "--prefill-only-disable-kv-cache does not currently support --kv-cache-dtype=mxfp8 because the MXFP8 "
              "pool stores separate scale-factor buffers.",
              embedding.on(H::sm100).kv(K::bf16), "mxfp8"},
    rule_case{&sa::prefill_only_chunked_prefill::info, stage::server_args, exception_kind::value_error,
              servable.with(&launch_config::chunked_prefill_size, 8192),
              "--prefill-only-disable-kv-cache requires --chunked-prefill-size=-1 so the FA backend takes the "
              "fa_skip_kv_cache path; otherwise the pool would be touched between prefill chunks.",
              servable, "8192"},
    rule_case{&sa::prefill_only_chunked_prefill::info, stage::server_args, exception_kind::value_error,
              servable.with(&launch_config::chunked_prefill_size, unset),
              "--prefill-only-disable-kv-cache requires --chunked-prefill-size=-1 so the FA backend takes the "
              "fa_skip_kv_cache path; otherwise the pool would be touched between prefill chunks.",
              servable, "None"},
    rule_case{&sa::prefill_only_radix_cache::info, stage::server_args, exception_kind::value_error,
              servable.flag(&launch_config::disable_radix_cache, false),
              "--prefill-only-disable-kv-cache requires --disable-radix-cache because the radix cache indexes KV pool "
              "slots that no longer hold real data.",
              servable, "False"},
    rule_case{&sa::prefill_only_context_parallel::info, stage::server_args, exception_kind::value_error,
              servable.with(&launch_config::attn_cp_size, 2),
              "--prefill-only-disable-kv-cache is incompatible with --attn-cp-size > 1: the context-parallel attention "
              "path writes K/V to the pool via set_kv_buffer, which the no-op pool intentionally rejects.",
              servable, "2"},
    rule_case{&sa::prefill_only_hisparse::info, stage::server_args, exception_kind::value_error,
              servable.flag(&launch_config::enable_hisparse),
              "--prefill-only-disable-kv-cache is incompatible with --enable-hisparse: HiSparse uses a dedicated pool "
              "family that is not the no-op MHA pool.",
              servable, "True"},
};

}  // namespace attncap::test
