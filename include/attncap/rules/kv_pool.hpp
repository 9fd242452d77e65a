// SPDX-License-Identifier: MIT
/// @file
/// The KV pool's construction, the model runner's last step before it builds the attention
/// backends: a CPU FP8 cache needs an MHA model, Intel AMX and the intel_amx backend for both
/// phases (sglang 0.5.23, mem_cache/kv_cache_configurator.py:457-468).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/rule.hpp>

namespace attncap::rules::server_args {

namespace detail {
constexpr bool on_cpu(const rule_context& ctx) noexcept { return ctx.hw.is_cpu(); }
/// The CPU engine's FP8 path is taken for an e4m3fn cache (fp8_e4m3 or mxfp8).
constexpr bool cpu_fp8_cache(const rule_context& ctx) noexcept {
  const auto& c = ctx.cfg;
  return on_cpu(ctx) && torch_dtype(c.kv_cache_dtype, c.dtype, c.hardware) == "torch.float8_e4m3fn";
}
}  // namespace detail

ATTNCAP_RULE(cpu_fp8_mha, "kv_pool.cpu_fp8_mha", model_runner, value_error, model_arch, "mha, gqa, mqa",
             "CPU FP8 KV cache is only supported for MHA.") {
  return detail::cpu_fp8_cache(ctx) && ctx.cfg.is_mla();
}
ATTNCAP_RULE(cpu_fp8_amx, "kv_pool.cpu_fp8_amx", model_runner, value_error, hardware, "cpu_amx",
             "CPU FP8 KV cache requires Intel AMX support.") {
  return detail::cpu_fp8_cache(ctx) && !ctx.cfg.is_mla() && !ctx.hw.has_amx();
}
ATTNCAP_RULE(cpu_fp8_backend, "kv_pool.cpu_fp8_backend", model_runner, value_error, attention_backend, "intel_amx",
             "CPU FP8 KV cache requires the intel_amx attention backend.") {
  const auto& c = ctx.cfg;
  return detail::cpu_fp8_cache(ctx) && !c.is_mla() && ctx.hw.has_amx() &&
         (c.prefill_backend() != id::intel_amx || c.decode_backend() != id::intel_amx);
}

}  // namespace attncap::rules::server_args
