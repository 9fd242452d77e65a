// SPDX-License-Identifier: MIT
/// @file
/// attncap::backend_id: a backend's position in a backend registry (the engine's choice list,
/// extended by third-party backends).
#pragma once

#include <cstdint>

namespace attncap {

/// Index of a backend in its registry; `backend_id::none` means "not set".
enum class backend_id : std::uint8_t { none = 0xff };

/// True when `b` names a backend.
constexpr bool is_set(backend_id b) noexcept { return b != backend_id::none; }

}  // namespace attncap
