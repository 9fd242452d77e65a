// SPDX-License-Identifier: MIT
/// @file
/// The AMX tile configuration (the operand of `ldtilecfg`) the AMX kernel bodies load.
#pragma once

#include <cstdint>

namespace attncap::kernels::detail::amx {

/// Palette 1: tile register i has rows[i] rows of colsb[i] bytes.
struct alignas(64) tile_config {
  std::uint8_t palette = 1, start_row = 0, reserved[14] = {};
  std::uint16_t colsb[16] = {};
  std::uint8_t rows[16] = {};
};

}  // namespace attncap::kernels::detail::amx
