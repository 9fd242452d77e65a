// SPDX-License-Identifier: MIT
/// @file
/// The unified memory pool (`--enable-unified-memory`) and the page-major KV layout it implies,
/// checked after speculative decoding's handlers (sglang 0.5.23, arg_groups/kv_cache_hook.py:
/// 770-858 then 528-716, run from arg_groups/pipeline.py:336-338): the backends, speculative
/// algorithms and models the pool has been audited for. The backends declare what they were
/// audited for (`capabilities::unified_pool`); its FP4 check is among the KV4 checks.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/rules/declared_backends.hpp>

namespace attncap::rules::server_args {

namespace detail {
/// True when built-in backend `b` is on the engine's list for `A`.
template <unified_pool_audit A>
constexpr bool audited(backend_id b) noexcept {
  const auto i = static_cast<std::size_t>(b);
  return i < builtin_registry::size && builtin_registry::caps[i].unified_pool.contains(A);
}
/// The backends audited for `A`, sorted, for a rule's allowed set.
template <unified_pool_audit A>
inline constexpr std::string_view audited_names = passing_names<&audited<A>, true>::value;
/// True when every resolved prefill and decode backend of `c` passes `Test`.
template <bool (*Test)(backend_id) noexcept>
constexpr bool pair_passes(const launch_config& c) noexcept {
  for (backend_id b : {c.prefill_backend(), c.decode_backend()})
    if (is_set(b) && !Test(b)) return false;
  return true;
}
/// True when every resolved prefill and decode backend of `c` is audited for `A`.
template <unified_pool_audit A>
constexpr bool pair_audited(const launch_config& c) noexcept {
  return pair_passes<&audited<A>>(c);
}
constexpr bool unified_eagle(const launch_config& c) noexcept {
  return c.enable_unified_memory && (c.speculative_algorithm == speculative_algorithm::eagle ||
                                     c.speculative_algorithm == speculative_algorithm::eagle3);
}
/// Whether `b` verifies drafts for `A` under decode context parallelism: FlashInfer's verify
/// gathers its CSR arguments without the DCP read translation.
template <unified_pool_audit A>
constexpr bool audited_with_dcp(backend_id b) noexcept {
  return audited<A>(b) && b != id::flashinfer;
}
template <unified_pool_audit A>
inline constexpr std::string_view audited_with_dcp_names = passing_names<&audited_with_dcp<A>, true>::value;
template <unified_pool_audit A>
constexpr bool pair_audited_with_dcp(const launch_config& c) noexcept {
  return pair_passes<&audited_with_dcp<A>>(c);
}
constexpr bool unified_dcp(const launch_config& c) noexcept { return c.enable_unified_memory && c.dcp_size > 1; }
/// The audit a page-major cache of this model's shape needs.
constexpr unified_pool_audit page_major_audit(const launch_config& c) noexcept {
  return c.is_mla()        ? unified_pool_audit::page_major_mla
         : c.asymmetric_kv ? unified_pool_audit::page_major_asymmetric_kv
                           : unified_pool_audit::page_major_mha;
}
}  // namespace detail

/// The unified pool implies the page-major layout (the engine declares it before its checks).
struct unified_memory_page_major {
  static constexpr rewrite_info info{"unified_memory.page_major_layout", field::enable_page_major_kv_layout, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.enable_unified_memory && !ctx.cfg.enable_page_major_kv_layout;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.enable_page_major_kv_layout = true; }
};

ATTNCAP_RULE(page_major_unified_memory, "page_major.unified_memory", server_args, assertion_error,
             enable_unified_memory, "True",
             "--enable-page-major-kv-layout without --enable-unified-memory is temporarily unsupported: the strided "
             "MHA K/V views were removed and the static-pool page-major layout awaits its per-layer-view "
             "reimplementation. Run with --enable-unified-memory, or drop --enable-page-major-kv-layout.") {
  return ctx.cfg.enable_page_major_kv_layout && !ctx.cfg.enable_unified_memory;
}

/// The page-major layout's allowed backends for one model shape (MLA, asymmetric K/V, other).
#define ATTNCAP_PAGE_MAJOR_RULE(Name, Code, Audit)                                                                  \
  ATTNCAP_RULE(Name, Code, server_args, assertion_error, attention_backend,                                         \
               detail::audited_names<unified_pool_audit::Audit>,                                                    \
               "--enable-page-major-kv-layout: the resolved attention backends {backends} are not in the allowed "  \
               "set {allowed_list} for this configuration. Pass a compatible --attention-backend.") {               \
    return ctx.cfg.enable_page_major_kv_layout && detail::page_major_audit(ctx.cfg) == unified_pool_audit::Audit && \
           !detail::pair_audited<unified_pool_audit::Audit>(ctx.cfg);                                               \
  }
ATTNCAP_PAGE_MAJOR_RULE(page_major_mla_backends, "page_major.mla_backends", page_major_mla)
ATTNCAP_PAGE_MAJOR_RULE(page_major_asymmetric_kv_backends, "page_major.asymmetric_kv_backends",
                        page_major_asymmetric_kv)
ATTNCAP_PAGE_MAJOR_RULE(page_major_backends, "page_major.backends", page_major_mha)
#undef ATTNCAP_PAGE_MAJOR_RULE

// Under PD the pool ships whole page envelopes over Mooncake, the default (and only) transfer
// backend it takes (arg_groups/kv_cache_hook.py:533-556).
ATTNCAP_RULE(unified_pd_pp_size, "unified_memory.pd_pp_size", server_args, assertion_error, pp_size, "1",
             "--enable-unified-memory with PD disaggregation does not support pipeline parallelism (whole-envelope "
             "transfer has no per-layer entries to subset).") {
  const auto& c = ctx.cfg;
  return c.enable_unified_memory && c.disaggregation_mode != disaggregation_mode::null && c.pp_size != 1;
}
ATTNCAP_RULE(unified_pd_speculative, "unified_memory.pd_speculative", server_args, assertion_error,
             speculative_algorithm, "None",
             "--enable-unified-memory with PD disaggregation does not support speculative decoding with the Mooncake "
             "transfer backend.") {
  const auto& c = ctx.cfg;
  return c.enable_unified_memory && c.disaggregation_mode != disaggregation_mode::null && c.speculative();
}
ATTNCAP_RULE(unified_pd_lazy_compaction, "unified_memory.pd_lazy_compaction", server_args, assertion_error,
             sglang_disable_lazy_compaction, "False",
             "--enable-unified-memory with PD disaggregation requires lazy compaction; unset "
             "SGLANG_DISABLE_LAZY_COMPACTION.") {
  const auto& c = ctx.cfg;
  return c.enable_unified_memory && c.disaggregation_mode != disaggregation_mode::null &&
         c.sglang_disable_lazy_compaction;
}
ATTNCAP_RULE(unified_pd_hisparse, "unified_memory.pd_hisparse", server_args, assertion_error, enable_hisparse, "False",
             "--enable-unified-memory with PD disaggregation is not compatible with --enable-hisparse: the decode-side "
             "HiSparse prealloc path ships host/C4 rows straight from the allocator, bypassing the virtual->physical "
             "translation the unified pool needs.") {
  const auto& c = ctx.cfg;
  return c.enable_unified_memory && c.disaggregation_mode != disaggregation_mode::null && c.enable_hisparse;
}
ATTNCAP_RULE(unified_speculative_algorithm, "unified_memory.speculative_algorithm", server_args, assertion_error,
             speculative_algorithm, "None, DSPARK, EAGLE, EAGLE3, DFLASH",
             "--enable-unified-memory only supports --speculative-algorithm DSPARK, DFLASH, EAGLE and EAGLE3; other "
             "speculative algorithms are not yet audited for the unified pool's virtual-to-physical loc "
             "translation. Got --speculative-algorithm={speculative_algorithm!r}.") {
  using enum speculative_algorithm;
  const auto a = ctx.cfg.speculative_algorithm;
  return ctx.cfg.enable_unified_memory && a != none && a != dspark && a != eagle && a != eagle3 && a != dflash;
}
ATTNCAP_RULE(unified_eagle_topk, "unified_memory.eagle_topk", server_args, assertion_error, speculative_eagle_topk,
             "None, 1",
             "--enable-unified-memory supports a linear draft chain only (--speculative-eagle-topk in {{None, 1}}); "
             "tree verify relocates accepted tokens one at a time inside the target pool, which the unified pool's "
             "page-granular move_kv_cache cannot express. Got --speculative-eagle-topk={speculative_eagle_topk!r}.") {
  const auto k = ctx.cfg.speculative_eagle_topk;
  return ctx.cfg.enable_unified_memory && k != unset && k != 1;
}
ATTNCAP_RULE(unified_eagle_target, "unified_memory.eagle_target", server_args, assertion_error, hybrid_swa,
             "a hybrid-SWA or mamba-hybrid model",
             "--enable-unified-memory + EAGLE/EAGLE3 requires a unified target (hybrid-SWA or a mamba hybrid): the "
             "draft's KV lives fused inside the target's sub-pool entries.") {
  return detail::unified_eagle(ctx.cfg) && !ctx.cfg.hybrid_swa && !ctx.cfg.hybrid_gdn;
}
// The target verifies on its own pages: an MLA target on the verify-audited backends, any other
// on the MHA rails.
ATTNCAP_RULE(unified_eagle_mla_backends, "unified_memory.eagle_mla_backends", server_args, assertion_error,
             attention_backend, detail::audited_names<unified_pool_audit::spec_verify>,
             "--enable-unified-memory + EAGLE/EAGLE3 requires the target on the spec-verify-audited attention "
             "backends {allowed_list} (got {backends}).") {
  return detail::unified_eagle(ctx.cfg) && ctx.cfg.is_mla() &&
         !detail::pair_audited<unified_pool_audit::spec_verify>(ctx.cfg);
}
ATTNCAP_RULE(unified_eagle_backends, "unified_memory.eagle_backends", server_args, assertion_error, attention_backend,
             detail::audited_names<unified_pool_audit::mha_rails>,
             "--enable-unified-memory + EAGLE/EAGLE3 requires the target on the spec-verify-audited attention "
             "backends {allowed_list} (got {backends}).") {
  return detail::unified_eagle(ctx.cfg) && !ctx.cfg.is_mla() &&
         !detail::pair_audited<unified_pool_audit::mha_rails>(ctx.cfg);
}
// An unset draft backend inherits the target's pair.
ATTNCAP_RULE(unified_eagle_draft, "unified_memory.eagle_draft_backend", server_args, assertion_error,
             speculative_draft_attention_backend, detail::audited_names<unified_pool_audit::mha_rails>,
             "--enable-unified-memory + EAGLE/EAGLE3 runs the draft on {draft_backends}, but a fused draft is "
             "MHA-shaped and reads its KV through the translated MHA rails {allowed_list}. Set "
             "--speculative-draft-attention-backend to one of them.") {
  const auto& c = ctx.cfg;
  const auto draft = c.speculative_draft_attention_backend;
  return detail::unified_eagle(c) && (is_set(draft) ? !detail::audited<unified_pool_audit::mha_rails>(draft)
                                                    : !detail::pair_audited<unified_pool_audit::mha_rails>(c));
}

/// DSPARK's and DFLASH's targets: the verify-audited backends for both prefill and decode, less
/// FlashInfer under decode context parallelism (a second rule, with its own allowed set).
#define ATTNCAP_UNIFIED_VERIFY_RULE(Name, Code, Algorithm, Spelling, Audit, Dcp, Names, Pair, Note)                   \
  ATTNCAP_RULE(Name, Code, server_args, assertion_error, attention_backend, detail::Names<unified_pool_audit::Audit>, \
               "--enable-unified-memory + " Spelling                                                                  \
               " requires spec-verify-audited attention backends {allowed_list}" Note                                 \
               " for both prefill and decode; got {backends}. Other backends do not translate speculative "           \
               "verify indices to the unified pool's physical ids yet.") {                                            \
    return ctx.cfg.enable_unified_memory && (ctx.cfg.dcp_size > 1) == Dcp &&                                          \
           ctx.cfg.speculative_algorithm == speculative_algorithm::Algorithm &&                                       \
           !detail::Pair<unified_pool_audit::Audit>(ctx.cfg);                                                         \
  }
#define ATTNCAP_DCP_NOTE " (flashinfer is excluded under --dcp-size > 1)"
ATTNCAP_UNIFIED_VERIFY_RULE(unified_dspark_backends, "unified_memory.dspark_backends", dspark, "DSPARK", dspark_verify,
                            false, audited_names, pair_audited, "")
ATTNCAP_UNIFIED_VERIFY_RULE(unified_dspark_dcp_backends, "unified_memory.dspark_dcp_backends", dspark, "DSPARK",
                            dspark_verify, true, audited_with_dcp_names, pair_audited_with_dcp, ATTNCAP_DCP_NOTE)
ATTNCAP_UNIFIED_VERIFY_RULE(unified_dflash_backends, "unified_memory.dflash_backends", dflash, "DFLASH", mha_rails,
                            false, audited_names, pair_audited, "")
ATTNCAP_UNIFIED_VERIFY_RULE(unified_dflash_dcp_backends, "unified_memory.dflash_dcp_backends", dflash, "DFLASH",
                            mha_rails, true, audited_with_dcp_names, pair_audited_with_dcp, ATTNCAP_DCP_NOTE)
#undef ATTNCAP_DCP_NOTE
#undef ATTNCAP_UNIFIED_VERIFY_RULE

ATTNCAP_RULE(unified_lmcache, "unified_memory.lmcache", server_args, assertion_error, enable_lmcache, "False",
             "--enable-unified-memory is not yet compatible with --enable-lmcache: the LMCache offload path indexes "
             "the device buffers with the ids it is handed, and under the unified pool those are VIRTUAL.") {
  return ctx.cfg.enable_unified_memory && ctx.cfg.enable_lmcache;
}
ATTNCAP_RULE(unified_eagle_hicache, "unified_memory.eagle_hierarchical_cache", server_args, assertion_error,
             enable_hierarchical_cache, "False",
             "--enable-unified-memory + EAGLE/EAGLE3 does not support --enable-hierarchical-cache: HiCache keeps the "
             "draft on a private pool, and would pack an MTP head's KV into the target's page-envelope host pool, "
             "which refuses per-layer draft loads.") {
  return detail::unified_eagle(ctx.cfg) && ctx.cfg.enable_hierarchical_cache;
}

// Under DCP the pool hands out widened virtual ids (dcp_size per stored row); only these paths
// take them (arg_groups/kv_cache_hook.py:719-760).
ATTNCAP_RULE(unified_dcp_mla, "unified_memory.dcp_mla", server_args, assertion_error, model_arch, "mla",
             "--enable-unified-memory with decode context parallelism (--dcp-size > 1) supports MLA models only (e.g. "
             "kimi-linear): the MHA unified pool has no DCP-aware masked write path "
             "(UnifiedMHATokenToKVPool.set_kv_buffer asserts dcp_kv_mask is None).") {
  return detail::unified_dcp(ctx.cfg) && !ctx.cfg.is_mla();
}
ATTNCAP_RULE(unified_dcp_hybrid_swa, "unified_memory.dcp_hybrid_swa", server_args, assertion_error, hybrid_swa, "False",
             "--enable-unified-memory with decode context parallelism (--dcp-size > 1) does not support hybrid "
             "sliding-window models: UnifiedSWATokenToKVPoolAllocator does not widen its virtual id space, and the "
             "full->swa mapping is not DCP-sharded.") {
  return detail::unified_dcp(ctx.cfg) && ctx.cfg.hybrid_swa;
}
ATTNCAP_RULE(unified_dcp_disaggregation, "unified_memory.dcp_disaggregation", server_args, assertion_error,
             disaggregation_mode, "null",
             "--enable-unified-memory with decode context parallelism (--dcp-size > 1) does not support PD "
             "disaggregation: the transfer ships whole page envelopes, which under DCP hold only this rank's shard "
             "of each widened page. Rejected here rather than at the first KV transfer, where "
             "translate_kv_indices_for_transfer would abort a server that had already booted.") {
  return detail::unified_dcp(ctx.cfg) && ctx.cfg.disaggregation_mode != disaggregation_mode::null;
}
ATTNCAP_RULE(unified_dcp_backends, "unified_memory.dcp_backends", server_args, assertion_error, attention_backend,
             detail::audited_names<unified_pool_audit::dcp_widened_ids>,
             "--enable-unified-memory with decode context parallelism (--dcp-size > 1) requires {allowed_list} for "
             "the full-attention layers; got {backends}. The other paged MLA backends build their block table from "
             "raw (widened) req_to_token page ids and do not translate them through the unified pool's "
             "virtual->physical page table.") {
  return detail::unified_dcp(ctx.cfg) && !detail::pair_audited<unified_pool_audit::dcp_widened_ids>(ctx.cfg);
}

}  // namespace attncap::rules::server_args
