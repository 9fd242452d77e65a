// SPDX-License-Identifier: MIT
/// @file
/// attncap's version (kept equal to the CMake project version by a test) and the engine release
/// whose launch rules the catalogue encodes.
#pragma once

#include <string_view>

#define ATTNCAP_VERSION_MAJOR 0
#define ATTNCAP_VERSION_MINOR 1
#define ATTNCAP_VERSION_PATCH 0

namespace attncap {

/// The engine release the rule catalogue reproduces: messages, order and defaults are those of
/// this release's own code. Moving to another release changes this constant, and the recorded
/// cases and the differential run against that release's code say what else must change.
inline constexpr std::string_view engine = "sglang 0.5.23";

}  // namespace attncap
