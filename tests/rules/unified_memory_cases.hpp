// SPDX-License-Identifier: MIT
// Cases for rules/unified_memory.hpp: the page-major KV layout and the unified memory pool.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr auto unified = on(H::sm90).backend(id::fa3).gqa().flag(&launch_config::enable_unified_memory);
/// EAGLE on a hybrid sliding-window target, the one shape the pool fuses a draft into.
inline constexpr auto unified_eagle = unified.flag(&launch_config::hybrid_swa).eagle(1, 3, 4);

/// An MLA model on FlashInfer under decode context parallelism: the pool's audited DCP shape.
inline constexpr auto unified_mla_dcp = unified.mla().backend(id::flashinfer).tp(2).dcp(2);

inline constexpr std::array unified_memory_rules{
    rule_case{&sa::page_major_unified_memory::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm90).backend(id::fa3).flag(&launch_config::enable_page_major_kv_layout),
              "--enable-page-major-kv-layout without --enable-unified-memory is temporarily unsupported: the strided "
              "MHA K/V views were removed and the static-pool page-major layout awaits its per-layer-view "
              "reimplementation. Run with --enable-unified-memory, or drop --enable-page-major-kv-layout.",
              on(H::sm90).backend(id::fa3), "False"},
    rule_case{&sa::page_major_backends::info, stage::server_args, exception_kind::assertion_error,
              unified.backend(id::flex_attention),
              "--enable-page-major-kv-layout: the resolved attention backends ['flex_attention'] are not in the "
              "allowed set ['fa3', 'fa4', 'flashinfer', 'triton', 'trtllm_mha'] for this configuration. Pass a "
              "compatible --attention-backend.",
              unified.backend(id::triton)},
    rule_case{&sa::page_major_backends::info, stage::server_args, exception_kind::assertion_error,
              unified.decode(id::torch_native),
              "--enable-page-major-kv-layout: the resolved attention backends ['fa3', 'torch_native'] are not in the "
              "allowed set ['fa3', 'fa4', 'flashinfer', 'triton', 'trtllm_mha'] for this configuration. Pass a "
              "compatible --attention-backend.",
              unified.decode(id::trtllm_mha)},
    rule_case{&sa::page_major_mla_backends::info, stage::server_args, exception_kind::assertion_error,
              unified.mla().on(H::sm100).backend(id::fa4),
              "--enable-page-major-kv-layout: the resolved attention backends ['fa4'] are not in the allowed set "
              "['cutedsl_mla', 'fa3', 'flashinfer', 'flashmla', 'triton', 'trtllm_mla'] for this configuration. Pass "
              "a compatible --attention-backend.",
              unified.mla().on(H::sm100).backend(id::trtllm_mla)},
    rule_case{&sa::page_major_asymmetric_kv_backends::info, stage::server_args, exception_kind::assertion_error,
              unified.flag(&launch_config::asymmetric_kv).backend(id::flashinfer),
              "--enable-page-major-kv-layout: the resolved attention backends ['flashinfer'] are not in the allowed "
              "set ['fa3', 'fa4', 'triton'] for this configuration. Pass a compatible --attention-backend.",
              unified.flag(&launch_config::asymmetric_kv)},
    rule_case{
        &sa::unified_pd_pp_size::info, stage::server_args, exception_kind::assertion_error,
        unified.with(&launch_config::disaggregation_mode, disaggregation_mode::decode).with(&launch_config::pp_size, 2),
        "--enable-unified-memory with PD disaggregation does not support pipeline parallelism (whole-envelope "
        "transfer has no per-layer entries to subset).",
        unified.with(&launch_config::pp_size, 2), "2"},
    rule_case{&sa::unified_pd_speculative::info, stage::server_args, exception_kind::assertion_error,
              unified_eagle.with(&launch_config::disaggregation_mode, disaggregation_mode::prefill),
              "--enable-unified-memory with PD disaggregation does not support speculative decoding with the Mooncake "
              "transfer backend.",
              unified_eagle, "EAGLE"},
    rule_case{&sa::unified_pd_lazy_compaction::info, stage::server_args, exception_kind::assertion_error,
              unified.with(&launch_config::disaggregation_mode, disaggregation_mode::decode)
                  .flag(&launch_config::sglang_disable_lazy_compaction),
              "--enable-unified-memory with PD disaggregation requires lazy compaction; unset "
              "SGLANG_DISABLE_LAZY_COMPACTION.",
              unified.flag(&launch_config::sglang_disable_lazy_compaction), "True"},
    rule_case{
        &sa::unified_pd_hisparse::info, stage::server_args, exception_kind::assertion_error,
        unified.with(&launch_config::disaggregation_mode, disaggregation_mode::prefill)
            .flag(&launch_config::enable_hisparse),
        "--enable-unified-memory with PD disaggregation is not compatible with --enable-hisparse: the decode-side "
        "HiSparse prealloc path ships host/C4 rows straight from the allocator, bypassing the virtual->physical "
        "translation the unified pool needs.",
        unified.with(&launch_config::disaggregation_mode, disaggregation_mode::prefill), "True"},
    rule_case{&sa::unified_speculative_algorithm::info, stage::server_args, exception_kind::assertion_error,
              unified.spec(S::ngram),
              "--enable-unified-memory only supports --speculative-algorithm DSPARK, DFLASH, EAGLE and EAGLE3; other "
              "speculative algorithms are not yet audited for the unified pool's virtual-to-physical loc "
              "translation. Got --speculative-algorithm='NGRAM'.",
              on(H::sm90).backend(id::fa3).gqa().spec(S::ngram), "NGRAM"},
    rule_case{&sa::unified_eagle_topk::info, stage::server_args, exception_kind::assertion_error, unified_eagle.topk(4),
              "--enable-unified-memory supports a linear draft chain only (--speculative-eagle-topk in {None, 1}); "
              "tree verify relocates accepted tokens one at a time inside the target pool, which the unified pool's "
              "page-granular move_kv_cache cannot express. Got --speculative-eagle-topk=4.",
              unified_eagle, "4"},
    rule_case{&sa::unified_eagle_target::info, stage::server_args, exception_kind::assertion_error,
              unified_eagle.flag(&launch_config::hybrid_swa, false),
              "--enable-unified-memory + EAGLE/EAGLE3 requires a unified target (hybrid-SWA or a mamba hybrid): the "
              "draft's KV lives fused inside the target's sub-pool entries.",
              unified_eagle, "False"},
    rule_case{&sa::unified_eagle_backends::info, stage::server_args, exception_kind::assertion_error,
              unified_eagle.on(H::sm100).backend(id::fa4),
              "--enable-unified-memory + EAGLE/EAGLE3 requires the target on the spec-verify-audited attention "
              "backends ['fa3', 'flashinfer', 'triton', 'trtllm_mha'] (got ['fa4']).",
              unified_eagle.on(H::sm100).backend(id::trtllm_mha)},
    rule_case{&sa::unified_eagle_mla_backends::info, stage::server_args, exception_kind::assertion_error,
              unified_eagle.mla().on(H::sm100).backend(id::trtllm_mla).decode(id::fa4),
              "--enable-unified-memory + EAGLE/EAGLE3 requires the target on the spec-verify-audited attention "
              "backends ['cutedsl_mla', 'fa3', 'flashinfer', 'flashmla', 'triton', 'trtllm_mla'] (got ['fa4', "
              "'trtllm_mla']).",
              unified_eagle.mla().on(H::sm100).backend(id::trtllm_mla).decode(id::flashinfer)},
    rule_case{&sa::unified_eagle_draft::info, stage::server_args, exception_kind::assertion_error,
              unified_eagle.draft(id::flashmla),
              "--enable-unified-memory + EAGLE/EAGLE3 runs the draft on ['flashmla'], but a fused draft is "
              "MHA-shaped and reads its KV through the translated MHA rails ['fa3', 'flashinfer', 'triton', "
              "'trtllm_mha']. Set --speculative-draft-attention-backend to one of them.",
              unified_eagle.draft(id::triton), "flashmla"},
    rule_case{&sa::unified_eagle_draft::info, stage::server_args, exception_kind::assertion_error,
              unified_eagle.mla().on(H::sm100).backend(id::trtllm_mla),
              "--enable-unified-memory + EAGLE/EAGLE3 runs the draft on ['trtllm_mla'], but a fused draft is "
              "MHA-shaped and reads its KV through the translated MHA rails ['fa3', 'flashinfer', 'triton', "
              "'trtllm_mha']. Set --speculative-draft-attention-backend to one of them.",
              unified_eagle.mla().on(H::sm100).backend(id::trtllm_mla).draft(id::flashinfer)},
    rule_case{&sa::unified_dspark_backends::info, stage::server_args, exception_kind::assertion_error,
              unified.spec(S::dspark).backend(id::trtllm_mha),
              "--enable-unified-memory + DSPARK requires spec-verify-audited attention backends ['cutedsl_mla', "
              "'fa3', 'fa4', 'flashinfer', 'flashmla', 'triton', 'trtllm_mla'] for both prefill and decode; got "
              "['trtllm_mha']. Other backends do not translate speculative verify indices to the unified pool's "
              "physical ids yet.",
              unified.spec(S::dspark)},
    rule_case{&sa::unified_dflash_backends::info, stage::server_args, exception_kind::assertion_error,
              unified.spec(S::dflash).on(H::sm100).backend(id::fa4),
              "--enable-unified-memory + DFLASH requires spec-verify-audited attention backends ['fa3', 'flashinfer', "
              "'triton', 'trtllm_mha'] for both prefill and decode; got ['fa4']. Other backends do not translate "
              "speculative verify indices to the unified pool's physical ids yet.",
              unified.spec(S::dflash).on(H::sm100).backend(id::triton)},
    // Under decode context parallelism FlashInfer leaves both verify sets.
    rule_case{&sa::unified_dspark_dcp_backends::info, stage::server_args, exception_kind::assertion_error,
              unified_mla_dcp.spec(S::dspark),
              "--enable-unified-memory + DSPARK requires spec-verify-audited attention backends ['cutedsl_mla', "
              "'fa3', 'fa4', 'flashmla', 'triton', 'trtllm_mla'] (flashinfer is excluded under --dcp-size > 1) for "
              "both prefill and decode; got ['flashinfer']. Other backends do not translate speculative verify "
              "indices to the unified pool's physical ids yet.",
              unified_mla_dcp.dcp(1).spec(S::dspark)},
    rule_case{&sa::unified_dflash_dcp_backends::info, stage::server_args, exception_kind::assertion_error,
              unified_mla_dcp.spec(S::dflash),
              "--enable-unified-memory + DFLASH requires spec-verify-audited attention backends ['fa3', 'triton', "
              "'trtllm_mha'] (flashinfer is excluded under --dcp-size > 1) for both prefill and decode; got "
              "['flashinfer']. Other backends do not translate speculative verify indices to the unified pool's "
              "physical ids yet.",
              unified_mla_dcp.dcp(1).spec(S::dflash)},
    rule_case{&sa::unified_lmcache::info, stage::server_args, exception_kind::assertion_error,
              unified.flag(&launch_config::enable_lmcache),
              "--enable-unified-memory is not yet compatible with --enable-lmcache: the LMCache offload path indexes "
              "the device buffers with the ids it is handed, and under the unified pool those are VIRTUAL.",
              unified, "True"},
    rule_case{&sa::unified_eagle_hicache::info, stage::server_args, exception_kind::assertion_error,
              unified_eagle.flag(&launch_config::enable_hierarchical_cache),
              "--enable-unified-memory + EAGLE/EAGLE3 does not support --enable-hierarchical-cache: HiCache keeps the "
              "draft on a private pool, and would pack an MTP head's KV into the target's page-envelope host pool, "
              "which refuses per-layer draft loads.",
              unified_eagle, "True"},
    rule_case{&sa::unified_dcp_mla::info, stage::server_args, exception_kind::assertion_error, unified_mla_dcp.gqa(),
              "--enable-unified-memory with decode context parallelism (--dcp-size > 1) supports MLA models only (e.g. "
              "kimi-linear): the MHA unified pool has no DCP-aware masked write path "
              "(UnifiedMHATokenToKVPool.set_kv_buffer asserts dcp_kv_mask is None).",
              unified_mla_dcp, "gqa"},
    rule_case{&sa::unified_dcp_hybrid_swa::info, stage::server_args, exception_kind::assertion_error,
              unified_mla_dcp.flag(&launch_config::hybrid_swa),
              "--enable-unified-memory with decode context parallelism (--dcp-size > 1) does not support hybrid "
              "sliding-window models: UnifiedSWATokenToKVPoolAllocator does not widen its virtual id space, and the "
              "full->swa mapping is not DCP-sharded.",
              unified_mla_dcp, "True"},
    rule_case{&sa::unified_dcp_disaggregation::info, stage::server_args, exception_kind::assertion_error,
              unified_mla_dcp.with(&launch_config::disaggregation_mode, disaggregation_mode::prefill),
              "--enable-unified-memory with decode context parallelism (--dcp-size > 1) does not support PD "
              "disaggregation: the transfer ships whole page envelopes, which under DCP hold only this rank's shard "
              "of each widened page. Rejected here rather than at the first KV transfer, where "
              "translate_kv_indices_for_transfer would abort a server that had already booted.",
              unified_mla_dcp, "prefill"},
    rule_case{&sa::unified_dcp_backends::info, stage::server_args, exception_kind::assertion_error,
              unified_mla_dcp.backend(id::fa3),
              "--enable-unified-memory with decode context parallelism (--dcp-size > 1) requires ['cutedsl_mla', "
              "'flashinfer', 'trtllm_mla'] for the full-attention layers; got ['fa3']. The other paged MLA backends "
              "build their block table from raw (widened) req_to_token page ids and do not translate them through "
              "the unified pool's virtual->physical page table.",
              unified_mla_dcp},
};

inline constexpr std::array unified_memory_rewrites{
    rewrite_case{&sa::unified_memory_page_major::info, unified, "", "True", on(H::sm90).backend(id::fa3).gqa()},
};

}  // namespace attncap::test
