// SPDX-License-Identifier: MIT
// The version macros are the CMake project's version.
#include <doctest/doctest.h>

#include <attncap/version.hpp>

static_assert(ATTNCAP_VERSION_MAJOR == ATTNCAP_PROJECT_VERSION_MAJOR);
static_assert(ATTNCAP_VERSION_MINOR == ATTNCAP_PROJECT_VERSION_MINOR);
static_assert(ATTNCAP_VERSION_PATCH == ATTNCAP_PROJECT_VERSION_PATCH);

TEST_CASE("the version is 0.x while the catalogue follows one engine release") { CHECK(ATTNCAP_VERSION_MAJOR == 0); }
