// SPDX-License-Identifier: MIT
/// @file
/// The engine's command line: names its argparse no longer lists among the choices of
/// --attention-backend, --prefill-attention-backend, --decode-attention-backend and
/// --kv-cache-dtype. argparse prints the message and exits before any resolution runs, so these
/// come first; the flags are checked in the order a launch line gives them in attncap's
/// configuration (attention, prefill, decode, then the KV dtype).
#pragma once

#include <attncap/backends/all.hpp>
#include <attncap/capabilities/rule.hpp>

/// The `(choose from ...)` list of the three backend flags: sglang 0.5.23's
/// ATTENTION_BACKEND_CHOICES (arg_groups/choices.py:69) in its order, as repr() writes each name.
#define ATTNCAP_ARGPARSE_BACKEND_CHOICES                                                                         \
  "'triton', 'torch_native', 'flex_attention', 'dsa', 'nsa', 'qsa', 'dsv4', 'compressed', 'fa3', 'fa4', "        \
  "'flashinfer', 'llada2_cfg_flashinfer', 'flashmla', 'trtllm_mla', 'cutedsl_mla', 'tokenspeed_mla', "           \
  "'trtllm_mha', 'hpc_ops', 'minicpm_flashattn', 'minicpm_flashinfer', 'aiter', 'wave', 'intel_amx', 'ascend', " \
  "'intel_xpu'"

namespace attncap::rules::argparse {

namespace detail {
constexpr bool rejected(backend_id b) noexcept { return is_set(b) && !builtin_registry::accepted_by_argparse(b); }
}  // namespace detail

ATTNCAP_RULE(
    attention_backend_choice, "argparse.attention_backend", argparse, argument_error, attention_backend,
    ATTNCAP_ARGPARSE_BACKEND_CHOICES,
    "argument --attention-backend: invalid choice: '{attention_backend}' (choose from " ATTNCAP_ARGPARSE_BACKEND_CHOICES
    ")") {
  return detail::rejected(ctx.cfg.attention_backend);
}
ATTNCAP_RULE(prefill_attention_backend_choice, "argparse.prefill_attention_backend", argparse, argument_error,
             prefill_attention_backend, ATTNCAP_ARGPARSE_BACKEND_CHOICES,
             "argument --prefill-attention-backend: invalid choice: '{prefill_attention_backend}' (choose "
             "from " ATTNCAP_ARGPARSE_BACKEND_CHOICES ")") {
  return detail::rejected(ctx.cfg.prefill_attention_backend);
}
ATTNCAP_RULE(decode_attention_backend_choice, "argparse.decode_attention_backend", argparse, argument_error,
             decode_attention_backend, ATTNCAP_ARGPARSE_BACKEND_CHOICES,
             "argument --decode-attention-backend: invalid choice: '{decode_attention_backend}' (choose "
             "from " ATTNCAP_ARGPARSE_BACKEND_CHOICES ")") {
  return detail::rejected(ctx.cfg.decode_attention_backend);
}
/// fp4_e2m1 was a KV dtype of earlier releases (deprecated in 0.5.16-0.5.19); 0.5.23's
/// --kv-cache-dtype (arg_groups/fields/model.py:197-219) no longer lists it.
ATTNCAP_RULE(kv_cache_dtype_choice, "argparse.kv_cache_dtype", argparse, argument_error, kv_cache_dtype,
             "auto, fp8_e5m2, fp8_e4m3, mxfp8, bf16, bfloat16, nvfp4, fp4_mx_block16",
             "argument --kv-cache-dtype: invalid choice: '{kv_cache_dtype}' (choose from 'auto', 'fp8_e5m2', "
             "'fp8_e4m3', 'mxfp8', 'bf16', 'bfloat16', 'nvfp4', 'fp4_mx_block16')") {
  return ctx.cfg.kv_cache_dtype == kv_cache_dtype::fp4_e2m1;
}
/// triton_sparse_mla is a prefill kernel: --dsa-decode-backend does not list it.
ATTNCAP_RULE(dsa_decode_backend_choice, "argparse.dsa_decode_backend", argparse, argument_error, dsa_decode_backend,
             "flashmla_sparse, flashmla_sparse_q8, flashmla_kv, flashmla_auto, flashinfer_sparse_mla, fa3, tilelang, "
             "triton, aiter, trtllm, intel_xpu",
             "argument --dsa-decode-backend: invalid choice: '{dsa_decode_backend}' (choose from 'flashmla_sparse', "
             "'flashmla_sparse_q8', 'flashmla_kv', 'flashmla_auto', 'flashinfer_sparse_mla', 'fa3', 'tilelang', "
             "'triton', 'aiter', 'trtllm', 'intel_xpu')") {
  return ctx.cfg.dsa_decode_backend == dsa_kernel::triton_sparse_mla;
}

}  // namespace attncap::rules::argparse
