// SPDX-License-Identifier: MIT
/// @file
/// attncap::field: the keys of a launch configuration, spelled as the engine's options in
/// snake_case (the CLI flag is the same name with '-' for '_').
#pragma once

#include <attncap/detail/enum_table.hpp>

#include <cstdint>

namespace attncap {

/// A key of `launch_config`; rules name the field they are about.
enum class field : std::uint8_t {
  attention_backend,
  prefill_attention_backend,
  decode_attention_backend,
  speculative_draft_attention_backend,
  page_size,
  kv_cache_dtype,
  dtype,
  speculative_algorithm,
  speculative_eagle_topk,
  speculative_num_steps,
  speculative_num_draft_tokens,
  speculative_ngram_max_bfs_breadth,
  tp_size,
  dp_size,
  enable_dp_attention,
  enable_deterministic_inference,
  enable_mis,
  prefill_only_disable_kv_cache,
  attn_cp_size,
  context_len,
  hardware,
  cuda,
  model_arch,
  model,
  encoder_decoder,
  hybrid_gdn,
  dsa,
  dual_chunk_attention,
  head_dim,
  num_q_heads_per_rank,
  num_kv_heads_per_rank,
  sliding_window,
  logit_cap,
  softmax_scale,
  attention_sinks,
  asymmetric_kv,
  disable_radix_cache,  ///< resolved only: set by the engine, never by the user
  disable_cuda_graph,   ///< resolved only
};

template <>
struct enum_spellings<field> {
  static constexpr std::string_view what = "configuration key";
  static constexpr std::array<spelling<field>, 38> table{{
      {field::attention_backend, "attention_backend"},
      {field::prefill_attention_backend, "prefill_attention_backend"},
      {field::decode_attention_backend, "decode_attention_backend"},
      {field::speculative_draft_attention_backend, "speculative_draft_attention_backend"},
      {field::page_size, "page_size"},
      {field::kv_cache_dtype, "kv_cache_dtype"},
      {field::dtype, "dtype"},
      {field::speculative_algorithm, "speculative_algorithm"},
      {field::speculative_eagle_topk, "speculative_eagle_topk"},
      {field::speculative_num_steps, "speculative_num_steps"},
      {field::speculative_num_draft_tokens, "speculative_num_draft_tokens"},
      {field::speculative_ngram_max_bfs_breadth, "speculative_ngram_max_bfs_breadth"},
      {field::tp_size, "tp_size"},
      {field::dp_size, "dp_size"},
      {field::enable_dp_attention, "enable_dp_attention"},
      {field::enable_deterministic_inference, "enable_deterministic_inference"},
      {field::enable_mis, "enable_mis"},
      {field::prefill_only_disable_kv_cache, "prefill_only_disable_kv_cache"},
      {field::attn_cp_size, "attn_cp_size"},
      {field::context_len, "context_len"},
      {field::hardware, "hardware"},
      {field::cuda, "cuda"},
      {field::model_arch, "model_arch"},
      {field::model, "model"},
      {field::encoder_decoder, "encoder_decoder"},
      {field::hybrid_gdn, "hybrid_gdn"},
      {field::dsa, "dsa"},
      {field::dual_chunk_attention, "dual_chunk_attention"},
      {field::head_dim, "head_dim"},
      {field::num_q_heads_per_rank, "num_q_heads_per_rank"},
      {field::num_kv_heads_per_rank, "num_kv_heads_per_rank"},
      {field::sliding_window, "sliding_window"},
      {field::logit_cap, "logit_cap"},
      {field::softmax_scale, "softmax_scale"},
      {field::attention_sinks, "attention_sinks"},
      {field::asymmetric_kv, "asymmetric_kv"},
      {field::disable_radix_cache, "disable_radix_cache"},
      {field::disable_cuda_graph, "disable_cuda_graph"},
  }};
};

}  // namespace attncap
