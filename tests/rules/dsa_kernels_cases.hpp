// SPDX-License-Identifier: MIT
// Cases for rules/dsa_kernels.hpp: DeepSeek sparse attention's prefill and decode kernels.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

namespace detail {
/// DeepSeek V3.2 with `kernels` given for the phase `m`.
constexpr conf dsa_model(hardware h) { return on(h).mla().model(M::deepseek_dsa); }
constexpr conf with_kernels(conf c, dsa_kernel prefill, dsa_kernel decode) {
  return c.with(&launch_config::dsa_prefill_backend, prefill).with(&launch_config::dsa_decode_backend, decode);
}
using DK = dsa_kernel;
}  // namespace detail

inline constexpr std::array dsa_kernels_rules{
    rule_case{&rules::argparse::dsa_decode_backend_choice::info, stage::argparse, exception_kind::argument_error,
              detail::with_kernels(detail::dsa_model(H::sm90), detail::DK::none, detail::DK::triton_sparse_mla),
              "argument --dsa-decode-backend: invalid choice: 'triton_sparse_mla' (choose from 'flashmla_sparse', "
              "'flashmla_sparse_q8', 'flashmla_kv', 'flashmla_auto', 'flashinfer_sparse_mla', 'fa3', 'tilelang', "
              "'triton', 'aiter', 'trtllm', 'intel_xpu')",
              detail::with_kernels(detail::dsa_model(H::sm90), detail::DK::none, detail::DK::fa3), "triton_sparse_mla"},
    rule_case{&sa::dsa_sinks_prefill_kernel::info, stage::server_args, exception_kind::value_error,
              detail::with_kernels(detail::dsa_model(H::sm90), detail::DK::fa3, detail::DK::none)
                  .flag(&launch_config::attention_sinks),
              "DeepseekV32ForCausalLM uses learnable attention sinks and requires --dsa-prefill-backend "
              "'flashmla_sparse'; got 'fa3'",
              detail::with_kernels(detail::dsa_model(H::sm90), detail::DK::flashmla_sparse, detail::DK::none)
                  .flag(&launch_config::attention_sinks),
              "fa3"},
    rule_case{&sa::dsa_sinks_decode_kernel::info, stage::server_args, exception_kind::value_error,
              detail::with_kernels(detail::dsa_model(H::sm100), detail::DK::none, detail::DK::trtllm)
                  .flag(&launch_config::attention_sinks),
              "DeepseekV32ForCausalLM uses learnable attention sinks and requires --dsa-decode-backend "
              "'flashmla_sparse'; got 'trtllm'",
              detail::with_kernels(detail::dsa_model(H::sm100), detail::DK::none, detail::DK::none)
                  .flag(&launch_config::attention_sinks),
              "trtllm"},
    rule_case{&sa::dsa_triton_prefill_rocm::info, stage::server_args, exception_kind::value_error,
              detail::with_kernels(detail::dsa_model(H::sm90), detail::DK::triton, detail::DK::none),
              "The triton DSA backend is only supported on ROCm/HIP. Pick an alternative DSA backend for CUDA "
              "(flashmla_kv on Hopper, trtllm on Blackwell).",
              detail::with_kernels(detail::dsa_model(H::gfx942), detail::DK::triton, detail::DK::none), "triton"},
    rule_case{&sa::dsa_triton_decode_rocm::info, stage::server_args, exception_kind::value_error,
              detail::with_kernels(detail::dsa_model(H::sm100), detail::DK::none, detail::DK::triton),
              "The triton DSA backend is only supported on ROCm/HIP. Pick an alternative DSA backend for CUDA "
              "(flashmla_kv on Hopper, trtllm on Blackwell).",
              detail::with_kernels(detail::dsa_model(H::sm100), detail::DK::none, detail::DK::trtllm), "triton"},
    rule_case{
        &sa::dsa_tilelang_prefill_pair::info, stage::server_args, exception_kind::value_error,
        detail::with_kernels(detail::dsa_model(H::sm90).kv(K::fp8_e4m3), detail::DK::fa3, detail::DK::tilelang),
        "CUDA TileLang FP8 KV requires both DSA backends to be tilelang; raw and scaled FP8 KV layouts cannot be "
        "mixed.",
        detail::with_kernels(detail::dsa_model(H::sm90).kv(K::fp8_e4m3), detail::DK::tilelang, detail::DK::tilelang),
        "fa3"},
    rule_case{&sa::dsa_tilelang_decode_pair::info, stage::server_args, exception_kind::value_error,
              detail::with_kernels(detail::dsa_model(H::sm90).kv(K::fp8_e4m3), detail::DK::tilelang, detail::DK::none),
              "CUDA TileLang FP8 KV requires both DSA backends to be tilelang; raw and scaled FP8 KV layouts cannot be "
              "mixed.",
              detail::with_kernels(detail::dsa_model(H::sm90).kv(K::bfloat16), detail::DK::tilelang, detail::DK::none),
              "flashmla_kv"},
    rule_case{
        &sa::dsa_hisparse_tilelang_fp8::info, stage::server_args, exception_kind::value_error,
        detail::with_kernels(detail::dsa_model(H::sm90).kv(K::fp8_e4m3), detail::DK::tilelang, detail::DK::tilelang)
            .flag(&launch_config::enable_hisparse),
        "CUDA TileLang FP8 KV does not support HiSparse.",
        detail::with_kernels(detail::dsa_model(H::sm90).kv(K::fp8_e4m3), detail::DK::tilelang, detail::DK::tilelang),
        "True"},
    rule_case{
        &sa::dsa_tilelang_dcp::info, stage::server_args, exception_kind::value_error,
        detail::with_kernels(detail::dsa_model(H::sm90).kv(K::fp8_e4m3), detail::DK::tilelang, detail::DK::tilelang)
            .tp(2)
            .dcp(2),
        "CUDA TileLang FP8 KV does not support --dcp-size > 1.",
        detail::with_kernels(detail::dsa_model(H::sm90).kv(K::fp8_e4m3), detail::DK::tilelang, detail::DK::tilelang)
            .tp(2),
        "2"},
    rule_case{
        &sa::dsa_tilelang_sm89::info, stage::server_args, exception_kind::value_error,
        detail::with_kernels(detail::dsa_model(H::sm86).kv(K::fp8_e4m3), detail::DK::tilelang, detail::DK::tilelang),
        "CUDA TileLang FP8 KV requires SM89 or newer.",
        detail::with_kernels(detail::dsa_model(H::sm89).kv(K::fp8_e4m3), detail::DK::tilelang, detail::DK::tilelang),
        "sm86"},
};

inline constexpr std::array dsa_kernels_rewrites{
    rewrite_case{&sa::dsa_dcp_prefill_kernel::info, detail::dsa_model(H::sm100).tp(2).dcp(2), "", "trtllm",
                 detail::dsa_model(H::sm100).tp(2)},
    rewrite_case{&sa::dsa_dcp_decode_kernel::info, detail::dsa_model(H::xpu_xmx).tp(2).dcp(2), "", "trtllm",
                 detail::dsa_model(H::xpu_xmx).tp(2)},
    rewrite_case{&sa::dsa_prefill_kernel::info, detail::dsa_model(H::sm90), "", "flashmla_sparse",
                 detail::dsa_model(H::npu)},
    rewrite_case{&sa::dsa_decode_kernel::info, detail::dsa_model(H::sm90), "", "fa3", detail::dsa_model(H::npu)},
    rewrite_case{&sa::dsa_decode_kernel::info, detail::dsa_model(H::sm100), "", "trtllm",
                 detail::with_kernels(detail::dsa_model(H::sm100), detail::DK::none, detail::DK::flashmla_kv)},
    rewrite_case{&sa::dsa_prefill_kernel::info, detail::dsa_model(H::gfx950), "", "triton", detail::dsa_model(H::npu)},
    rewrite_case{&sa::dsa_prefill_kernel::info, on(H::sm120).mla().model(M::glm_moe_dsa).kv(K::fp8_e4m3), "",
                 "flashinfer_sparse_mla", on(H::sm120).mla().model(M::glm_moe_dsa).kv(K::fp8_e4m3).on(H::npu)},
    rewrite_case{&sa::dsa_decode_kernel::info, detail::dsa_model(H::xpu_xmx), "", "intel_xpu",
                 detail::dsa_model(H::npu)},
};

}  // namespace attncap::test
