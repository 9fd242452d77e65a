// SPDX-License-Identifier: MIT
/// @file
/// The engine's per-model overrides (DeepSeek DSA and V3 family, GPT-OSS, Llama4, Step3p), which
/// run after the platform hooks and before deterministic inference and backend compatibility.
#pragma once

#include <array>
#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/capabilities.hpp>
#include <attncap/capabilities/rule.hpp>

namespace attncap::rules::server_args {

namespace detail {
using ::attncap::detail::one_of;
using ::attncap::detail::pair_one_of;
constexpr bool no_backend_given(const launch_config& c) noexcept {
  return !is_set(c.attention_backend) && !is_set(c.prefill_attention_backend) && !is_set(c.decode_attention_backend);
}
constexpr bool is_dsa_model(const launch_config& c) noexcept { return has_model_trait(c, model_trait::dsa); }
/// Where the DSA override pages by pooled index groups: off the NPU, XPU and ROCm's legacy indexer.
constexpr bool dsa_pooled_pages(const rule_context& ctx) noexcept {
  return is_dsa_model(ctx.cfg) && !ctx.hw.is_npu() && !ctx.hw.is_xpu() && !ctx.hw.is_hip();
}
}  // namespace detail

// HY V4's learnable sinks need one owner, which a DCP group's gathered query heads lack.
ATTNCAP_RULE(hyv4_dcp, "model.hyv4_dcp", server_args, value_error, dcp_size, "1",
             "--dcp-size > 1 is not supported for HYV4 because decode context parallelism gathers query heads across "
             "DCP ranks but does not provide single-owner semantics for learnable attention sinks. Got "
             "architecture={architecture!r} and dcp_size={dcp_size!r}.") {
  return ctx.cfg.model == model_family::hyv4 && ctx.cfg.dcp_size > 1;
}
// One message for either tier, each reported with its own flag.
#define ATTNCAP_DSA_DCP_TIER_RULE(Name, Code, Flag)                                                                    \
  ATTNCAP_RULE(Name, Code, server_args, value_error, Flag, "False", "DSA DCP does not support HiSparse or HiCache.") { \
    return detail::is_dsa_model(ctx.cfg) && ctx.cfg.dcp_size > 1 && ctx.cfg.Flag;                                      \
  }
ATTNCAP_DSA_DCP_TIER_RULE(dsa_dcp_hisparse, "model.dsa_dcp_hisparse", enable_hisparse)
ATTNCAP_DSA_DCP_TIER_RULE(dsa_dcp_hicache, "model.dsa_dcp_hierarchical_cache", enable_hierarchical_cache)
#undef ATTNCAP_DSA_DCP_TIER_RULE
ATTNCAP_RULE(dsa_dcp_disaggregation, "model.dsa_dcp_disaggregation", server_args, value_error, disaggregation_mode,
             "null", "DSA DCP does not support PD disaggregation.") {
  return detail::is_dsa_model(ctx.cfg) && ctx.cfg.dcp_size > 1 &&
         ctx.cfg.disaggregation_mode != disaggregation_mode::null;
}
ATTNCAP_RULE(dsa_dcp_topk, "model.dsa_dcp_topk", server_args, value_error, speculative_eagle_topk, "None, 1",
             "DSA DCP requires --speculative-eagle-topk 1.") {
  const auto k = ctx.cfg.speculative_eagle_topk;
  return detail::is_dsa_model(ctx.cfg) && ctx.cfg.dcp_size > 1 && k != unset && k != 1;
}

/// DeepSeek DSA models default to the dsa backend.
struct dsa_default_backend {
  static constexpr rewrite_info info{"model.dsa_backend", field::attention_backend,
                                     "Use dsa attention backend for DeepSeek with DSA."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::is_dsa_model(ctx.cfg) && detail::no_backend_given(ctx.cfg);
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.attention_backend = id::dsa; }
};

// A pooled index key would span positions that different DCP ranks own.
ATTNCAP_RULE(
    dsa_kpool_dcp, "model.dsa_kpool_dcp", server_args, value_error, dcp_size, "1 (with index_kpool > 1)",
    "--dcp-size > 1 is not supported for DSA with index_kpool={index_kpool}: a pooled index key spans positions "
    "owned by different DCP ranks.") {
  return detail::dsa_pooled_pages(ctx) && ctx.cfg.index_kpool > 1 && ctx.cfg.dcp_size > 1;
}

/// DeepSeek DSA: a page holds whole pooled index groups, 64 * index_kpool (1 on ROCm, 128 on XPU),
/// whatever the user gave.
struct dsa_page_size {
  static constexpr rewrite_info info{"model.dsa_page_size", field::page_size,
                                     "Setting page size to {new_page_size} for DeepSeek DSA."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::dsa_pooled_pages(ctx) && ctx.cfg.page_size != 64 * ctx.cfg.index_kpool;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.page_size = 64 * cfg.index_kpool; }
};

/// ROCm runs DSA's legacy indexer, one token a page, unless the server's environment enables
/// aiter's preshuffle kernels (SGLANG_USE_AITER=1 with Triton >= 3.5), which a launch does not say.
struct dsa_page_size_rocm {
  static constexpr rewrite_info info{
      "model.dsa_page_size_rocm", field::page_size,
      "Setting page size to 1 for DeepSeek DSA on ROCm (aiter preshuffle paged-MQA path unavailable: needs "
      "Triton>=3.5.0 or AITER_ENABLE_AOT_GLUON_PA_MQA_LOGITS=1)."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::is_dsa_model(ctx.cfg) && ctx.hw.is_hip() && ctx.cfg.page_size != 1;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.page_size = 1; }
};

// Off CUDA and ROCm the DSA defaults query the GPU's compute capability through torch, which a
// CPU build of torch refuses (arg_groups/model_hook.py:340).
ATTNCAP_RULE(dsa_cuda_capability, "model.dsa_cuda_capability", server_args, assertion_error, hardware,
             "CUDA or ROCm devices (and the NPU and XPU, which skip the query)",
             "Torch not compiled with CUDA enabled") {
  const auto& hw = ctx.hw;
  return detail::is_dsa_model(ctx.cfg) && !hw.is_cuda() && !hw.is_hip() && !hw.is_npu() && !hw.is_xpu();
}

struct dsa_page_size_xpu {
  static constexpr rewrite_info info{"model.dsa_page_size_xpu", field::page_size,
                                     "Setting page size to 128 for DeepSeek DSA on XPU."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::is_dsa_model(ctx.cfg) && ctx.hw.is_xpu() && ctx.cfg.page_size != 128;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.page_size = 128; }
};

/// DeepSeek DSA: learnable sinks need a bfloat16 cache (checked before the auto default).
ATTNCAP_RULE(dsa_sinks_kv_dtype, "model.dsa_sinks_kv_dtype", server_args, value_error, kv_cache_dtype, "bfloat16",
             "Learnable DSA attention sinks require a bfloat16 KV cache; got kv_cache_dtype={kv_cache_dtype}.") {
  const auto& c = ctx.cfg;
  return detail::is_dsa_model(c) && !ctx.hw.is_npu() && !ctx.hw.is_xpu() && c.attention_sinks &&
         !is_bf16(c.kv_cache_dtype) && c.kv_cache_dtype != kv_cache_dtype::auto_;
}

/// DeepSeek DSA: `auto` KV becomes fp8_e4m3 on SM >= 10 without sinks, else bfloat16.
struct dsa_kv_dtype_default {
  static constexpr rewrite_info info{
      "model.dsa_kv_dtype_default", field::kv_cache_dtype,
      "Setting KV cache dtype to {new_kv_cache_dtype} for DeepSeek DSA on SM{sm_major} device."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::is_dsa_model(ctx.cfg) && !ctx.hw.is_npu() && !ctx.hw.is_xpu() &&
           ctx.cfg.kv_cache_dtype == kv_cache_dtype::auto_;
  }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    cfg.kv_cache_dtype =
        hw.major() >= 10 && hw.is_cuda() && !cfg.attention_sinks ? kv_cache_dtype::fp8_e4m3 : kv_cache_dtype::bfloat16;
  }
};

struct dsa_kv_dtype_xpu {
  static constexpr rewrite_info info{"model.dsa_kv_dtype_xpu", field::kv_cache_dtype,
                                     "Setting KV cache dtype to bfloat16 for DeepSeek DSA on XPU."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::is_dsa_model(ctx.cfg) && ctx.hw.is_xpu() && ctx.cfg.kv_cache_dtype == kv_cache_dtype::auto_;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.kv_cache_dtype = kv_cache_dtype::bfloat16;
  }
};

/// DeepSeek DSA: `bf16` is spelled `bfloat16` from here on.
struct dsa_kv_dtype_spelling {
  static constexpr rewrite_info info{"model.dsa_kv_dtype_spelling", field::kv_cache_dtype, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return detail::is_dsa_model(ctx.cfg) && !ctx.hw.is_npu() && !ctx.hw.is_xpu() &&
           ctx.cfg.kv_cache_dtype == kv_cache_dtype::bf16;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.kv_cache_dtype = kv_cache_dtype::bfloat16;
  }
};

ATTNCAP_RULE(dsa_kv_dtype, "model.dsa_kv_dtype", server_args, assertion_error, kv_cache_dtype,
             "bf16, bfloat16, fp8_e4m3", "DeepSeek DSA only supports bf16/bfloat16 or fp8_e4m3 kv_cache_dtype") {
  const auto k = ctx.cfg.kv_cache_dtype;
  return detail::is_dsa_model(ctx.cfg) && !ctx.hw.is_npu() && !ctx.hw.is_xpu() && !is_bf16(k) &&
         k != kv_cache_dtype::fp8_e4m3 && k != kv_cache_dtype::auto_;
}

/// DeepSeek V3 family on SM100: trtllm_mla when no backend is given.
struct deepseek_trtllm_mla {
  static constexpr rewrite_info info{"model.deepseek_trtllm_mla", field::attention_backend,
                                     "Use trtllm_mla as attention backend on sm100 for DeepseekV3ForCausalLM"};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto m = ctx.cfg.model;
    return (m == model_family::deepseek_v3 || m == model_family::deepseek_v3_like || m == model_family::hyv4) &&
           !detail::is_dsa_model(ctx.cfg) && ctx.hw.is_sm100() && detail::no_backend_given(ctx.cfg);
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.attention_backend = id::trtllm_mla; }
};

/// GPT-OSS: per-platform backend when none is given.
struct gpt_oss_backend {
  static constexpr rewrite_info info{"model.gpt_oss_backend", field::attention_backend, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.model == model_family::gpt_oss && detail::no_backend_given(ctx.cfg);
  }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    cfg.attention_backend = hw.is_sm100()                 ? id::trtllm_mha
                            : hw.is_sm90()                ? id::fa3
                            : hw.is_cpu() && hw.has_amx() ? id::intel_amx
                            : hw.is_xpu()                 ? id::intel_xpu
                            : hw.is_hip()                 ? id::aiter
                                                          : id::triton;
  }
};

/// GPT-OSS on Intel XPU runs bfloat16 only: `auto` is logged, any other dtype refused
/// (arg_groups/model_overrides/gpt_oss.py:45-55).
struct gpt_oss_xpu_dtype_note {
  static constexpr rewrite_info info{"model.gpt_oss_xpu_dtype_note", field::dtype,
                                     "GptOssForCausalLM on Intel XPU currently supports bfloat16 dtype only"};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.model == model_family::gpt_oss && ctx.hw.is_xpu() && ctx.cfg.dtype == model_dtype::auto_;
  }
  static constexpr void apply(launch_config&, const platform&) noexcept {}
};
ATTNCAP_RULE(gpt_oss_xpu_dtype, "model.gpt_oss_xpu_dtype", server_args, not_implemented_error, dtype, "bfloat16",
             "GptOssForCausalLM on Intel XPU only supports bfloat16 dtype, but got '{dtype}'. Please use --dtype "
             "bfloat16 or remove --dtype to use auto.") {
  const auto d = ctx.cfg.dtype;
  return ctx.cfg.model == model_family::gpt_oss && ctx.hw.is_xpu() && d != model_dtype::auto_ &&
         d != model_dtype::bfloat16;
}

/// GPT-OSS: both resolved backends from one list, after its default (sglang 0.5.23,
/// arg_groups/model_hook.py:515-540; only MLX on macOS, which attncap does not model, is exempt).
ATTNCAP_RULE(gpt_oss_backends, "model.gpt_oss_backends", server_args, assertion_error, attention_backend,
             "triton, trtllm_mha, fa3, fa4, ascend, intel_amx, intel_xpu, aiter",
             "GptOssForCausalLM requires one of ['triton', 'trtllm_mha', 'fa3', 'fa4', 'ascend', 'intel_amx', "
             "'intel_xpu', 'aiter'] attention backend, but got the following backends\n- Prefill: {prefill_backend}\n"
             "- Decode: {decode_backend}\n") {
  constexpr std::array allowed{id::triton, id::trtllm_mha, id::fa3,       id::fa4,
                               id::ascend, id::intel_amx,  id::intel_xpu, id::aiter};
  const auto& c = ctx.cfg;
  return c.model == model_family::gpt_oss && !detail::pair_one_of(c, allowed);
}

/// Llama4 (not on CPU): per-platform backend when the base backend is not given.
struct llama4_backend {
  static constexpr rewrite_info info{"model.llama4_backend", field::attention_backend,
                                     "Use {new_attention_backend} as attention backend on {platform} for Llama4 model"};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.model == model_family::llama4 && !ctx.hw.is_cpu() && !is_set(ctx.cfg.attention_backend);
  }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    cfg.attention_backend = hw.is_sm100()  ? id::trtllm_mha
                            : hw.is_sm90() ? id::fa3
                            : hw.is_hip()  ? id::aiter
                            : hw.is_xpu()  ? id::intel_xpu
                                           : id::triton;
  }
};

/// Llama4 off CPU: the base backend from one list, after its default (model_hook.py:615-625).
ATTNCAP_RULE(llama4_backends, "model.llama4_backends", server_args, assertion_error, attention_backend,
             "fa3, aiter, triton, ascend, trtllm_mha, intel_xpu",
             "fa3, aiter, triton, ascend, trtllm_mha or intel_xpu is required for Llama4 model but got "
             "{attention_backend}") {
  const auto& c = ctx.cfg;
  return c.model == model_family::llama4 && !ctx.hw.is_cpu() &&
         !detail::one_of(c.attention_backend,
                         {id::fa3, id::aiter, id::triton, id::ascend, id::trtllm_mha, id::intel_xpu});
}

/// Step3p5 (causal LM) / Step3p7 (conditional generation): fa4 on Blackwell, fa3 on SM90, when no backend is given.
struct step3p_backend {
  static constexpr rewrite_info info{"model.step3p_backend", field::attention_backend, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.model == model_family::step3p && detail::no_backend_given(ctx.cfg) &&
           (ctx.hw.is_blackwell() || ctx.hw.is_sm90());
  }
  static constexpr void apply(launch_config& cfg, const platform& hw) noexcept {
    cfg.attention_backend = hw.is_blackwell() ? id::fa4 : id::fa3;
  }
};

/// Step3p and MiMo V2 draft EAGLE with their multi-layer head: EAGLE as given, before the NEXTN
/// alias resolves to it.
struct multi_layer_eagle {
  static constexpr rewrite_info info{"model.multi_layer_eagle", field::enable_multi_layer_eagle, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    return (c.model == model_family::step3p || c.model == model_family::mimo_v2) &&
           c.speculative_algorithm == speculative_algorithm::eagle && !c.enable_multi_layer_eagle;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.enable_multi_layer_eagle = true; }
};

}  // namespace attncap::rules::server_args
