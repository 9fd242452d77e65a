// SPDX-License-Identifier: MIT
// The version macros are the CMake project's version; the engine the catalogue follows is named.
#include <doctest/doctest.h>

#include <attncap/version.hpp>

static_assert(ATTNCAP_VERSION_MAJOR == ATTNCAP_PROJECT_VERSION_MAJOR);
static_assert(ATTNCAP_VERSION_MINOR == ATTNCAP_PROJECT_VERSION_MINOR);
static_assert(ATTNCAP_VERSION_PATCH == ATTNCAP_PROJECT_VERSION_PATCH);

TEST_CASE("the version is 0.x while the catalogue follows one engine release") { CHECK(ATTNCAP_VERSION_MAJOR == 0); }

// The recorded cases and the differential run are taken against this release; a change here is
// a change of the catalogue's spec and must come with them.
TEST_CASE("the catalogue names the engine release it encodes") { CHECK(attncap::engine == "sglang 0.5.23"); }
