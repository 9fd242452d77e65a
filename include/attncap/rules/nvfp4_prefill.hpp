// SPDX-License-Identifier: MIT
/// @file
/// The NVFP4 KV cache's backends, resolved before backend compatibility (sglang 0.5.23,
/// arg_groups/kv_cache_hook.py:34-96, run after deterministic inference): prefill reads an FP8
/// E4M3 workspace through flashinfer or native NVFP4 through trtllm_mha, decode is trtllm_mha.
/// `--prefill-kv-cache-dequant-dtype` chooses between them; at `auto` the prefill backend given
/// (else the platform, native on SM100) does.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/rule.hpp>

namespace attncap::rules::server_args {

namespace detail {
/// A prefill backend that reads NVFP4: flashinfer (FP8 workspace) or trtllm_mha (native).
constexpr bool nvfp4_prefill_reader(backend_id b) noexcept { return b == id::flashinfer || b == id::trtllm_mha; }
constexpr bool is_nvfp4(const rule_context& ctx) noexcept { return ctx.cfg.kv_cache_dtype == kv_cache_dtype::nvfp4; }
constexpr bool dequant_auto(const launch_config& c) noexcept {
  return c.prefill_kv_cache_dequant_dtype == prefill_dequant_dtype::auto_;
}
/// The dtype prefill reads: the one given, else the prefill backend's, else native on SM100.
constexpr prefill_dequant_dtype nvfp4_dequant(const launch_config& c, const platform& hw) noexcept {
  if (!dequant_auto(c)) return c.prefill_kv_cache_dequant_dtype;
  const backend_id given = c.prefill_backend();
  if (given == id::trtllm_mha || (!nvfp4_prefill_reader(given) && hw.is_sm100())) return prefill_dequant_dtype::nvfp4;
  return prefill_dequant_dtype::fp8_e4m3;
}
/// The prefill backend that reads dtype `d`.
constexpr backend_id nvfp4_prefill_for(prefill_dequant_dtype d) noexcept {
  return d == prefill_dequant_dtype::nvfp4 ? id::trtllm_mha : id::flashinfer;
}
/// The prefill backend given for a dtype given that reads it otherwise (one rule per dtype).
template <prefill_dequant_dtype D>
constexpr bool nvfp4_prefill_mismatch(const rule_context& ctx) noexcept {
  const backend_id given = ctx.cfg.prefill_attention_backend;
  return is_nvfp4(ctx) && nvfp4_dequant(ctx.cfg, ctx.hw) == D && is_set(given) && given != nvfp4_prefill_for(D);
}
}  // namespace detail

ATTNCAP_RULE(nvfp4_dequant_only, "nvfp4.dequant_only", server_args, value_error, prefill_kv_cache_dequant_dtype,
             "auto (without --kv-cache-dtype=nvfp4)",
             "--prefill-kv-cache-dequant-dtype applies only with --kv-cache-dtype=nvfp4.") {
  return !detail::is_nvfp4(ctx) && !detail::dequant_auto(ctx.cfg);
}
ATTNCAP_RULE(nvfp4_prefill_backend, "nvfp4.prefill_backend", server_args, value_error, prefill_attention_backend,
             "flashinfer, trtllm_mha",
             "NVFP4 prefill supports an FP8 E4M3 workspace or native NVFP4, but backend {prefill_backend!r} provides "
             "neither.") {
  const backend_id b = ctx.cfg.prefill_backend();
  return detail::is_nvfp4(ctx) && detail::dequant_auto(ctx.cfg) && is_set(b) && !detail::nvfp4_prefill_reader(b);
}
ATTNCAP_RULE(nvfp4_native_prefill, "nvfp4.native_prefill_sm100", server_args, value_error, hardware, "sm100, sm103",
             "Native NVFP4 prefill currently requires SM100; use --prefill-kv-cache-dequant-dtype=fp8_e4m3 on this "
             "platform.") {
  return detail::is_nvfp4(ctx) && detail::nvfp4_dequant(ctx.cfg, ctx.hw) == prefill_dequant_dtype::nvfp4 &&
         !ctx.hw.is_sm100();
}
ATTNCAP_RULE(nvfp4_native_prefill_backend, "nvfp4.native_prefill_backend", server_args, value_error,
             prefill_attention_backend, "trtllm_mha",
             "--prefill-kv-cache-dequant-dtype=nvfp4 requires prefill backend 'trtllm_mha', but "
             "--prefill-attention-backend={prefill_attention_backend!r} was set. Remove the backend option and select "
             "the KV dtype only.") {
  return detail::nvfp4_prefill_mismatch<prefill_dequant_dtype::nvfp4>(ctx);
}
ATTNCAP_RULE(nvfp4_fp8_prefill_backend, "nvfp4.fp8_prefill_backend", server_args, value_error,
             prefill_attention_backend, "flashinfer",
             "--prefill-kv-cache-dequant-dtype=fp8_e4m3 requires prefill backend 'flashinfer', but "
             "--prefill-attention-backend={prefill_attention_backend!r} was set. Remove the backend option and select "
             "the KV dtype only.") {
  return detail::nvfp4_prefill_mismatch<prefill_dequant_dtype::fp8_e4m3>(ctx);
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
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    return detail::is_nvfp4(ctx) &&
           (c.prefill_attention_backend != detail::nvfp4_prefill_for(detail::nvfp4_dequant(c, ctx.hw)) ||
            c.decode_attention_backend != id::trtllm_mha);
  }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    cfg.prefill_attention_backend = detail::nvfp4_prefill_for(detail::nvfp4_dequant(cfg, hw));
    cfg.decode_attention_backend = id::trtllm_mha;
  }
};
/// ... and records the dtype it chose for `auto`.
struct nvfp4_dequant_dtype {
  static constexpr rewrite_info info{"nvfp4.dequant_dtype", field::prefill_kv_cache_dequant_dtype, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::is_nvfp4(ctx) && detail::dequant_auto(ctx.cfg);
  }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    cfg.prefill_kv_cache_dequant_dtype = detail::nvfp4_dequant(cfg, hw);
  }
};

}  // namespace attncap::rules::server_args
