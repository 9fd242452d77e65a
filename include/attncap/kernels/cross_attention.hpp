// SPDX-License-Identifier: MIT
/// @file
/// Cross attention: decoder queries against encoder K/V, non-causal, ragged batches. Shares the
/// prefill kernels (and their instantiations); only the masking differs.
#pragma once

#include <attncap/kernels/prefill.hpp>
#include <string>

namespace attncap::kernels {

/// Cross attention over prefill_params: every query sees all keys of its sequence, whatever
/// `causal` says (it defaults to true for prefill). kv_indptr delimits each sequence's encoder
/// states; a sequence without encoder states gets zero output rows. Throws shape_error for a
/// sliding window (window_left other than -1), and shape_error / kernel_unsupported like prefill.
inline void cross_attention(const prefill_params& p) {
  if (p.window_left != -1)
    detail::reject("cross_attention", "window_left " + std::to_string(p.window_left) +
                                          " is not -1 (cross attention has no sliding window: every query sees "
                                          "all encoder states of its sequence)");
  prefill_params c = p;
  c.causal = false;
  detail::prefill_kernels::call("cross_attention", c);
}

}  // namespace attncap::kernels
