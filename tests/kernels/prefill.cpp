// SPDX-License-Identifier: MIT
// Prefill/extend against the double-precision reference: every compiled (head dim, dtype), causal
// with cached prefixes, ragged odd lengths, sliding window, soft-cap, sinks, paged extend over a
// prefix in the paged cache (both layouts, prefixes ending mid-page), and every ISA path.
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
    // (q_len, kv_len): a plain prompt, an extend over a cached prefix, one token, odd tails, and a
    // chunk of several query tiles (the last one short) over a prefix.
    test::ragged_problem t(4, 2, c.head_dim, {{45, 45}, {19, 70}, {1, 33}, {33, 33}, {203, 250}}, c.type, rng);
    prefill(t.p);
    CHECK(t.max_error(true) <= test::output_tolerance(c.type));
  }
}

TEST_CASE("sliding window, soft-cap and sinks, on every ISA path") {
  std::mt19937 rng(19);
  for (isa path : test::all_paths) {
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

TEST_CASE("bf16 prefill keeps fp32 products' precision on every ISA path, AMX tiles included") {
  if (!prefill_space.compiled(128, dtype::bf16)) return;
  std::mt19937 rng(29);
  test::each_path([&](isa path) {
    CAPTURE(to_string(path));
    test::ragged_problem t(4, 2, 128, {{150, 300}, {37, 37}}, dtype::bf16, rng);
    t.p.scale = 0.3f;  // peaked rows: few weights carry each output, so their rounding would show
    prefill(t.p);
    CHECK(t.max_error(true, true) <= 2e-5);
  });
}

TEST_CASE("bf16 products round the weights on AMX tiles only, within their bf16 rounding") {
  if (!prefill_space.compiled(128, dtype::bf16)) return;
  std::mt19937 rng(31);
  test::each_path([&](isa path) {
    CAPTURE(to_string(path));
    test::ragged_problem t(4, 2, 128, {{150, 300}, {37, 37}}, dtype::bf16, rng);
    t.p.scale = 0.3f;
    t.p.allow_bf16_products = true;
    prefill(t.p);
    const double err = t.max_error(true, true);
    if (path == isa::avx512_amx) {
      CHECK(err <= 0x1p-8);
      CHECK(err > 2e-5);
    } else {
      CHECK(err <= 2e-5);
    }
  });
}

TEST_CASE("a running max that rises by less and by more than the softmax's slack, on every ISA path") {
  // Scores (log2 domain) by 32 keys: each rise stays below the slack (8) or passes it, for the
  // 32-key tiles of the vector bodies (6, 7, 3, 6, 9) and the 128-key blocks of the AMX one (6, 9).
  constexpr int d = 128, step_scores[] = {0, 6, 13, 16, 22, 22, 22, 22, 31};
  std::mt19937 rng(37);
  for (dtype t : {dtype::fp32, dtype::bf16}) {
    if (!prefill_space.compiled(d, t)) continue;
    test::each_path([&](isa path) {
      CAPTURE(to_string(path));
      CAPTURE(to_string(t));
      test::ragged_problem r(2, 1, d, {{64, 400}, {5, 300}}, t, rng);
      for (std::size_t i = 0; i < r.q.size(); ++i) r.q.set(i, 1.0f);
      const double per_unit = 1.44269504088896341 / std::sqrt(double(d)) * d;  // log2 score of k = 1
      for (std::size_t row = 0; row < r.k.size() / d; ++row) {
        const int b = row >= std::size_t(r.kv_indptr[1]) ? 1 : 0;
        const int j = int(row) - r.kv_indptr[std::size_t(b)];
        const double base = step_scores[std::min(j / 32, 8)] / per_unit;
        for (std::size_t x = 0; x < d; ++x) r.k.set(row * d + x, float(base + 0.02 * r.k.at(row * d + x)));
      }
      prefill(r.p);
      CHECK(r.max_error(true, true) <= 2e-5);
    });
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

TEST_CASE("a prefill_kernel resolved once runs its key and refuses any other") {
  if constexpr (prefill_space.compiled(64, dtype::fp32)) {
    std::mt19937 rng(61);
    const prefill_kernel kernel({64, dtype::fp32});
    CHECK(kernel.key() == prefill_config{64, dtype::fp32});
    test::ragged_problem t(2, 2, 64, {{9, 20}, {4, 4}}, dtype::fp32, rng);
    kernel(t.p);
    CHECK(t.max_error(true) <= 4e-6);
    t.p.type = dtype::fp16;
    CHECK_THROWS_WITH_AS(kernel(t.p),
                         doctest::Contains("the problem's (head_dim, dtype) (head_dim=64, dtype=fp16) does not match "
                                           "the resolved kernel's (head_dim=64, dtype=fp32)"),
                         shape_error);
  }
  CHECK_THROWS_WITH_AS(prefill_kernel({72, dtype::fp32}),
                       doctest::Contains("(head_dim=72, dtype=fp32): not supported by the kernel family"),
                       kernel_unsupported);
}

TEST_CASE("paged extend over a cached prefix: both layouts, prefixes ending mid-page, every ISA path") {
  // (q_len, kv_len): prefixes 51, 32, 0, 160 and 0 tokens; with pages of 16 and 5 tokens the first
  // ends mid-page, and the batch mixes lengths.
  const std::vector<std::pair<int, int>> lens{{19, 70}, {1, 33}, {45, 45}, {40, 200}, {3, 3}};
  std::mt19937 rng(103);
  test::each_path([&](isa path) {
    for (dtype t : prefill_space_t::family_dtypes) {
      if (!prefill_space.compiled(128, t)) continue;
      for (kv_layout layout : {kv_layout::nhd, kv_layout::hnd})
        for (int page : {16, 5}) {
          CAPTURE(to_string(path));
          CAPTURE(to_string(t));
          CAPTURE(page);
          test::ragged_problem r(4, 2, 128, lens, t, rng);
          const test::paged_kv cache(r, page, layout);
          prefill(r.p);
          CHECK(r.max_error(true) <= test::output_tolerance(t));
          const std::vector<float> sinks = test::random_sinks(4, rng);
          test::set_options(r.p, 30, 1.5f, 0.2f, sinks);
          prefill(r.p);
          CHECK(r.max_error(true) <= test::output_tolerance(t));
        }
    }
  });
}

TEST_CASE("contiguous prefill is the no-prefix case of paged extend, bit for bit") {
  std::mt19937 rng(107);
  for (dtype t : prefill_space_t::family_dtypes) {
    if (!prefill_space.compiled(64, t)) continue;
    CAPTURE(to_string(t));
    test::ragged_problem r(4, 4, 64, {{37, 37}, {70, 70}}, t, rng);
    prefill(r.p);
    const std::vector<unsigned char> contiguous = r.o.bytes;
    const test::paged_kv cache(r, 16, kv_layout::hnd);
    prefill(r.p);
    CHECK(r.o.bytes == contiguous);
  }
}

TEST_CASE("a paged extend whose pages or lengths do not fit its table is refused before it runs") {
  std::mt19937 rng(109);
  test::ragged_problem r(2, 2, 64, {{5, 40}}, dtype::fp32, rng);
  test::paged_kv cache(r, 16, kv_layout::nhd);
  cache.table[1] = r.p.num_pages;
  CHECK_THROWS_WITH_AS(prefill(r.p), doctest::Contains("page_table[0][1]"), shape_error);
  cache.table[1] = 0;
  r.p.max_pages_per_seq = 2;  // 40 tokens need 3 pages of 16
  CHECK_THROWS_WITH_AS(prefill(r.p), doctest::Contains("kv_len[0] = 40 is outside [0, 32]"), shape_error);
  r.p.max_pages_per_seq = 3;
  r.p.v_cache = nullptr;
  CHECK_THROWS_WITH_AS(prefill(r.p), doctest::Contains("v_cache is a null pointer"), shape_error);
  for (std::size_t i = 0; i < r.o.size(); ++i) REQUIRE(r.o.at(i) == 0.0);
}
