// SPDX-License-Identifier: MIT
// Cases for rules/construction.hpp: the hybrid-GDN wrapper rules checked while building backends.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

namespace wr = rules::wrapper;

/// The NPU wrapper rule alone: in the full pipeline NPU always runs ascend.
inline constexpr validator hybrid_gdn_npu_only = &validate<builtin_registry, pipeline<wr::hybrid_gdn_npu>>;

inline constexpr std::array construction_rules{
    rule_case{&wr::hybrid_gdn_non_mla::info, stage::wrapper, exception_kind::assertion_error,
              on(H::sm90).mla().flag(&launch_config::hybrid_gdn), "hybrid_gdn can only be used with non-MLA models.",
              on(H::sm90).flag(&launch_config::hybrid_gdn), "mla"},
    rule_case{&wr::hybrid_gdn_blackwell::info, stage::wrapper, exception_kind::assertion_error,
              on(H::sm100).backend(id::torch_native).flag(&launch_config::hybrid_gdn),
              "triton, trtllm_mha, fa4, or flashinfer backend are the only supported backends on Blackwell GPUs for "
              "hybrid GDN models, use --attention-backend to specify the backend.",
              on(H::sm100).backend(id::triton).flag(&launch_config::hybrid_gdn), "torch_native"},
    rule_case{&wr::hybrid_gdn_blackwell::info, stage::wrapper, exception_kind::assertion_error,
              on(H::sm121).backend(id::flex_attention).flag(&launch_config::hybrid_gdn),
              "triton, trtllm_mha, fa4, or flashinfer backend are the only supported backends on Blackwell GPUs for "
              "hybrid GDN models, use --attention-backend to specify the backend.",
              on(H::sm90).backend(id::flex_attention).flag(&launch_config::hybrid_gdn)},
    rule_case{&wr::hybrid_gdn_npu::info, stage::wrapper, exception_kind::assertion_error,
              on(H::npu).backend(id::triton).flag(&launch_config::hybrid_gdn),
              "ascend backend is the only supported backend on NPU for hybrid GDN models, use --attention-backend "
              "ascend to specify the backend.",
              on(H::npu).backend(id::ascend).flag(&launch_config::hybrid_gdn), "triton", hybrid_gdn_npu_only},
};

}  // namespace attncap::test
