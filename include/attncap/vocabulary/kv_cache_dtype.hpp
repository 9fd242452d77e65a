// SPDX-License-Identifier: MIT
/// @file
/// attncap::kv_cache_dtype: the KV-cache dtypes sglang's `--kv-cache-dtype` accepts.
#pragma once

#include <attncap/detail/enum_names.hpp>
#include <attncap/vocabulary/dtype.hpp>
#include <attncap/vocabulary/hardware.hpp>
#include <cstdint>

namespace attncap {

/// A `--kv-cache-dtype` choice. `bf16` and `bfloat16` stay distinct because the engine
/// echoes the spelling it was given in its messages.
ATTNCAP_NAMED_ENUM(kv_cache_dtype, std::uint8_t, auto_, bf16, bfloat16, fp8_e4m3, fp8_e5m2, fp4_e2m1, nvfp4,
                   fp4_mx_block16, mxfp8)

template <>
struct enum_spellings<kv_cache_dtype> {
  static constexpr std::string_view what = "kv_cache_dtype";
  static constexpr std::array<spelling<kv_cache_dtype>, 1> renamed{{{kv_cache_dtype::auto_, "auto"}}};
  static constexpr auto table = named_spellings<kv_cache_dtype>(renamed);
};

/// True for the 4-bit formats handled by the engine's KV4 path.
constexpr bool is_kv4(kv_cache_dtype k) noexcept {
  return k == kv_cache_dtype::nvfp4 || k == kv_cache_dtype::fp4_mx_block16;
}

/// True for both spellings of bfloat16.
constexpr bool is_bf16(kv_cache_dtype k) noexcept { return k == kv_cache_dtype::bf16 || k == kv_cache_dtype::bfloat16; }

/// The torch dtype the engine's model runner holds for a KV-cache choice on `h` (`auto` follows
/// the model dtype, bfloat16 when that is auto too). ROCm stores both fp8 choices in its native
/// format, e4m3fnuz on MI300 (gfx94x) (mem_cache/kv_cache_dtype.py:59-76 and
/// kernels/ops/quantization/fp8_kernel.py:95-106 of sglang 0.5.23).
constexpr std::string_view torch_dtype(kv_cache_dtype k, model_dtype model, hardware h) noexcept {
  const bool rocm = info(h).family == device_family::rocm;
  if (rocm && (k == kv_cache_dtype::fp8_e4m3 || k == kv_cache_dtype::fp8_e5m2))
    return h == hardware::gfx942 ? "torch.float8_e4m3fnuz" : "torch.float8_e4m3fn";
  switch (k) {
    case kv_cache_dtype::auto_:
      return model == model_dtype::float16   ? "torch.float16"
             : model == model_dtype::float32 ? "torch.float32"
                                             : "torch.bfloat16";
    case kv_cache_dtype::bf16:
    case kv_cache_dtype::bfloat16:
      return "torch.bfloat16";
    case kv_cache_dtype::fp8_e4m3:
    case kv_cache_dtype::mxfp8:
      return "torch.float8_e4m3fn";
    case kv_cache_dtype::fp8_e5m2:
      return "torch.float8_e5m2";
    case kv_cache_dtype::nvfp4:
    case kv_cache_dtype::fp4_mx_block16:
      return "torch.float4_e2m1fn_x2";
    default:
      return "torch.uint8";
  }
}

}  // namespace attncap
