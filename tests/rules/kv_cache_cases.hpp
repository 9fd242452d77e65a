// SPDX-License-Identifier: MIT
// Cases for rules/kv_cache.hpp: KV4 and MXFP8 caches, the page default, scoring and prefill-only runs.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr std::array kv_cache_rules{
    rule_case{&sa::cpu_fp8_e5m2::info, stage::model_runner, exception_kind::value_error,
              on(H::cpu).backend(id::torch_native).kv(K::fp8_e5m2),
              "--kv-cache-dtype fp8_e5m2 is not supported on CPU.",
              on(H::cpu).backend(id::torch_native).kv(K::fp8_e4m3), "fp8_e5m2"},
    rule_case{&sa::cpu_fp8_e5m2::info, stage::model_runner, exception_kind::value_error, on(H::cpu_amx).kv(K::fp8_e5m2),
              "--kv-cache-dtype fp8_e5m2 is not supported on CPU.", on(H::sm90).kv(K::fp8_e5m2), "fp8_e5m2"},
    rule_case{&sa::kv4_cuda_only::info, stage::server_args, exception_kind::runtime_error, on(H::gfx942).kv(K::nvfp4),
              "KV4 is not tested on non-CUDA platforms.", on(H::sm100).kv(K::nvfp4), "gfx942"},
    rule_case{&sa::kv4_cuda_only::info, stage::server_args, exception_kind::runtime_error,
              on(H::xpu_xmx).kv(K::fp4_mx_block16), "KV4 is not tested on non-CUDA platforms.",
              on(H::xpu_xmx).kv(K::fp8_e4m3)},
    rule_case{&sa::kv4_nvfp4_disaggregation::info, stage::server_args, exception_kind::value_error,
              on(H::sm100)
                  .kv(K::nvfp4)
                  .backend(id::trtllm_mha)
                  .with(&launch_config::disaggregation_mode, disaggregation_mode::decode),
              "SM100 native NVFP4 with trtllm_mha does not yet support PD disaggregation because its physical "
              "block-scale layout is not implemented by the KV transfer path.",
              on(H::sm100).kv(K::nvfp4).backend(id::trtllm_mha), "decode"},
    rule_case{&sa::kv4_nvfp4_hicache::info, stage::server_args, exception_kind::value_error,
              on(H::sm100).kv(K::nvfp4).backend(id::trtllm_mha).flag(&launch_config::enable_hierarchical_cache),
              "SM100 native NVFP4 with trtllm_mha does not yet support hierarchical KV cache or LMCache because their "
              "host pools do not preserve the physical block-scale layout.",
              on(H::sm100).kv(K::nvfp4).backend(id::trtllm_mha), "True"},
    rule_case{&sa::kv4_nvfp4_lmcache::info, stage::server_args, exception_kind::value_error,
              on(H::sm100).kv(K::nvfp4).backend(id::trtllm_mha).flag(&launch_config::enable_lmcache),
              "SM100 native NVFP4 with trtllm_mha does not yet support hierarchical KV cache or LMCache because their "
              "host pools do not preserve the physical block-scale layout.",
              on(H::sm100).kv(K::nvfp4).backend(id::trtllm_mha), "True"},
    rule_case{&sa::kv4_unified_memory::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).kv(K::fp4_mx_block16).flag(&launch_config::enable_unified_memory),
              "FP4 KV cache does not yet support --enable-unified-memory: the unified MHA pool does not allocate FP4 "
              "block scales or the prefill dequant workspace.",
              on(H::sm90).kv(K::fp4_mx_block16), "True"},
    rule_case{&sa::kv4_nvfp4_blackwell::info, stage::server_args, exception_kind::runtime_error,
              on(H::sm90).kv(K::nvfp4),
              "--kv-cache-dtype=nvfp4 requires Blackwell SM100 or SM120. Use --kv-cache-dtype=fp4_mx_block16 for the "
              "block-size-16 FP4 recipe.",
              on(H::sm90).kv(K::fp4_mx_block16), "sm90"},
    rule_case{&sa::kv4_nvfp4_blackwell::info, stage::server_args, exception_kind::runtime_error,
              on(H::sm110).kv(K::nvfp4).backend(id::triton),
              "--kv-cache-dtype=nvfp4 requires Blackwell SM100 or SM120. Use --kv-cache-dtype=fp4_mx_block16 for the "
              "block-size-16 FP4 recipe.",
              on(H::sm121).kv(K::nvfp4).backend(id::triton)},
    rule_case{&sa::kv4_fa4_mla_decode::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm100).mla().kv(K::fp4_mx_block16).prefill(id::fa4).decode(id::triton),
              "KV4 FA4 MLA expects decode_attention_backend to be one of ['flashinfer', 'trtllm_mla'], "
              "but got triton",
              on(H::sm100).mla().kv(K::fp4_mx_block16).prefill(id::fa4).decode(id::flashinfer), "triton"},
    rule_case{&sa::kv4_fa4_mha_decode::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm100).kv(K::fp4_mx_block16).prefill(id::fa4).decode(id::flashinfer),
              "KV4 FA4 MHA expects decode_attention_backend to be one of ['triton', 'torch_native', 'flex_attention'], "
              "but got flashinfer",
              on(H::sm100).kv(K::fp4_mx_block16).prefill(id::fa4).decode(id::triton), "flashinfer"},
    rule_case{&sa::kv4_fa4_mha_decode::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm120).kv(K::fp4_mx_block16).backend(id::fa4),
              "KV4 FA4 MHA expects decode_attention_backend to be one of ['triton', 'torch_native', 'flex_attention'], "
              "but got fa4",
              on(H::sm120).kv(K::fp4_mx_block16).backend(id::triton)},
    rule_case{&sa::kv4_mla_backend::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm100).mla().kv(K::fp4_mx_block16).backend(id::flashmla),
              "KV4 MLA expects attention_backend to be one of ['flashinfer', 'trtllm_mla'], but got "
              "flashmla",
              on(H::sm100).mla().kv(K::fp4_mx_block16).backend(id::trtllm_mla), "flashmla"},
    rule_case{&sa::kv4_mha_backend::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm100).kv(K::fp4_mx_block16).backend(id::flashinfer),
              "KV4 MHA expects attention_backend to be one of ['triton', 'torch_native', 'flex_attention', "
              "'trtllm_mha'], but got flashinfer",
              on(H::sm100).kv(K::fp4_mx_block16).backend(id::triton), "flashinfer"},
    rule_case{&sa::kv4_mha_backend::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm100).kv(K::fp4_mx_block16).backend(id::fa3).prefill(id::flashinfer).decode(id::flashinfer),
              "KV4 MHA expects attention_backend to be one of ['triton', 'torch_native', 'flex_attention', "
              "'trtllm_mha'], but got flashinfer",
              on(H::sm100).kv(K::fp4_mx_block16).backend(id::fa3).prefill(id::flashinfer).decode(id::triton)},
    rule_case{&sa::mxfp8_blackwell::info, stage::server_args, exception_kind::value_error, on(H::sm90).kv(K::mxfp8),
              "--kv-cache-dtype mxfp8 requires an SM100+ (Blackwell) GPU for the block-scaled operands used by the FA4 "
              "MXFP8 attention path.",
              on(H::sm110).kv(K::mxfp8), "sm90"},
    rule_case{&sa::multi_item_scoring_flashinfer::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm90).flag(&launch_config::enable_mis),
              "Multi-item scoring requires flashinfer attention backend for custom attention mask support. Please set "
              "--attention-backend flashinfer when using --enable-mis. Current backends: prefill=fa3, decode=fa3",
              on(H::sm90).flag(&launch_config::enable_mis).backend(id::flashinfer)},
    rule_case{&sa::multi_item_scoring_flashinfer::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm90).flag(&launch_config::enable_mis).backend(id::flashinfer).decode(id::triton),
              "Multi-item scoring requires flashinfer attention backend for custom attention mask support. Please set "
              "--attention-backend flashinfer when using --enable-mis. Current backends: prefill=flashinfer, "
              "decode=triton",
              on(H::sm90).flag(&launch_config::enable_mis).backend(id::flashinfer).decode(id::flashinfer)},
    rule_case{&sa::prefill_only_fa::info, stage::server_args, exception_kind::value_error,
              on(H::sm80).backend(id::flashinfer).flag(&launch_config::prefill_only_disable_kv_cache),
              "--prefill-only-disable-kv-cache currently requires the FA prefill backend (fa3/fa4), but got prefill "
              "backend 'flashinfer'. Other prefill-only workloads and backends may be supported in a future change.",
              on(H::sm80).backend(id::fa3).flag(&launch_config::prefill_only_disable_kv_cache)},
    rule_case{&sa::prefill_only_fa::info, stage::server_args, exception_kind::value_error,
              on(H::sm100).backend(id::fa4).prefill(id::triton).flag(&launch_config::prefill_only_disable_kv_cache),
              "--prefill-only-disable-kv-cache currently requires the FA prefill backend (fa3/fa4), but got prefill "
              "backend 'triton'. Other prefill-only workloads and backends may be supported in a future change.",
              on(H::sm100).backend(id::fa4).flag(&launch_config::prefill_only_disable_kv_cache)},
};

inline constexpr std::array kv_cache_rewrites{
    rewrite_case{&sa::kv4_mixed_pair::info,
                 on(H::sm100).kv(K::fp4_mx_block16).prefill(id::triton).decode(id::trtllm_mha),
                 "Attention: Using KV4 with PREFILL = triton and DECODE = trtllm_mha. Compatibility issues are "
                 "unlikely, but may occur in rare edge cases.",
                 "trtllm_mha", on(H::sm100).kv(K::fp4_mx_block16).prefill(id::trtllm_mha).decode(id::trtllm_mha)},
    rewrite_case{&sa::kv4_mixed_pair::info, on(H::sm100).kv(K::fp4_mx_block16).prefill(id::triton),
                 "Attention: Using KV4 with PREFILL = triton and DECODE = trtllm_mha. Compatibility issues are "
                 "unlikely, but may occur in rare edge cases.",
                 "None", on(H::sm100).kv(K::fp4_mx_block16).prefill(id::fa4)},
    rewrite_case{&sa::page_size_default::info, on(H::sm90), "", "1", on(H::sm90).page(16)},
    rewrite_case{&sa::page_size_default::info, on(H::musa_mp31), "", "64", on(H::musa_mp31).page(32)},
    // aiter's vectorized 5-D layout wants 64-token pages; only ROCm reads the variable.
    rewrite_case{&sa::page_size_default::info,
                 on(H::gfx942).with(&launch_config::sglang_aiter_kv_cache_layout, aiter_kv_cache_layout::vectorized_5d),
                 "", "64",
                 on(H::gfx942)
                     .with(&launch_config::sglang_aiter_kv_cache_layout, aiter_kv_cache_layout::vectorized_5d)
                     .page(32)},
    rewrite_case{&sa::page_size_default::info,
                 on(H::gfx942).with(&launch_config::sglang_aiter_kv_cache_layout, aiter_kv_cache_layout::nhd), "", "1",
                 on(H::gfx942).page(32)},
    rewrite_case{
        &sa::page_size_default::info,
        on(H::sm90).with(&launch_config::sglang_aiter_kv_cache_layout, aiter_kv_cache_layout::vectorized_5d), "", "1",
        on(H::sm90).with(&launch_config::sglang_aiter_kv_cache_layout, aiter_kv_cache_layout::vectorized_5d).page(32)},
    rewrite_case{&sa::multi_item_scoring_radix_cache::info,
                 on(H::sm90).backend(id::flashinfer).flag(&launch_config::enable_mis),
                 "Radix cache is disabled because --enable-mis is set.", "True", on(H::sm90).backend(id::flashinfer)},
    rewrite_case{&sa::multi_item_scoring_chunked_prefill::info,
                 on(H::sm90).backend(id::flashinfer).flag(&launch_config::enable_mis),
                 "Chunked prefill is disabled because --enable-mis is set.", "-1", on(H::sm90).backend(id::flashinfer)},
};

// sglang 0.5.23, arg_groups/kv_cache_hook.py:142-253: speculative decoding over SM100's native
// NVFP4 layout (trtllm_mha in the pair).
inline constexpr std::array kv4_speculative_rules{
    rule_case{&sa::nvfp4_spec_dflash_family::info, stage::server_args, exception_kind::value_error,
              on(H::sm100).kv(K::nvfp4).backend(id::trtllm_mha).spec(S::dflash),
              "SM100 native NVFP4 speculative decoding does not yet support DFLASH; use EAGLE/NEXTN or NGRAM.",
              on(H::sm120).kv(K::nvfp4).backend(id::trtllm_mha).spec(S::dflash), "DFLASH"},
    rule_case{&sa::nvfp4_spec_dflash_family::info, stage::server_args, exception_kind::value_error,
              on(H::sm100).kv(K::nvfp4).prefill(id::flashinfer).decode(id::trtllm_mha).spec(S::dspark),
              "SM100 native NVFP4 speculative decoding does not yet support DSPARK; use EAGLE/NEXTN or NGRAM.",
              on(H::sm100).kv(K::fp4_mx_block16).prefill(id::flashinfer).decode(id::trtllm_mha).spec(S::dspark)},
    rule_case{&sa::nvfp4_spec_algorithm::info, stage::server_args, exception_kind::value_error,
              on(H::sm100).kv(K::nvfp4).backend(id::trtllm_mha).spec(S::standalone),
              "SM100 native NVFP4 speculative decoding supports EAGLE, EAGLE3, NEXTN, and breadth-1 NGRAM; got "
              "STANDALONE.",
              on(H::sm100).kv(K::nvfp4).backend(id::trtllm_mha).spec(S::nextn), "STANDALONE"},
    rule_case{&sa::nvfp4_spec_algorithm::info, stage::server_args, exception_kind::value_error,
              on(H::sm100).kv(K::nvfp4).backend(id::trtllm_mha).spec(S::frozen_kv_mtp),
              "SM100 native NVFP4 speculative decoding supports EAGLE, EAGLE3, NEXTN, and breadth-1 NGRAM; got "
              "FROZEN_KV_MTP.",
              on(H::sm120).kv(K::nvfp4).backend(id::trtllm_mha).spec(S::frozen_kv_mtp)},
    rule_case{&sa::nvfp4_spec_ngram_default_breadth::info, stage::server_args, exception_kind::value_error,
              on(H::sm100).kv(K::nvfp4).backend(id::trtllm_mha).spec(S::ngram),
              "SM100 native NVFP4 NGRAM speculative decoding requires --speculative-ngram-max-bfs-breadth=1 because "
              "trtllm_mha supports linear target verification only; got 10.",
              on(H::sm100)
                  .kv(K::nvfp4)
                  .backend(id::trtllm_mha)
                  .spec(S::ngram)
                  .with(&launch_config::speculative_ngram_max_bfs_breadth, 1)},
    rule_case{&sa::nvfp4_spec_ngram_breadth::info, stage::server_args, exception_kind::value_error,
              on(H::sm100)
                  .kv(K::nvfp4)
                  .backend(id::trtllm_mha)
                  .spec(S::ngram)
                  .with(&launch_config::speculative_ngram_max_bfs_breadth, 4),
              "SM100 native NVFP4 NGRAM speculative decoding requires --speculative-ngram-max-bfs-breadth=1 because "
              "trtllm_mha supports linear target verification only; got 4.",
              on(H::sm100)
                  .kv(K::nvfp4)
                  .backend(id::trtllm_mha)
                  .spec(S::ngram)
                  .with(&launch_config::speculative_ngram_max_bfs_breadth, 1),
              "4"},
    rule_case{
        &sa::nvfp4_spec_draft_backend::info, stage::server_args, exception_kind::value_error,
        on(H::sm100).kv(K::nvfp4).backend(id::trtllm_mha).eagle(1, 3, 4).draft(id::fa4),
        "SM100 native NVFP4 speculative decoding requires --speculative-draft-attention-backend=trtllm_mha so the "
        "draft worker consumes its physical NVFP4 KV layout; got 'fa4'.",
        on(H::sm100).kv(K::nvfp4).backend(id::trtllm_mha).eagle(1, 3, 4).draft(id::trtllm_mha), "fa4"},
};
inline constexpr std::array kv4_speculative_rewrites{
    rewrite_case{&sa::nvfp4_spec_draft_default::info,
                 on(H::sm100).kv(K::nvfp4).backend(id::trtllm_mha).spec(S::eagle3).topk(1).steps(3),
                 "SM100 native NVFP4 speculative decoding uses trtllm_mha for the draft worker.", "trtllm_mha",
                 on(H::sm100).kv(K::nvfp4).backend(id::trtllm_mha).spec(S::ngram).topk(1).steps(3)},
    rewrite_case{&sa::nvfp4_spec_attention_mode::info,
                 on(H::sm100).kv(K::nvfp4).prefill(id::flashinfer).decode(id::trtllm_mha).eagle(1, 3, 4),
                 "SM100 mixed NVFP4 speculative decoding routes target verify to trtllm_mha; overriding "
                 "--speculative-attention-mode=prefill to decode.",
                 "decode",
                 on(H::sm100).kv(K::nvfp4).prefill(id::flashinfer).decode(id::trtllm_mha).eagle(1, 3, 4).spec(S::none)},
    // Already verifying on the decode child: nothing to override.
    rewrite_case{&sa::nvfp4_spec_attention_mode::info,
                 on(H::sm100).kv(K::nvfp4).prefill(id::flashinfer).decode(id::trtllm_mha).eagle(1, 3, 4),
                 "SM100 mixed NVFP4 speculative decoding routes target verify to trtllm_mha; overriding "
                 "--speculative-attention-mode=prefill to decode.",
                 "decode",
                 on(H::sm100)
                     .kv(K::nvfp4)
                     .prefill(id::flashinfer)
                     .decode(id::trtllm_mha)
                     .eagle(1, 3, 4)
                     .with(&launch_config::speculative_attention_mode, speculative_attention_mode::decode)},
};

}  // namespace attncap::test
