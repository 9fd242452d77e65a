// SPDX-License-Identifier: MIT
/// @file
/// Prefill/decode disaggregation's step of argument resolution, before prefill-only serving's
/// preconditions (sglang 0.5.23, arg_groups/pd_disaggregation_hook.py:97-127, run from
/// arg_groups/pipeline.py:147): a decode server runs without the radix cache.
#pragma once

#include <attncap/capabilities/rule.hpp>

namespace attncap::rules::server_args {

/// `--disaggregation-decode-enable-radix-cache`, which keeps it, is not an input.
struct decode_server_radix_cache {
  static constexpr rewrite_info info{"disaggregation.decode_radix_cache", field::disable_radix_cache,
                                     "Radix cache is disabled for decode server"};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return ctx.cfg.disaggregation_mode == disaggregation_mode::decode && !ctx.cfg.disable_radix_cache;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.disable_radix_cache = true; }
};

}  // namespace attncap::rules::server_args
