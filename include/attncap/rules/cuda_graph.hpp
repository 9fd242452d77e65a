// SPDX-License-Identifier: MIT
/// @file
/// The CUDA-graph capture backends of prefill and decode where an attention rule reads them
/// (sglang 0.5.23): Inkling's FULL prefill default (arg_groups/cuda_graph_hook.py:349-372, before
/// the graph configuration is parsed), XPU's decode capture (platform_hook.py:129-155), and the
/// unified memory pool's fallback from FULL prefill capture (kv_cache_hook.py:701-716, the pool's
/// last check). A phase left unset runs the engine's default, which no rule here changes.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/rule.hpp>

namespace attncap::rules::server_args {

namespace detail {
/// FULL prefill capture builds its block table in a metadata path only fa3 and fa4 have.
constexpr bool full_prefill_graph_backend(backend_id b) noexcept { return !is_set(b) || b == id::fa3 || b == id::fa4; }
/// Something before the unified pool's hook turned prefill capture off whatever was asked: the
/// torch-native and flex backends, multi-item scoring, and prefill CP of the DeepSeek family on a
/// GPU (arg_groups/model_hook.py:304-320, 421-432).
constexpr bool prefill_graph_forced_off(const rule_context& ctx) noexcept {
  const auto& c = ctx.cfg;
  const bool deepseek_cp = c.enable_prefill_cp && c.is_mla() && !ctx.hw.is_npu() && !ctx.hw.is_xpu() &&
                           (c.model == model_family::deepseek_v3 || c.model == model_family::deepseek_v3_like ||
                            c.model == model_family::deepseek_dsa || c.model == model_family::glm_moe_dsa);
  const bool eager_backend = c.attention_backend == id::torch_native || c.attention_backend == id::flex_attention;
  return eager_backend || c.enable_mis || deepseek_cp;
}
}  // namespace detail

/// Inkling opts into FULL prefill capture unless a prefill backend is given.
struct inkling_prefill_cuda_graph {
  static constexpr rewrite_info info{"model.inkling_prefill_cuda_graph", field::cuda_graph_backend_prefill, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.model == model_family::inkling && ctx.cfg.cuda_graph_backend_prefill == cuda_graph_backend::none;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.cuda_graph_backend_prefill = cuda_graph_backend::full;
  }
};

/// XPU captures decode only as FULL graphs; a breakable one asked for is turned off.
struct xpu_decode_cuda_graph {
  static constexpr rewrite_info info{
      "platform.xpu_decode_cuda_graph", field::cuda_graph_backend_decode,
      "XPU platform only supports decode backend 'full'; disabling unsupported decode backend 'breakable'."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.hw.is_xpu() && ctx.cfg.cuda_graph_backend_decode == cuda_graph_backend::breakable;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.cuda_graph_backend_decode = cuda_graph_backend::disabled;
  }
};

/// Under the unified pool, FULL prefill capture falls back to none unless fa3/fa4 serve every
/// phase: the other backends' capture metadata has no extend path.
struct unified_full_prefill_cuda_graph {
  static constexpr rewrite_info info{
      "unified_memory.full_prefill_cuda_graph", field::cuda_graph_backend_prefill,
      "--enable-unified-memory: disabling the FULL prefill cuda-graph backend. It builds its block table in "
      "_init_full_cg_prefill_metadata, which only ['fa3', 'fa4'] implement; the resolved attention backends are "
      "{backends}. Decode capture and the other prefill backends are unaffected."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    return c.enable_unified_memory && c.cuda_graph_backend_prefill == cuda_graph_backend::full &&
           !detail::prefill_graph_forced_off(ctx) &&
           !(detail::full_prefill_graph_backend(c.prefill_backend()) &&
             detail::full_prefill_graph_backend(c.decode_backend()));
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.cuda_graph_backend_prefill = cuda_graph_backend::disabled;
  }
};

}  // namespace attncap::rules::server_args
