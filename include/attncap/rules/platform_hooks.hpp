// SPDX-License-Identifier: MIT
/// @file
/// The first steps of the engine's argument resolution: deprecated backend aliases and the
/// per-platform defaults (NPU forces ascend, CPU defaults to intel_amx).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/rule.hpp>

namespace attncap::rules::server_args {

/// `nsa` is the deprecated spelling of `dsa`, on all three backend fields.
ATTNCAP_REWRITE(nsa_alias, "alias.nsa", attention_backend,
                "attention-backend='nsa' is deprecated; use 'dsa' instead. The alias will be removed in a future "
                "release.");
constexpr bool nsa_alias::applies(const rule_context& ctx) noexcept { return ctx.cfg.names(id::nsa); }
constexpr void nsa_alias::apply(launch_config& cfg, const platform&) noexcept {
  for (auto* f : {&cfg.attention_backend, &cfg.prefill_attention_backend, &cfg.decode_attention_backend})
    if (*f == id::nsa) *f = id::dsa;
}

/// `compressed` is the deprecated spelling of `dsv4`; the engine renames it without a log line.
ATTNCAP_REWRITE(compressed_alias, "alias.compressed", attention_backend, "");
constexpr bool compressed_alias::applies(const rule_context& ctx) noexcept { return ctx.cfg.names(id::compressed); }
constexpr void compressed_alias::apply(launch_config& cfg, const platform&) noexcept {
  for (auto* f : {&cfg.attention_backend, &cfg.prefill_attention_backend, &cfg.decode_attention_backend})
    if (*f == id::compressed) *f = id::dsv4;
}

/// NPU: ascend on every phase, even over an explicit choice.
ATTNCAP_REWRITE(npu_forces_ascend, "platform.npu_ascend", attention_backend, "");
constexpr bool npu_forces_ascend::applies(const rule_context& ctx) noexcept {
  const auto& c = ctx.cfg;
  return ctx.hw.is_npu() && (c.attention_backend != id::ascend || c.prefill_attention_backend != id::ascend ||
                             c.decode_attention_backend != id::ascend);
}
constexpr void npu_forces_ascend::apply(launch_config& cfg, const platform&) noexcept {
  cfg.attention_backend = cfg.prefill_attention_backend = cfg.decode_attention_backend = id::ascend;
}

/// NPU: page size 128 when none is given.
ATTNCAP_REWRITE(npu_page_size, "platform.npu_page_size", page_size, "");
constexpr bool npu_page_size::applies(const rule_context& ctx) noexcept {
  return ctx.hw.is_npu() && ctx.cfg.page_size == unset;
}
constexpr void npu_page_size::apply(launch_config& cfg, const platform&) noexcept { cfg.page_size = 128; }

/// CPU (x86): intel_amx when no backend is given.
ATTNCAP_REWRITE(cpu_default, "platform.cpu_intel_amx", attention_backend, "");
constexpr bool cpu_default::applies(const rule_context& ctx) noexcept {
  return ctx.hw.is_cpu() && !is_set(ctx.cfg.attention_backend);
}
constexpr void cpu_default::apply(launch_config& cfg, const platform&) noexcept {
  cfg.attention_backend = id::intel_amx;
}

}  // namespace attncap::rules::server_args
