// SPDX-License-Identifier: MIT
/// @file
/// attncap::launch_config: everything a check reads about one engine launch — the engine's
/// options, the model's attention facts and the machine. No hidden inputs.
#pragma once

#include <attncap/vocabulary/backend_id.hpp>
#include <attncap/vocabulary/dtype.hpp>
#include <attncap/vocabulary/hardware.hpp>
#include <attncap/vocabulary/kv_cache_dtype.hpp>
#include <attncap/vocabulary/model_arch.hpp>
#include <attncap/vocabulary/model_family.hpp>
#include <attncap/vocabulary/speculative_algorithm.hpp>

#include <cstdint>

namespace attncap {

/// Integer options use `unset` for "not given" (the engine's None).
inline constexpr std::int32_t unset = -1;

/// One launch of the engine. Defaults are the engine's defaults; `unset` / `backend_id::none`
/// mean the option was not given. Field names are the configuration keys (see `field`).
struct launch_config {
  // Engine options.
  backend_id attention_backend = backend_id::none;
  backend_id prefill_attention_backend = backend_id::none;
  backend_id decode_attention_backend = backend_id::none;
  backend_id speculative_draft_attention_backend = backend_id::none;
  std::int32_t page_size = unset;
  ::attncap::kv_cache_dtype kv_cache_dtype = ::attncap::kv_cache_dtype::auto_;
  ::attncap::model_dtype dtype = ::attncap::model_dtype::auto_;
  ::attncap::speculative_algorithm speculative_algorithm = ::attncap::speculative_algorithm::none;
  std::int32_t speculative_eagle_topk = unset;
  std::int32_t speculative_num_steps = unset;
  std::int32_t speculative_num_draft_tokens = unset;
  std::int32_t speculative_ngram_max_bfs_breadth = unset;
  std::int32_t tp_size = 1;
  std::int32_t dp_size = 1;
  std::int32_t attn_cp_size = 1;
  std::int32_t context_len = unset;
  bool enable_dp_attention = false;
  bool enable_deterministic_inference = false;
  bool enable_mis = false;
  bool prefill_only_disable_kv_cache = false;

  // The machine.
  ::attncap::hardware hardware = ::attncap::hardware::sm90;
  std::int32_t cuda = unset;  ///< CUDA toolkit version as major * 100 + minor (12.4 -> 1204)

  // The model.
  ::attncap::model_arch model_arch = ::attncap::model_arch::mha;
  model_family model = model_family::other;
  bool encoder_decoder = false;
  bool hybrid_gdn = false;
  bool dsa = false;
  bool dual_chunk_attention = false;
  bool attention_sinks = false;
  bool asymmetric_kv = false;
  std::int32_t head_dim = unset;
  std::int32_t num_q_heads_per_rank = unset;
  std::int32_t num_kv_heads_per_rank = unset;
  std::int32_t sliding_window = unset;  ///< window size; unset (the engine's -1) = full attention
  double logit_cap = 0.0;               ///< 0 = no soft cap
  double softmax_scale = 0.0;           ///< 0 = the default head_dim ** -0.5

  // Set by resolution only.
  bool disable_radix_cache = false;
  bool disable_cuda_graph = false;

  constexpr bool is_mla() const noexcept { return model_arch == ::attncap::model_arch::mla; }
  constexpr bool speculative() const noexcept {
    return speculative_algorithm != ::attncap::speculative_algorithm::none;
  }
  /// The backend that serves prefill once resolved: the prefill override, else the base backend.
  constexpr backend_id prefill_backend() const noexcept {
    return is_set(prefill_attention_backend) ? prefill_attention_backend : attention_backend;
  }
  /// The backend that serves decode once resolved: the decode override, else the base backend.
  constexpr backend_id decode_backend() const noexcept {
    return is_set(decode_attention_backend) ? decode_attention_backend : attention_backend;
  }
  /// True when any of the base, prefill or decode fields names `b`.
  constexpr bool names(backend_id b) const noexcept {
    return attention_backend == b || prefill_attention_backend == b || decode_attention_backend == b;
  }
  constexpr bool operator==(const launch_config&) const = default;
};

}  // namespace attncap
