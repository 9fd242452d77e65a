// SPDX-License-Identifier: MIT
// Cases for rules/kv_pool.hpp: the CPU FP8 KV pool's model, machine and backend.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr std::array kv_pool_rules{
    rule_case{&sa::cpu_fp8_mha::info, stage::model_runner, exception_kind::value_error,
              on(H::cpu_amx).mla().kv(K::fp8_e4m3), "CPU FP8 KV cache is only supported for MHA.",
              on(H::cpu_amx).gqa().kv(K::fp8_e4m3), "mla"},
    rule_case{&sa::cpu_fp8_mha::info, stage::model_runner, exception_kind::value_error, on(H::cpu).mla().kv(K::mxfp8),
              "CPU FP8 KV cache is only supported for MHA.", on(H::cpu).mla().kv(K::bfloat16), "mla"},
    rule_case{&sa::cpu_fp8_amx::info, stage::model_runner, exception_kind::value_error, on(H::cpu).kv(K::fp8_e4m3),
              "CPU FP8 KV cache requires Intel AMX support.", on(H::cpu_amx).kv(K::fp8_e4m3), "cpu"},
    rule_case{&sa::cpu_fp8_amx::info, stage::model_runner, exception_kind::value_error,
              on(H::cpu).backend(id::torch_native).kv(K::mxfp8), "CPU FP8 KV cache requires Intel AMX support.",
              on(H::sm90).backend(id::torch_native).kv(K::mxfp8), "cpu"},
    rule_case{&sa::cpu_fp8_backend::info, stage::model_runner, exception_kind::value_error,
              on(H::cpu_amx).backend(id::torch_native).kv(K::fp8_e4m3),
              "CPU FP8 KV cache requires the intel_amx attention backend.",
              on(H::cpu_amx).backend(id::intel_amx).kv(K::fp8_e4m3), "torch_native"},
    rule_case{&sa::cpu_fp8_backend::info, stage::model_runner, exception_kind::value_error,
              on(H::cpu_amx).backend(id::intel_amx).prefill(id::torch_native).kv(K::fp8_e4m3),
              "CPU FP8 KV cache requires the intel_amx attention backend.",
              on(H::cpu_amx).backend(id::intel_amx).prefill(id::torch_native).kv(K::bfloat16)},
};

}  // namespace attncap::test
