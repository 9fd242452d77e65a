// SPDX-License-Identifier: MIT
/// @file
/// The `dsa` backend: DeepSeek sparse attention (MLA with a sparse indexer).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>

namespace attncap {

template <>
struct backend_traits<backends::dsa> {
  static constexpr std::string_view name = "dsa";
  static constexpr capabilities caps{
      .architectures = {model_arch::mla},
      .targets = {hardware::sm90, hardware::sm100, hardware::sm103, hardware::sm110, hardware::sm120, hardware::sm121,
                  hardware::gfx90a, hardware::gfx942, hardware::gfx950, hardware::npu, hardware::xpu,
                  hardware::xpu_xmx},
      .kv_cache_dtypes = {kv_cache_dtype::auto_, kv_cache_dtype::bf16, kv_cache_dtype::bfloat16,
                          kv_cache_dtype::fp8_e4m3},
      .required_traits = {model_trait::dsa},
  };
};

}  // namespace attncap
