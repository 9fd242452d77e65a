// SPDX-License-Identifier: MIT
// Cases for backends/hpc_ops.hpp: the factory, constructor and per-layer rules of hpc_ops.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

namespace hpc {
namespace r = rules::hpc_ops;
/// hpc_ops on SM90 with every other option at its default: accepted.
inline constexpr conf base = on(H::sm90).backend(id::hpc_ops);
}  // namespace hpc

inline constexpr std::array hpc_ops_rules{
    // Registry factory.
    rule_case{&hpc::r::non_mla_only::info, stage::factory, exception_kind::value_error, hpc::base.mla(),
              "hpc_ops backend can only be used with non-MLA models.", hpc::base, "mla"},
    rule_case{&hpc::r::no_cross_attention::info, stage::factory, exception_kind::value_error,
              hpc::base.flag(&launch_config::encoder_decoder),
              "Cross attention is not supported in the hpc_ops attention backend.", hpc::base, "True"},
    rule_case{&hpc::r::no_speculative_decoding::info, stage::factory, exception_kind::value_error,
              hpc::base.spec(S::eagle), "hpc_ops backend does not support speculative decoding for now.", hpc::base,
              "EAGLE"},
    // Constructor.
    rule_case{&hpc::r::init_cuda::info, stage::backend_init, exception_kind::assertion_error, hpc::base.on(H::xpu),
              "Torch not compiled with CUDA enabled", hpc::base.on(H::gfx942), "xpu"},
    rule_case{&hpc::r::init_sm90::info, stage::backend_init, exception_kind::value_error, hpc::base.on(H::sm100),
              "The hpc_ops attention backend requires an SM90 (Hopper) GPU (the HPC-Ops kernels ship sm90a only), got "
              "sm100.",
              hpc::base, "sm100"},
    rule_case{&hpc::r::init_sm90::info, stage::backend_init, exception_kind::value_error, hpc::base.on(H::sm86),
              "The hpc_ops attention backend requires an SM90 (Hopper) GPU (the HPC-Ops kernels ship sm90a only), got "
              "sm86.",
              hpc::base},
    rule_case{&hpc::r::init_no_speculative_decoding::info, stage::backend_init, exception_kind::value_error,
              hpc::base.spec(S::ngram),
              "The hpc_ops attention backend does not support speculative decoding (MTP/EAGLE) yet.", hpc::base},
    // The page snap covers the three backend fields, so only a draft hpc_ops reaches this check.
    rule_case{&hpc::r::init_page_size::info, stage::backend_init, exception_kind::value_error,
              on(H::sm90).backend(id::fa3).spec(S::eagle).draft(id::hpc_ops).page(16),
              "The hpc_ops attention backend requires --page-size 64, got 16.",
              on(H::sm90).backend(id::fa3).spec(S::eagle).draft(id::hpc_ops).page(64), "16"},
    rule_case{&hpc::r::init_page_size::info, stage::backend_init, exception_kind::value_error,
              on(H::sm90).backend(id::fa3).spec(S::eagle).draft(id::hpc_ops),
              "The hpc_ops attention backend requires --page-size 64, got 1.",
              on(H::sm90).backend(id::hpc_ops).spec(S::eagle).draft(id::hpc_ops)},
    rule_case{&hpc::r::init_kv_cache_dtype::info, stage::backend_init, exception_kind::value_error,
              hpc::base.kv(K::fp8_e5m2),
              "The hpc_ops attention backend only supports bf16 or fp8_e4m3 KV cache, got torch.float8_e5m2.",
              hpc::base.kv(K::fp8_e4m3), "fp8_e5m2"},
    rule_case{&hpc::r::init_kv_cache_dtype::info, stage::backend_init, exception_kind::value_error,
              hpc::base.with(&launch_config::dtype, model_dtype::float16),
              "The hpc_ops attention backend only supports bf16 or fp8_e4m3 KV cache, got torch.float16.",
              hpc::base.with(&launch_config::dtype, model_dtype::bfloat16), "auto"},
    rule_case{&hpc::r::init_kv_cache_dtype::info, stage::backend_init, exception_kind::value_error,
              hpc::base.kv(K::fp4_mx_block16),
              "The hpc_ops attention backend only supports bf16 or fp8_e4m3 KV cache, got torch.float4_e2m1fn_x2.",
              hpc::base.kv(K::bf16)},
    // ROCm holds both fp8 choices in its native format: e4m3fnuz on MI300, e4m3fn on MI350.
    rule_case{&hpc::r::init_kv_cache_dtype::info, stage::backend_init, exception_kind::value_error,
              hpc::base.on(H::gfx942).kv(K::fp8_e5m2),
              "The hpc_ops attention backend only supports bf16 or fp8_e4m3 KV cache, got torch.float8_e4m3fnuz.",
              hpc::base.on(H::gfx950).kv(K::fp8_e5m2), "fp8_e5m2"},
    rule_case{&hpc::r::init_fp8_head_shape::info, stage::backend_init, exception_kind::value_error,
              hpc::base.kv(K::fp8_e4m3).heads(16, 2).head_dim(128),
              "The hpc_ops FP8 KV cache path requires per-rank (num_q_heads, num_kv_heads) in ((8, 1), (64, 8)) (the "
              "fused RoPE+quant kernel is specialized per shape), got (16, 2). Adjust --tp accordingly or use "
              "--kv-cache-dtype bfloat16.",
              hpc::base.kv(K::bfloat16).heads(16, 2).head_dim(128), "16"},
    rule_case{&hpc::r::init_fp8_head_shape::info, stage::backend_init, exception_kind::value_error,
              hpc::base.kv(K::fp8_e4m3).heads(64, 16),
              "The hpc_ops FP8 KV cache path requires per-rank (num_q_heads, num_kv_heads) in ((8, 1), (64, 8)) (the "
              "fused RoPE+quant kernel is specialized per shape), got (64, 16). Adjust --tp accordingly or use "
              "--kv-cache-dtype bfloat16.",
              hpc::base.kv(K::fp8_e4m3).heads(64, 8)},
    rule_case{&hpc::r::init_head_dim_and_group::info, stage::backend_init, exception_kind::value_error,
              hpc::base.head_dim(64).heads(32, 8),
              "The hpc_ops attention backend requires head_dim == 128 and num_q_heads // num_kv_heads in (4, 8), got "
              "head_dim=64, num_q_heads=32, num_kv_heads=8.",
              hpc::base.head_dim(128).heads(32, 8), "64"},
    rule_case{&hpc::r::init_head_dim_and_group::info, stage::backend_init, exception_kind::value_error,
              hpc::base.head_dim(128).heads(16, 8),
              "The hpc_ops attention backend requires head_dim == 128 and num_q_heads // num_kv_heads in (4, 8), got "
              "head_dim=128, num_q_heads=16, num_kv_heads=8.",
              hpc::base.head_dim(128).heads(64, 8)},
    // The model's KV heads split over every tensor-parallel rank, attention DP or not: 4 KV heads
    // over 2 ranks are 2 a rank, whatever the attention-TP group holds.
    rule_case{&hpc::r::init_head_dim_and_group::info, stage::backend_init, exception_kind::value_error,
              hpc::base.head_dim(128).heads(4, 4).tp(2).with(&launch_config::num_kv_heads, 4),
              "The hpc_ops attention backend requires head_dim == 128 and num_q_heads // num_kv_heads in (4, 8), got "
              "head_dim=128, num_q_heads=4, num_kv_heads=2.",
              hpc::base.head_dim(128).heads(4, 4).tp(2).with(&launch_config::num_kv_heads, 1)},
    // So are the query heads: 4 a rank of a 2-rank attention-TP group (4 ranks, 2 attention DP
    // groups) are 8 heads, 2 on each of the 4 ranks the backend counts.
    rule_case{&hpc::r::init_head_dim_and_group::info, stage::backend_init, exception_kind::value_error,
              hpc::base.head_dim(128)
                  .heads(4, 1)
                  .tp(4)
                  .with(&launch_config::dp_size, 2)
                  .with(&launch_config::num_kv_heads, 1)
                  .flag(&launch_config::enable_dp_attention),
              "The hpc_ops attention backend requires head_dim == 128 and num_q_heads // num_kv_heads in (4, 8), got "
              "head_dim=128, num_q_heads=2, num_kv_heads=1.",
              hpc::base.head_dim(128)
                  .heads(4, 1)
                  .tp(4)
                  .with(&launch_config::dp_size, 2)
                  .with(&launch_config::num_kv_heads, 1)},
    // First forward, every layer.
    rule_case{&hpc::r::layer_sliding_window::info, stage::first_forward, exception_kind::value_error,
              hpc::base.with(&launch_config::sliding_window, 4096),
              "The hpc_ops attention backend does not support sliding window.", hpc::base, "4096"},
    rule_case{&hpc::r::layer_sliding_window::info, stage::first_forward, exception_kind::value_error,
              hpc::base.with(&launch_config::sliding_window, 0),
              "The hpc_ops attention backend does not support sliding window.", hpc::base},
    rule_case{&hpc::r::layer_logit_cap::info, stage::first_forward, exception_kind::value_error,
              hpc::base.with(&launch_config::logit_cap, 30.0),
              "The hpc_ops attention backend does not support logit cap.", hpc::base, "30.0"},
    rule_case{&hpc::r::layer_softmax_scale::info, stage::first_forward, exception_kind::value_error,
              hpc::base.head_dim(128).with(&launch_config::softmax_scale, 0.1),
              "The hpc_ops attention backend only supports the default softmax scaling head_dim ** -0.5, got 0.1.",
              hpc::base.head_dim(128).with(&launch_config::softmax_scale, 0.08838834764831845), "0.1"},
    rule_case{&hpc::r::layer_softmax_scale::info, stage::first_forward, exception_kind::value_error,
              hpc::base.head_dim(128).with(&launch_config::softmax_scale, 1.0),
              "The hpc_ops attention backend only supports the default softmax scaling head_dim ** -0.5, got 1.0.",
              hpc::base.head_dim(128)},
};

}  // namespace attncap::test
