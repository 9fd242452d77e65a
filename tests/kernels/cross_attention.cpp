// SPDX-License-Identifier: MIT
// Cross attention (non-causal, encoder K/V) against the double-precision reference: every compiled
// (head dim, dtype), ragged odd lengths, sequences without encoder states, and 32K encoder states.
#include <doctest/doctest.h>

#include <attncap/kernels/cross_attention.hpp>
#include <string>

#include "reference.hpp"

using namespace attncap;
using namespace attncap::kernels;

TEST_CASE("cross attention matches the reference for every compiled configuration") {
  std::mt19937 rng(41);
  for (const prefill_config& c : cross_attention_space.configs) {
    CAPTURE(c.head_dim);
    CAPTURE(to_string(c.type));
    // More queries than keys, fewer, and none at all (zeros).
    test::ragged_problem t(4, 2, c.head_dim, {{13, 51}, {40, 7}, {5, 0}}, c.type, rng);
    cross_attention(t.p);
    CHECK(t.max_error(false) <= test::output_tolerance(c.type));
    for (std::size_t i = 53 * 4 * std::size_t(c.head_dim); i < t.o.size(); ++i) REQUIRE(t.o.at(i) == 0.0);
  }
}

TEST_CASE("cross attention reads no causal flag and refuses a window") {
  std::mt19937 rng(43);
  test::ragged_problem t(2, 2, 64, {{30, 9}}, dtype::fp32, rng);
  t.p.causal = true;
  cross_attention(t.p);
  CHECK(t.max_error(false) <= 4e-6);
  for (const int window : {2, 0, -2}) {
    CAPTURE(window);
    t.p.window_left = window;
    CHECK_THROWS_WITH_AS(
        cross_attention(t.p),
        doctest::Contains(("cross_attention: window_left " + std::to_string(window) + " is not -1").c_str()),
        shape_error);
  }
}

TEST_CASE("32K encoder states with uniform scores and constant V keep fp32 precision") {
  if (!cross_attention_space.compiled(128, dtype::fp32)) return;
  std::mt19937 rng(47);
  test::ragged_problem t(1, 1, 128, {{3, 32768}}, dtype::fp32, rng);
  for (std::size_t i = 0; i < t.q.size(); ++i) t.q.set(i, 0.0f);
  for (std::size_t i = 0; i < t.v.size(); ++i) t.v.set(i, 0.7f);
  cross_attention(t.p);
  for (std::size_t i = 0; i < t.o.size(); ++i) CHECK(std::fabs(t.o.at(i) - 0.7) / 0.7 <= 1e-5);
}
