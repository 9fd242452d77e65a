// SPDX-License-Identifier: MIT
// Cases for rules/argparse.hpp: the names sglang 0.5.23's argparse no longer offers.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

#define CHOICES ATTNCAP_ARGPARSE_BACKEND_CHOICES
inline constexpr std::array argparse_rules{
    rule_case{&rules::argparse::attention_backend_choice::info, stage::argparse, exception_kind::argument_error,
              on(H::sm100).mla().backend(id::cutlass_mla),
              "argument --attention-backend: invalid choice: 'cutlass_mla' (choose from " CHOICES ")",
              on(H::sm100).mla().backend(id::cutedsl_mla), "cutlass_mla"},
    rule_case{&rules::argparse::attention_backend_choice::info, stage::argparse, exception_kind::argument_error,
              on(H::sm90).backend(id::dual_chunk_flash_attn),
              "argument --attention-backend: invalid choice: 'dual_chunk_flash_attn' (choose from " CHOICES ")",
              on(H::sm90).backend(id::fa3)},
    rule_case{&rules::argparse::prefill_attention_backend_choice::info, stage::argparse, exception_kind::argument_error,
              on(H::sm100).prefill(id::cutlass_mla),
              "argument --prefill-attention-backend: invalid choice: 'cutlass_mla' (choose from " CHOICES ")",
              on(H::sm100).prefill(id::flashinfer), "cutlass_mla"},
    rule_case{&rules::argparse::decode_attention_backend_choice::info, stage::argparse, exception_kind::argument_error,
              on(H::sm100).decode(id::dual_chunk_flash_attn),
              "argument --decode-attention-backend: invalid choice: 'dual_chunk_flash_attn' (choose from " CHOICES ")",
              on(H::sm100).decode(id::triton), "dual_chunk_flash_attn"},
    rule_case{&rules::argparse::kv_cache_dtype_choice::info, stage::argparse, exception_kind::argument_error,
              on(H::sm100).kv(K::fp4_e2m1),
              "argument --kv-cache-dtype: invalid choice: 'fp4_e2m1' (choose from 'auto', 'fp8_e5m2', 'fp8_e4m3', "
              "'mxfp8', 'bf16', 'bfloat16', 'nvfp4', 'fp4_mx_block16')",
              on(H::sm100).kv(K::fp4_mx_block16), "fp4_e2m1"},
};
#undef CHOICES

}  // namespace attncap::test
