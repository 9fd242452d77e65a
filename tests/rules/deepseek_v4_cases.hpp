// SPDX-License-Identifier: MIT
// Cases for rules/deepseek_v4.hpp: DeepSeek V4's forced backend and page, KV dtype and algorithm.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

namespace dsv4 {
/// DeepSeek V4 on SM100 with every option at its default.
inline constexpr conf base = on(H::sm100).mla().model(M::deepseek_v4);
inline constexpr conf npu = on(H::npu).mla().model(M::deepseek_v4);
}  // namespace dsv4

inline constexpr std::array deepseek_v4_rules{
    rule_case{&sa::dsv4_kv_dtype::info, stage::server_args, exception_kind::assertion_error, dsv4::base.kv(K::bf16),
              "bf16 is not supported for DeepseekV4ForCausalLM", dsv4::base.kv(K::bfloat16), "bf16"},
    rule_case{&sa::dsv4_kv_dtype::info, stage::server_args, exception_kind::assertion_error, dsv4::base.kv(K::fp8_e5m2),
              "fp8_e5m2 is not supported for DeepseekV4ForCausalLM", dsv4::npu.kv(K::fp8_e5m2)},
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
    rewrite_case{&sa::dsv4_kv_dtype_npu::info, dsv4::npu.kv(K::fp8_e4m3), "", "bfloat16", dsv4::npu.kv(K::bfloat16)},
};

}  // namespace attncap::test
