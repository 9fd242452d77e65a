// SPDX-License-Identifier: MIT
// backend_id: a registry position, with `none` for "not given".
#include <doctest/doctest.h>

#include <attncap/vocabulary/backend_id.hpp>

using namespace attncap;

static_assert(!is_set(backend_id::none) && is_set(static_cast<backend_id>(0)));

TEST_CASE("every position below none is a backend") {
  for (int i = 0; i < static_cast<int>(backend_id::none); ++i) CHECK(is_set(static_cast<backend_id>(i)));
}
