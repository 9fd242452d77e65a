// SPDX-License-Identifier: MIT
// Cases for backends/minicpm_flashattn.hpp and minicpm_flashinfer.hpp: the sparse backend's
// constructor and first-forward rules under each backend's codes, and FlashInfer's fused top-k.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

namespace minicpm {
namespace fa = rules::minicpm_flashattn;
namespace fi = rules::minicpm_flashinfer;
/// A MiniCPM SALA sparse model (32 query heads over 2 KV heads a rank) on SM90: accepted.
inline constexpr conf sala =
    on(H::sm90).model(M::minicpm).flag(&launch_config::minicpm_sparse).heads(32, 2).head_dim(128);
inline constexpr conf flashattn = sala.backend(id::minicpm_flashattn);
inline constexpr conf flashinfer = sala.on(H::sm100).backend(id::minicpm_flashinfer);
/// `c` with sparse kernel size `k`, stride `s`, block size `b` and window `w`.
constexpr conf tiled(conf c, std::int32_t k, std::int32_t s, std::int32_t b, std::int32_t w) {
  return c.with(&launch_config::minicpm_kernel_size, k)
      .with(&launch_config::minicpm_kernel_stride, s)
      .with(&launch_config::minicpm_block_size, b)
      .with(&launch_config::minicpm_window_size, w);
}
}  // namespace minicpm

inline constexpr std::array minicpm_sparse_rules{
    rule_case{&minicpm::fa::sparse_model::info, stage::backend_init, exception_kind::value_error,
              minicpm::flashattn.flag(&launch_config::minicpm_sparse, false),
              "MiniCPM model must have sparse attention enabled. Please ensure the model config has MiniCPM sparse "
              "attention enabled.",
              minicpm::flashattn, "False"},
    rule_case{&minicpm::fi::sparse_model::info, stage::backend_init, exception_kind::value_error,
              on(H::sm100).decode(id::minicpm_flashinfer),
              "MiniCPM model must have sparse attention enabled. Please ensure the model config has MiniCPM sparse "
              "attention enabled.",
              on(H::sm100).decode(id::flashinfer)},
    rule_case{&minicpm::fa::sparse_tiling::info, stage::backend_init, exception_kind::value_error,
              minicpm::tiled(minicpm::flashattn, 32, 16, 64, 2048).with(&launch_config::minicpm_kernel_stride, 24),
              "MiniCPM sparse kernel_stride must divide kernel_size and block_size, and block_size must divide "
              "window_size.",
              minicpm::tiled(minicpm::flashattn, 32, 16, 64, 2048), "24"},
    rule_case{&minicpm::fi::sparse_tiling::info, stage::backend_init, exception_kind::value_error,
              minicpm::tiled(minicpm::flashinfer, 32, 16, 64, 100),
              "MiniCPM sparse kernel_stride must divide kernel_size and block_size, and block_size must divide "
              "window_size.",
              minicpm::tiled(minicpm::flashinfer, 32, 16, 64, 128), "16"},
    rule_case{
        &minicpm::fa::sparse_context::info, stage::backend_init, exception_kind::value_error,
        minicpm::flashattn.with(&launch_config::minicpm_sparse_context, 8192).with(&launch_config::context_len, 4096),
        "MiniCPM sparse attention requires context_length >= 8192, got 4096.",
        minicpm::flashattn.with(&launch_config::minicpm_sparse_context, 8192).with(&launch_config::context_len, 8192),
        "4096"},
    rule_case{&minicpm::fi::sparse_context::info, stage::backend_init, exception_kind::value_error,
              minicpm::flashinfer.with(&launch_config::minicpm_sparse_context, 65536)
                  .with(&launch_config::context_len, 32768),
              "MiniCPM sparse attention requires context_length >= 65536, got 32768.",
              minicpm::flashinfer.with(&launch_config::context_len, 32768), "32768"},
    rule_case{&minicpm::fa::heads_per_group::info, stage::backend_init, exception_kind::value_error,
              minicpm::flashattn.heads(32, 4), "MiniCPM sparse attention requires 16 query heads per KV head, got 8.",
              minicpm::flashattn.heads(64, 4), "32"},
    rule_case{&minicpm::fi::heads_per_group::info, stage::backend_init, exception_kind::value_error,
              minicpm::flashinfer.heads(32, 1), "MiniCPM sparse attention requires 16 query heads per KV head, got 32.",
              minicpm::flashinfer.heads(16, 1)},
    rule_case{&minicpm::fi::fused_topk_dtype::info, stage::backend_init, exception_kind::value_error,
              minicpm::flashinfer.with(&launch_config::dtype, model_dtype::float32),
              "MiniCPM fused top-k only supports bfloat16 and float16, got torch.float32.",
              minicpm::flashinfer.with(&launch_config::dtype, model_dtype::bfloat16), "float32"},
    // Off Blackwell the FlashInfer variant does not fuse its top-k.
    rule_case{&minicpm::fi::fused_topk_dtype::info, stage::backend_init, exception_kind::value_error,
              minicpm::flashinfer.on(H::sm120).with(&launch_config::dtype, model_dtype::float32),
              "MiniCPM fused top-k only supports bfloat16 and float16, got torch.float32.",
              minicpm::flashinfer.on(H::sm90).with(&launch_config::dtype, model_dtype::float32)},
    rule_case{&minicpm::fi::fused_topk_chunked_prefill::info, stage::backend_init, exception_kind::value_error,
              minicpm::flashinfer.with(&launch_config::chunked_prefill_size, -1),
              "MiniCPM fused top-k requires a positive --chunked-prefill-size.",
              minicpm::flashinfer.with(&launch_config::chunked_prefill_size, 4096), "-1"},
    // SGLANG_MINICPM_FUSE_TOPK fuses off Blackwell, and in the FlashAttention variant too.
    rule_case{&minicpm::fi::fused_topk_chunked_prefill::info, stage::backend_init, exception_kind::value_error,
              minicpm::flashinfer.on(H::sm90)
                  .flag(&launch_config::sglang_minicpm_fuse_topk)
                  .with(&launch_config::chunked_prefill_size, -1),
              "MiniCPM fused top-k requires a positive --chunked-prefill-size.",
              minicpm::flashinfer.on(H::sm90).with(&launch_config::chunked_prefill_size, -1), "-1"},
    rule_case{&minicpm::fa::fused_topk_dtype::info, stage::backend_init, exception_kind::value_error,
              minicpm::flashattn.flag(&launch_config::sglang_minicpm_fuse_topk)
                  .with(&launch_config::dtype, model_dtype::float32),
              "MiniCPM fused top-k only supports bfloat16 and float16, got torch.float32.",
              minicpm::flashattn.with(&launch_config::dtype, model_dtype::float32), "float32"},
    rule_case{&minicpm::fa::fused_topk_chunked_prefill::info, stage::backend_init, exception_kind::value_error,
              minicpm::flashattn.flag(&launch_config::sglang_minicpm_fuse_topk)
                  .with(&launch_config::chunked_prefill_size, -1),
              "MiniCPM fused top-k requires a positive --chunked-prefill-size.",
              minicpm::flashattn.with(&launch_config::chunked_prefill_size, -1), "-1"},
    rule_case{&minicpm::fa::target_verify::info, stage::first_forward, exception_kind::not_implemented_error,
              minicpm::flashattn.spec(S::ngram),
              "MiniCPM backend does not support speculative decoding (target verify)", minicpm::flashattn, "NGRAM"},
    // Drafts are verified by the prefill backend.
    rule_case{&minicpm::fi::target_verify::info, stage::first_forward, exception_kind::not_implemented_error,
              minicpm::sala.on(H::sm100).prefill(id::minicpm_flashinfer).decode(id::trtllm_mha).spec(S::ngram),
              "MiniCPM backend does not support speculative decoding (target verify)",
              minicpm::sala.on(H::sm100).prefill(id::trtllm_mha).decode(id::trtllm_mha).spec(S::ngram)},
    // ... or the decode backend, as --speculative-attention-mode decode says.
    rule_case{&minicpm::fa::target_verify::info, stage::first_forward, exception_kind::not_implemented_error,
              minicpm::sala.prefill(id::fa3)
                  .decode(id::minicpm_flashattn)
                  .spec(S::ngram)
                  .with(&launch_config::speculative_attention_mode, speculative_attention_mode::decode),
              "MiniCPM backend does not support speculative decoding (target verify)",
              minicpm::sala.prefill(id::fa3).decode(id::minicpm_flashattn).spec(S::ngram)},
};

}  // namespace attncap::test
