// SPDX-License-Identifier: MIT
/// @file
/// Named sets of hardware targets and KV cache dtypes that capability declarations share.
#pragma once

#include <attncap/detail/enum_set.hpp>
#include <attncap/vocabulary/hardware.hpp>
#include <attncap/vocabulary/kv_cache_dtype.hpp>

namespace attncap {

/// Hardware sets, by the engine's platform families.
namespace hardware_sets {
using enum hardware;
inline constexpr enum_set<hardware> all = enum_set<hardware>::all();
/// Ascend NPUs: the engine's NPU hook serves every phase with `ascend`, whatever was asked.
inline constexpr enum_set<hardware> npu_only{npu};
/// Every target but the NPU, where the engine replaces any other backend by `ascend`.
inline constexpr enum_set<hardware> except_npu = all - npu_only;
/// Apple GPUs: the standard Torch MPS path runs `torch_native` only.
inline constexpr enum_set<hardware> mps_only{mps};
/// Every target but the NPU and MPS.
inline constexpr enum_set<hardware> except_npu_mps = except_npu - mps_only;
/// Every CUDA GPU the engine knows.
inline constexpr enum_set<hardware> cuda{sm80, sm86, sm89, sm90, sm100, sm103, sm110, sm120, sm121};
/// CPU hosts (x86 with and without AMX, ARM64), and Intel XPUs with and without XMX.
inline constexpr enum_set<hardware> cpu_any{cpu, cpu_amx, cpu_arm64};
/// x86 CPU hosts, where the engine's CPU kernels are built.
inline constexpr enum_set<hardware> cpu_x86{cpu, cpu_amx};
inline constexpr enum_set<hardware> xpu_any{xpu, xpu_xmx};
/// Compute capability 10.x (SM100, SM103).
inline constexpr enum_set<hardware> sm100_family{sm100, sm103};
/// Compute capability 10.x to 12.x.
inline constexpr enum_set<hardware> blackwell{sm100, sm103, sm110, sm120, sm121};
/// Hopper and the 10.x / 12.x families (trtllm_mha's kernels).
inline constexpr enum_set<hardware> hopper_sm100_sm120{sm90, sm100, sm103, sm120, sm121};
/// ROCm GPUs: torch reports their gfx9 generation as compute capability major 9.
inline constexpr enum_set<hardware> rocm{gfx90a, gfx942, gfx950};
/// Compute capability 8.x and 9.x.
inline constexpr enum_set<hardware> ampere_hopper{sm80, sm86, sm89, sm90};
}  // namespace hardware_sets

/// KV cache dtype sets.
namespace kv_cache_dtype_sets {
using enum kv_cache_dtype;
/// Every KV dtype the engine's --kv-cache-dtype accepts (fp4_e2m1 is a name of earlier releases).
inline constexpr enum_set<kv_cache_dtype> all = enum_set<kv_cache_dtype>::all() - enum_set<kv_cache_dtype>{fp4_e2m1};
/// The 4-bit KV caches, which the engine admits only on a few backends.
inline constexpr enum_set<kv_cache_dtype> kv4{nvfp4, fp4_mx_block16};
inline constexpr enum_set<kv_cache_dtype> except_kv4 = all - kv4;
/// The 16-bit and FP8 E4M3 caches (and `auto`, which follows the model dtype).
inline constexpr enum_set<kv_cache_dtype> bf16_or_fp8_e4m3{auto_, bf16, bfloat16, fp8_e4m3};
}  // namespace kv_cache_dtype_sets

}  // namespace attncap
