// SPDX-License-Identifier: MIT
/// @file
/// attncap::moe_a2a_backend: sglang's `--moe-a2a-backend` / `--speculative-moe-a2a-backend`
/// choices, the all-to-all that carries tokens to their experts. Attention rules read it where a
/// layout or a draft worker supports only some of them.
#pragma once

#include <attncap/detail/enum_names.hpp>
#include <cstdint>

namespace attncap {

/// `none`: the built-in tensor-parallel MoE; `not_given`: not given (the draft's option only, spelled
/// None).
ATTNCAP_NAMED_ENUM(moe_a2a_backend, std::uint8_t, not_given, none, deepep, mooncake, nixl, mori, ascend_fuseep,
                   flashinfer, megamoe, deepep_v2, pplx, ascend_tp, flashinfer_megamoe)

template <>
struct enum_spellings<moe_a2a_backend> {
  static constexpr std::string_view what = "moe_a2a_backend";
  static constexpr std::array<spelling<moe_a2a_backend>, 1> renamed{{{moe_a2a_backend::not_given, "None"}}};
  static constexpr auto table = named_spellings<moe_a2a_backend>(renamed);
};

}  // namespace attncap
