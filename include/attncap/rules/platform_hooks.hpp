// SPDX-License-Identifier: MIT
/// @file
/// The first steps of the engine's argument resolution: deprecated backend aliases and the
/// per-platform defaults (NPU forces ascend, CPU defaults to intel_amx).
#pragma once

#include <attncap/backends/all.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/runtime/resolution.hpp>

namespace attncap::rules::server_args {

namespace detail {
/// The backend a name that 0.5.23's `_handle_deprecated_args` renames stands for, or none
/// (`nsa` is an alias too, but it keeps its name until its factory).
constexpr backend_id renamed_name(backend_id b) noexcept { return builtin_registry::renamed_to(b); }

/// A deprecated name in backend field `Member`, renamed to the backend it stands for.
template <backend_id launch_config::*Member>
struct rename_deprecated {
  static constexpr bool applies(const rule_context& ctx) noexcept { return is_set(renamed_name(ctx.cfg.*Member)); }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.*Member = renamed_name(cfg.*Member); }
};
}  // namespace detail

/// `nsa` is the deprecated spelling of `dsa`. sglang 0.5.23 keeps the name through argument
/// resolution; its `nsa` factory warns and builds the dsa backend
/// (layers/attention/attention_registry.py:166-174), so nothing is renamed here.
struct nsa_alias {
  static constexpr rewrite_info info{
      "alias.nsa", field::attention_backend,
      "attention-backend='nsa' is deprecated; use 'dsa' instead. The alias will be removed in a future "
      "release."};
  // The alias's factory warns, so only a launch that builds it does: as its resolved prefill or
  // decode backend (the pipeline checks it with the factories), or as the draft's (DSPARK's draft
  // worker runs no nsa: it falls back, see rules/draft_worker.hpp).
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    constexpr backend_id nsa = builtin_id<backends::nsa>;
    return c.serves(nsa) || (c.speculative() && c.speculative_algorithm != speculative_algorithm::dspark &&
                             c.speculative_draft_attention_backend == nsa);
  }
  static constexpr void apply(launch_config&, const platform&) noexcept {}
};

// The deprecated names on each backend field, in 0.5.23's order (arg_groups/serving_hook.py:303-320).
struct attention_backend_rename : detail::rename_deprecated<&launch_config::attention_backend> {
  static constexpr rewrite_info info{
      "alias.attention_backend", field::attention_backend,
      "--attention-backend={attention_backend} is deprecated; use '{new_attention_backend}' instead."};
};
struct decode_backend_rename : detail::rename_deprecated<&launch_config::decode_attention_backend> {
  static constexpr rewrite_info info{
      "alias.decode_attention_backend", field::decode_attention_backend,
      "--decode-attention-backend={decode_attention_backend} is deprecated; use '{new_decode_attention_backend}' "
      "instead."};
};
/// cutedsl_mla is decode-only, so a prefill named tokenspeed_mla becomes trtllm_mla, under the
/// warning that names cutedsl_mla (serving_hook.py:321-323).
struct prefill_tokenspeed_rename {
  static constexpr rewrite_info info{
      "alias.prefill_tokenspeed_mla", field::prefill_attention_backend,
      "--prefill-attention-backend=tokenspeed_mla is deprecated; use 'cutedsl_mla' instead."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.prefill_attention_backend == id::tokenspeed_mla;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.prefill_attention_backend = id::trtllm_mla;
  }
};
struct prefill_backend_rename : detail::rename_deprecated<&launch_config::prefill_attention_backend> {
  static constexpr rewrite_info info{
      "alias.prefill_attention_backend", field::prefill_attention_backend,
      "--prefill-attention-backend={prefill_attention_backend} is deprecated; use '{new_prefill_attention_backend}' "
      "instead."};
};
struct draft_backend_rename : detail::rename_deprecated<&launch_config::speculative_draft_attention_backend> {
  static constexpr rewrite_info info{"alias.speculative_draft_attention_backend",
                                     field::speculative_draft_attention_backend,
                                     "--speculative-draft-attention-backend={speculative_draft_attention_backend} is "
                                     "deprecated; use '{new_speculative_draft_attention_backend}' instead."};
};
/// tokenspeed_mla implied an fp8_e4m3 KV cache (serving_hook.py:324-330); run only by
/// `deprecated_backend_names`, which judges on the names as given.
struct tokenspeed_fp8_kv {
  static constexpr rewrite_info info{"alias.tokenspeed_mla_kv_cache_dtype", field::kv_cache_dtype,
                                     "tokenspeed_mla required FP8 KV; setting --kv-cache-dtype=fp8_e4m3."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.kv_cache_dtype != kv_cache_dtype::fp8_e4m3;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.kv_cache_dtype = kv_cache_dtype::fp8_e4m3;
  }
};

/// ... and verified drafts on the decode kernel (serving_hook.py:331-335), silently.
struct tokenspeed_attention_mode {
  static constexpr rewrite_info info{"alias.tokenspeed_mla_attention_mode", field::speculative_attention_mode, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.speculative() && ctx.cfg.speculative_attention_mode == speculative_attention_mode::prefill;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.speculative_attention_mode = speculative_attention_mode::decode;
  }
};

/// The deprecated backend names `compressed` (dsv4) and `tokenspeed_mla` (cutedsl_mla): each
/// field renamed with its warning, then the fp8_e4m3 cache and decode-side verification when
/// tokenspeed_mla was the base or decode backend as given.
struct deprecated_backend_names {
  using rewrites =
      rule_list<attention_backend_rename, decode_backend_rename, prefill_tokenspeed_rename, prefill_backend_rename,
                draft_backend_rename, tokenspeed_fp8_kv, tokenspeed_attention_mode>;

  template <class Registry>
  static constexpr void run(resolution<Registry>& r) {
    const bool tokenspeed =
        r.cfg.attention_backend == id::tokenspeed_mla || r.cfg.decode_attention_backend == id::tokenspeed_mla;
    r.template rewrite<attention_backend_rename>();
    r.template rewrite<decode_backend_rename>();
    r.template rewrite<prefill_tokenspeed_rename>();
    r.template rewrite<prefill_backend_rename>();
    r.template rewrite<draft_backend_rename>();
    if (!tokenspeed) return;
    r.template rewrite<tokenspeed_fp8_kv>();
    r.template rewrite<tokenspeed_attention_mode>();
  }
};

/// NPU: ascend on every phase, even over an explicit choice.
struct npu_forces_ascend {
  static constexpr rewrite_info info{"platform.npu_ascend", field::attention_backend, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    return ctx.hw.is_npu() && (c.attention_backend != id::ascend || c.prefill_attention_backend != id::ascend ||
                               c.decode_attention_backend != id::ascend);
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.attention_backend = cfg.prefill_attention_backend = cfg.decode_attention_backend = id::ascend;
  }
};

/// NPU: page size 128 when none is given.
struct npu_page_size {
  static constexpr rewrite_info info{"platform.npu_page_size", field::page_size, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.hw.is_npu() && ctx.cfg.page_size == unset;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.page_size = 128; }
};

/// CPU: intel_amx when no backend is given on an x86 host, torch_native on an ARM64 host (the
/// engine's CPU kernels are built for x86).
template <bool Arm64, backend_id Backend>
struct cpu_host_default {
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.hw.is_cpu() && ctx.hw.is_arm64_host() == Arm64 && !is_set(ctx.cfg.attention_backend);
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.attention_backend = Backend; }
};
struct cpu_default : cpu_host_default<false, id::intel_amx> {
  static constexpr rewrite_info info{"platform.cpu_intel_amx", field::attention_backend, ""};
};
struct cpu_arm64_default : cpu_host_default<true, id::torch_native> {
  static constexpr rewrite_info info{"platform.cpu_arm64_torch_native", field::attention_backend, ""};
};

}  // namespace attncap::rules::server_args
