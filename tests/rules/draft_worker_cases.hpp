// SPDX-License-Identifier: MIT
// Cases for rules/draft_worker.hpp: DSPARK's draft worker falling back from a backend it does not run.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

namespace dw = rules::draft_worker;

// clang-format off
inline constexpr std::array draft_worker_rewrites{
    rewrite_case{&dw::dspark_fallback::info, on(H::sm100).mla().backend(id::trtllm_mla).spec(S::dspark),
                 "DSPARK draft worker only supports attention_backend in ['flashinfer', 'fa3', 'fa4', 'triton', "
                 "'ascend', 'trtllm_mha', 'intel_xpu'] for now, but got 'trtllm_mla'. Falling back to 'flashinfer'.",
                 "None", on(H::sm100).mla().backend(id::trtllm_mla).spec(S::dspark).draft(id::fa4)},
    rewrite_case{&dw::dspark_fallback::info, on(H::gfx942).mla().backend(id::aiter).spec(S::dspark),
                 "DSPARK draft worker only supports attention_backend in ['flashinfer', 'fa3', 'fa4', 'triton', "
                 "'ascend', 'trtllm_mha', 'intel_xpu'] for now, but got 'aiter'. Falling back to 'triton'.",
                 "None", on(H::gfx942).mla().backend(id::aiter).spec(S::dspark).flag(&launch_config::deepseek_v4_draft)},
    // A draft backend given is the one the worker asks for, whatever the target runs.
    rewrite_case{&dw::dspark_fallback::info, on(H::sm90).backend(id::fa3).spec(S::dspark).draft(id::torch_native),
                 "DSPARK draft worker only supports attention_backend in ['flashinfer', 'fa3', 'fa4', 'triton', "
                 "'ascend', 'trtllm_mha', 'intel_xpu'] for now, but got 'torch_native'. Falling back to 'flashinfer'.",
                 "torch_native", on(H::sm90).backend(id::fa3).spec(S::dspark).draft(id::triton)},
};
// clang-format on

}  // namespace attncap::test
