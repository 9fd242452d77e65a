// SPDX-License-Identifier: MIT
// Cases for backends/triton.hpp: the triton registry factory.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr std::array triton_rules{
    rule_case{&rules::triton::no_cross_attention::info, stage::factory, exception_kind::assertion_error,
              on(H::sm90).backend(id::triton).flag(&launch_config::encoder_decoder),
              "Cross attention is not supported in the triton attention backend. Please use `--attention-backend "
              "flashinfer`.",
              on(H::sm90).backend(id::triton), "True"},
    rule_case{&rules::triton::no_cross_attention::info, stage::factory, exception_kind::assertion_error,
              on(H::sm90).model(M::whisper).flag(&launch_config::encoder_decoder).decode(id::triton),
              "Cross attention is not supported in the triton attention backend. Please use `--attention-backend "
              "flashinfer`.",
              on(H::sm90).model(M::whisper).flag(&launch_config::encoder_decoder).decode(id::flashinfer)},
};

}  // namespace attncap::test
