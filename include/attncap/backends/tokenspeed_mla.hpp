// SPDX-License-Identifier: MIT
/// @file
/// The `tokenspeed_mla` backend: TokenSpeed MLA kernels for Blackwell, fp8_e4m3 KV only.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/capabilities/rule_shapes.hpp>

namespace attncap {

template <>
struct backend_traits<backends::tokenspeed_mla> {
  static constexpr std::string_view name = "tokenspeed_mla";
  static constexpr capabilities caps{
      .architectures = {model_arch::mla},
      .targets = {hardware::sm100, hardware::sm103, hardware::sm110, hardware::sm120, hardware::sm121},
      .kv_cache_dtypes = {kv_cache_dtype::fp8_e4m3},
      .pages = page_sizes::only(32, 64),
      .page_snap = 64,
      .speculative = speculative_support::chain,
  };
};

namespace rules::tokenspeed_mla {
using traits = backend_traits<backends::tokenspeed_mla>;

ATTNCAP_ARCHITECTURE_RULE(mla_only, tokenspeed_mla, "MLA");

ATTNCAP_RULE(init_kv_cache_dtype, "tokenspeed_mla.init_kv_cache_dtype", backend_init, value_error, kv_cache_dtype,
             declared_kv_cache_dtypes<backends::tokenspeed_mla>,
             "tokenspeed_mla backend requires --kv-cache-dtype fp8_e4m3, got data_type={torch_kv_dtype}.") {
  return !traits::caps.kv_cache_dtypes.contains(ctx.cfg.kv_cache_dtype);
}

ATTNCAP_RULE(init_page_size, "tokenspeed_mla.init_page_size", backend_init, value_error, page_size,
             declared_page_sizes<backends::tokenspeed_mla>,
             "tokenspeed_mla backend requires page_size in {{32, 64}}, got page_size={page_size}.") {
  return !traits::caps.pages.contains(ctx.cfg.page_size);
}
}  // namespace rules::tokenspeed_mla

/// The rules of `tokenspeed_mla`, in the order the engine checks them.
template <>
struct backend_rules<backends::tokenspeed_mla>
    : rule_list<rules::tokenspeed_mla::mla_only, rules::tokenspeed_mla::init_kv_cache_dtype,
                rules::tokenspeed_mla::init_page_size> {};

}  // namespace attncap
