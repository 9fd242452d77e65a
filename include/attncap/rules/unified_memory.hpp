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
/// True when every resolved prefill and decode backend of `c` is audited for `A`.
template <unified_pool_audit A>
constexpr bool pair_audited(const launch_config& c) noexcept {
  for (backend_id b : {c.prefill_backend(), c.decode_backend()})
    if (is_set(b) && !audited<A>(b)) return false;
  return true;
}
constexpr bool unified_eagle(const launch_config& c) noexcept {
  return c.enable_unified_memory && (c.speculative_algorithm == speculative_algorithm::eagle ||
                                     c.speculative_algorithm == speculative_algorithm::eagle3);
}
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

/// DSPARK's and DFLASH's targets: the verify-audited backends for both prefill and decode.
#define ATTNCAP_UNIFIED_VERIFY_RULE(Name, Code, Algorithm, Spelling, Audit)                                        \
  ATTNCAP_RULE(Name, Code, server_args, assertion_error, attention_backend,                                        \
               detail::audited_names<unified_pool_audit::Audit>,                                                   \
               "--enable-unified-memory + " Spelling                                                               \
               " requires spec-verify-audited attention backends {allowed_list} for both prefill and decode; got " \
               "{backends}. Other backends do not translate speculative verify indices to the unified pool's "     \
               "physical ids yet.") {                                                                              \
    return ctx.cfg.enable_unified_memory && ctx.cfg.speculative_algorithm == speculative_algorithm::Algorithm &&   \
           !detail::pair_audited<unified_pool_audit::Audit>(ctx.cfg);                                              \
  }
ATTNCAP_UNIFIED_VERIFY_RULE(unified_dspark_backends, "unified_memory.dspark_backends", dspark, "DSPARK", dspark_verify)
ATTNCAP_UNIFIED_VERIFY_RULE(unified_dflash_backends, "unified_memory.dflash_backends", dflash, "DFLASH", mha_rails)
#undef ATTNCAP_UNIFIED_VERIFY_RULE

}  // namespace attncap::rules::server_args
