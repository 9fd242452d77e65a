// SPDX-License-Identifier: MIT
/// @file
/// The preconditions of `--prefill-only-disable-kv-cache`, checked early in argument resolution,
/// before the platform hooks (sglang 0.5.23, arg_groups/kv_cache_hook.py:865-924, run from
/// arg_groups/pipeline.py:170). Its backend check comes later, once the backends settle.
#pragma once

#include <attncap/capabilities/rule.hpp>

namespace attncap::rules::server_args {

ATTNCAP_RULE(prefill_only_embedding, "prefill_only.embedding", server_args, value_error, is_embedding, "True",
             "--prefill-only-disable-kv-cache currently requires --is-embedding. Other prefill-only workloads may be "
             "supported in a future change once their attention paths stop reading or writing the paged KV cache.") {
  return ctx.cfg.prefill_only_disable_kv_cache && !ctx.cfg.is_embedding;
}
ATTNCAP_RULE(prefill_only_fp4, "prefill_only.fp4_kv_cache", server_args, value_error, kv_cache_dtype,
             "any but nvfp4, fp4_mx_block16",
             "--prefill-only-disable-kv-cache does not currently support --kv-cache-dtype=nvfp4 or "
             "--kv-cache-dtype=fp4_mx_block16 because the FP4 pool uses a separate allocation path.") {
  return ctx.cfg.prefill_only_disable_kv_cache && is_kv4(ctx.cfg.kv_cache_dtype);
}
ATTNCAP_RULE(prefill_only_mxfp8, "prefill_only.mxfp8_kv_cache", server_args, value_error, kv_cache_dtype,
             "any but mxfp8",
             "--prefill-only-disable-kv-cache does not currently support --kv-cache-dtype=mxfp8 because the MXFP8 pool "
             "stores separate scale-factor buffers.") {
  return ctx.cfg.prefill_only_disable_kv_cache && ctx.cfg.kv_cache_dtype == kv_cache_dtype::mxfp8;
}
// An unset chunk size fails too: the engine has not chosen its default yet.
ATTNCAP_RULE(prefill_only_chunked_prefill, "prefill_only.chunked_prefill", server_args, value_error,
             chunked_prefill_size, "-1",
             "--prefill-only-disable-kv-cache requires --chunked-prefill-size=-1 so the FA backend takes the "
             "fa_skip_kv_cache path; otherwise the pool would be touched between prefill chunks.") {
  return ctx.cfg.prefill_only_disable_kv_cache && ctx.cfg.chunked_prefill_size != -1;
}
ATTNCAP_RULE(prefill_only_radix_cache, "prefill_only.radix_cache", server_args, value_error, disable_radix_cache,
             "True",
             "--prefill-only-disable-kv-cache requires --disable-radix-cache because the radix cache indexes KV pool "
             "slots that no longer hold real data.") {
  return ctx.cfg.prefill_only_disable_kv_cache && !ctx.cfg.disable_radix_cache;
}
ATTNCAP_RULE(prefill_only_context_parallel, "prefill_only.context_parallel", server_args, value_error, attn_cp_size,
             "1",
             "--prefill-only-disable-kv-cache is incompatible with --attn-cp-size > 1: the context-parallel attention "
             "path writes K/V to the pool via set_kv_buffer, which the no-op pool intentionally rejects.") {
  return ctx.cfg.prefill_only_disable_kv_cache && ctx.cfg.attn_cp_size > 1;
}
ATTNCAP_RULE(prefill_only_hisparse, "prefill_only.hisparse", server_args, value_error, enable_hisparse, "False",
             "--prefill-only-disable-kv-cache is incompatible with --enable-hisparse: HiSparse uses a dedicated pool "
             "family that is not the no-op MHA pool.") {
  return ctx.cfg.prefill_only_disable_kv_cache && ctx.cfg.enable_hisparse;
}

}  // namespace attncap::rules::server_args
