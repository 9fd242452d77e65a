// SPDX-License-Identifier: MIT
// Cases for rules/construction.hpp: the registry lookup and the hybrid-GDN wrapper rules checked while
// building backends.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

namespace wr = rules::wrapper;

/// The NPU wrapper rule alone: in the full pipeline NPU always runs ascend.
inline constexpr validator hybrid_gdn_npu_only = &validate<builtin_registry, pipeline<wr::hybrid_gdn_npu>>;

inline constexpr std::array construction_rules{
    // The draft backend field has no argparse choices: a name the registry lacks reaches the lookup.
    rule_case{&rules::factory::registered_backend::info, stage::factory, exception_kind::value_error,
              on(H::sm90).backend(id::fa3).eagle(1, 3, 4).draft(id::cutlass_mla),
              "Invalid attention backend: cutlass_mla", on(H::sm90).backend(id::fa3).eagle(1, 3, 4).draft(id::triton)},
    rule_case{&rules::factory::registered_backend::info, stage::factory, exception_kind::value_error,
              on(H::gfx942).backend(id::aiter).spec(S::eagle).draft(id::dual_chunk_flash_attn),
              "Invalid attention backend: dual_chunk_flash_attn",
              on(H::gfx942).backend(id::aiter).spec(S::eagle).draft(id::aiter)},
    rule_case{&wr::hybrid_gdn_non_mla::info, stage::wrapper, exception_kind::assertion_error,
              on(H::sm90).mla().flag(&launch_config::hybrid_gdn), "hybrid_gdn can only be used with non-MLA models.",
              on(H::sm90).flag(&launch_config::hybrid_gdn), "mla"},
    rule_case{&wr::hybrid_gdn_blackwell::info, stage::wrapper, exception_kind::assertion_error,
              on(H::sm100).backend(id::torch_native).flag(&launch_config::hybrid_gdn),
              "Only {'triton', 'trtllm_mha', 'fa4', 'flashinfer'} backends are supported on Blackwell GPUs for hybrid "
              "GDN models. Got prefill=torch_native, decode=torch_native.",
              on(H::sm100).backend(id::triton).flag(&launch_config::hybrid_gdn), "torch_native"},
    rule_case{&wr::hybrid_gdn_blackwell::info, stage::wrapper, exception_kind::assertion_error,
              on(H::sm100).backend(id::fa4).decode(id::flex_attention).flag(&launch_config::hybrid_gdn),
              "Only {'triton', 'trtllm_mha', 'fa4', 'flashinfer'} backends are supported on Blackwell GPUs for hybrid "
              "GDN models. Got prefill=fa4, decode=flex_attention.",
              on(H::sm100).backend(id::fa4).decode(id::trtllm_mha).flag(&launch_config::hybrid_gdn)},
    rule_case{&wr::hybrid_gdn_sm120::info, stage::wrapper, exception_kind::assertion_error,
              on(H::sm121).backend(id::fa4).flag(&launch_config::hybrid_gdn),
              "Only {'triton', 'trtllm_mha', 'flashinfer'} backends are supported on Blackwell GPUs for hybrid GDN "
              "models. Got prefill=fa4, decode=fa4.",
              on(H::sm121).backend(id::triton).flag(&launch_config::hybrid_gdn), "fa4"},
    rule_case{&wr::hybrid_gdn_npu::info, stage::wrapper, exception_kind::assertion_error,
              on(H::npu).backend(id::triton).flag(&launch_config::hybrid_gdn),
              "ascend backend is the only supported backend on NPU for hybrid GDN models, use --attention-backend "
              "ascend to specify the backend.",
              on(H::npu).backend(id::ascend).flag(&launch_config::hybrid_gdn), "triton", hybrid_gdn_npu_only},
    rule_case{&wr::short_conv_npu::info, stage::wrapper, exception_kind::not_implemented_error,
              on(H::npu).model(M::lfm2).flag(&launch_config::short_conv),
              "Short-conv hybrid models (ZAYA1 CCA, LFM2 / LFM2-MoE) are not yet supported on NPU: the conv-state "
              "sidecar (ShortConvAttnBackend.conv_state_metadata) has no Ascend implementation. Add an Ascend "
              "conv-state backend before serving these models on NPU.",
              on(H::sm90).model(M::lfm2).flag(&launch_config::short_conv), "npu"},
};

}  // namespace attncap::test
