// SPDX-License-Identifier: MIT
/// @file
/// The model-capability adjustments near the end of argument resolution: HRM-Text's
/// bidirectional prefix attention runs on Triton only, without the radix cache or CUDA graphs
/// (sglang 0.5.23, arg_groups/model_hook.py:751-790 with overrides.py:1773-1783), and with
/// prefill unchunked. Its config's `prefix_lm`, which defaults to true, is taken as true.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/rule.hpp>

namespace attncap::rules::server_args {

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
struct hrm_text_chunked_prefill {
  static constexpr rewrite_info info{"model.hrm_text_chunked_prefill", field::chunked_prefill_size, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.model == model_family::hrm_text && ctx.cfg.chunked_prefill_size != -1;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.chunked_prefill_size = -1; }
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
