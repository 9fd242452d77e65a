// SPDX-License-Identifier: MIT
/// @file
/// Cross attention: decoder queries against encoder K/V, non-causal, ragged batches. Shares the
/// prefill kernels (and their instantiations); only the masking differs.
#pragma once

#include <attncap/kernels/prefill.hpp>

namespace attncap::kernels {

/// Cross attention over prefill_params with `causal` and `window_left` ignored (every query sees
/// all keys of its sequence). kv_indptr delimits each sequence's encoder states; a sequence without
/// encoder states gets zero output rows. Throws shape_error / kernel_unsupported like prefill.
inline void cross_attention(const prefill_params& p) {
  prefill_params c = p;
  c.causal = false;
  c.window_left = -1;
  detail::prefill_kernels::call("cross_attention", c);
}

}  // namespace attncap::kernels
