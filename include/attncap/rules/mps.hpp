// SPDX-License-Identifier: MIT
/// @file
/// The standard Torch MPS path's checks, run once argument resolution has finished: each
/// backend field must be unset or torch_native (sglang 0.5.23, arg_groups/validation_hook.py:617-634,
/// from server_args.py:286; the MLX path it exempts is off).
#pragma once

#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/rule.hpp>

namespace attncap::rules::server_args {

namespace detail {
constexpr bool on_mps(const rule_context& ctx) noexcept { return ctx.hw.is_mps(); }
template <backend_id launch_config::*Member>
constexpr bool mps_other_backend(const rule_context& ctx) noexcept {
  const backend_id b = ctx.cfg.*Member;
  return on_mps(ctx) && is_set(b) && b != id::torch_native;
}
}  // namespace detail

ATTNCAP_RULE(mps_attention_backend, "mps.attention_backend", server_args, value_error, attention_backend,
             "torch_native",
             "The standard Torch MPS path currently supports only the torch_native attention backend; got "
             "attention_backend={attention_backend!r}") {
  return detail::mps_other_backend<&launch_config::attention_backend>(ctx);
}
ATTNCAP_RULE(mps_prefill_backend, "mps.prefill_attention_backend", server_args, value_error, prefill_attention_backend,
             "None, torch_native",
             "The standard Torch MPS path currently supports only the torch_native attention backend; got "
             "prefill_attention_backend={prefill_attention_backend!r}") {
  return detail::mps_other_backend<&launch_config::prefill_attention_backend>(ctx);
}
ATTNCAP_RULE(mps_decode_backend, "mps.decode_attention_backend", server_args, value_error, decode_attention_backend,
             "None, torch_native",
             "The standard Torch MPS path currently supports only the torch_native attention backend; got "
             "decode_attention_backend={decode_attention_backend!r}") {
  return detail::mps_other_backend<&launch_config::decode_attention_backend>(ctx);
}

}  // namespace attncap::rules::server_args
