// SPDX-License-Identifier: MIT
// Cases for backends/aiter.hpp: the aiter constructor's MLA head counts.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

namespace aiter {
/// An MLA model on MI300 decoding with aiter.
inline constexpr conf mla = on(H::gfx942).mla().backend(id::aiter);
inline constexpr conf with_heads(conf c, std::int32_t q) { return c.with(&launch_config::num_q_heads_per_rank, q); }
}  // namespace aiter

inline constexpr std::array aiter_rules{
    rule_case{&rules::aiter::init_mla_heads::info, stage::backend_init, exception_kind::assertion_error,
              aiter::with_heads(aiter::mla, 24),
              "Aiter MLA supports num_head of 4, 8, 12, or multiples of 16 in [16, 128].\nProvided 24 number of "
              "heads.\nTry adjusting tensor_parallel_size value, or run decode on another backend "
              "(--decode-attention-backend).",
              aiter::with_heads(aiter::mla, 32), "24"},
    rule_case{&rules::aiter::init_mla_heads::info, stage::backend_init, exception_kind::assertion_error,
              aiter::with_heads(aiter::mla, 144),
              "Aiter MLA supports num_head of 4, 8, 12, or multiples of 16 in [16, 128].\nProvided 144 number of "
              "heads.\nTry adjusting tensor_parallel_size value, or run decode on another backend "
              "(--decode-attention-backend).",
              aiter::with_heads(aiter::mla, 128)},
    // A prefill-only aiter still builds the decode kernel when it verifies drafts (the default
    // --speculative-attention-mode prefill); not when the decode backend verifies them.
    rule_case{&rules::aiter::init_mla_heads::info, stage::backend_init, exception_kind::assertion_error,
              aiter::with_heads(on(H::gfx942).mla().prefill(id::aiter).decode(id::triton).spec(S::eagle), 20),
              "Aiter MLA supports num_head of 4, 8, 12, or multiples of 16 in [16, 128].\nProvided 20 number of "
              "heads.\nTry adjusting tensor_parallel_size value, or run decode on another backend "
              "(--decode-attention-backend).",
              aiter::with_heads(on(H::gfx942).mla().prefill(id::aiter).decode(id::triton), 20)},
    rule_case{&rules::aiter::init_mla_heads::info, stage::backend_init, exception_kind::assertion_error,
              aiter::with_heads(on(H::gfx942).mla().prefill(id::aiter).decode(id::triton).spec(S::eagle), 20),
              "Aiter MLA supports num_head of 4, 8, 12, or multiples of 16 in [16, 128].\nProvided 20 number of "
              "heads.\nTry adjusting tensor_parallel_size value, or run decode on another backend "
              "(--decode-attention-backend).",
              aiter::with_heads(on(H::gfx942).mla().prefill(id::aiter).decode(id::triton).spec(S::eagle), 20)
                  .with(&launch_config::speculative_attention_mode, speculative_attention_mode::decode)},
};

}  // namespace attncap::test
