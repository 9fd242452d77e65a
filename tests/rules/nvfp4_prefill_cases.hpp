// SPDX-License-Identifier: MIT
// Cases for rules/nvfp4_prefill.hpp: the NVFP4 KV cache's prefill and decode backends
// (sglang 0.5.23, arg_groups/kv_cache_hook.py:34-96).
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

namespace detail {
constexpr conf dequant(conf c, prefill_dequant_dtype d) {
  return c.with(&launch_config::prefill_kv_cache_dequant_dtype, d);
}
using PD = prefill_dequant_dtype;
}  // namespace detail

inline constexpr std::array nvfp4_prefill_rules{
    rule_case{&sa::nvfp4_dequant_only::info, stage::server_args, exception_kind::value_error,
              detail::dequant(on(H::sm100).kv(K::fp8_e4m3), detail::PD::fp8_e4m3),
              "--prefill-kv-cache-dequant-dtype applies only with --kv-cache-dtype=nvfp4.",
              detail::dequant(on(H::sm100).kv(K::nvfp4), detail::PD::fp8_e4m3), "fp8_e4m3"},
    // Given, the dtype decides: nvfp4 needs SM100 whatever backend is given.
    rule_case{&sa::nvfp4_native_prefill::info, stage::server_args, exception_kind::value_error,
              detail::dequant(on(H::sm90).kv(K::nvfp4), detail::PD::nvfp4),
              "Native NVFP4 prefill currently requires SM100; use --prefill-kv-cache-dequant-dtype=fp8_e4m3 on this "
              "platform.",
              detail::dequant(on(H::sm90).kv(K::nvfp4), detail::PD::fp8_e4m3), "sm90"},
    rule_case{&sa::nvfp4_native_prefill_backend::info, stage::server_args, exception_kind::value_error,
              detail::dequant(on(H::sm100).kv(K::nvfp4).prefill(id::flashinfer), detail::PD::nvfp4),
              "--prefill-kv-cache-dequant-dtype=nvfp4 requires prefill backend 'trtllm_mha', but "
              "--prefill-attention-backend='flashinfer' was set. Remove the backend option and select the KV dtype "
              "only.",
              detail::dequant(on(H::sm100).kv(K::nvfp4).prefill(id::flashinfer), detail::PD::auto_), "flashinfer"},
    rule_case{&sa::nvfp4_fp8_prefill_backend::info, stage::server_args, exception_kind::value_error,
              detail::dequant(on(H::sm100).kv(K::nvfp4).prefill(id::trtllm_mha), detail::PD::fp8_e4m3),
              "--prefill-kv-cache-dequant-dtype=fp8_e4m3 requires prefill backend 'flashinfer', but "
              "--prefill-attention-backend='trtllm_mha' was set. Remove the backend option and select the KV dtype "
              "only.",
              detail::dequant(on(H::sm100).kv(K::nvfp4).prefill(id::flashinfer), detail::PD::fp8_e4m3), "trtllm_mha"},
    rule_case{&sa::nvfp4_prefill_backend::info, stage::server_args, exception_kind::value_error,
              on(H::sm100).mla().kv(K::nvfp4).backend(id::flashmla),
              "NVFP4 prefill supports an FP8 E4M3 workspace or native NVFP4, but backend 'flashmla' provides neither.",
              on(H::sm100).mla().kv(K::nvfp4).backend(id::flashinfer)},
    rule_case{&sa::nvfp4_prefill_backend::info, stage::server_args, exception_kind::value_error,
              on(H::gfx942).kv(K::nvfp4).backend(id::triton),
              "NVFP4 prefill supports an FP8 E4M3 workspace or native NVFP4, but backend 'triton' provides neither.",
              on(H::gfx942).kv(K::fp4_mx_block16).backend(id::triton)},
    rule_case{&sa::nvfp4_prefill_backend::info, stage::server_args, exception_kind::value_error,
              on(H::sm100).kv(K::nvfp4).prefill(id::fa4).decode(id::triton),
              "NVFP4 prefill supports an FP8 E4M3 workspace or native NVFP4, but backend 'fa4' provides neither.",
              on(H::sm100).kv(K::nvfp4).prefill(id::flashinfer).decode(id::triton)},
    rule_case{&sa::nvfp4_native_prefill::info, stage::server_args, exception_kind::value_error,
              on(H::sm120).kv(K::nvfp4).backend(id::trtllm_mha),
              "Native NVFP4 prefill currently requires SM100; use --prefill-kv-cache-dequant-dtype=fp8_e4m3 on this "
              "platform.",
              on(H::sm100).kv(K::nvfp4).backend(id::trtllm_mha), "sm120"},
    rule_case{&sa::nvfp4_decode_backend::info, stage::server_args, exception_kind::value_error,
              on(H::sm100).kv(K::nvfp4).decode(id::flashinfer),
              "NVFP4 decode requires --decode-attention-backend=trtllm_mha; got 'flashinfer'. Remove the backend "
              "option; NVFP4 selects the supported decode implementation automatically.",
              on(H::sm100).kv(K::nvfp4).decode(id::trtllm_mha), "flashinfer"},
};

inline constexpr std::array nvfp4_prefill_rewrites{
    // No backend: native NVFP4 prefill on SM100, the FP8 workspace (flashinfer) elsewhere.
    rewrite_case{&sa::nvfp4_backends::info, on(H::sm100).kv(K::nvfp4), "", "trtllm_mha", on(H::sm100).kv(K::fp8_e4m3)},
    rewrite_case{&sa::nvfp4_backends::info, on(H::sm90).kv(K::nvfp4), "", "flashinfer", on(H::sm90)},
    rewrite_case{&sa::nvfp4_backends::info, on(H::sm100).kv(K::nvfp4).backend(id::flashinfer), "", "flashinfer",
                 on(H::sm100).kv(K::mxfp8).backend(id::flashinfer)},
    // A dtype given overrides the platform's choice.
    rewrite_case{&sa::nvfp4_backends::info, detail::dequant(on(H::sm100).kv(K::nvfp4), detail::PD::fp8_e4m3), "",
                 "flashinfer", detail::dequant(on(H::sm100).kv(K::fp8_e4m3), detail::PD::fp8_e4m3)},
    rewrite_case{&sa::nvfp4_dequant_dtype::info, on(H::sm100).kv(K::nvfp4), "", "nvfp4",
                 detail::dequant(on(H::sm100).kv(K::nvfp4), detail::PD::nvfp4)},
    rewrite_case{&sa::nvfp4_dequant_dtype::info, on(H::sm90).kv(K::nvfp4), "", "fp8_e4m3", on(H::sm90)},
};

}  // namespace attncap::test
