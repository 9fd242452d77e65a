// SPDX-License-Identifier: MIT
/// @file
/// The `cutedsl_mla` backend: CuTe-DSL MLA decode kernels for SM100 (decode only; the engine
/// fills prefill with trtllm_mla).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/capabilities/rule_shapes.hpp>

namespace attncap {

template <>
struct backend_traits<backends::cutedsl_mla> {
  static constexpr std::string_view name = "cutedsl_mla";
  static constexpr capabilities caps{
      .architectures = {model_arch::mla},
      .targets = {hardware::sm100, hardware::sm103},
      .kv_cache_dtypes = {kv_cache_dtype::fp8_e4m3, kv_cache_dtype::bf16, kv_cache_dtype::bfloat16,
                          kv_cache_dtype::auto_},
      .pages = page_sizes::only(32, 64),
      .page_snap = 64,
      .phases = {phase::decode},
      .speculative = speculative_support::chain,
      .eagle_draft = support::yes,
      .unified_pool = {unified_pool_audit::spec_verify, unified_pool_audit::dspark_verify,
                       unified_pool_audit::page_major_mla, unified_pool_audit::dcp_widened_ids},
  };
};

namespace rules::cutedsl_mla {
ATTNCAP_ARCHITECTURE_RULE(mla_only, cutedsl_mla, "MLA");
}  // namespace rules::cutedsl_mla

/// The rules of `cutedsl_mla`, in the order the engine checks them.
template <>
struct backend_rules<backends::cutedsl_mla> : rule_list<rules::cutedsl_mla::mla_only> {};

}  // namespace attncap
