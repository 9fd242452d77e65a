// SPDX-License-Identifier: MIT
/// @file
/// attncap::prefill_dequant_dtype: sglang's `--prefill-kv-cache-dequant-dtype` choices, what an
/// NVFP4 KV cache is read as for prefill.
#pragma once

#include <attncap/detail/enum_names.hpp>
#include <cstdint>

namespace attncap {

/// NVFP4 prefill's input: an FP8 E4M3 workspace, native NVFP4, or `auto_` (chosen from the prefill
/// backend given, else the platform).
ATTNCAP_NAMED_ENUM(prefill_dequant_dtype, std::uint8_t, auto_, nvfp4, fp8_e4m3)

template <>
struct enum_spellings<prefill_dequant_dtype> {
  static constexpr std::string_view what = "prefill_kv_cache_dequant_dtype";
  static constexpr std::array<spelling<prefill_dequant_dtype>, 1> renamed{{{prefill_dequant_dtype::auto_, "auto"}}};
  static constexpr auto table = named_spellings<prefill_dequant_dtype>(renamed);
};

}  // namespace attncap
