// SPDX-License-Identifier: MIT
// Cases for backends/tokenspeed_mla.hpp: the tokenspeed_mla factory and constructor.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr std::array tokenspeed_mla_rules{
    rule_case{&rules::tokenspeed_mla::mla_only::info, stage::factory, exception_kind::value_error,
              on(H::sm100).backend(id::tokenspeed_mla).kv(K::fp8_e4m3),
              "tokenspeed_mla backend can only be used with MLA models.",
              on(H::sm100).mla().backend(id::tokenspeed_mla).kv(K::fp8_e4m3), "mha"},
    // As the prefill backend it escapes the server-args checks, which read the base and decode fields.
    rule_case{&rules::tokenspeed_mla::init_kv_cache_dtype::info, stage::backend_init, exception_kind::value_error,
              on(H::sm100).mla().prefill(id::tokenspeed_mla).decode(id::trtllm_mla),
              "tokenspeed_mla backend requires --kv-cache-dtype fp8_e4m3, got data_type=torch.bfloat16.",
              on(H::sm100).mla().prefill(id::tokenspeed_mla).decode(id::trtllm_mla).kv(K::fp8_e4m3), "auto"},
    rule_case{&rules::tokenspeed_mla::init_kv_cache_dtype::info, stage::backend_init, exception_kind::value_error,
              on(H::sm100).mla().prefill(id::tokenspeed_mla).decode(id::trtllm_mla).kv(K::fp8_e5m2),
              "tokenspeed_mla backend requires --kv-cache-dtype fp8_e4m3, got data_type=torch.float8_e5m2.",
              on(H::sm100).mla().prefill(id::trtllm_mla).decode(id::trtllm_mla).kv(K::fp8_e5m2)},
    rule_case{&rules::tokenspeed_mla::init_page_size::info, stage::backend_init, exception_kind::value_error,
              on(H::sm100).mla().prefill(id::tokenspeed_mla).decode(id::flashinfer).kv(K::fp8_e4m3).page(16),
              "tokenspeed_mla backend requires page_size in {32, 64}, got page_size=16.",
              on(H::sm100).mla().prefill(id::tokenspeed_mla).decode(id::flashinfer).kv(K::fp8_e4m3).page(32), "16"},
    rule_case{&rules::tokenspeed_mla::init_page_size::info, stage::backend_init, exception_kind::value_error,
              on(H::sm120).mla().prefill(id::tokenspeed_mla).decode(id::flashinfer).kv(K::fp8_e4m3),
              "tokenspeed_mla backend requires page_size in {32, 64}, got page_size=1.",
              on(H::sm120).mla().prefill(id::tokenspeed_mla).decode(id::trtllm_mla).kv(K::fp8_e4m3)},
};

}  // namespace attncap::test
