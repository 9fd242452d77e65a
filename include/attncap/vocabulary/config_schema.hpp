// SPDX-License-Identifier: MIT
/// @file
/// The configuration schema: every key of a launch configuration declared once — its name
/// (the `launch_config` member, the `field` enumerator and the engine's option in snake_case),
/// C++ type, default, kind of value, accepted range, whether a user gives it, and what it means.
/// `field`, `launch_config`, value formatting and the command line's JSON and flags derive
/// from `ATTNCAP_LAUNCH_CONFIG_FIELDS`.
#pragma once

#include <cstdint>
#include <limits>
#include <string>

namespace attncap {

/// Integer options use `unset` for "not given" (the engine's None). It lies below every
/// accepted range, so that -1, which some engine options give a meaning of its own
/// (`--chunked-prefill-size -1`: no chunking), stays a value.
inline constexpr std::int32_t unset = std::numeric_limits<std::int32_t>::min();

/// How a configuration value is held and written.
enum class field_kind : std::uint8_t {
  backend,  ///< a backend of the registry (`backend_id`), None when unset
  choice,   ///< an enumerator of a vocabulary enum, written in the engine's spelling
  integer,  ///< a whole number in the field's range, None when `unset`
  flag,     ///< a boolean, True/False
  real,     ///< a non-negative number
  version,  ///< a CUDA toolkit version MAJOR.MINOR held as major * 100 + minor, None when `unset`
  model,    ///< the model's family, given as an HF architecture class name
  path,     ///< a checkpoint path: whether one is given (the engine's None when not), not where
};

/// A `field_kind::version` value as MAJOR.MINOR ("12.4" for 1204).
inline std::string version_string(std::int32_t v) { return std::to_string(v / 100) + "." + std::to_string(v % 100); }

/// Who sets a configuration value.
enum class field_role : std::uint8_t {
  input,     ///< given by the user (an engine option or a model or machine fact)
  resolved,  ///< set by the engine's argument resolution only, never given
  /// given by the user as an environment variable of the server process, named as the key in
  /// upper case (`sglang_ragged_verify_mode` is SGLANG_RAGGED_VERIFY_MODE); never read from
  /// attncap's own environment
  environment,
};

}  // namespace attncap

/// The launch configuration's keys, in their canonical order (the server's environment variables
/// last but one). Each row is
/// `X(name, type, default, kind, lo, hi, role, doc)`: `lo`/`hi` bound the integers a user may
/// give (0, 0 for other kinds). Types are fully qualified because members share their names.
#define ATTNCAP_LAUNCH_CONFIG_FIELDS(X)                                                                                \
  X(attention_backend, ::attncap::backend_id, ::attncap::backend_id::none, backend, 0, 0, input,                       \
    "attention backend for prefill and decode")                                                                        \
  X(prefill_attention_backend, ::attncap::backend_id, ::attncap::backend_id::none, backend, 0, 0, input,               \
    "backend for prefill, instead of attention_backend")                                                               \
  X(decode_attention_backend, ::attncap::backend_id, ::attncap::backend_id::none, backend, 0, 0, input,                \
    "backend for decode, instead of attention_backend")                                                                \
  X(speculative_draft_attention_backend, ::attncap::backend_id, ::attncap::backend_id::none, backend, 0, 0, input,     \
    "backend of the speculative draft model")                                                                          \
  X(page_size, std::int32_t, ::attncap::unset, integer, 1, 1 << 30, input, "tokens per KV-cache page")                 \
  X(kv_cache_dtype, ::attncap::kv_cache_dtype, ::attncap::kv_cache_dtype::auto_, choice, 0, 0, input,                  \
    "element type of the KV cache")                                                                                    \
  X(prefill_kv_cache_dequant_dtype, ::attncap::prefill_dequant_dtype, ::attncap::prefill_dequant_dtype::auto_, choice, \
    0, 0, input, "what prefill reads an NVFP4 KV cache as (auto: from the prefill backend, else the platform)")        \
  X(dtype, ::attncap::model_dtype, ::attncap::model_dtype::auto_, choice, 0, 0, input, "the model's dtype")            \
  X(speculative_algorithm, ::attncap::speculative_algorithm, ::attncap::speculative_algorithm::none, choice, 0, 0,     \
    input, "speculative-decoding algorithm (None: off)")                                                               \
  X(speculative_eagle_topk, std::int32_t, ::attncap::unset, integer, 1, 1024, input,                                   \
    "draft tokens kept per speculative step")                                                                          \
  X(speculative_num_steps, std::int32_t, ::attncap::unset, integer, 1, 1024, input, "draft steps per verification")    \
  X(speculative_num_draft_tokens, std::int32_t, ::attncap::unset, integer, 1, 4096, input, "tokens verified per step") \
  X(speculative_ngram_max_bfs_breadth, std::int32_t, ::attncap::unset, integer, 1, 1024, input,                        \
    "widest level of the n-gram draft tree")                                                                           \
  X(speculative_dflash_block_size, std::int32_t, ::attncap::unset, integer, -(1 << 30), 1 << 30, input,                \
    "DFLASH's block: the tokens it drafts and verifies per step")                                                      \
  X(speculative_dspark_block_size, std::int32_t, ::attncap::unset, integer, -(1 << 30), 1 << 30, input,                \
    "DSPARK's gamma: the tokens it drafts per step")                                                                   \
  X(speculative_draft_window_size, std::int32_t, ::attncap::unset, integer, -(1 << 30), 1 << 30, input,                \
    "the draft model's attention window (DFLASH's compact draft KV cache)")                                            \
  X(speculative_draft_model_path, bool, false, path, 0, 0, input, "the draft model's checkpoint")                      \
  X(gemma4_assistant_draft, bool, false, flag, 0, 0, input,                                                            \
    "the draft model is a Gemma 4 assistant (its config.json names Gemma4AssistantForCausalLM)")                       \
  X(deepseek_v4_draft, bool, false, flag, 0, 0, input,                                                                 \
    "the draft model is a DeepSeek V4 (its config.json names a DeepseekV4 class)")                                     \
  X(speculative_attention_mode, ::attncap::speculative_attention_mode, ::attncap::speculative_attention_mode::prefill, \
    choice, 0, 0, input, "which backend of the pair verifies and extends drafts")                                      \
  X(speculative_use_rejection_sampling, bool, false, flag, 0, 0, input, "verify drafts by rejection sampling")         \
  X(speculative_accept_threshold_single, double, 1.0, real, 0, 0, input,                                               \
    "accept a draft token whose target probability exceeds this")                                                      \
  X(speculative_accept_threshold_acc, double, 1.0, real, 0, 0, input,                                                  \
    "raise a draft token's accept probability p to min(1, p / this)")                                                  \
  X(tp_size, std::int32_t, 1, integer, 1, 65536, input, "tensor-parallel size")                                        \
  X(dp_size, std::int32_t, 1, integer, 1, 65536, input, "data-parallel size")                                          \
  X(attn_dp_size, std::int32_t, 1, integer, 1, 65536, input, "attention data-parallel groups (--attn-dp-size)")        \
  X(pp_size, std::int32_t, 1, integer, 1, 65536, input, "pipeline-parallel size")                                      \
  X(disaggregation_mode, ::attncap::disaggregation_mode, ::attncap::disaggregation_mode::null, choice, 0, 0, input,    \
    "the server's prefill/decode disaggregation role (null: both)")                                                    \
  X(dsv4_attn_backend, ::attncap::dsv4_attn_backend, ::attncap::dsv4_attn_backend::auto_, choice, 0, 0, input,         \
    "DeepSeek V4's attention kernels (auto: the model's default)")                                                     \
  X(dsa_prefill_backend, ::attncap::dsa_kernel, ::attncap::dsa_kernel::none, choice, 0, 0, input,                      \
    "DeepSeek sparse attention's prefill kernels (None: from the KV dtype and device)")                                \
  X(dsa_decode_backend, ::attncap::dsa_kernel, ::attncap::dsa_kernel::none, choice, 0, 0, input,                       \
    "DeepSeek sparse attention's decode kernels (None: from the KV dtype and device)")                                 \
  X(enable_dp_attention, bool, false, flag, 0, 0, input, "data-parallel attention")                                    \
  X(enable_dp_lm_head, bool, false, flag, 0, 0, input, "the LM head split by attention data-parallel group")           \
  X(enable_deterministic_inference, bool, false, flag, 0, 0, input, "deterministic, batch-invariant kernels")          \
  X(enable_mis, bool, false, flag, 0, 0, input, "multi-item scoring")                                                  \
  X(prefill_only_disable_kv_cache, bool, false, flag, 0, 0, input, "prefill-only serving without a KV cache")          \
  X(is_embedding, bool, false, flag, 0, 0, input, "the server computes embeddings only (no generation)")               \
  X(enable_unified_memory, bool, false, flag, 0, 0, input, "one memory pool for every KV cache (unified memory)")      \
  X(enable_page_major_kv_layout, bool, false, flag, 0, 0, input, "the KV cache laid out page-major")                   \
  X(attn_cp_size, std::int32_t, 1, integer, 1, 65536, input, "attention context-parallel size")                        \
  X(dcp_size, std::int32_t, 1, integer, 1, 65536, input, "decode context-parallel size")                               \
  X(moe_a2a_backend, ::attncap::moe_a2a_backend, ::attncap::moe_a2a_backend::none, choice, 0, 0, input,                \
    "the all-to-all that carries tokens to their experts")                                                             \
  X(speculative_moe_a2a_backend, ::attncap::moe_a2a_backend, ::attncap::moe_a2a_backend::not_given, choice, 0, 0,      \
    input, "the draft model's MoE all-to-all (None: the target's)")                                                    \
  X(enable_prefill_cp, bool, false, flag, 0, 0, input, "context parallelism for prefill")                              \
  X(cp_strategy, ::attncap::cp_strategy, ::attncap::cp_strategy::none, choice, 0, 0, input,                            \
    "how prefill context parallelism shards a sequence: zigzag or interleave")                                         \
  X(context_len, std::int32_t, ::attncap::unset, integer, 1, 1 << 30, input, "the model's context length")             \
  X(chunked_prefill_size, std::int32_t, ::attncap::unset, integer, -1, 1 << 30, input,                                 \
    "tokens per prefill chunk (-1: no chunking)")                                                                      \
  X(hardware, ::attncap::hardware, ::attncap::hardware::sm90, choice, 0, 0, input, "the accelerator")                  \
  X(cuda, std::int32_t, ::attncap::unset, version, 0, 0, input, "CUDA toolkit version")                                \
  X(model_arch, ::attncap::model_arch, ::attncap::model_arch::mha, choice, 0, 0, input,                                \
    "the model's attention architecture")                                                                              \
  X(model, ::attncap::model_family, ::attncap::model_family::other, model, 0, 0, input,                                \
    "the model's HF architecture class")                                                                               \
  X(encoder_decoder, bool, false, flag, 0, 0, input, "the model has cross attention over encoder outputs")             \
  X(hybrid_gdn, bool, false, flag, 0, 0, input, "the model mixes in gated-delta-net linear attention")                 \
  X(hybrid_swa, bool, false, flag, 0, 0, input, "the model mixes sliding-window and full-attention layers")            \
  X(short_conv, bool, false, flag, 0, 0, input, "the model mixes in short-convolution layers (LFM2, ZAYA1 CCA)")       \
  X(deepseek_v41, bool, false, flag, 0, 0, input, "the DeepSeek V4 checkpoint is V4.1 (model_type deepseek_v41)")      \
  X(dsa, bool, false, flag, 0, 0, input, "the model uses DeepSeek sparse attention")                                   \
  X(index_kpool, std::int32_t, 1, integer, 1, 65536, input, "keys a DSA index entry pools (config.json index_kpool)")  \
  X(draft_block_size, std::int32_t, ::attncap::unset, integer, 1, 1 << 30, input,                                      \
    "the block the draft checkpoint declares: DSPARK's gamma (dspark_block_size first), DFLASH's block_size")          \
  X(dspark_draft_bundled, bool, false, flag, 0, 0, input,                                                              \
    "the checkpoint carries its DSPARK draft (dspark_* keys in config.json, or a dspark/ folder)")                     \
  X(qsa_profile, bool, false, flag, 0, 0, input,                                                                       \
    "the checkpoint declares Qwen's compressed QSA indexer (indexer_n_heads in its text config)")                      \
  X(minicpm_sparse, bool, false, flag, 0, 0, input, "the model has MiniCPM sparse-attention layers")                   \
  X(minicpm_lightning, bool, false, flag, 0, 0, input, "the model has MiniCPM lightning (linear) attention layers")    \
  X(minicpm_kernel_size, std::int32_t, ::attncap::unset, integer, -(1 << 30), 1 << 30, input,                          \
    "MiniCPM sparse attention's compression kernel size (sparse_config.kernel_size)")                                  \
  X(minicpm_kernel_stride, std::int32_t, ::attncap::unset, integer, -(1 << 30), 1 << 30, input,                        \
    "MiniCPM sparse attention's compression kernel stride (sparse_config.kernel_stride)")                              \
  X(minicpm_block_size, std::int32_t, ::attncap::unset, integer, -(1 << 30), 1 << 30, input,                           \
    "MiniCPM sparse attention's block size (sparse_config.block_size)")                                                \
  X(minicpm_window_size, std::int32_t, ::attncap::unset, integer, -(1 << 30), 1 << 30, input,                          \
    "MiniCPM sparse attention's local window (sparse_config.window_size)")                                             \
  X(minicpm_sparse_context, std::int32_t, ::attncap::unset, integer, 0, 1 << 30, input,                                \
    "the context MiniCPM sparse attention needs: dense_len, or block_size x (topk + window blocks) if more")           \
  X(dual_chunk_attention, bool, false, flag, 0, 0, input, "the model has a dual-chunk attention config")               \
  X(chunked_local_attention, bool, false, flag, 0, 0, input, "the model has chunked local attention layers")           \
  X(mamba_radix_cache, bool, false, flag, 0, 0, input,                                                                 \
    "the radix cache holds the model's Mamba (linear-attention) state")                                                \
  X(mamba_extra_buffer, bool, false, flag, 0, 0, input,                                                                \
    "the model's Mamba state can be snapshotted in an extra buffer (extra_buffer strategy)")                           \
  X(mamba_chunk_size, std::int32_t, ::attncap::unset, integer, 1, 1 << 30, input,                                      \
    "the chunk the model's Mamba kernels cache state at (unset: 64, the FLA kernels' chunk)")                          \
  X(head_dim, std::int32_t, ::attncap::unset, integer, 1, 65536, input, "the model's attention head dim")              \
  X(num_q_heads_per_rank, std::int32_t, ::attncap::unset, integer, 1, 65536, input,                                    \
    "query heads on each tensor-parallel rank")                                                                        \
  X(num_kv_heads_per_rank, std::int32_t, ::attncap::unset, integer, 1, 65536, input,                                   \
    "KV heads on each tensor-parallel rank")                                                                           \
  X(num_kv_heads, std::int32_t, ::attncap::unset, integer, 1, 65536, input,                                            \
    "the model's KV heads over all ranks (unset: those of a rank times the ranks)")                                    \
  X(sliding_window, std::int32_t, ::attncap::unset, integer, -1, 1 << 30, input,                                       \
    "sliding-window size (-1: full attention)")                                                                        \
  X(logit_cap, double, 0.0, real, 0, 0, input, "attention logit soft cap (0: none)")                                   \
  X(softmax_scale, double, 0.0, real, 0, 0, input, "softmax scale (0: head_dim ** -0.5)")                              \
  X(attention_sinks, bool, false, flag, 0, 0, input, "the model has attention sinks")                                  \
  X(asymmetric_kv, bool, false, flag, 0, 0, input, "the model's K and V head dims differ")                             \
  X(disable_radix_cache, bool, false, flag, 0, 0, input, "the radix cache is off")                                     \
  X(enable_hierarchical_cache, bool, false, flag, 0, 0, input, "the radix cache spills to host memory (HiCache)")      \
  X(enable_lmcache, bool, false, flag, 0, 0, input, "the radix cache offloads to LMCache")                             \
  X(enable_hisparse, bool, false, flag, 0, 0, input, "hierarchical sparse attention: sparse KV kept in host memory")   \
  X(mamba_radix_cache_strategy, ::attncap::mamba_strategy, ::attncap::mamba_strategy::auto_, choice, 0, 0, input,      \
    "how the radix cache keeps Mamba state (auto: from the model and the machine)")                                    \
  X(mamba_track_interval, std::int32_t, 256, integer, 1, 1 << 30, input, "decode steps between Mamba state snapshots") \
  X(disable_overlap_schedule, bool, false, flag, 0, 0, input, "the overlap scheduler is off")                          \
  X(cuda_graph_backend_prefill, ::attncap::cuda_graph_backend, ::attncap::cuda_graph_backend::none, choice, 0, 0,      \
    input, "CUDA-graph capture of prefill (None: the engine's default)")                                               \
  X(cuda_graph_backend_decode, ::attncap::cuda_graph_backend, ::attncap::cuda_graph_backend::none, choice, 0, 0,       \
    input, "CUDA-graph capture of decode (None: the engine's default)")                                                \
  X(disable_cuda_graph, bool, false, flag, 0, 0, input, "CUDA graphs off in both phases, but a phase's backend given") \
  X(sglang_enable_dp_spec_prefill_coordination, bool, false, flag, 0, 0, environment,                                  \
    "attention DP ranks coordinate speculative decoding with prefill")                                                 \
  X(sglang_enable_pp_spec, bool, false, flag, 0, 0, environment,                                                       \
    "pipeline stages relay EAGLE's drafts (speculative decoding on every stage)")                                      \
  X(sglang_disable_lazy_compaction, bool, false, flag, 0, 0, environment, "the unified memory pool compacts eagerly")  \
  X(sglang_ragged_verify_mode, ::attncap::ragged_verify_mode, ::attncap::ragged_verify_mode::static_, choice, 0, 0,    \
    environment, "how verification lays out drafts of different lengths")                                              \
  X(sglang_skip_softmax_prefill_threshold_scale_factor, double, 0.0, real, 0, 0, environment,                          \
    "skip-softmax sparsity of TRT-LLM prefill kernels (0: off)")                                                       \
  X(sglang_aiter_kv_cache_layout, ::attncap::aiter_kv_cache_layout, ::attncap::aiter_kv_cache_layout::nhd, choice, 0,  \
    0, environment, "the KV cache's layout under ROCm's aiter kernels")                                                \
  X(sglang_simulate_acc_len, double, 0.0, real, 0, 0, environment,                                                     \
    "a simulated draft acceptance length, for benchmarking (0: off)")                                                  \
  X(sglang_dsv4_kv_layout, ::attncap::dsv4_kv_layout, ::attncap::dsv4_kv_layout::none, choice, 0, 0, environment,      \
    "DeepSeek V4's KV-cache layout (None: the engine's default, v4)")                                                  \
  X(sglang_minicpm_force_dense, bool, false, flag, 0, 0, environment,                                                  \
    "MiniCPM's sparse backends replaced by their dense counterparts")                                                  \
  X(sglang_minicpm_fuse_topk, bool, false, flag, 0, 0, environment,                                                    \
    "MiniCPM sparse attention's fused top-k kernel off Blackwell too")                                                 \
  X(sglang_use_aiter_unified_attn, bool, false, flag, 0, 0, environment,                                               \
    "aiter's unified attention kernel for models without sliding windows")                                             \
  X(enable_multi_layer_eagle, bool, false, flag, 0, 0, resolved, "EAGLE drafts with a multi-layer draft head")
