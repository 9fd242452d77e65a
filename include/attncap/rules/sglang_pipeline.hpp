// SPDX-License-Identifier: MIT
/// @file
/// attncap::sglang_pipeline: every sglang check and rewrite in the order sglang runs them —
/// the command line's parser, then argument resolution (platform, model overrides, deterministic inference, backend
/// compatibility, KV cache, page size, speculative decoding), then backend construction, then
/// the first forward pass. A server-args error therefore always precedes a factory error.
#pragma once

#include <attncap/rules/argparse.hpp>
#include <attncap/rules/attention_backend_default.hpp>
#include <attncap/rules/attention_backend_fallbacks.hpp>
#include <attncap/rules/attention_backend_hardware.hpp>
#include <attncap/rules/construction.hpp>
#include <attncap/rules/cuda_graph.hpp>
#include <attncap/rules/data_parallelism.hpp>
#include <attncap/rules/decode_context_parallel.hpp>
#include <attncap/rules/deepseek_v4.hpp>
#include <attncap/rules/deterministic.hpp>
#include <attncap/rules/disaggregation.hpp>
#include <attncap/rules/dsa_kernels.hpp>
#include <attncap/rules/eagle_draft.hpp>
#include <attncap/rules/hisparse.hpp>
#include <attncap/rules/host_cache.hpp>
#include <attncap/rules/kimi_k3.hpp>
#include <attncap/rules/kv_cache.hpp>
#include <attncap/rules/kv_pool.hpp>
#include <attncap/rules/mamba_radix_cache.hpp>
#include <attncap/rules/minicpm.hpp>
#include <attncap/rules/model_backend_defaults.hpp>
#include <attncap/rules/model_capabilities.hpp>
#include <attncap/rules/model_overrides.hpp>
#include <attncap/rules/model_providers.hpp>
#include <attncap/rules/mps.hpp>
#include <attncap/rules/nvfp4_prefill.hpp>
#include <attncap/rules/platform_hooks.hpp>
#include <attncap/rules/prefill_context_parallel.hpp>
#include <attncap/rules/prefill_only.hpp>
#include <attncap/rules/server_checks.hpp>
#include <attncap/rules/speculative.hpp>
#include <attncap/rules/speculative_dflash.hpp>
#include <attncap/rules/speculative_uno.hpp>
#include <attncap/rules/unified_memory.hpp>

namespace attncap {

namespace detail {
namespace sa = rules::server_args;
/// The predicates that gate groups of steps (see attncap::gated).
namespace gate = rules::server_args::detail;
}  // namespace detail

/// A named type rather than an alias, so diagnostics print its name, not its steps.
struct sglang_pipeline
    : pipeline<
          // The command line's own parser.
          rules::argparse::attention_backend_choice, rules::argparse::prefill_attention_backend_choice,
          rules::argparse::decode_attention_backend_choice, rules::argparse::kv_cache_dtype_choice,
          rules::argparse::dsa_decode_backend_choice,
          // The deprecated attention-DP spelling, deprecated names, then platform hooks.
          detail::sa::deprecated_dp_attention, detail::sa::deprecated_backend_names,
          // PD disaggregation, then prefill-only serving's preconditions.
          detail::sa::decode_server_radix_cache,
          gated<&launch_config::prefill_only_disable_kv_cache, detail::sa::prefill_only_embedding,
                detail::sa::prefill_only_fp4, detail::sa::prefill_only_mxfp8, detail::sa::prefill_only_chunked_prefill,
                detail::sa::prefill_only_radix_cache, detail::sa::prefill_only_context_parallel,
                detail::sa::prefill_only_prefill_cp, detail::sa::prefill_only_hisparse>,
          detail::sa::dcp_prefill_cp, detail::sa::inkling_prefill_cuda_graph, detail::sa::npu_forces_ascend,
          detail::sa::npu_page_size, detail::sa::cpu_default, detail::sa::cpu_arm64_default,
          detail::sa::xpu_decode_cuda_graph,
          // Model overrides: the NPU's DCP check, DeepSeek V4's (its CP last), then the others.
          detail::sa::npu_dcp_dsa_only,
          gated<detail::gate::is_deepseek_v4, detail::sa::dsv4_page_size, detail::sa::dsv4_backend,
                detail::sa::dsv4_kv_dtype_default, detail::sa::dsv4_kv_dtype_npu, detail::sa::dsv4_kv_dtype,
                detail::sa::dsv4_attn_backend_default, detail::sa::dsv4_flashmla_mega, detail::sa::dsv4_trtllm_hardware,
                detail::sa::dsv4_trtllm_kv_dtype, detail::sa::dsv4_trtllm_hisparse,
                detail::sa::dsv4_trtllm_context_parallel, detail::sa::dsv4_trtllm_decode_context_parallel,
                detail::sa::dsv4_trtllm_prefill_context_parallel, detail::sa::dsv4_trtllm_disaggregation,
                detail::sa::dsv4_trtllm_chunked_prefill, detail::sa::dsv4_speculative_algorithm,
                detail::sa::dsv4_eagle_topk, detail::sa::dsv4_prefill_cp_strategy, detail::sa::dsv4_prefill_cp_zigzag,
                detail::sa::dsv4_prefill_cp_hip_backends, detail::sa::dsv4_prefill_cp_hip_v41,
                detail::sa::dsv4_prefill_cp_attention_dp_replicas, detail::sa::dsv4_prefill_cp_attention_dp,
                detail::sa::dsv4_prefill_cp_size, detail::sa::dsv4_prefill_cp_dp_attention,
                detail::sa::dsv4_prefill_cp_single_machine, detail::sa::dsv4_prefill_cp_moe_a2a>,
          detail::sa::hyv4_prefill_cp, detail::sa::hyv4_dcp,
          gated<detail::gate::is_dsa_model, detail::sa::dsa_dcp_hisparse, detail::sa::dsa_dcp_hicache,
                detail::sa::dsa_dcp_disaggregation, detail::sa::dsa_dcp_topk, detail::sa::dsa_dcp_prefill_kernel,
                detail::sa::dsa_dcp_decode_kernel, detail::sa::dsa_default_backend,
                detail::sa::dsa_prefill_cp_attention_dp_replicas, detail::sa::dsa_prefill_cp_attention_dp,
                detail::sa::dsa_prefill_cp_moe_a2a, detail::sa::dsa_prefill_cp_single_machine,
                detail::sa::dsa_prefill_cp_size, detail::sa::dsa_kpool_dcp, detail::sa::dsa_page_size,
                detail::sa::dsa_page_size_rocm, detail::sa::dsa_page_size_xpu, detail::sa::dsa_cuda_capability,
                detail::sa::dsa_sinks_kv_dtype, detail::sa::dsa_kv_dtype_xpu, detail::sa::dsa_kv_dtype_default,
                detail::sa::dsa_kv_dtype_spelling, detail::sa::dsa_kv_dtype, detail::sa::dsa_sinks_prefill_kernel,
                detail::sa::dsa_sinks_decode_kernel, detail::sa::dsa_prefill_kernel, detail::sa::dsa_decode_kernel,
                detail::sa::dsa_hisparse_tilelang_fp8, detail::sa::dsa_triton_prefill_rocm,
                detail::sa::dsa_triton_decode_rocm, detail::sa::dsa_tilelang_prefill_pair,
                detail::sa::dsa_tilelang_decode_pair, detail::sa::dsa_tilelang_dcp, detail::sa::dsa_tilelang_sm89,
                detail::sa::dsa_prefill_cp_decode_server>,
          detail::sa::deepseek_trtllm_mla, detail::sa::mla_prefill_cp_attention_dp_replicas,
          detail::sa::mla_prefill_cp_attention_dp, detail::sa::mla_prefill_cp_size, detail::sa::mla_prefill_cp_moe_a2a,
          detail::sa::gpt_oss_backend, detail::sa::gpt_oss_xpu_dtype_note, detail::sa::gpt_oss_xpu_dtype,
          detail::sa::llama4_backend, detail::sa::step3p_backend, detail::sa::gemma4_backend, detail::sa::olmo2_backend,
          detail::sa::beam_backend, detail::sa::embedding_gemma2_radix_cache, detail::sa::embedding_gemma2_backend,
          detail::sa::exaone_backend, detail::sa::falcon_h1_backend, detail::sa::lfm2_backend,
          detail::sa::minicpmv_backend, detail::sa::mimo_v2_backend, detail::sa::multi_layer_eagle,
          detail::sa::inkling_backend, detail::sa::granite_moe_hybrid_backend, detail::sa::inkling_mamba_strategy,
          detail::sa::nemotron_h_page_size, detail::sa::nemotron_h_mamba_strategy, detail::sa::nemotron_h_draft_backend,
          detail::sa::nemotron_h_backend, detail::sa::qwen3_vl_decode_backend, detail::sa::qwen3_vl_page_size,
          gated<detail::gate::is_kimi_k3, detail::sa::kimi_k3_dcp_dspark_ragged_verify,
                detail::sa::kimi_k3_dcp_decode_backend, detail::sa::kimi_k3_dcp_dspark_mode,
                detail::sa::kimi_k3_dcp_prefill_backend, detail::sa::kimi_k3_dcp_decode_fill,
                detail::sa::kimi_k3_dspark_mode, detail::sa::kimi_k3_dspark_prefill_verify,
                detail::sa::kimi_k3_decode_backend, detail::sa::kimi_k3_prefill_backend>,
          detail::sa::minimax_m3_page_size, detail::sa::minimax_m3_backend, detail::sa::minimax_m3_fp8_e5m2,
          detail::sa::qwen4_exp_unified_memory, detail::sa::qwen3_5_defaults, detail::sa::qwen4_exp_qsa_page_size,
          gated<detail::gate::is_iquest_q1, detail::sa::iquest_q1_backends, detail::sa::iquest_q1_speculative_algorithm,
                detail::sa::iquest_q1_draft_backend, detail::sa::iquest_q1_context_parallel,
                detail::sa::iquest_q1_decode_context_parallel, detail::sa::iquest_q1_prefill_context_parallel,
                detail::sa::iquest_q1_topk, detail::sa::iquest_q1_dp_attention, detail::sa::iquest_q1_pp_size,
                detail::sa::iquest_q1_backend, detail::sa::iquest_q1_prefill_backend,
                detail::sa::iquest_q1_decode_backend>,
          detail::sa::moss_vl_prefill_backend, detail::sa::moss_vl_flashinfer_prefill,
          gated<detail::gate::is_minicpm, detail::sa::minicpm_dp_attention, detail::sa::minicpm_hierarchical_cache,
                detail::sa::minicpm_radix_cache, detail::sa::minicpm_dense_backend,
                detail::sa::minicpm_dense_prefill_backend, detail::sa::minicpm_dense_decode_backend,
                detail::sa::minicpm_disaggregation, detail::sa::minicpm_sparse_backend>,
          detail::sa::gpt_oss_backends, detail::sa::llama4_backends, detail::sa::gemma4_backends,
          detail::sa::olmo2_flashinfer, detail::sa::exaone_backends, detail::sa::lfm2_triton,
          // The hybrid Mamba models' radix cache.
          detail::sa::mamba_overlap_schedule, detail::sa::mamba_strategy_default,
          detail::sa::mamba_strategy_needs_state, detail::sa::mamba_extra_buffer_model,
          detail::sa::mamba_extra_buffer_platform, detail::sa::mamba_lazy_disaggregation,
          detail::sa::mamba_track_draft_tokens, detail::sa::mamba_track_page_size, detail::sa::mamba_chunk_page_size,
          detail::sa::mamba_no_buffer_page_size, detail::sa::mamba_no_buffer_overlap,
          detail::sa::mamba_no_buffer_trtllm_mha,
          // Deterministic inference.
          gated<&launch_config::enable_deterministic_inference, detail::sa::deterministic_fallback,
                detail::sa::deterministic_backend, detail::sa::deterministic_absorbed_mla,
                detail::sa::deterministic_fa4_absorbed_mla, detail::sa::deterministic_radix_cache>,
          // The NVFP4 KV cache's backends.
          detail::sa::nvfp4_dequant_only,
          gated<detail::gate::is_nvfp4, detail::sa::nvfp4_prefill_backend, detail::sa::nvfp4_native_prefill,
                detail::sa::nvfp4_native_prefill_backend, detail::sa::nvfp4_fp8_prefill_backend,
                detail::sa::nvfp4_decode_backend, detail::sa::nvfp4_backends, detail::sa::nvfp4_dequant_dtype>,
          // Backend compatibility.
          detail::sa::split_same_backend, detail::sa::default_backend_fill, detail::sa::torch_native_cuda_graph,
          detail::sa::flex_attention_cuda_graph, detail::sa::flex_attention_speculative,
          detail::sa::whisper_radix_cache, detail::sa::flashmla_page_size, detail::sa::trtllm_mla_page_size,
          detail::sa::cutedsl_mla_page_size, detail::sa::trtllm_mha_page_size, detail::sa::hpc_ops_page_size,
          detail::sa::trtllm_mla_blackwell, detail::sa::trtllm_mla_kv_cache_dtype, detail::sa::cutedsl_mla_decode_only,
          detail::sa::cutedsl_mla_sm100, detail::sa::cutedsl_mla_kv_cache_dtype, detail::sa::cutedsl_mla_prefill_fill,
          detail::sa::trtllm_mha_prefill_hardware, detail::sa::trtllm_mha_sm120_prefill_fp8,
          detail::sa::trtllm_mha_decode_hardware, detail::sa::trtllm_mha_prefill_context_parallel,
          detail::sa::fa3_fp8_e5m2_fallback, detail::sa::fa4_page_size, detail::sa::fa4_diffusion_gemma_page_size,
          detail::sa::intel_amx_fallback, detail::sa::intel_xpu_fallback,
          gated<detail::gate::xpu_dcp, detail::sa::xpu_dcp_backend, detail::sa::xpu_dcp_mla,
                detail::sa::xpu_dcp_kv_head_dims, detail::sa::xpu_dcp_tp_size, detail::sa::xpu_dcp_kv_heads,
                detail::sa::xpu_dcp_q_group, detail::sa::xpu_dcp_speculative,
                detail::sa::xpu_dcp_chunked_local_attention, detail::sa::xpu_dcp_encoder_decoder>,
          detail::sa::intel_xpu_page_size, detail::sa::intel_xpu_mla_page_size,
          // KV cache, page size, scoring and prefill-only.
          gated<detail::gate::kv4_cache, detail::sa::kv4_cuda_only, detail::sa::kv4_nvfp4_blackwell,
                detail::sa::kv4_unified_memory, detail::sa::nvfp4_spec_dflash_family, detail::sa::nvfp4_spec_algorithm,
                detail::sa::nvfp4_spec_ngram_breadth, detail::sa::nvfp4_spec_ngram_default_breadth,
                detail::sa::nvfp4_spec_draft_default, detail::sa::nvfp4_spec_draft_backend,
                detail::sa::nvfp4_spec_attention_mode, detail::sa::kv4_nvfp4_disaggregation,
                detail::sa::kv4_nvfp4_hicache, detail::sa::kv4_nvfp4_lmcache, detail::sa::kv4_mixed_pair,
                detail::sa::kv4_fa4_mla_decode, detail::sa::kv4_fa4_mha_decode, detail::sa::kv4_mla_backend,
                detail::sa::kv4_mha_backend>,
          detail::sa::mxfp8_blackwell, detail::sa::page_size_default, detail::sa::multi_item_scoring_flashinfer,
          detail::sa::multi_item_scoring_radix_cache, detail::sa::multi_item_scoring_chunked_prefill,
          detail::sa::prefill_only_fa,
          // HiCache under decode context parallelism.
          detail::sa::hicache_dcp_speculative, detail::sa::hicache_dcp_lmcache, detail::sa::hicache_dcp_hisparse,
          detail::sa::hicache_dcp_mla,
          // Data parallelism's layout and LM head, then context parallelism (prefill CP last).
          detail::sa::attn_dp_with_replicas, detail::sa::dp_lm_head_single_rank, detail::sa::attn_dp_tp_size,
          detail::sa::attn_dp_chunked_prefill, detail::sa::dp_lm_head_attention_dp,
          detail::sa::nemotron_h_context_parallel, detail::sa::prefill_cp_hip, detail::sa::dsa_v32_prefill_cp_zigzag,
          detail::sa::mimo_v2_prefill_cp_strategy,
          gated<detail::gate::qwen4_exp_cp_tp_sharing, detail::sa::qwen4_exp_cp_tp_size,
                detail::sa::qwen4_exp_cp_tp_strategy, detail::sa::qwen4_exp_cp_tp_speculative,
                detail::sa::qwen4_exp_cp_tp_moe_a2a, detail::sa::qwen4_exp_cp_tp_pp_size,
                detail::sa::qwen4_exp_cp_tp_decode_server>,
          detail::sa::cp_strategy_unset, detail::sa::cp_tp_size, detail::sa::cp_dp_tp_size, detail::sa::moe_ascend_tp,
          // Speculative decoding: the alias, then each algorithm's own handler.
          detail::sa::gemma4_assistant_eagle3, detail::sa::gemma4_assistant_frozen_kv, detail::sa::nextn_alias,
          detail::sa::draft_window_size, detail::sa::dp_spec_prefill_coordination, detail::sa::standalone_dp_attention,
          detail::sa::eagle_partial_parameters, detail::sa::eagle_auto_parameters, detail::sa::eagle_topk_unset,
          detail::sa::trtllm_mha_topk, detail::sa::hip_rejection_sampling,
          gated<detail::gate::eagle_rejection_sampling, detail::sa::rejection_sampling_algorithm,
                detail::sa::rejection_sampling_topk, detail::sa::rejection_sampling_deterministic,
                detail::sa::rejection_sampling_threshold_single, detail::sa::rejection_sampling_threshold_acc>,
          detail::sa::eagle_chain_draft_tokens, detail::sa::eagle_page_tree,
          gated<detail::gate::is_ngram, detail::sa::ngram_device, detail::sa::ngram_topk,
                detail::sa::ngram_draft_tokens, detail::sa::ngram_steps, detail::sa::ngram_page_tree,
                detail::sa::ngram_dp_attention>,
          gated<detail::gate::is_dflash, detail::sa::dflash_device, detail::sa::dflash_dp_attention_device,
                detail::sa::dflash_dp_attention_lm_head, detail::sa::dflash_dp_attention_context_parallel,
                detail::sa::dflash_dp_attention_prefill_coordination, detail::sa::dflash_pp_size,
                detail::sa::dflash_draft_model, detail::sa::dflash_steps, detail::sa::dflash_steps_default,
                detail::sa::dflash_topk, detail::sa::dflash_topk_default, detail::sa::dflash_block_size,
                detail::sa::dflash_block_size_draft_tokens, detail::sa::dflash_block_draft_tokens,
                detail::sa::dflash_draft_block_draft_tokens, detail::sa::dflash_draft_tokens_default,
                detail::sa::dflash_draft_window, detail::sa::dflash_draft_default, detail::sa::dflash_draft_fallback,
                detail::sa::dflash_draft_trtllm_mha>,
          gated<detail::gate::is_uno, detail::sa::uno_device, detail::sa::uno_draft_model, detail::sa::uno_lora_path,
                detail::sa::uno_deterministic, detail::sa::uno_draft_tokens, detail::sa::uno_tree_steps,
                detail::sa::uno_chain_steps, detail::sa::uno_chain_defaults, detail::sa::uno_parallelism,
                detail::sa::uno_dp_attention, detail::sa::uno_fa3>,
          gated<detail::gate::is_dspark, detail::sa::dspark_device, detail::sa::dspark_dp_attention_lm_head,
                detail::sa::dspark_dp_attention_moe_a2a, detail::sa::dspark_dp_attention_ragged_verify,
                detail::sa::dspark_dp_attention_context_parallel, detail::sa::dspark_dp_attention_speculative_moe_a2a,
                detail::sa::dspark_pp_size, detail::sa::dspark_draft_model, detail::sa::dspark_steps,
                detail::sa::dspark_steps_default, detail::sa::dspark_topk, detail::sa::dspark_topk_default,
                detail::sa::dspark_block_size, detail::sa::dspark_block_size_draft_tokens,
                detail::sa::dspark_block_draft_tokens, detail::sa::dspark_draft_tokens_default,
                detail::sa::dspark_draft_tokens>,
          // The radix cache's host tiers.
          detail::sa::hicache_radix_cache,
          gated<&launch_config::enable_lmcache, detail::sa::lmcache_hicache, detail::sa::lmcache_radix_cache,
                detail::sa::lmcache_speculative, detail::sa::lmcache_dp_attention, detail::sa::lmcache_dcp,
                detail::sa::lmcache_disaggregation>,
          // The page-major KV layout, then the unified memory pool.
          detail::sa::unified_memory_page_major, detail::sa::page_major_unified_memory,
          detail::sa::page_major_mla_backends, detail::sa::page_major_asymmetric_kv_backends,
          detail::sa::page_major_backends,
          gated<&launch_config::enable_unified_memory, detail::sa::unified_pd_pp_size,
                detail::sa::unified_pd_speculative, detail::sa::unified_pd_lazy_compaction,
                detail::sa::unified_pd_hisparse, detail::sa::unified_speculative_algorithm,
                detail::sa::unified_eagle_topk, detail::sa::unified_eagle_target,
                detail::sa::unified_eagle_mla_backends, detail::sa::unified_eagle_backends,
                detail::sa::unified_eagle_draft, detail::sa::unified_dspark_backends,
                detail::sa::unified_dspark_dcp_backends, detail::sa::unified_dflash_backends,
                detail::sa::unified_dflash_dcp_backends, detail::sa::unified_lmcache, detail::sa::unified_eagle_hicache,
                detail::sa::unified_dcp_mla, detail::sa::unified_dcp_hybrid_swa, detail::sa::unified_dcp_disaggregation,
                detail::sa::unified_dcp_backends, detail::sa::unified_full_prefill_cuda_graph>,
          // Model capabilities.
          detail::sa::embedding_gemma2_embedding, detail::sa::embedding_gemma2_chunked_prefill,
          detail::sa::moss_vl_chunked_prefill, detail::sa::hrm_text_triton, detail::sa::hrm_text_chunked_prefill,
          detail::sa::hrm_text_radix_cache, detail::sa::hrm_text_cuda_graph,
          // The mps checks that end resolution.
          gated<detail::gate::on_mps, detail::sa::mps_attention_backend, detail::sa::mps_prefill_backend,
                detail::sa::mps_decode_backend>,
          // The launch's own checks of the resolved arguments.
          gated<detail::gate::pp_draft, detail::sa::pp_dspark_prefill, detail::sa::pp_dspark_pp_spec,
                detail::sa::pp_speculative_algorithm, detail::sa::pp_spec_disaggregation,
                detail::sa::pp_spec_dp_attention, detail::sa::pp_speculative_prefill>,
          detail::sa::chunked_prefill_page_size,
          gated<&launch_config::enable_hisparse, detail::sa::hisparse_model, detail::sa::hisparse_radix_cache,
                detail::sa::hisparse_topk, detail::sa::hisparse_kv_dtype, detail::sa::hisparse_prefill_rocm,
                detail::sa::hisparse_prefill_bf16, detail::sa::hisparse_prefill_fp8, detail::sa::hisparse_decode_rocm,
                detail::sa::hisparse_decode_bf16, detail::sa::hisparse_decode_fp8>,

          // The model runner, then the factories (the nsa alias warns as one is built).
          gated<detail::gate::on_cpu, detail::sa::cpu_fp8_e5m2, detail::sa::cpu_fp8_mha, detail::sa::cpu_fp8_amx,
                detail::sa::cpu_fp8_backend>,
          detail::sa::nsa_alias, rules::build_backends, rules::build_eagle_draft_backends, rules::first_forward> {};

}  // namespace attncap
