// SPDX-License-Identifier: MIT
// Cases for backends/fa3.hpp: the fa3 registry factory's compute-capability checks.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr std::array fa3_rules{
    rule_case{&rules::fa3::cuda_compute_capability::info, stage::factory, exception_kind::assertion_error,
              on(H::sm80).mla().backend(id::fa3),
              "FlashAttention v3 Backend requires SM>=80 and SM<=90. Please use `--attention-backend flashinfer`.",
              on(H::sm80).backend(id::fa3), "sm80"},
    rule_case{&rules::fa3::cuda_compute_capability::info, stage::factory, exception_kind::assertion_error,
              on(H::sm100).backend(id::fa3),
              "FlashAttention v3 Backend requires SM>=80 and SM<=90. Please use `--attention-backend flashinfer`.",
              on(H::sm90).backend(id::fa3), "sm100"},
    rule_case{&rules::fa3::cuda_compute_capability::info, stage::factory, exception_kind::assertion_error,
              on(H::sm120).prefill(id::fa3).decode(id::flashinfer),
              "FlashAttention v3 Backend requires SM>=80 and SM<=90. Please use `--attention-backend flashinfer`.",
              on(H::sm120).prefill(id::triton).decode(id::flashinfer)},
    // A CPU or XPU has no compute capability (sglang 0.5.23, attention_registry.py:240-245).
    rule_case{&rules::fa3::cuda_compute_capability::info, stage::factory, exception_kind::assertion_error,
              on(H::cpu_amx).mla().backend(id::fa3),
              "FlashAttention v3 Backend requires SM>=80 and SM<=90. Please use `--attention-backend flashinfer`.",
              on(H::cpu_amx).mla().backend(id::intel_amx), "cpu_amx"},
    rule_case{&rules::fa3::cuda_compute_capability::info, stage::factory, exception_kind::assertion_error,
              on(H::xpu_xmx).backend(id::fa3),
              "FlashAttention v3 Backend requires SM>=80 and SM<=90. Please use `--attention-backend flashinfer`.",
              on(H::gfx942).backend(id::fa3), "xpu_xmx"},
    rule_case{&rules::fa3::musa_compute_capability::info, stage::factory, exception_kind::assertion_error,
              on(H::musa_mp21).backend(id::fa3),
              "FlashAttention v3 Backend requires MP>=31. Please use `--attention-backend triton`.",
              on(H::musa_mp31).backend(id::fa3), "musa_mp21"},
    rule_case{&rules::fa3::musa_compute_capability::info, stage::factory, exception_kind::assertion_error,
              on(H::musa_mp22).backend(id::fa3),
              "FlashAttention v3 Backend requires MP>=31. Please use `--attention-backend triton`.",
              on(H::musa_mp22).backend(id::triton)},
};

}  // namespace attncap::test
