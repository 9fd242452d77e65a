// SPDX-License-Identifier: MIT
// Bad shapes are rejected with a shape_error that names the problem, before any tensor is touched
// (outputs keep their sentinel, inputs are never dereferenced when the checks fail).
#include <doctest/doctest.h>

#include <attncap/kernels/cross_attention.hpp>
#include <attncap/kernels/decode.hpp>
#include <attncap/kernels/prefill.hpp>
#include <cmath>
#include <limits>
#include <random>
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
  p.window_left = 4;
  p.causal = false;
  CHECK_THROWS_WITH_AS(prefill(p), doctest::Contains("window_left 4 needs causal = true"), shape_error);
  CHECK_THROWS_WITH_AS(cross_attention(p), doctest::Contains("cross_attention: window_left 4 is not -1"), shape_error);
  p.window_left = -1;
  CHECK_NOTHROW(cross_attention(p));  // nor causal
  const std::vector<float> sinks{0.0f, 1.0f, NAN, 2.0f};
  p = t.p;
  p.sinks = sinks.data();
  CHECK_THROWS_WITH_AS(prefill(p), doctest::Contains("prefill: sinks[2] is NaN"), shape_error);
  CHECK_THROWS_WITH_AS(cross_attention(p), doctest::Contains("cross_attention: sinks[2] is NaN"), shape_error);
  const test::paged_kv paged(t, 4, static_cast<kv_layout>(2));  // a paged extend
  CHECK_THROWS_WITH_AS(prefill(t.p), doctest::Contains("prefill: layout 2 is not kv_layout::nhd or kv_layout::hnd"),
                       shape_error);
}
