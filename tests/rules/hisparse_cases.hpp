// SPDX-License-Identifier: MIT
// Cases for rules/hisparse.hpp: hierarchical sparse attention's models, radix cache, drafts, KV
// dtype and DSA kernels.
#pragma once

#include <array>

#include "rules/dsa_kernels_cases.hpp"
#include "rules/rule_table.hpp"

namespace attncap::test {

namespace hisparse {
/// DeepSeek V3.2 with HiSparse and the radix cache off, as it asks.
constexpr conf on(hardware h) {
  return detail::dsa_model(h).flag(&launch_config::enable_hisparse).flag(&launch_config::disable_radix_cache);
}
constexpr conf kernels(conf c, dsa_kernel prefill, dsa_kernel decode) {
  return detail::with_kernels(c, prefill, decode);
}
using DK = dsa_kernel;
}  // namespace hisparse

inline constexpr std::array hisparse_rules{
    rule_case{&sa::hisparse_model::info, stage::server_args, exception_kind::assertion_error,
              hisparse::on(H::sm90).model(M::deepseek_v3_like),
              "--enable-hisparse is only supported for DSA (DeepSeek Sparse Attention) models (e.g., DeepSeek V3.2, "
              "GLM-5), DeepSeek V4, and MiniMax M3 now. ",
              hisparse::on(H::sm90), "deepseek_v3_like"},
    rule_case{&sa::hisparse_radix_cache::info, stage::server_args, exception_kind::assertion_error,
              hisparse::on(H::sm90).flag(&launch_config::disable_radix_cache, false),
              "Hierarchical sparse attention currently requires --disable-radix-cache.", hisparse::on(H::sm90),
              "False"},
    rule_case{&sa::hisparse_topk::info, stage::server_args, exception_kind::value_error,
              hisparse::on(H::sm90).eagle(2, 3, 4),
              "The minimal HiSparse spec integration supports linear speculation only; use --speculative-eagle-topk "
              "1.",
              hisparse::on(H::sm90).eagle(1, 3, 4), "2"},
    rule_case{&sa::hisparse_kv_dtype::info, stage::server_args, exception_kind::value_error,
              hisparse::on(H::sm90).model(M::deepseek_v4).mla().kv(K::mxfp8),
              "HiSparse requires one of ('bfloat16', 'fp8_e4m3') KV cache dtypes, but got --kv-cache-dtype=mxfp8. "
              "Please use --kv-cache-dtype=bfloat16 or --kv-cache-dtype=fp8_e4m3.",
              hisparse::on(H::sm90).model(M::deepseek_v4).mla().kv(K::fp8_e4m3), "mxfp8"},
    rule_case{&sa::hisparse_prefill_bf16::info, stage::server_args, exception_kind::value_error,
              hisparse::kernels(hisparse::on(H::sm90).kv(K::bfloat16), hisparse::DK::fa3, hisparse::DK::none),
              "HiSparse supports DSA prefill backend(s) ['flashmla_sparse'] on this platform with "
              "--kv-cache-dtype=bfloat16, but got --dsa-prefill-backend=fa3. Please use one of ['flashmla_sparse'], "
              "or omit the option to let SGLang pick a backend for this platform.",
              hisparse::on(H::sm90).kv(K::bfloat16), "fa3"},
    rule_case{&sa::hisparse_decode_bf16::info, stage::server_args, exception_kind::value_error,
              hisparse::kernels(hisparse::on(H::sm90).kv(K::bfloat16), hisparse::DK::none, hisparse::DK::fa3),
              "HiSparse supports DSA decode backend(s) ['flashmla_sparse'] on this platform with "
              "--kv-cache-dtype=bfloat16, but got --dsa-decode-backend=fa3. Please use one of ['flashmla_sparse'], "
              "or omit the option to let SGLang pick a backend for this platform.",
              hisparse::on(H::sm90).kv(K::bfloat16), "fa3"},
    rule_case{&sa::hisparse_prefill_fp8::info, stage::server_args, exception_kind::value_error,
              hisparse::kernels(hisparse::on(H::sm100).kv(K::fp8_e4m3), hisparse::DK::trtllm, hisparse::DK::none),
              "HiSparse supports DSA prefill backend(s) ['flashinfer_sparse_mla', 'flashmla_kv'] on this platform "
              "with --kv-cache-dtype=fp8_e4m3, but got --dsa-prefill-backend=trtllm. Please use one of "
              "['flashinfer_sparse_mla', 'flashmla_kv'], or omit the option to let SGLang pick a backend for this "
              "platform.",
              hisparse::on(H::sm100).kv(K::fp8_e4m3), "trtllm"},
    rule_case{&sa::hisparse_decode_fp8::info, stage::server_args, exception_kind::value_error,
              hisparse::kernels(hisparse::on(H::sm100).kv(K::fp8_e4m3), hisparse::DK::none, hisparse::DK::trtllm),
              "HiSparse supports DSA decode backend(s) ['flashinfer_sparse_mla', 'flashmla_kv'] on this platform "
              "with --kv-cache-dtype=fp8_e4m3, but got --dsa-decode-backend=trtllm. Please use one of "
              "['flashinfer_sparse_mla', 'flashmla_kv'], or omit the option to let SGLang pick a backend for this "
              "platform.",
              hisparse::on(H::sm100).kv(K::fp8_e4m3), "trtllm"},
    rule_case{&sa::hisparse_prefill_rocm::info, stage::server_args, exception_kind::value_error,
              hisparse::kernels(hisparse::on(H::gfx942), hisparse::DK::flashmla_kv, hisparse::DK::none),
              "HiSparse supports DSA prefill backend(s) ['aiter', 'tilelang', 'triton'] on this platform with "
              "--kv-cache-dtype=bfloat16, but got --dsa-prefill-backend=flashmla_kv. Please use one of ['aiter', "
              "'tilelang', 'triton'], or omit the option to let SGLang pick a backend for this platform.",
              hisparse::on(H::gfx942), "flashmla_kv"},
    rule_case{&sa::hisparse_decode_rocm::info, stage::server_args, exception_kind::value_error,
              hisparse::kernels(hisparse::on(H::gfx942), hisparse::DK::none, hisparse::DK::trtllm),
              "HiSparse supports DSA decode backend(s) ['aiter', 'tilelang', 'triton'] on this platform with "
              "--kv-cache-dtype=bfloat16, but got --dsa-decode-backend=trtllm. Please use one of ['aiter', "
              "'tilelang', 'triton'], or omit the option to let SGLang pick a backend for this platform.",
              hisparse::on(H::gfx942), "trtllm"},
};

}  // namespace attncap::test
