// SPDX-License-Identifier: MIT
/// @file
/// The NVFP4 KV cache's backends, resolved before backend compatibility (sglang 0.5.23,
/// arg_groups/kv_cache_hook.py:34-96, run after deterministic inference): prefill reads an FP8
/// E4M3 workspace through flashinfer or native NVFP4 through trtllm_mha, decode is trtllm_mha.
/// `--prefill-kv-cache-dequant-dtype` is taken at its default `auto`: the prefill backend given
/// (else the platform, native on SM100) chooses the dtype.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/rule.hpp>

namespace attncap::rules::server_args {

namespace detail {
/// A prefill backend that reads NVFP4: flashinfer (FP8 workspace) or trtllm_mha (native).
constexpr bool nvfp4_prefill_reader(backend_id b) noexcept { return b == id::flashinfer || b == id::trtllm_mha; }
constexpr bool is_nvfp4(const rule_context& ctx) noexcept { return ctx.cfg.kv_cache_dtype == kv_cache_dtype::nvfp4; }
}  // namespace detail

ATTNCAP_RULE(nvfp4_prefill_backend, "nvfp4.prefill_backend", server_args, value_error, prefill_attention_backend,
             "flashinfer, trtllm_mha",
             "NVFP4 prefill supports an FP8 E4M3 workspace or native NVFP4, but backend {prefill_backend!r} provides "
             "neither.") {
  const backend_id b = ctx.cfg.prefill_backend();
  return detail::is_nvfp4(ctx) && is_set(b) && !detail::nvfp4_prefill_reader(b);
}
ATTNCAP_RULE(nvfp4_native_prefill, "nvfp4.native_prefill_sm100", server_args, value_error, hardware, "sm100, sm103",
             "Native NVFP4 prefill currently requires SM100; use --prefill-kv-cache-dequant-dtype=fp8_e4m3 on this "
             "platform.") {
  return detail::is_nvfp4(ctx) && ctx.cfg.prefill_backend() == id::trtllm_mha && !ctx.hw.is_sm100();
}
ATTNCAP_RULE(nvfp4_decode_backend, "nvfp4.decode_backend", server_args, value_error, decode_attention_backend,
             "trtllm_mha",
             "NVFP4 decode requires --decode-attention-backend=trtllm_mha; got {decode_attention_backend!r}. Remove "
             "the backend option; NVFP4 selects the supported decode implementation automatically.") {
  const backend_id d = ctx.cfg.decode_attention_backend;
  return detail::is_nvfp4(ctx) && is_set(d) && d != id::trtllm_mha;
}

/// NVFP4 declares both backends: the prefill reader of its dtype, and trtllm_mha for decode.
struct nvfp4_backends {
  static constexpr rewrite_info info{"nvfp4.backends", field::prefill_attention_backend, ""};
  static constexpr backend_id prefill(const launch_config& c, const platform& hw) noexcept {
    const backend_id given = c.prefill_backend();
    if (detail::nvfp4_prefill_reader(given)) return given;
    return hw.is_sm100() ? id::trtllm_mha : id::flashinfer;
  }
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    return detail::is_nvfp4(ctx) &&
           (c.prefill_attention_backend != prefill(c, ctx.hw) || c.decode_attention_backend != id::trtllm_mha);
  }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    cfg.prefill_attention_backend = prefill(cfg, hw);
    cfg.decode_attention_backend = id::trtllm_mha;
  }
};

}  // namespace attncap::rules::server_args
