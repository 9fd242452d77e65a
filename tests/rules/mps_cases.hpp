// SPDX-License-Identifier: MIT
// Cases for rules/mps.hpp: the Torch MPS path's backend fields.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr std::array mps_rules{
    rule_case{&sa::mps_attention_backend::info, stage::server_args, exception_kind::value_error,
              on(H::mps).backend(id::triton),
              "The standard Torch MPS path currently supports only the torch_native attention backend; got "
              "attention_backend='triton'",
              on(H::mps).backend(id::torch_native), "triton"},
    rule_case{&sa::mps_attention_backend::info, stage::server_args, exception_kind::value_error,
              on(H::mps).backend(id::flex_attention),
              "The standard Torch MPS path currently supports only the torch_native attention backend; got "
              "attention_backend='flex_attention'",
              on(H::cpu).backend(id::flex_attention)},
    rule_case{&sa::mps_prefill_backend::info, stage::server_args, exception_kind::value_error,
              on(H::mps).prefill(id::triton),
              "The standard Torch MPS path currently supports only the torch_native attention backend; got "
              "prefill_attention_backend='triton'",
              on(H::mps).prefill(id::torch_native), "triton"},
    rule_case{&sa::mps_decode_backend::info, stage::server_args, exception_kind::value_error,
              on(H::mps).backend(id::torch_native).decode(id::fa3),
              "The standard Torch MPS path currently supports only the torch_native attention backend; got "
              "decode_attention_backend='fa3'",
              on(H::mps).backend(id::torch_native), "fa3"},
};

}  // namespace attncap::test
