// SPDX-License-Identifier: MIT
// Cases for rules/model_overrides.hpp: DeepSeek DSA and V3, GPT-OSS, Llama4 and Step3p overrides.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

namespace detail {
/// A DeepSeek model with sparse attention, no options given.
constexpr conf dsa_on(hardware h) { return on(h).mla().flag(&launch_config::dsa); }
}  // namespace detail

inline constexpr std::array model_overrides_rules{
    rule_case{&sa::dsa_kpool_dcp::info, stage::server_args, exception_kind::value_error,
              detail::dsa_on(H::sm100).with(&launch_config::index_kpool, 4).tp(2).dcp(2),
              "--dcp-size > 1 is not supported for DSA with index_kpool=4: a pooled index key spans positions owned "
              "by different DCP ranks.",
              detail::dsa_on(H::sm100).with(&launch_config::index_kpool, 4).tp(2), "2"},
    rule_case{&sa::dsa_cuda_capability::info, stage::server_args, exception_kind::assertion_error,
              detail::dsa_on(H::cpu_amx), "Torch not compiled with CUDA enabled", detail::dsa_on(H::sm90), "cpu_amx"},
    rule_case{&sa::hyv4_dcp::info, stage::server_args, exception_kind::value_error,
              on(H::sm100).model(M::hyv4).mla().tp(4).dcp(2),
              "--dcp-size > 1 is not supported for HYV4 because decode context parallelism gathers query heads across "
              "DCP ranks but does not provide single-owner semantics for learnable attention sinks. Got "
              "architecture='HYV4ForCausalLM' and dcp_size=2.",
              on(H::sm100).model(M::hyv4).mla().tp(4), "2"},
    rule_case{
        &sa::dsa_dcp_disaggregation::info, stage::server_args, exception_kind::value_error,
        detail::dsa_on(H::sm100).tp(4).dcp(2).with(&launch_config::disaggregation_mode, disaggregation_mode::decode),
        "DSA DCP does not support PD disaggregation.",
        detail::dsa_on(H::sm100).tp(4).with(&launch_config::disaggregation_mode, disaggregation_mode::decode),
        "decode"},
    rule_case{&sa::dsa_dcp_hicache::info, stage::server_args, exception_kind::value_error,
              detail::dsa_on(H::sm100).tp(4).dcp(2).flag(&launch_config::enable_hierarchical_cache),
              "DSA DCP does not support HiSparse or HiCache.", detail::dsa_on(H::sm100).tp(4).dcp(2), "True"},
    rule_case{&sa::dsa_dcp_hisparse::info, stage::server_args, exception_kind::value_error,
              detail::dsa_on(H::sm100).tp(4).dcp(2).flag(&launch_config::enable_hisparse),
              "DSA DCP does not support HiSparse or HiCache.", detail::dsa_on(H::sm100).tp(4).dcp(2), "True"},
    rule_case{&sa::dsa_dcp_topk::info, stage::server_args, exception_kind::value_error,
              detail::dsa_on(H::sm100).tp(4).dcp(2).eagle(2, 3, 4), "DSA DCP requires --speculative-eagle-topk 1.",
              detail::dsa_on(H::sm100).tp(4).dcp(2).eagle(1, 3, 4), "2"},
    rule_case{&sa::dsa_sinks_kv_dtype::info, stage::server_args, exception_kind::value_error,
              detail::dsa_on(H::sm100).flag(&launch_config::attention_sinks).kv(K::fp8_e4m3),
              "Learnable DSA attention sinks require a bfloat16 KV cache; got kv_cache_dtype=fp8_e4m3.",
              detail::dsa_on(H::sm100).flag(&launch_config::attention_sinks).kv(K::bfloat16), "fp8_e4m3"},
    rule_case{&sa::dsa_sinks_kv_dtype::info, stage::server_args, exception_kind::value_error,
              detail::dsa_on(H::sm90).flag(&launch_config::attention_sinks).kv(K::fp8_e5m2),
              "Learnable DSA attention sinks require a bfloat16 KV cache; got kv_cache_dtype=fp8_e5m2.",
              detail::dsa_on(H::sm90).kv(K::fp8_e5m2)},
    rule_case{&sa::dsa_kv_dtype::info, stage::server_args, exception_kind::assertion_error,
              detail::dsa_on(H::sm90).kv(K::fp8_e5m2),
              "DeepSeek DSA only supports bf16/bfloat16 or fp8_e4m3 kv_cache_dtype",
              detail::dsa_on(H::sm90).kv(K::fp8_e4m3), "fp8_e5m2"},
    rule_case{&sa::dsa_kv_dtype::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm100).mla().model(M::deepseek_dsa).kv(K::mxfp8),
              "DeepSeek DSA only supports bf16/bfloat16 or fp8_e4m3 kv_cache_dtype", on(H::sm100).mla().kv(K::mxfp8)},
    // sglang 0.5.23, arg_groups/model_hook.py:515-540 and 615-625.
    rule_case{&sa::gpt_oss_xpu_dtype::info, stage::server_args, exception_kind::not_implemented_error,
              on(H::xpu_xmx).model(M::gpt_oss).with(&launch_config::dtype, model_dtype::float16),
              "GptOssForCausalLM on Intel XPU only supports bfloat16 dtype, but got 'float16'. Please use --dtype "
              "bfloat16 or remove --dtype to use auto.",
              on(H::xpu_xmx).model(M::gpt_oss).with(&launch_config::dtype, model_dtype::bfloat16), "float16"},
    rule_case{&sa::gpt_oss_backends::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm110).model(M::gpt_oss).backend(id::wave),
              "GptOssForCausalLM requires one of ['triton', 'trtllm_mha', 'fa3', 'fa4', 'ascend', 'intel_amx', "
              "'intel_xpu', 'aiter'] attention backend, but got the following backends\n- Prefill: wave\n- Decode: "
              "wave\n",
              on(H::sm110).model(M::gpt_oss).backend(id::triton)},
    rule_case{&sa::gpt_oss_backends::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm90).model(M::gpt_oss).backend(id::fa3).decode(id::flashinfer),
              "GptOssForCausalLM requires one of ['triton', 'trtllm_mha', 'fa3', 'fa4', 'ascend', 'intel_amx', "
              "'intel_xpu', 'aiter'] attention backend, but got the following backends\n- Prefill: fa3\n- Decode: "
              "flashinfer\n",
              on(H::sm90).model(M::gpt_oss).backend(id::fa3).decode(id::fa4)},
    rule_case{&sa::llama4_backends::info, stage::server_args, exception_kind::assertion_error,
              on(H::gfx90a).model(M::llama4).backend(id::torch_native),
              "fa3, aiter, triton, ascend, trtllm_mha or intel_xpu is required for Llama4 model but got torch_native",
              on(H::gfx90a).model(M::llama4).backend(id::aiter)},
    rule_case{&sa::llama4_backends::info, stage::server_args, exception_kind::assertion_error,
              on(H::sm90).model(M::llama4).backend(id::flashinfer),
              "fa3, aiter, triton, ascend, trtllm_mha or intel_xpu is required for Llama4 model but got flashinfer",
              on(H::cpu_amx).model(M::llama4).backend(id::flashinfer)},
};

inline constexpr std::array model_overrides_rewrites{
    rewrite_case{&sa::gpt_oss_xpu_dtype_note::info, on(H::xpu).model(M::gpt_oss),
                 "GptOssForCausalLM on Intel XPU currently supports bfloat16 dtype only", "auto",
                 on(H::sm90).model(M::gpt_oss)},
    rewrite_case{&sa::dsa_default_backend::info, detail::dsa_on(H::sm90),
                 "Use dsa attention backend for DeepSeek with DSA.", "dsa", detail::dsa_on(H::sm90).prefill(id::fa3)},
    rewrite_case{&sa::dsa_default_backend::info, on(H::sm90).mla().model(M::deepseek_dsa),
                 "Use dsa attention backend for DeepSeek with DSA.", "dsa", on(H::sm90).mla()},
    rewrite_case{&sa::dsa_page_size::info, detail::dsa_on(H::sm90).page(32),
                 "Setting page size to 64 for DeepSeek DSA.", "64", detail::dsa_on(H::sm90).page(64)},
    rewrite_case{&sa::dsa_page_size::info, detail::dsa_on(H::sm100), "Setting page size to 64 for DeepSeek DSA.", "64",
                 detail::dsa_on(H::xpu_xmx)},
    // A page holds whole pooled index groups.
    rewrite_case{&sa::dsa_page_size::info, detail::dsa_on(H::sm90).with(&launch_config::index_kpool, 4),
                 "Setting page size to 256 for DeepSeek DSA.", "256",
                 detail::dsa_on(H::sm90).with(&launch_config::index_kpool, 4).page(256)},
    rewrite_case{&sa::dsa_page_size_rocm::info, detail::dsa_on(H::gfx942).page(64),
                 "Setting page size to 1 for DeepSeek DSA on ROCm (aiter preshuffle paged-MQA path unavailable: needs "
                 "Triton>=3.5.0 or AITER_ENABLE_AOT_GLUON_PA_MQA_LOGITS=1).",
                 "1", detail::dsa_on(H::gfx942).page(1)},
    rewrite_case{&sa::dsa_page_size_xpu::info, detail::dsa_on(H::xpu_xmx),
                 "Setting page size to 128 for DeepSeek DSA on XPU.", "128", detail::dsa_on(H::xpu_xmx).page(128)},
    rewrite_case{&sa::dsa_kv_dtype_xpu::info, detail::dsa_on(H::xpu),
                 "Setting KV cache dtype to bfloat16 for DeepSeek DSA on XPU.", "bfloat16",
                 detail::dsa_on(H::xpu).kv(K::fp8_e4m3)},
    rewrite_case{&sa::dsa_kv_dtype_default::info, detail::dsa_on(H::sm100),
                 "Setting KV cache dtype to fp8_e4m3 for DeepSeek DSA on SM10 device.", "fp8_e4m3",
                 detail::dsa_on(H::sm100).kv(K::bfloat16)},
    rewrite_case{&sa::dsa_kv_dtype_default::info, detail::dsa_on(H::sm90),
                 "Setting KV cache dtype to bfloat16 for DeepSeek DSA on SM9 device.", "bfloat16",
                 detail::dsa_on(H::npu)},
    rewrite_case{&sa::dsa_kv_dtype_default::info, detail::dsa_on(H::sm120).flag(&launch_config::attention_sinks),
                 "Setting KV cache dtype to bfloat16 for DeepSeek DSA on SM12 device.", "bfloat16",
                 detail::dsa_on(H::sm120).flag(&launch_config::attention_sinks).kv(K::bf16)},
    rewrite_case{&sa::dsa_kv_dtype_spelling::info, detail::dsa_on(H::sm90).kv(K::bf16), "", "bfloat16",
                 detail::dsa_on(H::sm90).kv(K::bfloat16)},
    rewrite_case{&sa::deepseek_trtllm_mla::info, on(H::sm100).mla().model(M::deepseek_v3),
                 "Use trtllm_mla as attention backend on sm100 for DeepseekV3ForCausalLM", "trtllm_mla",
                 on(H::sm90).mla().model(M::deepseek_v3)},
    rewrite_case{&sa::deepseek_trtllm_mla::info, on(H::sm103).mla().model(M::deepseek_v3),
                 "Use trtllm_mla as attention backend on sm100 for DeepseekV3ForCausalLM", "trtllm_mla",
                 on(H::sm103).mla().model(M::deepseek_v3).decode(id::flashinfer)},
    rewrite_case{&sa::gpt_oss_backend::info, on(H::sm80).model(M::gpt_oss), "", "triton", on(H::sm80)},
    rewrite_case{&sa::gpt_oss_backend::info, on(H::sm100).model(M::gpt_oss), "", "trtllm_mha",
                 on(H::sm100).model(M::gpt_oss).backend(id::fa4)},
    rewrite_case{&sa::gpt_oss_backend::info, on(H::xpu_xmx).model(M::gpt_oss), "", "intel_xpu",
                 on(H::xpu_xmx).model(M::gpt_oss).prefill(id::triton)},
    rewrite_case{&sa::llama4_backend::info, on(H::sm90).model(M::llama4),
                 "Use fa3 as attention backend on sm90 for Llama4 model", "fa3",
                 on(H::sm90).model(M::llama4).backend(id::flashinfer)},
    rewrite_case{&sa::llama4_backend::info, on(H::sm100).model(M::llama4),
                 "Use trtllm_mha as attention backend on sm100 for Llama4 model", "trtllm_mha", on(H::sm100)},
    rewrite_case{&sa::llama4_backend::info, on(H::sm80).model(M::llama4),
                 "Use triton as attention backend on other platforms for Llama4 model", "triton",
                 on(H::cpu_amx).model(M::llama4)},
    rewrite_case{&sa::llama4_backend::info, on(H::gfx942).model(M::llama4),
                 "Use aiter as attention backend on hip for Llama4 model", "aiter",
                 on(H::gfx942).model(M::llama4).backend(id::triton)},
    rewrite_case{&sa::step3p_backend::info, on(H::sm100).model(M::step3p), "", "fa4", on(H::sm80).model(M::step3p)},
    rewrite_case{&sa::step3p_backend::info, on(H::sm90).model(M::step3p), "", "fa3",
                 on(H::sm90).model(M::step3p).decode(id::triton)},
    rewrite_case{&sa::multi_layer_eagle::info, on(H::sm90).model(M::step3p).spec(S::eagle), "", "True",
                 on(H::sm90).model(M::step3p).spec(S::nextn)},
    rewrite_case{&sa::multi_layer_eagle::info, on(H::sm100).model(M::mimo_v2).spec(S::eagle), "", "True",
                 on(H::sm100).model(M::llama).spec(S::eagle)},
};

}  // namespace attncap::test
