// SPDX-License-Identifier: MIT
// Cases for rules/attention_backend_hardware.hpp: MLA kernels on Blackwell, cutedsl_mla, trtllm_mha hardware.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr std::array attention_backend_hardware_rules{
    rule_case{&sa::trtllm_mla_blackwell::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).mla().backend(id::trtllm_mla),
              "TRTLLM MLA backend is only supported on Blackwell GPUs (SM100/SM12x). Please use a different backend.",
              on(H::sm100).mla().backend(id::trtllm_mla), "sm90"},
    rule_case{&sa::trtllm_mla_blackwell::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).mla().decode(id::trtllm_mla),
              "TRTLLM MLA backend is only supported on Blackwell GPUs (SM100/SM12x). Please use a different backend.",
              on(H::sm90).mla().decode(id::fa3)},
    rule_case{&sa::trtllm_mla_kv_cache_dtype::info, stage::server_args, exception_kind::value_error,
              on(H::sm100).mla().backend(id::trtllm_mla).kv(K::fp8_e5m2),
              "TensorRT-LLM MLA backend only supports kv-cache-dtype of fp8_e4m3, bf16, or auto.",
              on(H::sm100).mla().backend(id::trtllm_mla).kv(K::bf16), "fp8_e5m2"},
    rule_case{&sa::cutedsl_mla_decode_only::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm100).mla().prefill(id::cutedsl_mla).decode(id::cutedsl_mla),
              "CuteDSL MLA only supports decoding for now",
              on(H::sm100).mla().prefill(id::trtllm_mla).decode(id::cutedsl_mla), "cutedsl_mla"},
    rule_case{&sa::cutedsl_mla_sm100::info, stage::server_args, exception_kind::value_error,
              on(H::sm120).mla().decode(id::cutedsl_mla),
              "CuteDSL MLA backend is only supported on Blackwell GPUs (SM100). Please use a different backend.",
              on(H::sm103).mla().decode(id::cutedsl_mla), "sm120"},
    rule_case{&sa::cutedsl_mla_kv_cache_dtype::info, stage::server_args, exception_kind::value_error,
              on(H::sm100).mla().backend(id::cutedsl_mla).kv(K::fp8_e5m2),
              "CuteDSL MLA backend only supports kv-cache-dtype of fp8_e4m3, bf16, or auto.",
              on(H::sm100).mla().backend(id::cutedsl_mla).kv(K::bfloat16), "fp8_e5m2"},
    rule_case{&sa::trtllm_mha_prefill_hardware::info, stage::server_args, exception_kind::value_error,
              on(H::sm80).backend(id::trtllm_mha),
              "TRTLLM MHA backend for prefill requires Hopper (SM90), Blackwell (SM100), or SM120 GPUs. Please use a "
              "different prefill backend.",
              on(H::sm90).backend(id::trtllm_mha), "sm80"},
    rule_case{&sa::trtllm_mha_prefill_hardware::info, stage::server_args, exception_kind::value_error,
              on(H::sm110).prefill(id::trtllm_mha).decode(id::flashinfer),
              "TRTLLM MHA backend for prefill requires Hopper (SM90), Blackwell (SM100), or SM120 GPUs. Please use a "
              "different prefill backend.",
              on(H::sm110).prefill(id::triton).decode(id::flashinfer)},
    rule_case{&sa::trtllm_mha_sm120_prefill_fp8::info, stage::server_args, exception_kind::value_error,
              on(H::sm120).backend(id::trtllm_mha).kv(K::fp8_e4m3),
              "TRTLLM FMHAv2 prefill on SM120 does not support fp8_e4m3 KV cache or skip-softmax.",
              on(H::sm100).backend(id::trtllm_mha).kv(K::fp8_e4m3), "fp8_e4m3"},
    rule_case{&sa::trtllm_mha_sm120_prefill_fp8::info, stage::server_args, exception_kind::value_error,
              on(H::sm121).prefill(id::trtllm_mha).decode(id::flashinfer).kv(K::fp8_e4m3),
              "TRTLLM FMHAv2 prefill on SM120 does not support fp8_e4m3 KV cache or skip-softmax.",
              on(H::sm121).prefill(id::trtllm_mha).decode(id::flashinfer)},
    // Skip-softmax prefill (SGLANG_SKIP_SOFTMAX_PREFILL_THRESHOLD_SCALE_FACTOR > 0) is refused too.
    rule_case{&sa::trtllm_mha_sm120_prefill_fp8::info, stage::server_args, exception_kind::value_error,
              on(H::sm120)
                  .backend(id::trtllm_mha)
                  .with(&launch_config::sglang_skip_softmax_prefill_threshold_scale_factor, 0.5),
              "TRTLLM FMHAv2 prefill on SM120 does not support fp8_e4m3 KV cache or skip-softmax.",
              on(H::sm120).backend(id::trtllm_mha), "auto"},
    rule_case{&sa::trtllm_mha_decode_hardware::info, stage::server_args, exception_kind::value_error,
              on(H::sm80).decode(id::trtllm_mha),
              "TRTLLM MHA backend for decode is only supported on Hopper (SM90), Blackwell (SM100) and (SM120) GPUs. "
              "Please use a different decode backend.",
              on(H::sm90).decode(id::trtllm_mha), "sm80"},
    rule_case{&sa::trtllm_mha_prefill_context_parallel::info, stage::server_args, exception_kind::value_error,
              on(H::sm90).backend(id::trtllm_mha).with(&launch_config::attn_cp_size, 2),
              "Prefill context parallelism with the TRTLLM MHA prefill backend requires SM100 (trtllm-gen context "
              "kernel): the SM90/SM120 fmha_v2 prefill path does not implement CP shard masking.",
              on(H::sm90).backend(id::trtllm_mha), "2"},
    rule_case{&sa::trtllm_mha_prefill_context_parallel::info, stage::server_args, exception_kind::value_error,
              on(H::sm120).backend(id::trtllm_mha).with(&launch_config::attn_cp_size, 4),
              "Prefill context parallelism with the TRTLLM MHA prefill backend requires SM100 (trtllm-gen context "
              "kernel): the SM90/SM120 fmha_v2 prefill path does not implement CP shard masking.",
              on(H::sm100).backend(id::trtllm_mha).with(&launch_config::attn_cp_size, 4), "4"},
};

inline constexpr std::array attention_backend_hardware_rewrites{
    rewrite_case{&sa::cutedsl_mla_prefill_fill::info, on(H::sm100).mla().decode(id::cutedsl_mla), "", "trtllm_mla",
                 on(H::sm100).mla().decode(id::cutedsl_mla).prefill(id::flashinfer)},
    rewrite_case{&sa::cutedsl_mla_prefill_fill::info, on(H::sm100).mla().backend(id::cutedsl_mla), "", "trtllm_mla",
                 on(H::sm100).mla().backend(id::flashinfer)},
};

}  // namespace attncap::test
