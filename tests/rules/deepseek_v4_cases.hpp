// SPDX-License-Identifier: MIT
// Cases for rules/deepseek_v4.hpp: DeepSeek V4's forced backend and page, KV dtype, kernels and algorithm.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

namespace dsv4 {
/// DeepSeek V4 on SM100 with every option at its default.
inline constexpr conf base = on(H::sm100).mla().model(M::deepseek_v4);
inline constexpr conf npu = on(H::npu).mla().model(M::deepseek_v4);
inline constexpr conf v41 = base.flag(&launch_config::deepseek_v41);
inline constexpr conf trtllm = base.with(&launch_config::dsv4_attn_backend, dsv4_attn_backend::trtllm);
inline constexpr conf mega = v41.with(&launch_config::dsv4_attn_backend, dsv4_attn_backend::flashmla_mega);
}  // namespace dsv4

inline constexpr std::array deepseek_v4_rules{
    rule_case{&sa::dsv4_kv_dtype::info, stage::server_args, exception_kind::assertion_error, dsv4::base.kv(K::bf16),
              "bf16 is not supported for DeepseekV4ForCausalLM", dsv4::base.kv(K::bfloat16), "bf16"},
    rule_case{&sa::dsv4_kv_dtype::info, stage::server_args, exception_kind::assertion_error, dsv4::base.kv(K::fp8_e5m2),
              "fp8_e5m2 is not supported for DeepseekV4ForCausalLM", dsv4::npu.kv(K::fp8_e5m2)},
    rule_case{&sa::dsv4_flashmla_mega::info, stage::server_args, exception_kind::assertion_error,
              dsv4::mega.flag(&launch_config::deepseek_v41, false),
              "--dsv4-attn-backend flashmla_mega requires DeepSeek-V4.1 on SM100/SM103.", dsv4::mega, "flashmla_mega"},
    rule_case{&sa::dsv4_flashmla_mega::info, stage::server_args, exception_kind::assertion_error,
              dsv4::mega.on(H::sm120), "--dsv4-attn-backend flashmla_mega requires DeepSeek-V4.1 on SM100/SM103.",
              dsv4::mega.on(H::sm103)},
    rule_case{&sa::dsv4_trtllm_hardware::info, stage::server_args, exception_kind::assertion_error,
              dsv4::trtllm.on(H::sm90), "--dsv4-attn-backend trtllm requires an SM100/SM103 (Blackwell) GPU.",
              dsv4::trtllm, "sm90"},
    rule_case{&sa::dsv4_trtllm_hardware::info, stage::server_args, exception_kind::assertion_error,
              dsv4::trtllm.with(&launch_config::cuda, 1206),
              "--dsv4-attn-backend trtllm requires an SM100/SM103 (Blackwell) GPU.",
              dsv4::trtllm.with(&launch_config::cuda, 1208)},
    rule_case{&sa::dsv4_trtllm_kv_dtype::info, stage::server_args, exception_kind::assertion_error,
              dsv4::trtllm.kv(K::bfloat16),
              "--dsv4-attn-backend trtllm requires kv_cache_dtype=fp8_e4m3, got bfloat16.",
              dsv4::trtllm.kv(K::fp8_e4m3), "bfloat16"},
    rule_case{&sa::dsv4_trtllm_hisparse::info, stage::server_args, exception_kind::assertion_error,
              dsv4::trtllm.flag(&launch_config::enable_hisparse),
              "--dsv4-attn-backend trtllm does not support enable_hisparse.", dsv4::trtllm, "True"},
    rule_case{&sa::dsv4_trtllm_context_parallel::info, stage::server_args, exception_kind::assertion_error,
              dsv4::trtllm.with(&launch_config::attn_cp_size, 2),
              "--dsv4-attn-backend trtllm does not support context parallelism (prefill CP, attention CP, or decode "
              "CP).",
              dsv4::trtllm, "2"},
    rule_case{&sa::dsv4_trtllm_decode_context_parallel::info, stage::server_args, exception_kind::assertion_error,
              dsv4::trtllm.tp(2).dcp(2),
              "--dsv4-attn-backend trtllm does not support context parallelism (prefill CP, attention CP, or decode "
              "CP).",
              dsv4::trtllm.tp(2), "2"},
    rule_case{&sa::dsv4_trtllm_prefill_context_parallel::info, stage::server_args, exception_kind::assertion_error,
              dsv4::trtllm.prefill_cp(cp_strategy::interleave),
              "--dsv4-attn-backend trtllm does not support context parallelism (prefill CP, attention CP, or decode "
              "CP).",
              dsv4::trtllm.prefill_cp(cp_strategy::interleave).flag(&launch_config::enable_prefill_cp, false), "True"},
    rule_case{&sa::dsv4_trtllm_disaggregation::info, stage::server_args, exception_kind::assertion_error,
              dsv4::trtllm.with(&launch_config::disaggregation_mode, disaggregation_mode::decode),
              "--dsv4-attn-backend trtllm does not support PD disaggregation yet (untested; see "
              "https://github.com/sgl-project/sglang/issues/37838).",
              dsv4::trtllm, "decode"},
    rule_case{&sa::dsv4_trtllm_chunked_prefill::info, stage::server_args, exception_kind::assertion_error,
              dsv4::trtllm.with(&launch_config::chunked_prefill_size, -1),
              "--dsv4-attn-backend trtllm requires chunked prefill (--chunked-prefill-size > 0).",
              dsv4::trtllm.with(&launch_config::chunked_prefill_size, 4096), "-1"},
    rule_case{&sa::dsv4_speculative_algorithm::info, stage::server_args, exception_kind::assertion_error,
              dsv4::base.spec(S::nextn),
              "Only EAGLE and DSPARK speculative algorithms are supported for "
              "DeepseekV4ForCausalLM",
              dsv4::base.spec(S::dspark), "NEXTN"},
    rule_case{&sa::dsv4_eagle_topk::info, stage::server_args, exception_kind::assertion_error,
              dsv4::base.spec(S::eagle),
              "Only EAGLE speculative algorithm with topk == 1 is supported for "
              "DeepseekV4ForCausalLM",
              dsv4::base.spec(S::eagle).topk(1), "None"},
};

inline constexpr std::array deepseek_v4_rewrites{
    rewrite_case{&sa::dsv4_page_size::info, dsv4::base.page(64), "", "256", dsv4::base.page(256)},
    rewrite_case{&sa::dsv4_page_size::info, dsv4::npu.page(64), "", "128", dsv4::npu.page(128)},
    rewrite_case{&sa::dsv4_backend::info, dsv4::base.backend(id::fa4),
                 "Use dsv4 attention backend for DeepseekV4ForCausalLM, setting page_size to 256.", "dsv4",
                 dsv4::base.backend(id::dsv4)},
    rewrite_case{&sa::dsv4_kv_dtype_default::info, dsv4::base,
                 "Setting KV cache dtype to fp8_e4m3 for DeepseekV4ForCausalLM.", "fp8_e4m3",
                 dsv4::base.kv(K::bfloat16)},
    rewrite_case{&sa::dsv4_attn_backend_default::info, dsv4::base, "", "flashmla", dsv4::trtllm},
    rewrite_case{&sa::dsv4_attn_backend_default::info, dsv4::v41, "", "flashmla_mega", dsv4::mega},
    // Attention split over two ranks: the fused kernel would pad each to 64 heads; under PD it may.
    rewrite_case{&sa::dsv4_attn_backend_default::info, dsv4::v41.with(&launch_config::tp_size, 2), "", "flashmla",
                 dsv4::mega.with(&launch_config::tp_size, 2)},
    rewrite_case{&sa::dsv4_attn_backend_default::info,
                 dsv4::v41.with(&launch_config::tp_size, 2)
                     .with(&launch_config::disaggregation_mode, disaggregation_mode::prefill),
                 "", "flashmla_mega",
                 dsv4::mega.with(&launch_config::tp_size, 2)
                     .with(&launch_config::disaggregation_mode, disaggregation_mode::prefill)},
    rewrite_case{&sa::dsv4_attn_backend_default::info, dsv4::v41.kv(K::bfloat16), "", "flashmla",
                 dsv4::mega.kv(K::bfloat16)},
    rewrite_case{&sa::dsv4_kv_dtype_npu::info, dsv4::npu.kv(K::fp8_e4m3), "", "bfloat16", dsv4::npu.kv(K::bfloat16)},
};

}  // namespace attncap::test
