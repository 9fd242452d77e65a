// SPDX-License-Identifier: MIT
// Prefill/extend against the double-precision reference: every compiled (head dim, dtype), causal
// with cached prefixes, ragged odd lengths, sliding window, soft-cap, sinks, and every ISA path.
#include <doctest/doctest.h>

#include <attncap/kernels/prefill.hpp>
#include <string>

#include "reference.hpp"

using namespace attncap;
using namespace attncap::kernels;

TEST_CASE("prefill matches the reference for every compiled configuration") {
  std::mt19937 rng(17);
  for (const prefill_config& c : prefill_space.configs) {
    CAPTURE(c.head_dim);
    CAPTURE(to_string(c.type));
    // (q_len, kv_len): a plain prompt, an extend over a cached prefix, one token, odd tails.
    test::ragged_problem t(4, 2, c.head_dim, {{45, 45}, {19, 70}, {1, 33}, {33, 33}}, c.type, rng);
    prefill(t.p);
    CHECK(t.max_error(true) <= test::output_tolerance(c.type));
  }
}

TEST_CASE("sliding window, soft-cap and sinks, on every ISA path") {
  std::mt19937 rng(19);
  for (isa path : {isa::scalar, isa::avx2, isa::avx512, isa::avx512_bf16}) {
    if (!available(path)) continue;
    scoped_isa force(path);
    for (dtype t : prefill_space_t::family_dtypes) {
      if (!prefill_space.compiled(128, t)) continue;
      CAPTURE(to_string(path));
      CAPTURE(to_string(t));
      test::ragged_problem plain(4, 1, 128, {{70, 101}, {3, 3}}, t, rng);
      prefill(plain.p);
      CHECK(plain.max_error(true) <= test::output_tolerance(t));
      test::ragged_problem windowed(2, 2, 128, {{77, 140}, {40, 40}}, t, rng);
      windowed.p.window_left = 21;
      windowed.p.softcap = 1.5f;
      windowed.p.scale = 2.0f;
      prefill(windowed.p);
      CHECK(windowed.max_error(true) <= test::output_tolerance(t));
      // Sinks (per query head), with the window and soft-cap and without.
      const float sinks[2] = {0.5f, -1.25f};
      windowed.p.sinks = sinks;
      prefill(windowed.p);
      CHECK(windowed.max_error(true) <= test::output_tolerance(t));
      windowed.p.window_left = -1;
      windowed.p.softcap = 0.0f;
      windowed.p.scale = 0.0f;  // uncapped scores at scale 2 are too peaked for the fp32 bound
      prefill(windowed.p);
      CHECK(windowed.max_error(true) <= test::output_tolerance(t));
    }
  }
}

TEST_CASE("static dispatch runs the same kernel") {
  if constexpr (prefill_space.compiled(64, dtype::fp32)) {
    std::mt19937 rng(23);
    test::ragged_problem t(2, 2, 64, {{9, 20}}, dtype::fp32, rng);
    prefill<64, dtype::fp32>(t.p);
    CHECK(t.max_error(true) <= 4e-6);
    t.p.head_dim = 64;
    t.p.type = dtype::fp16;
    CHECK_THROWS_AS((prefill<64, dtype::fp32>(t.p)), shape_error);
  }
}
