// SPDX-License-Identifier: MIT
/// @file
/// Constant-evaluable math the rules need (std::sqrt is not constexpr in C++20).
#pragma once

namespace attncap::detail {

/// Square root by Newton's iteration; exact to the last bits for the positive values rules use.
constexpr double sqrt(double x) noexcept {
  if (!(x > 0)) return 0;
  double r = x > 1 ? x : 1;
  for (int i = 0; i < 64; ++i) {
    double next = 0.5 * (r + x / r);
    if (next == r) break;
    r = next;
  }
  return r;
}

}  // namespace attncap::detail
