// SPDX-License-Identifier: MIT
/// @file
/// The `dsv4` backend: DeepSeek V4 compressed attention (CUDA, ROCm, NPU).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>

namespace attncap {

template <>
struct backend_traits<backends::dsv4> {
  static constexpr std::string_view name = "dsv4";
  static constexpr capabilities caps{
      .architectures = {model_arch::mla},
      .targets = {hardware::sm80, hardware::sm86, hardware::sm89, hardware::sm90, hardware::sm100, hardware::sm103,
                  hardware::sm110, hardware::sm120, hardware::sm121, hardware::gfx90a, hardware::gfx942,
                  hardware::gfx950, hardware::npu},
      .kv_cache_dtypes = {kv_cache_dtype::auto_, kv_cache_dtype::bf16, kv_cache_dtype::bfloat16,
                          kv_cache_dtype::fp8_e4m3},
      .phases = {phase::prefill, phase::decode},
      .model_families = {model_family::deepseek_v4},
  };
};

}  // namespace attncap
