// SPDX-License-Identifier: MIT
// Bad shapes are rejected with a shape_error that names the problem, before any tensor is touched
// (outputs keep their sentinel, inputs are never dereferenced when the checks fail).
#include <doctest/doctest.h>

#include <algorithm>
#include <attncap/kernels/cross_attention.hpp>
#include <attncap/kernels/decode.hpp>
#include <attncap/kernels/mla_decode.hpp>
#include <attncap/kernels/prefill.hpp>
#include <cmath>
#include <cstddef>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "reference.hpp"

using namespace attncap;
using namespace attncap::kernels;

namespace {
test::paged_problem good_decode() {
  std::mt19937 rng(3);
  test::paged_problem t(2, 8, 2, 128, 128, 16, {40, 7}, dtype::fp32, dtype::bf16, rng);
  for (std::size_t i = 0; i < t.o.size(); ++i) t.o.set(i, 42.0f);
  return t;
}
void expect_rejected(const decode_params& p, const char* text) {
  CAPTURE(text);
  CHECK_THROWS_WITH_AS(decode(p), doctest::Contains(text), shape_error);
}
}  // namespace

TEST_CASE("decode rejects bad shapes before touching memory") {
  auto t = good_decode();
  auto p = t.p;
  p.q = nullptr;
  expect_rejected(p, "attncap::kernels::decode: q is a null pointer");
  p = t.p;
  p.k_cache = nullptr;
  expect_rejected(p, "k_cache is a null pointer");
  p = t.p;
  p.seq_lens = nullptr;
  expect_rejected(p, "seq_lens is a null pointer");
  p = t.p;
  p.batch = 0;
  expect_rejected(p, "batch must be > 0 (got 0)");
  p = t.p;
  p.head_dim = 0;
  expect_rejected(p, "head_dim must be > 0 (got 0)");
  p = t.p;
  p.page_size = 0;
  expect_rejected(p, "page_size must be > 0");
  p = t.p;
  p.num_kv_heads = 3;
  expect_rejected(p, "num_q_heads (8) is not divisible by num_kv_heads (3)");
  p = t.p;
  p.v_head_dim = 64;
  expect_rejected(p, "head dim mismatch: head_dim 128 but v_head_dim 64");
  p = t.p;
  p.num_pages = std::numeric_limits<int>::max();
  p.page_size = std::numeric_limits<int>::max();
  expect_rejected(p, "k_cache overflows the address space");
  p = t.p;
  t.seq_lens[1] = 1 << 20;
  expect_rejected(p, "seq_lens[1] = 1048576 is outside [0, 48]");
  t.seq_lens[1] = 7;
  t.page_table[1] = 99;
  expect_rejected(p, "page_table[0][1] = 99 is outside [0, 7)");
  p.q_dtype = dtype::fp8_e4m3;
  expect_rejected(p, "q_dtype fp8_e4m3 is not fp32, fp16 or bf16");
  p = t.p;
  p.layout = static_cast<kv_layout>(7);
  expect_rejected(p, "layout 7 is not kv_layout::nhd or kv_layout::hnd");
  std::vector<float> sinks(8, -INFINITY);
  sinks[5] = NAN;
  p = t.p;
  p.sinks = sinks.data();
  expect_rejected(p, "sinks[5] is NaN (a sink is a logit, -inf for none)");
  for (std::size_t i = 0; i < t.o.size(); ++i) REQUIRE(t.o.at(i) == 42.0);
}

TEST_CASE("prefill and cross attention reject bad shapes") {
  std::mt19937 rng(5);
  test::ragged_problem t(4, 2, 64, {{5, 9}, {3, 3}}, dtype::bf16, rng);
  auto p = t.p;
  p.v = nullptr;
  CHECK_THROWS_WITH_AS(prefill(p), doctest::Contains("attncap::kernels::prefill: v is a null pointer"), shape_error);
  p = t.p;
  p.num_q_heads = 3;
  CHECK_THROWS_WITH_AS(prefill(p), doctest::Contains("not divisible by num_kv_heads"), shape_error);
  p = t.p;
  p.v_head_dim = 128;
  CHECK_THROWS_WITH_AS(prefill(p), doctest::Contains("head dim mismatch"), shape_error);
  p = t.p;
  p.num_kv_heads = 0;
  CHECK_THROWS_WITH_AS(cross_attention(p), doctest::Contains("cross_attention: num_kv_heads must be > 0"), shape_error);
  std::vector<std::int32_t> qi{0, 8}, ki{0, 4};
  p = t.p;
  p.batch = 1;
  p.q_indptr = qi.data();
  p.kv_indptr = ki.data();
  CHECK_THROWS_WITH_AS(prefill(p), doctest::Contains("q_len 8 > kv_len 4"), shape_error);
  CHECK_NOTHROW(cross_attention(p));  // non-causal: any lengths
  std::vector<std::int32_t> down{0, 5, 2};
  p = t.p;
  p.q_indptr = down.data();
  CHECK_THROWS_WITH_AS(prefill(p), doctest::Contains("non-decreasing"), shape_error);
  p = t.p;
  p.window_left = -2;
  CHECK_THROWS_WITH_AS(prefill(p), doctest::Contains("window_left must be >= -1"), shape_error);
  const std::vector<float> sinks{0.0f, 1.0f, NAN, 2.0f};
  p = t.p;
  p.sinks = sinks.data();
  CHECK_THROWS_WITH_AS(prefill(p), doctest::Contains("prefill: sinks[2] is NaN"), shape_error);
  CHECK_THROWS_WITH_AS(cross_attention(p), doctest::Contains("cross_attention: sinks[2] is NaN"), shape_error);
  const test::paged_kv paged(t, 4, static_cast<kv_layout>(2));  // a paged extend
  CHECK_THROWS_WITH_AS(prefill(t.p), doctest::Contains("prefill: layout 2 is not kv_layout::nhd or kv_layout::hnd"),
                       shape_error);
}

namespace {
/// Draws mutations of a valid decode problem: each field from values that are invalid, edge cases,
/// or valid and no larger than the buffers (so that an accepted problem stays inside them), and
/// logs them.
struct decode_mutator {
  decode_params good;  // the valid problem: its sizes bound the drawn ones
  std::mt19937 rng = std::mt19937(11);
  std::string log = {};
  static constexpr int big = std::numeric_limits<int>::max(), small = std::numeric_limits<int>::min();
  static constexpr float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  static constexpr dtype dtypes[] = {dtype::fp32,
                                     dtype::fp16,
                                     dtype::bf16,
                                     dtype::fp8_e4m3,
                                     dtype::fp8_e5m2,
                                     static_cast<dtype>(5),
                                     static_cast<dtype>(200)};
  static constexpr kv_layout layouts[] = {kv_layout::nhd, kv_layout::hnd, static_cast<kv_layout>(2),
                                          static_cast<kv_layout>(255)};

  template <class T, std::size_t N>
  void set(T& field, const char* name, const T (&values)[N]) {
    field = values[rng() % N];
    if constexpr (std::is_enum_v<T>)
      log += std::string(name) + "=" + std::to_string(static_cast<int>(field)) + " ";
    else
      log += std::string(name) + "=" + std::to_string(field) + " ";
  }
  /// Changes one field of p, or of the arrays it points to.
  void mutate(decode_params& p, std::vector<std::int32_t>& lens, std::vector<std::int32_t>& pages,
              std::vector<float>& sinks, std::vector<std::byte>& workspace) {
    const int maxp = good.max_pages_per_seq, npages = good.num_pages, page = good.page_size, d = good.head_dim;
    switch (rng() % 18) {
      case 0:
        return set(p.batch, "batch", {-1, 0, 1, small});
      case 1:
        return set(p.num_q_heads, "num_q_heads", {-8, 0, 1, 2, 3, 4, 6, 8, small});
      case 2:
        return set(p.num_kv_heads, "num_kv_heads", {-1, 0, 1, 3, small});
      case 3:
        return set(p.head_dim, "head_dim", {-128, -1, 0, 1, 16, 64, 72, 96, 112, d, small});
      case 4:
        return set(p.v_head_dim, "v_head_dim", {-1, 0, 1, 64, d, big});
      case 5:
        return set(p.page_size, "page_size", {-16, 0, 1, page / 2, page, small});
      case 6:
        return set(p.num_pages, "num_pages", {-1, 0, 1, npages - 1, small});
      case 7:
        return set(p.max_pages_per_seq, "max_pages_per_seq", {-1, 0, 1, maxp - 1, small});
      case 8:
        return set(lens[rng() % lens.size()], "a seq_len", {-1, 0, 1, 17, maxp * page, maxp * page + 1, big});
      case 9:
        return set(pages[rng() % pages.size()], "a page id", {-1, 0, npages - 1, npages, big, small});
      case 10:
        return set(p.q_dtype, "q_dtype", dtypes);
      case 11:
        return set(p.kv_dtype, "kv_dtype", dtypes);
      case 12:
        return set(p.layout, "layout", layouts);
      case 13:
        return set(p.scale, "scale", {0.0f, 0.05f, -1.0f, nan, inf, -inf});
      case 14:
        return set(p.softcap, "softcap", {0.0f, 1.0f, 30.0f, -1.0f, nan, inf});
      case 15:
        return set(p.window_left, "window_left", {-2, -1, 0, 5, big, small});
      case 16:
        set(sinks[0], "sinks", {0.0f, 3.0f, -inf, inf, nan});
        std::fill(sinks.begin(), sinks.end(), sinks[0]);
        p.sinks = sinks.data();
        return;
      default:
        set(p.num_threads, "num_threads", {-1, 0, 1, 2, 1000});
        workspace.assign(rng() % 3 == 0 ? 0 : rng() % 2 == 0 ? 64 : std::size_t{1} << 20, std::byte{0});
        p.workspace = workspace.empty() ? nullptr : workspace.data();
        p.workspace_bytes = workspace.size();
        log += "workspace_bytes=" + std::to_string(workspace.size()) + " ";
    }
  }
};

/// Runs `call` on mutations of t's problem: each is run (its outputs finite: the inputs are) or
/// refused with shape_error or kernel_unsupported before an output is written.
template <class Call>
void mutations_are_run_or_refused(test::paged_problem& t, Call call, int draws) {
  // Bytes whose every 1-, 2- and 4-byte reading is a finite number of magnitude about 0.01 to 1.3
  // in each dtype: a drawn q or KV dtype reads other values, never a NaN or infinity.
  for (test::buffer* b : {&t.q, &t.k, &t.v}) {
    constexpr unsigned char finite[] = {0x38, 0x3a, 0x3c, 0xb8, 0xba, 0xbc};
    for (std::size_t j = 0; j < b->bytes.size(); ++j) b->bytes[j] = finite[(j * 7 + j / 5) % 6];
  }
  const decode_params good = t.p;
  decode_mutator m{good};
  const std::vector<std::int32_t> lens = t.seq_lens, pages = t.page_table;
  std::vector<float> sinks(static_cast<std::size_t>(good.num_q_heads));
  std::vector<std::byte> workspace;
  int run = 0;
  for (int i = 0; i < draws; ++i) {
    decode_params p = good;
    t.seq_lens = lens;
    t.page_table = pages;
    p.seq_lens = t.seq_lens.data();
    p.page_table = t.page_table.data();
    m.log.clear();
    for (auto n = 1 + m.rng() % 3; n > 0; --n) m.mutate(p, t.seq_lens, t.page_table, sinks, workspace);
    for (std::size_t j = 0; j < t.o.size(); ++j) t.o.set(j, 42.0f);
    bool refused = false;
    try {
      call(p);
      ++run;
    } catch (const shape_error&) {
      refused = true;
    } catch (const kernel_unsupported&) {
      refused = true;
    }
    CAPTURE(i);
    CAPTURE(m.log);
    for (std::size_t j = 0; j < t.o.size(); ++j) {
      const double o = t.o.at(j);
      if (refused ? o != 42.0 : !std::isfinite(o)) {
        CAPTURE(refused);
        CAPTURE(j);
        CAPTURE(o);
        FAIL_CHECK("a refused call wrote an output, or an accepted call left one not finite");
        break;
      }
    }
  }
  CHECK(run > draws / 20);  // the draws reach the kernels, not only the checks
}
}  // namespace

TEST_CASE("decode and MLA decode run or refuse every mutation of a valid problem, never crash") {
  std::mt19937 rng(7);
  // fp32 K/V and q: the widest dtypes, so that no drawn dtype reads past the buffers.
  test::paged_problem t(2, 8, 2, 128, 128, 16, {40, 7}, dtype::fp32, dtype::fp32, rng);
  mutations_are_run_or_refused(
      t, [](const decode_params& p) { decode(p); }, 4000);
  test::paged_problem mla(2, 8, 1, 576, 512, 16, {40, 7}, dtype::fp32, dtype::fp32, rng, true);
  mutations_are_run_or_refused(
      mla, [](const decode_params& p) { mla_decode(p); }, 2000);
}
