// SPDX-License-Identifier: MIT
/// @file
/// attncap::dsa_kernel: sglang's `--dsa-prefill-backend` and `--dsa-decode-backend` choices, the
/// kernels DeepSeek sparse attention runs each phase on.
#pragma once

#include <attncap/detail/enum_names.hpp>
#include <cstdint>

namespace attncap {

/// A DSA kernel family; `none` until given or resolved from the KV dtype and the device.
ATTNCAP_NAMED_ENUM(dsa_kernel, std::uint8_t, none, flashmla_sparse, flashmla_sparse_q8, flashmla_kv, flashmla_auto,
                   flashinfer_sparse_mla, triton_sparse_mla, fa3, tilelang, triton, aiter, trtllm, intel_xpu)

template <>
struct enum_spellings<dsa_kernel> {
  static constexpr std::string_view what = "dsa_kernel";
  static constexpr std::array<spelling<dsa_kernel>, 1> renamed{{{dsa_kernel::none, "None"}}};
  static constexpr auto table = named_spellings<dsa_kernel>(renamed);
};

}  // namespace attncap
