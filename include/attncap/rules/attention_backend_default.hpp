// SPDX-License-Identifier: MIT
/// @file
/// The first passes of the engine's backend compatibility handling: the default fill, the
/// torch_native/flex_attention switches, Whisper's radix cache, and the MLA page-size snaps.
#pragma once

#include <attncap/backends/all.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/capabilities/rule_shapes.hpp>
#include <attncap/select/default_backend.hpp>

namespace attncap::rules::server_args {

/// Prefill and decode set to the same backend make it the base backend.
struct split_same_backend {
  static constexpr rewrite_info info{"default.same_prefill_decode", field::attention_backend, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    return is_set(c.prefill_attention_backend) && c.prefill_attention_backend == c.decode_attention_backend &&
           c.attention_backend != c.prefill_attention_backend;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.attention_backend = cfg.prefill_attention_backend;
  }
};

/// No backend given: the engine's default table (select/default_backend.hpp).
using ::attncap::default_backend_fill;

namespace detail {
/// --attention-backend or --decode-attention-backend names `b`.
constexpr bool base_or_decode(const launch_config& c, backend_id b) noexcept {
  return ::attncap::detail::names_backend(c, b, ::attncap::detail::backend_fields::base_or_decode);
}

/// The engine turns CUDA graphs off for base backend `B`.
template <backend_id B>
struct cuda_graph_off {
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.attention_backend == B && !ctx.cfg.disable_cuda_graph;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.disable_cuda_graph = true; }
};
}  // namespace detail

struct torch_native_cuda_graph : detail::cuda_graph_off<id::torch_native> {
  static constexpr rewrite_info info{"torch_native.cuda_graph", field::disable_cuda_graph,
                                     "Cuda graph is disabled because of using torch native attention backend"};
};

struct flex_attention_cuda_graph : detail::cuda_graph_off<id::flex_attention> {
  static constexpr rewrite_info info{"flex_attention.cuda_graph", field::disable_cuda_graph,
                                     "Cuda graph is disabled because of using torch Flex Attention backend"};
};

ATTNCAP_RULE(flex_attention_speculative, "flex_attention.speculative", server_args, assertion_error,
             speculative_algorithm, "None",
             "Speculative decoding is currently not supported with Flex Attention backend") {
  return ctx.cfg.attention_backend == id::flex_attention && ctx.cfg.speculative();
}

struct whisper_radix_cache {
  static constexpr rewrite_info info{"whisper.radix_cache", field::disable_radix_cache,
                                     "Radix cache is disabled for Whisper"};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.encoder_decoder && ctx.cfg.model == model_family::whisper && !ctx.cfg.disable_radix_cache;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.disable_radix_cache = true; }
};

// Page-size snaps to each backend's declared page sizes (`pages`, `page_snap`).
// FlashMLA's is no snap: the engine sets and logs 64 whatever the page (arg_groups/overrides.py:1147-1154).
struct flashmla_page_size {
  static constexpr rewrite_info info{"flashmla.page_size", field::page_size,
                                     "FlashMLA only supports a page_size of 64, change page_size to 64."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::base_or_decode(ctx.cfg, id::flashmla);
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.page_size = backend_traits<backends::flashmla>::caps.page_snap;
  }
};
ATTNCAP_PAGE_SNAP(trtllm_mla_page_size, trtllm_mla, base_or_decode,
                  "TensorRT-LLM MLA only supports page_size of 32 or 64, changing page_size from {page_size} to 64.");
ATTNCAP_PAGE_SNAP(cutedsl_mla_page_size, cutedsl_mla, any_phase,
                  "CuteDSL MLA only supports page_size of 32 or 64, changing page_size from {page_size} to 64.");
ATTNCAP_PAGE_SNAP(trtllm_mha_page_size, trtllm_mha, any_with_draft,
                  "TensorRT-LLM MHA only supports page_size of 16, 32, 64 or 128, changing page_size from {page_size} "
                  "to 64.");
ATTNCAP_PAGE_SNAP(hpc_ops_page_size, hpc_ops, any_phase,
                  "HPC-Ops attention only supports a page_size of 64, changing page_size from {page_size} to 64.");

}  // namespace attncap::rules::server_args
