// SPDX-License-Identifier: MIT
/// @file
/// The `trtllm_mla` backend: TensorRT-LLM MLA decode kernels for Blackwell (page 32 or 64).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/capabilities/rule_shapes.hpp>

namespace attncap {

template <>
struct backend_traits<backends::trtllm_mla> {
  static constexpr std::string_view name = "trtllm_mla";
  static constexpr capabilities caps{
      .architectures = {model_arch::mla},
      .targets = {hardware::sm100, hardware::sm103, hardware::sm110, hardware::sm120, hardware::sm121},
      .kv_cache_dtypes = {kv_cache_dtype::fp8_e4m3, kv_cache_dtype::bf16, kv_cache_dtype::auto_},
      .pages = page_sizes::only(32, 64),
      .page_snap = 64,
      .speculative = speculative_support::chain,
      .eagle_draft = support::yes,
      .unified_pool = {unified_pool_audit::spec_verify, unified_pool_audit::dspark_verify,
                       unified_pool_audit::page_major_mla, unified_pool_audit::dcp_widened_ids},
  };
};

namespace rules::trtllm_mla {
ATTNCAP_ARCHITECTURE_RULE(mla_only, trtllm_mla, "MLA");
// Its decode kernel gets no cyclic DCP metadata and returns no rank-local LSE to merge.
ATTNCAP_RULE(dcp_speculative, "trtllm_mla.dcp_speculative", factory, value_error, speculative_algorithm,
             "None (with --dcp-size > 1)",
             "trtllm_mla cannot serve decode context parallelism with speculative decoding: it does not forward the "
             "cyclic DCP metadata to its decode kernel and returns no rank-local LSE for the cross-rank merge. "
             "Select cutedsl_mla.") {
  return ctx.cfg.dcp_size > 1 && ctx.cfg.speculative() && ctx.cfg.decode_backend() == id::trtllm_mla;
}
}  // namespace rules::trtllm_mla

/// The rules of `trtllm_mla`, in the order the engine checks them.
template <>
struct backend_rules<backends::trtllm_mla>
    : rule_list<rules::trtllm_mla::mla_only, rules::trtllm_mla::dcp_speculative> {};

}  // namespace attncap
