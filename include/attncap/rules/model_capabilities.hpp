// SPDX-License-Identifier: MIT
/// @file
/// The model-capability adjustments near the end of argument resolution: EmbeddingGemma 2 serves
/// embeddings with prefill unchunked (its embedding spec, arg_groups/model_hook.py:829-860), MOSS-VL
/// prefills unchunked (configs/model_config.py:2553-2566, model_hook.py:1023-1036);
/// HRM-Text's bidirectional prefix attention runs on Triton only, without the radix cache or CUDA
/// graphs (sglang 0.5.23, arg_groups/model_hook.py:751-790 with overrides.py:1773-1783), and with
/// prefill unchunked. Its config's `prefix_lm`, which defaults to true, is taken as true.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/rule.hpp>

namespace attncap::rules::server_args {

namespace detail {
/// Family `F` prefills unchunked.
template <model_family F>
struct unchunked_prefill {
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.model == F && ctx.cfg.chunked_prefill_size != -1;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.chunked_prefill_size = -1; }
};
}  // namespace detail

struct embedding_gemma2_embedding {
  static constexpr rewrite_info info{"model.embedding_gemma2_embedding", field::is_embedding,
                                     "Embedding architecture detected: enabling embedding mode automatically."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.model == model_family::embedding_gemma2 && !ctx.cfg.is_embedding;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.is_embedding = true; }
};
struct embedding_gemma2_chunked_prefill : detail::unchunked_prefill<model_family::embedding_gemma2> {
  static constexpr rewrite_info info{"model.embedding_gemma2_chunked_prefill", field::chunked_prefill_size, ""};
};

/// The resolved base backend is replaced, the prefill and decode fields are left as they are.
struct hrm_text_triton {
  static constexpr rewrite_info info{
      "model.hrm_text_triton", field::attention_backend,
      "Overriding --attention-backend {attention_backend!r} -> 'triton': only the Triton backend supports "
      "HRM-Text's bidirectional prefix attention."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.model == model_family::hrm_text && ctx.cfg.attention_backend != id::triton;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.attention_backend = id::triton; }
};
struct moss_vl_chunked_prefill : detail::unchunked_prefill<model_family::moss_vl> {
  static constexpr rewrite_info info{"model.moss_vl_chunked_prefill", field::chunked_prefill_size, ""};
};
struct hrm_text_chunked_prefill : detail::unchunked_prefill<model_family::hrm_text> {
  static constexpr rewrite_info info{"model.hrm_text_chunked_prefill", field::chunked_prefill_size, ""};
};
struct hrm_text_radix_cache {
  static constexpr rewrite_info info{"model.hrm_text_radix_cache", field::disable_radix_cache, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.model == model_family::hrm_text && !ctx.cfg.disable_radix_cache;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.disable_radix_cache = true; }
};
struct hrm_text_cuda_graph {
  static constexpr rewrite_info info{"model.hrm_text_cuda_graph", field::disable_cuda_graph, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.model == model_family::hrm_text && !ctx.cfg.disable_cuda_graph;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.disable_cuda_graph = true; }
};

}  // namespace attncap::rules::server_args
