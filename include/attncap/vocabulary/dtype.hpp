// SPDX-License-Identifier: MIT
/// @file
/// attncap::dtype: element types of attention tensors (Q/K/V/O and the KV cache).
#pragma once

#include <attncap/detail/enum_names.hpp>
#include <cstdint>

namespace attncap {

/// Element type of a tensor an attention kernel reads or writes.
ATTNCAP_NAMED_ENUM(dtype, std::uint8_t, fp32, fp16, bf16, fp8_e4m3, fp8_e5m2)

template <>
struct enum_spellings<dtype> {
  static constexpr std::string_view what = "dtype";
  /// The torch and numpy names the engine also accepts.
  static constexpr std::array<spelling<dtype>, 6> aliases{{
      {dtype::fp32, "float32"},
      {dtype::fp32, "float"},
      {dtype::fp16, "float16"},
      {dtype::fp16, "half"},
      {dtype::bf16, "bfloat16"},
      {dtype::fp8_e4m3, "float8_e4m3fn"},
  }};
  static constexpr auto table = named_spellings<dtype>({}, aliases);
};

/// Bytes per element.
constexpr std::size_t size_of(dtype t) noexcept {
  switch (t) {
    case dtype::fp32:
      return 4;
    case dtype::fp16:
    case dtype::bf16:
      return 2;
    default:
      return 1;
  }
}

/// The model weights' dtype as sglang's `--dtype` spells it ("auto" = from the checkpoint).
ATTNCAP_NAMED_ENUM(model_dtype, std::uint8_t, auto_, float16, bfloat16, float32)

template <>
struct enum_spellings<model_dtype> {
  static constexpr std::string_view what = "dtype";
  static constexpr std::array<spelling<model_dtype>, 1> renamed{{{model_dtype::auto_, "auto"}}};
  static constexpr std::array<spelling<model_dtype>, 2> aliases{{
      {model_dtype::float16, "half"},
      {model_dtype::float32, "float"},
  }};
  static constexpr auto table = named_spellings<model_dtype>(renamed, aliases);
};

}  // namespace attncap
