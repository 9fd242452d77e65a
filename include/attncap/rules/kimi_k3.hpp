// SPDX-License-Identifier: MIT
/// @file
/// Kimi-K3's provider of the override registry (sglang 0.5.23, arg_groups/model_overrides/kimi_k3.py):
/// under decode context parallelism the decode backend is cutedsl_mla or aiter, with the prefill
/// backend that pairs with it; on SM100/SM103 without it, trtllm_mla for both phases, and DSPARK
/// verifies on the decode backend where that backend serves the verify width. The FlashInfer and
/// aiter kernel versions it probes are the installed software's, taken as new enough.
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/rules/model_overrides.hpp>

namespace attncap::rules::server_args {

namespace detail {
constexpr bool is_kimi_k3(const launch_config& c) noexcept { return c.model == model_family::kimi_k3; }
constexpr bool kimi_k3_dcp(const launch_config& c) noexcept { return is_kimi_k3(c) && c.dcp_size > 1; }
/// Under DCP: the decode backend kept (cutedsl_mla when none is given), or none for another.
constexpr backend_id kimi_k3_dcp_decode(const launch_config& c) noexcept {
  const auto d = c.decode_backend();
  return !is_set(d) || d == id::cutedsl_mla ? id::cutedsl_mla : d == id::aiter ? id::aiter : backend_id::none;
}
constexpr backend_id kimi_k3_dcp_prefill(const launch_config& c) noexcept {
  if (kimi_k3_dcp_decode(c) != id::aiter) return id::trtllm_mla;
  return c.prefill_backend() == id::triton ? id::triton : id::aiter;
}
/// SM100/SM103 without DCP, no backend given: trtllm_mla for both phases.
constexpr bool kimi_k3_sm100_default(const rule_context& ctx) noexcept {
  const auto& c = ctx.cfg;
  return is_kimi_k3(c) && c.dcp_size <= 1 && ctx.hw.is_sm100() && no_backend_given(c);
}
/// SM100/SM103 DSPARK without DCP: the decode backend that will verify (trtllm_mla when none is given).
constexpr backend_id kimi_k3_dspark_verifier(const rule_context& ctx) noexcept {
  const auto& c = ctx.cfg;
  if (!is_kimi_k3(c) || c.dcp_size > 1 || !ctx.hw.is_sm100() ||
      c.speculative_algorithm != speculative_algorithm::dspark)
    return backend_id::none;
  return no_backend_given(c) ? id::trtllm_mla : c.decode_backend();
}
}  // namespace detail

// Ragged verification is not validated under DCP.
ATTNCAP_RULE(kimi_k3_dcp_dspark_ragged_verify, "model.kimi_k3_dcp_dspark_ragged_verify", server_args, value_error,
             sglang_ragged_verify_mode, "static (DSPARK under DCP)",
             "Kimi-K3 DCP + DSPARK currently requires SGLANG_RAGGED_VERIFY_MODE=static; compact/cap-accept are not "
             "validated under DCP (got {sglang_ragged_verify_mode!r}).") {
  const auto& c = ctx.cfg;
  return detail::kimi_k3_dcp(c) && c.speculative_algorithm == speculative_algorithm::dspark &&
         c.sglang_ragged_verify_mode != ragged_verify_mode::static_;
}
ATTNCAP_RULE(kimi_k3_dcp_decode_backend, "model.kimi_k3_dcp_decode_backend", server_args, assertion_error,
             decode_attention_backend, "cutedsl_mla, aiter",
             "Decode attention backend for Kimi-K3 DCP must be 'cutedsl_mla' or 'aiter', got {decode_backend!r}.") {
  return detail::kimi_k3_dcp(ctx.cfg) && !is_set(detail::kimi_k3_dcp_decode(ctx.cfg));
}
/// Under DCP DSPARK verifies on the decode backend.
struct kimi_k3_dcp_dspark_mode {
  static constexpr rewrite_info info{"model.kimi_k3_dcp_dspark_mode", field::speculative_attention_mode, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    return detail::kimi_k3_dcp(c) && c.speculative_algorithm == speculative_algorithm::dspark &&
           is_set(detail::kimi_k3_dcp_decode(c)) && c.speculative_attention_mode != speculative_attention_mode::decode;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.speculative_attention_mode = speculative_attention_mode::decode;
  }
};
/// The pair under DCP: the prefill backend first, as it reads the decode backend given.
struct kimi_k3_dcp_prefill_backend {
  static constexpr rewrite_info info{"model.kimi_k3_dcp_prefill_backend", field::prefill_attention_backend, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    return detail::kimi_k3_dcp(c) && is_set(detail::kimi_k3_dcp_decode(c)) &&
           c.prefill_attention_backend != detail::kimi_k3_dcp_prefill(c);
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.prefill_attention_backend = detail::kimi_k3_dcp_prefill(cfg);
  }
};
struct kimi_k3_dcp_decode_fill {
  static constexpr rewrite_info info{"model.kimi_k3_dcp_decode_fill", field::decode_attention_backend, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    return detail::kimi_k3_dcp(c) && is_set(detail::kimi_k3_dcp_decode(c)) &&
           c.decode_attention_backend != detail::kimi_k3_dcp_decode(c);
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.decode_attention_backend = detail::kimi_k3_dcp_decode(cfg);
  }
};

/// SM100/SM103 DSPARK: verify on the decode backend where it serves the verify width (trtllm_mla
/// and cutedsl_mla serve any); else a warning that verify stays on the prefill backend.
struct kimi_k3_dspark_mode {
  static constexpr rewrite_info info{"model.kimi_k3_dspark_mode", field::speculative_attention_mode, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto v = detail::kimi_k3_dspark_verifier(ctx);
    return (v == id::trtllm_mla || v == id::cutedsl_mla) &&
           ctx.cfg.speculative_attention_mode != speculative_attention_mode::decode;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.speculative_attention_mode = speculative_attention_mode::decode;
  }
};
struct kimi_k3_dspark_prefill_verify {
  static constexpr rewrite_info info{
      "model.kimi_k3_dspark_prefill_verify", field::speculative_attention_mode,
      "Kimi-K3 DSPARK: decode attention backend {decode_backend!r} cannot serve target verify at "
      "q_len={kimi_k3_verify_width}, so verify runs on the prefill backend (speculative_attention_mode=prefill). A "
      "host-plan prefill backend costs a per-step seq_lens D2H sync; leave the attention backend knobs unset for the "
      "sync-free default."};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto v = detail::kimi_k3_dspark_verifier(ctx);
    return is_set(v) && v != id::trtllm_mla && v != id::cutedsl_mla;
  }
  static constexpr void apply(launch_config&, const platform&) noexcept {}
};
/// SM100/SM103: trtllm_mla for both phases when no backend is given (DSPARK's default too): the
/// decode side first, then the prefill side beside it. (A decode-only trtllm_mla given there gets
/// the same prefill side, where the engine fills the base backend by its default instead.)
struct kimi_k3_decode_backend {
  static constexpr rewrite_info info{"model.kimi_k3_decode_backend", field::decode_attention_backend, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept { return detail::kimi_k3_sm100_default(ctx); }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.decode_attention_backend = id::trtllm_mla;
  }
};
struct kimi_k3_prefill_backend {
  static constexpr rewrite_info info{"model.kimi_k3_prefill_backend", field::prefill_attention_backend, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept {
    const auto& c = ctx.cfg;
    return detail::is_kimi_k3(c) && c.dcp_size <= 1 && ctx.hw.is_sm100() && !is_set(c.attention_backend) &&
           !is_set(c.prefill_attention_backend) && c.decode_attention_backend == id::trtllm_mla;
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.prefill_attention_backend = id::trtllm_mla;
  }
};

}  // namespace attncap::rules::server_args
