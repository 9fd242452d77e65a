// SPDX-License-Identifier: MIT
/// @file
/// The scratch a kernel call needs, for a caller that owns it: pass `workspace` and
/// `workspace_bytes` in the call's parameters. A call without a workspace uses its thread's own
/// scratch, which grows on first need and is reused; either way a call after warm-up does no heap
/// allocation.
#pragma once

#include <attncap/kernels/decode.hpp>
#include <attncap/kernels/mla_decode.hpp>
#include <attncap/kernels/prefill.hpp>
#include <cstddef>

namespace attncap::kernels {

/// Bytes of workspace `decode(p)` needs, on any ISA path. The size follows the batch, the head
/// counts and dims, num_threads and how the sequence lengths cut into work items, so size it for
/// the call at hand (it costs a pass over seq_lens). Throws shape_error for invalid shapes.
inline std::size_t decode_workspace_bytes(const decode_params& p) {
  detail::decode_family::validate("decode_workspace_bytes", p);
  return detail::layout_decode(p, std::size_t(p.head_dim), resolve_threads(p.num_threads)).bytes;
}

/// Bytes of workspace `mla_decode(p)` needs (see decode_workspace_bytes).
inline std::size_t mla_decode_workspace_bytes(const decode_params& p) {
  detail::mla_family::validate("mla_decode_workspace_bytes", p);
  return detail::layout_decode(p, std::size_t(p.v_head_dim), resolve_threads(p.num_threads)).bytes;
}

/// Bytes of workspace `prefill(p)` and `cross_attention(p)` need, on any ISA path (on AMX tiles a
/// call uses about half). Throws shape_error for invalid shapes.
inline std::size_t prefill_workspace_bytes(const prefill_params& p) {
  detail::validate_prefill("prefill_workspace_bytes", p);
  return detail::layout_prefill(p, true).bytes;
}

}  // namespace attncap::kernels
