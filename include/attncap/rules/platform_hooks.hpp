// SPDX-License-Identifier: MIT
/// @file
/// The first steps of the engine's argument resolution: deprecated backend aliases and the
/// per-platform defaults (NPU forces ascend, CPU defaults to intel_amx).
#pragma once

#include <attncap/backends/all.hpp>
#include <attncap/capabilities/rule.hpp>

namespace attncap::rules::server_args {

namespace detail {
/// A deprecated spelling `Alias` renamed to the backend it stands for, on all three backend fields.
template <class Alias>
struct alias_rename {
  static constexpr backend_id from = builtin_id<Alias>;
  static constexpr backend_id to = builtin_id<canonical_backend_t<Alias>>;
  static constexpr bool applies(const rule_context& ctx) noexcept { return ctx.cfg.names(from); }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    for (auto* f : {&cfg.attention_backend, &cfg.prefill_attention_backend, &cfg.decode_attention_backend})
      if (*f == from) *f = to;
  }
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
  static constexpr bool applies(const rule_context& ctx) noexcept { return ctx.cfg.names(builtin_id<backends::nsa>); }
  static constexpr void apply(launch_config&, const platform&) noexcept {}
};

/// `compressed` is the deprecated spelling of `dsv4`; the engine renames it without a log line.
struct compressed_alias : detail::alias_rename<backends::compressed> {
  static constexpr rewrite_info info{"alias.compressed", field::attention_backend, ""};
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

/// CPU (x86): intel_amx when no backend is given.
struct cpu_default {
  static constexpr rewrite_info info{"platform.cpu_intel_amx", field::attention_backend, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.hw.is_cpu() && !is_set(ctx.cfg.attention_backend);
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.attention_backend = id::intel_amx; }
};

}  // namespace attncap::rules::server_args
