// SPDX-License-Identifier: MIT
// Cases for rules/eagle_draft.hpp: the backends EAGLE's draft backend factory builds.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr std::array eagle_draft_rules{
    rule_case{&rules::eagle_draft::decode_backend::info, stage::factory, exception_kind::value_error,
              on(H::sm90).backend(id::torch_native).eagle(1, 3, 4),
              "EAGLE is not supported in decode attention backend torch_native",
              on(H::sm90).backend(id::torch_native).eagle(1, 3, 4).steps(1)},
    rule_case{&rules::eagle_draft::decode_backend::info, stage::factory, exception_kind::value_error,
              on(H::sm90).backend(id::fa3).eagle(1, 3, 4).draft(id::wave),
              "EAGLE is not supported in decode attention backend wave",
              on(H::sm90).backend(id::fa3).eagle(1, 3, 4).draft(id::triton)},
    rule_case{&rules::eagle_draft::flashinfer_mla_topk::info, stage::backend_init, exception_kind::value_error,
              on(H::sm90).mla().backend(id::flashinfer).eagle(4, 3, 8),
              "Currently Flashinfer MLA only supports topk=1 for speculative decoding",
              on(H::sm90).mla().backend(id::flashinfer).eagle(4, 3, 8).topk(1), "4"},
    rule_case{&rules::eagle_draft::flashmla_topk::info, stage::backend_init, exception_kind::value_error,
              on(H::sm90).mla().backend(id::fa3).draft(id::flashmla).eagle(4, 3, 8),
              "Currently FlashMLA only supports topk=1 for speculative decoding",
              on(H::sm90).mla().backend(id::fa3).draft(id::flashmla).eagle(4, 3, 8).topk(1), "4"},
    rule_case{&rules::eagle_draft::extend_backend::info, stage::factory, exception_kind::value_error,
              on(H::sm90).backend(id::torch_native).eagle(1, 1, 2),
              "EAGLE is not supported in attention backend torch_native",
              on(H::sm90).backend(id::triton).eagle(1, 1, 2)},
    rule_case{&rules::eagle_draft::extend_backend::info, stage::factory, exception_kind::value_error,
              on(H::sm90).prefill(id::flex_attention).decode(id::triton).spec(S::standalone),
              "EAGLE is not supported in attention backend flex_attention",
              on(H::sm90).prefill(id::fa3).decode(id::triton).spec(S::standalone)},
    // In the decode attention mode drafts are extended on the decode backend.
    rule_case{&rules::eagle_draft::extend_backend::info, stage::factory, exception_kind::value_error,
              on(H::sm90)
                  .prefill(id::triton)
                  .decode(id::flex_attention)
                  .spec(S::standalone)
                  .with(&launch_config::speculative_attention_mode, speculative_attention_mode::decode),
              "EAGLE is not supported in attention backend flex_attention",
              on(H::sm90).prefill(id::triton).decode(id::flex_attention).spec(S::standalone)},
};

}  // namespace attncap::test
