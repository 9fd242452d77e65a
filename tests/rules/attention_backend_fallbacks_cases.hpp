// SPDX-License-Identifier: MIT
// Cases for rules/attention_backend_fallbacks.hpp: silent swaps, FA4 / XPU pages.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr std::array attention_backend_fallbacks_rewrites{
    rewrite_case{&sa::fa3_fp8_e5m2_fallback::info, on(H::sm90).backend(id::fa3).kv(K::fp8_e5m2),
                 "FlashAttention3 only supports fp8_e4m3 if using FP8; Setting attention backend to triton.", "triton",
                 on(H::sm90).backend(id::fa3).kv(K::fp8_e4m3)},
    rewrite_case{&sa::fa3_fp8_e5m2_fallback::info, on(H::sm90).kv(K::fp8_e5m2),
                 "FlashAttention3 only supports fp8_e4m3 if using FP8; Setting attention backend to triton.", "triton",
                 on(H::sm80).kv(K::fp8_e5m2)},
    rewrite_case{&sa::fa4_page_size::info, on(H::sm100).backend(id::fa4),
                 "FA4 backend only supports page size 128 for non-MLA model architectures, changing page_size from "
                 "None to 128.",
                 "128", on(H::sm100).mla().backend(id::fa4)},
    rewrite_case{&sa::fa4_page_size::info, on(H::sm103).prefill(id::fa4).decode(id::triton).page(64),
                 "FA4 backend only supports page size 128 for non-MLA model architectures, changing page_size from "
                 "64 to 128.",
                 "128", on(H::sm120).prefill(id::fa4).decode(id::triton).page(64)},
    rewrite_case{&sa::fa4_page_size::info, on(H::sm100).backend(id::fa4).eagle(1, 3, 4).page(16),
                 "FA4 backend only supports page size 128 for non-MLA model architectures, changing page_size from "
                 "16 to 128.",
                 "128", on(H::sm100).backend(id::fa4).eagle(4, 3, 4).page(16)},
    rewrite_case{&sa::intel_amx_fallback::info, on(H::cpu).backend(id::intel_amx),
                 "The current platform does not support Intel AMX, will fallback to torch_native backend.",
                 "torch_native", on(H::cpu_amx).backend(id::intel_amx)},
    rewrite_case{&sa::intel_xpu_fallback::info, on(H::xpu).backend(id::intel_xpu),
                 "The current platform does not support Intel XMX, will fallback to triton backend.", "triton",
                 on(H::xpu_xmx).backend(id::intel_xpu)},
    rewrite_case{&sa::intel_xpu_page_size::info, on(H::xpu_xmx).backend(id::intel_xpu),
                 "Intel XPU attention backend only supports page_sizes of [64, 128], changing page_size from None to "
                 "128.",
                 "128", on(H::xpu_xmx).backend(id::intel_xpu).page(64)},
    rewrite_case{&sa::intel_xpu_page_size::info, on(H::xpu_xmx).decode(id::intel_xpu).page(32),
                 "Intel XPU attention backend only supports page_sizes of [64, 128], changing page_size from 32 to "
                 "128.",
                 "128", on(H::xpu_xmx).mla().decode(id::intel_xpu).page(32)},
    rewrite_case{&sa::intel_xpu_mla_page_size::info, on(H::xpu_xmx).mla().decode(id::intel_xpu).page(8),
                 "Intel XPU attention backend for MLA only supports page_sizes of [64, 128, 16, 32], changing "
                 "page_size from 8 to 128.",
                 "128", on(H::xpu_xmx).mla().decode(id::intel_xpu).page(16)},
};

}  // namespace attncap::test
