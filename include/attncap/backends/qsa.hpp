// SPDX-License-Identifier: MIT
/// @file
/// The `qsa` backend: Qwen sparse attention (compressed index keys over the full-attention
/// layers of Qwen QSA checkpoints). The engine checks nothing about it at launch; what its
/// kernels need (a QSA profile in the model's config, chain speculation within the compress
/// ratio) is checked at the first forward pass.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/named_sets.hpp>

namespace attncap {

template <>
struct backend_traits<backends::qsa> {
  static constexpr std::string_view name = "qsa";
  static constexpr capabilities caps{
      .targets = hardware_sets::except_npu_mps,
      // Neither the NVFP4 prefill backends nor the KV4 ones name it (kv_cache_hook.py:48-56, 280-316).
      .kv_cache_dtypes = kv_cache_dtype_sets::except_kv4,
      .kernel_architectures = {model_arch::mha, model_arch::gqa, model_arch::mqa},
      // FlashAttention (FA2 or FA4) on CUDA, aiter on ROCm (layers/attention/qwen_sparse_attn_backend.py:87-126).
      .kernel_targets = hardware_sets::cuda | hardware_sets::rocm,
  };
};

}  // namespace attncap
