// SPDX-License-Identifier: MIT
/// @file
/// attncap's version (kept equal to the CMake project version by a test).
#pragma once

#define ATTNCAP_VERSION_MAJOR 0
#define ATTNCAP_VERSION_MINOR 1
#define ATTNCAP_VERSION_PATCH 0
