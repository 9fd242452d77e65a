// SPDX-License-Identifier: MIT
// Paged decode against the double-precision reference: every compiled (head dim, KV dtype, group),
// every group from 1 to 64 on odd head counts, sliding window, soft-cap, sinks and scale, odd
// lengths, empty sequences, every ISA path, threads, and a 32K-token precision check; and the
// pages a block primes ahead of its reads.
#include <doctest/doctest.h>

#include <algorithm>
#include <attncap/kernels/decode.hpp>
#include <attncap/kernels/detail/bodies.hpp>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "reference.hpp"

using namespace attncap;
using namespace attncap::kernels;

namespace {
// Inputs in [-1, 1]; outputs are convex combinations of V rows, so an absolute bound is relative
// to the data. The bf16 dot-product path carries q as bf16 hi + lo (about 16 significant bits).
double tolerance(dtype kv) { return kv == dtype::bf16 ? 2e-5 : 4e-6; }
std::string name(const decode_config& c) {
  std::string s = "D";
  s += std::to_string(c.head_dim);
  s += ' ';
  s += to_string(c.kv);
  s += " G";
  s += std::to_string(c.group);
  return s;
}
/// f(path, c) on every ISA path this CPU has, forced, for every compiled configuration of head
/// dim 64 or 128.
template <class F>
void each_path_and_config(F f) {
  for (isa path : test::all_paths) {
    if (!available(path)) continue;
    scoped_isa force(path);
    for (const decode_config& c : decode_space.configs) {
      if (c.head_dim != 64 && c.head_dim != 128) continue;
      CAPTURE(to_string(path));
      CAPTURE(name(c));
      f(path, c);
    }
  }
}
}  // namespace

TEST_CASE("decode matches the reference for every compiled configuration") {
  std::mt19937 rng(7);
  for (const decode_config& c : decode_space.configs) {
    CAPTURE(name(c));
    test::paged_problem t(2, 2 * c.group, 2, c.head_dim, c.head_dim, 16, {37, 0}, dtype::fp32, c.kv, rng);
    decode(t.p);
    CHECK(t.max_error() <= tolerance(c.kv));
  }
}

TEST_CASE("an empty sequence (fully masked row) decodes to zeros") {
  std::mt19937 rng(1);
  test::paged_problem t(2, 4, 1, 128, 128, 8, {0, 5}, dtype::bf16, dtype::bf16, rng);
  decode(t.p);
  for (std::size_t i = 0; i < 4 * 128; ++i) CHECK(t.o.at(i) == 0.0);
}

TEST_CASE("every ISA path agrees with the reference, for odd lengths and page sizes") {
  std::mt19937 rng(3);
  for (isa path : test::all_paths) {
    if (!available(path)) continue;
    scoped_isa force(path);
    for (dtype kv : decode_space_t::family_kv_dtypes)
      for (int d : {80, 128})
        for (int g : {1, 4, 8}) {  // 4, 8: the AMX path's tiles, K rows copied across 5-key pages
          if (!decode_space.compiled(d, kv, g)) continue;
          CAPTURE(to_string(path));
          CAPTURE(name({d, kv, g}));
          test::paged_problem t(3, 2 * g, 2, d, d, 5, {1, 333, 17}, dtype::bf16, kv, rng);
          decode(t.p);
          // bf16 output rounding on top of the kernel error.
          CHECK(t.max_error() <= 4e-3);
        }
  }
}

TEST_CASE("bf16 q (no lo part) matches the reference to the kernel tolerance on every ISA path") {
  // A bf16 q is exact in bf16, so the bf16 dot path runs on q's hi part alone; the kernel error
  // must stay within the fp32-q tolerance, on top of rounding the bf16 output.
  std::mt19937 rng(17);
  each_path_and_config([&](isa, const decode_config& c) {
    test::paged_problem t(2, 2 * c.group, 2, c.head_dim, c.head_dim, 16, {301, 37}, dtype::bf16, c.kv, rng);
    decode(t.p);
    CHECK(t.max_error(true) <= tolerance(c.kv));
  });
}

TEST_CASE("allow_bf16_products stays within the bf16 rounding of the inputs and acts only on bf16 products") {
  // q and the weights rounded to bf16 (relative 2^-9 each), sums in fp32: the output moves by less
  // than one bf16 rounding of max |v| = 1. Where bf16 products run, the error must exceed the
  // fp32-product tolerance (else the permission changed nothing); elsewhere it must not. They run
  // on vdpbf16ps (avx512_bf16) and on AMX tiles (units of 4 or 8 heads); the AMX path's other
  // groups multiply in fp32.
  std::mt19937 rng(23);
  constexpr double bf16_rounding = 0x1p-8;
  each_path_and_config([&](isa path, const decode_config& c) {
    test::paged_problem t(3, 2 * c.group, 2, c.head_dim, c.head_dim, 16, {301, 37, 1}, dtype::fp32, c.kv, rng);
    t.p.allow_bf16_products = true;
    decode(t.p);
    const double err = t.max_error();
    const bool tiles = path == isa::avx512_amx && (c.group == 4 || c.group == 8);
    if (c.kv == dtype::bf16 && (path == isa::avx512_bf16 || tiles)) {
      CHECK(err <= bf16_rounding);
      CHECK(err > tolerance(c.kv));
    } else {
      CHECK(err <= tolerance(c.kv));
    }
  });
}

TEST_CASE("fp32 q holding bf16 values takes the hi-only path and keeps the fp32 tolerance") {
  std::mt19937 rng(19);
  for (isa path : {isa::avx512, isa::avx512_bf16, isa::avx512_amx}) {
    if (!available(path)) continue;
    scoped_isa force(path);
    for (int g : {1, 4, 8}) {
      if (!decode_space.compiled(128, dtype::bf16, g)) continue;
      CAPTURE(to_string(path));
      CAPTURE(g);
      test::paged_problem t(1, 2 * g, 2, 128, 128, 16, {523}, dtype::fp32, dtype::bf16, rng);
      for (std::size_t i = 0; i < t.q.size(); ++i) t.q.set(i, round_to(dtype::bf16, float(t.q.at(i))));
      decode(t.p);
      CHECK(t.max_error() <= tolerance(dtype::bf16));
      // One element off bf16 brings the lo part back (for the whole call); the result stays as precise.
      t.q.set(0, float(t.q.at(0)) + 1e-4f);
      decode(t.p);
      CHECK(t.max_error() <= tolerance(dtype::bf16));
    }
  }
}

TEST_CASE("both page layouts decode the same attention") {
  std::mt19937 rng(13);
  for (kv_layout layout : {kv_layout::nhd, kv_layout::hnd}) {
    test::paged_problem t(2, 8, 4, 64, 64, 7, {50, 23}, dtype::fp32, dtype::fp32, rng);
    t.p.layout = layout;
    decode(t.p);
    CHECK(t.max_error() <= 4e-6);
  }
}

TEST_CASE("thread count does not change the result beyond rounding") {
  std::mt19937 rng(5);
  test::paged_problem t(1, 8, 2, 128, 128, 16, {3001}, dtype::fp32, dtype::fp16, rng);
  t.p.num_threads = 1;
  decode(t.p);
  const double one = t.max_error();
  t.p.num_threads = 0;
  decode(t.p);
  CHECK(one <= 4e-6);
  CHECK(t.max_error() <= 4e-6);
}

TEST_CASE("work split into head slices and key ranges of any shape decodes the same attention") {
  // 6 KV heads, uneven lengths: 1 thread runs whole heads together; 8 threads also split the heads
  // into uneven slices (1, 2, 1, 2) and the sequences into several key ranges each.
  std::mt19937 rng(17);
  for (int g : {1, 4}) {
    if (!decode_space.compiled(128, dtype::bf16, g)) continue;
    CAPTURE(g);
    test::paged_problem t(3, 6 * g, 6, 128, 128, 16, {700, 5, 1200}, dtype::fp32, dtype::bf16, rng);
    for (kv_layout layout : {kv_layout::hnd, kv_layout::nhd})
      for (int threads : {1, 2, 3, 8}) {
        CAPTURE(threads);
        t.p.layout = layout;
        t.p.num_threads = threads;
        decode(t.p);
        CHECK(t.max_error() <= tolerance(dtype::bf16));
      }
  }
}

TEST_CASE("32K keys with uniform scores and constant V: fp32 accumulation keeps full precision") {
  // A V sum kept in fp16 would stop growing at 4096 terms; fp32 must stay within 1e-5 of fp64.
  for (dtype kv : {dtype::fp32, dtype::bf16, dtype::fp16}) {
    if (!decode_space.compiled(128, kv, 1)) continue;
    CAPTURE(to_string(kv));
    std::mt19937 rng(11);
    test::paged_problem t(1, 1, 1, 128, 128, 64, {32768}, dtype::fp32, kv, rng);
    for (std::size_t i = 0; i < t.q.size(); ++i) t.q.set(i, 0.0f);  // every score equal
    const float value = round_to(kv, 0.7f);
    for (std::size_t i = 0; i < t.v.size(); ++i) t.v.set(i, value);
    for (bool bf16_products : {false, true})
      for (int threads : {1, 0}) {
        t.p.num_threads = threads;
        t.p.allow_bf16_products = bf16_products;  // weights of 1 and a bf16 V are exact in bf16
        decode(t.p);
        for (std::size_t d = 0; d < 128; ++d) CHECK(std::fabs(t.o.at(d) - value) / value <= 1e-5);
      }
  }
}

TEST_CASE("every group from 1 to 64 matches the reference, tuned or not") {
  // Untuned groups run on a divisor's tuned body (6 = 3 x 2, 16 = 2 x 8, 64 = 8 x 8) or on the
  // general one (7 = 4 + 1 + 1 + 1): both read a block's rows for all the heads of a KV head.
  std::mt19937 rng(41);
  for (int g = 1; g <= decode_space_t::max_group; ++g) {
    CAPTURE(g);
    test::paged_problem t(2, 2 * g, 2, 64, 64, 16, {45, 19}, dtype::fp32, dtype::fp32, rng);
    decode(t.p);
    CHECK(t.max_error() <= tolerance(dtype::fp32));
  }
}

TEST_CASE("odd head counts on every ISA path, KV dtype and page layout") {
  // (q heads, KV heads): 28 / 4 (group 7), 7 / 1, 3 / 1, 12 / 2 (6), 48 / 3 (16), 64 / 1, 20 / 4 (5).
  const std::pair<int, int> heads[] = {{28, 4}, {7, 1}, {3, 1}, {12, 2}, {48, 3}, {64, 1}, {20, 4}};
  std::mt19937 rng(43);
  for (isa path : test::all_paths) {
    if (!available(path)) continue;
    scoped_isa force(path);
    for (dtype kv : decode_space_t::family_kv_dtypes)
      for (const auto& pair : heads) {
        const int hq = pair.first, hkv = pair.second;  // not a structured binding: CAPTURE's lambda takes it
        if (!decode_space.compiled(128, kv, hq / hkv)) continue;
        CAPTURE(to_string(path));
        CAPTURE(name({128, kv, hq / hkv}));
        CAPTURE(hq);
        test::paged_problem t(2, hq, hkv, 128, 128, 16, {70, 301}, dtype::fp32, kv, rng);
        t.p.layout = hq % 2 == 0 ? kv_layout::hnd : kv_layout::nhd;
        decode(t.p);
        CHECK(t.max_error() <= tolerance(kv));
      }
  }
}

TEST_CASE("an untuned group through static dispatch runs the same kernel as runtime dispatch") {
  if constexpr (decode_space.compiled(64, dtype::bf16, 7)) {
    std::mt19937 rng(47);
    test::paged_problem t(1, 14, 2, 64, 64, 16, {33}, dtype::fp32, dtype::bf16, rng);
    decode<64, dtype::bf16, 7>(t.p);
    CHECK(t.max_error() <= tolerance(dtype::bf16));
    t.p.num_q_heads = 12;
    CHECK_THROWS_WITH_AS((decode<64, dtype::bf16, 7>(t.p)),
                         doctest::Contains("the problem's (head_dim, kv_dtype, group) (head_dim=64, kv_dtype=bf16, "
                                           "group=6) does not match the template arguments (head_dim=64, "
                                           "kv_dtype=bf16, group=7)"),
                         shape_error);
  }
}

TEST_CASE("a decode_kernel resolved once runs its key, tuned or not, and refuses any other") {
  std::mt19937 rng(59);
  for (const decode_config key :
       {decode_config{128, dtype::bf16, 4}, decode_config{64, dtype::bf16, 7}, decode_config{128, dtype::fp16, 3}}) {
    if (!decode_space.compiled(key.head_dim, key.kv, key.group)) continue;
    CAPTURE(name(key));
    const decode_kernel kernel(key);
    CHECK(kernel.key() == key);
    test::paged_problem t(2, 2 * key.group, 2, key.head_dim, key.head_dim, 16, {37, 5}, dtype::fp32, key.kv, rng);
    kernel(t.p);
    CHECK(t.max_error() <= tolerance(key.kv));
    // Twice the group: refused, naming both keys, before the output is written.
    test::paged_problem u(1, 2 * key.group, 1, key.head_dim, key.head_dim, 16, {9}, dtype::fp32, key.kv, rng);
    const auto spelled = [&](int group) {
      return "(head_dim=" + std::to_string(key.head_dim) + ", kv_dtype=" + std::string(to_string(key.kv)) +
             ", group=" + std::to_string(group) + ")";
    };
    const std::string refusal = spelled(2 * key.group) + " does not match the resolved kernel's " + spelled(key.group);
    CHECK_THROWS_WITH_AS(kernel(u.p), doctest::Contains(refusal.c_str()), shape_error);
    for (std::size_t i = 0; i < u.o.size(); ++i) REQUIRE(u.o.at(i) == 0.0);
  }
  const auto refused = [](const decode_config& key) {
    try {
      const decode_kernel kernel(key);
    } catch (const kernel_unsupported& e) {
      return e.reason();
    }
    return support::ok;
  };
  CHECK(refused({112, dtype::bf16, 4}) == support::excluded_by_build);
  CHECK(refused({64, dtype::bf16, 65}) == support::unsupported_by_family);
  CHECK(refused({72, dtype::bf16, 4}) == support::unsupported_by_family);
  CHECK(refused({128, dtype::bf16, 4}) == support::ok);
}

TEST_CASE("groups past 64 are refused as outside the family, before any tensor is read") {
  std::mt19937 rng(53);
  test::paged_problem t(1, 65, 1, 64, 64, 16, {9}, dtype::fp32, dtype::fp32, rng);
  CHECK_THROWS_WITH_AS(decode(t.p), doctest::Contains("group=65): not supported by the kernel family"),
                       kernel_unsupported);
  for (std::size_t i = 0; i < t.o.size(); ++i) REQUIRE(t.o.at(i) == 0.0);
}

TEST_CASE("sliding window, soft-cap, sinks and a custom scale on every ISA path, tuned and general groups") {
  std::mt19937 rng(83);
  test::each_path([&](isa path) {
    for (dtype kv : {dtype::fp32, dtype::bf16, dtype::fp16})
      for (int g : {1, 4, 7, 8}) {
        if (!decode_space.compiled(128, kv, g)) continue;
        CAPTURE(to_string(path));
        CAPTURE(name({128, kv, g}));
        // Window ends mid-page and inside one sequence; the empty sequence stays zero with a sink.
        test::paged_problem t(4, 2 * g, 2, 128, 128, 16, {700, 37, 0, 129}, dtype::fp32, kv, rng);
        const std::vector<float> sinks = test::random_sinks(std::size_t(2 * g), rng);
        test::set_options(t.p, 100, 0.5f, 0.3f, sinks);  // scores reach several times the cap
        t.p.layout = g == 7 ? kv_layout::nhd : kv_layout::hnd;
        decode(t.p);
        CHECK(t.max_error() <= tolerance(kv));
        for (std::size_t i = 2 * std::size_t(2 * g) * 128; i < 3 * std::size_t(2 * g) * 128; ++i)
          REQUIRE(t.o.at(i) == 0.0);
        // Each option alone, threads split the short window too.
        for (int option = 0; option < 3; ++option) {
          CAPTURE(option);
          t.p.window_left = option == 0 ? 5 : -1;
          t.p.softcap = option == 1 ? 2.0f : 0.0f;
          t.p.sinks = option == 2 ? sinks.data() : nullptr;
          t.p.num_threads = option + 1;
          decode(t.p);
          CHECK(t.max_error() <= tolerance(kv));
        }
      }
  });
}

TEST_CASE("a sink far above every score leaves an output near zero, one far below changes nothing") {
  std::mt19937 rng(89);
  test::paged_problem t(1, 4, 1, 64, 64, 16, {200}, dtype::fp32, dtype::fp32, rng);
  std::vector<float> sinks(4, 60.0f);
  t.p.sinks = sinks.data();
  decode(t.p);
  CHECK(t.max_error() <= 4e-6);
  for (std::size_t i = 0; i < t.o.size(); ++i) CHECK(std::fabs(t.o.at(i)) < 1e-20);
  sinks.assign(4, -60.0f);
  decode(t.p);
  CHECK(t.max_error() <= 4e-6);
}

TEST_CASE("bad options are refused before any tensor is read") {
  std::mt19937 rng(97);
  test::paged_problem t(1, 4, 1, 64, 64, 16, {20}, dtype::fp32, dtype::fp32, rng);
  t.p.window_left = -2;
  CHECK_THROWS_WITH_AS(decode(t.p), doctest::Contains("window_left must be >= -1"), shape_error);
  t.p.window_left = -1;
  t.p.softcap = -1.0f;
  CHECK_THROWS_WITH_AS(decode(t.p), doctest::Contains("softcap must be finite"), shape_error);
  t.p.softcap = INFINITY;
  CHECK_THROWS_WITH_AS(decode(t.p), doctest::Contains("softcap must be finite"), shape_error);
}

namespace {
std::vector<const void*> primed;
struct recording_ops {  // the one operation prime_pages issues, recorded
  static void prefetch(const void* p) { primed.push_back(p); }
};
std::uintptr_t page_of(const void* p) { return reinterpret_cast<std::uintptr_t>(p) >> 12; }
}  // namespace

TEST_CASE("a block primes every 4 KiB page its rows of every KV head fall in, once in a page-ordered cache") {
  constexpr std::size_t row = 128 * 2;  // bf16, D128
  constexpr int heads = 8, page_size = 16, pages = 4;
  for (const bool hnd : {true, false})
    for (const bool reversed : {false, true}) {  // pages in order, or the page table backwards
      CAPTURE(hnd);
      CAPTURE(reversed);
      const kernels::detail::paged_strides st = kernels::detail::strides_of(hnd, row, heads, page_size);
      const std::size_t bytes = pages * st.page_bytes;
      std::byte* k = static_cast<std::byte*>(std::aligned_alloc(4096, bytes));
      std::byte* v = static_cast<std::byte*>(std::aligned_alloc(4096, bytes));
      std::vector<std::int32_t> table(pages);
      std::iota(table.begin(), table.end(), 0);
      if (reversed) std::reverse(table.begin(), table.end());
      kernels::detail::decode_work w;
      w.k = k;
      w.v = v;
      w.head_bytes = st.head_bytes;
      w.page_bytes = st.page_bytes;
      w.token_bytes = st.token_bytes;
      w.pages = table.data();
      w.page_size = page_size;
      w.end = pages * page_size;
      w.kv_heads = heads;
      const kernels::detail::scalar::offset_ring ring(w, 3);
      for (int slot = 0; slot < 3; ++slot) {
        primed.clear();
        kernels::detail::scalar::prime_pages<recording_ops>(w, ring, slot);
        std::set<std::uintptr_t> k_rows, v_rows, k_primed, v_primed;
        for (int h = 0; h < heads; ++h)
          for (int j = 0; j < ring.n[slot]; ++j) {
            k_rows.insert(page_of(k + std::size_t(h) * st.head_bytes + ring.off[slot][j]));
            v_rows.insert(page_of(v + std::size_t(h) * st.head_bytes + ring.off[slot][j]));
          }
        for (const void* p : primed) {
          const std::uintptr_t a = reinterpret_cast<std::uintptr_t>(p), v0 = reinterpret_cast<std::uintptr_t>(v);
          (a >= v0 && a < v0 + bytes ? v_primed : k_primed).insert(page_of(p));
        }
        CHECK(k_primed == k_rows);
        CHECK(v_primed == v_rows);
        CHECK(primed.size() == k_rows.size() + v_rows.size());
        CHECK(k_rows.size() == (hnd ? heads : page_size * heads * row / 4096));
      }
      std::free(k);
      std::free(v);
    }
}
