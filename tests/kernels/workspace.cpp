// SPDX-License-Identifier: MIT
// Scratch without per-call allocation: after a warm-up call, decode, MLA decode, prefill and cross
// attention allocate nothing (every global operator new of this program is counted, on every
// thread), with the thread's own scratch or a caller-owned workspace of the advertised size; a
// workspace that is too small is refused before any tensor is written.
#include <doctest/doctest.h>

#include <attncap/kernels/cross_attention.hpp>
#include <attncap/kernels/workspace.hpp>
#include <thread>

#include "allocation_count.hpp"
#include "reference.hpp"

using namespace attncap;
using namespace attncap::kernels;
using test::allocations_of;

TEST_CASE("decode allocates nothing after warm-up, tuned and general groups, any thread count") {
  std::mt19937 rng(61);
  for (int group : {4, 7})
    for (int threads : {1, 0}) {
      CAPTURE(group);
      CAPTURE(threads);
      test::paged_problem t(3, 2 * group, 2, 128, 128, 16, {900, 37, 2000}, dtype::bf16, dtype::bf16, rng);
      t.p.num_threads = threads;
      decode(t.p);
      CHECK(allocations_of([&] {
              for (int i = 0; i < 3; ++i) decode(t.p);
            }) == 0);
      CHECK(t.max_error(true) <= 2e-5);
      // A shorter batch fits the grown scratch.
      t.seq_lens = {100, 1, 5};
      CHECK(allocations_of([&] { decode(t.p); }) == 0);
    }
}

TEST_CASE("the first call of a thread grows that thread's scratch, and the count sees it") {
  std::mt19937 rng(59);
  test::paged_problem t(1, 4, 1, 64, 64, 16, {500}, dtype::fp32, dtype::fp32, rng);
  decode(t.p);  // the pool's threads start here, not inside the counted calls below
  long first = -1, second = -1;
  std::thread([&] {
    first = allocations_of([&] { decode(t.p); });
    second = allocations_of([&] { decode(t.p); });
  }).join();
  CHECK(first >= 1);
  CHECK(second == 0);
}

TEST_CASE("a caller-owned workspace of the advertised size serves decode from the first call") {
  std::mt19937 rng(67);
  test::paged_problem t(2, 8, 2, 64, 64, 16, {300, 77}, dtype::fp32, dtype::fp16, rng);
  const std::size_t bytes = decode_workspace_bytes(t.p);
  std::vector<std::byte> ws(bytes + 1);
  t.p.workspace = ws.data() + 1;  // any alignment
  t.p.workspace_bytes = bytes;
  CHECK(allocations_of([&] { decode(t.p); }) == 0);
  CHECK(t.max_error() <= 4e-6);
}

TEST_CASE("a workspace smaller than the call needs is refused before the output is written") {
  std::mt19937 rng(71);
  test::paged_problem t(1, 4, 1, 64, 64, 16, {50}, dtype::fp32, dtype::fp32, rng);
  std::vector<std::byte> ws(decode_workspace_bytes(t.p) - 1);
  t.p.workspace = ws.data();
  t.p.workspace_bytes = ws.size();
  CHECK_THROWS_WITH_AS(decode(t.p), doctest::Contains("bytes this call needs"), shape_error);
  for (std::size_t i = 0; i < t.o.size(); ++i) REQUIRE(t.o.at(i) == 0.0);
}

TEST_CASE("MLA decode allocates nothing after warm-up") {
  if (!mla_space.compiled(576, 512, dtype::bf16)) return;
  std::mt19937 rng(73);
  test::paged_problem t(2, 11, 1, 576, 512, 32, {400, 9}, dtype::fp32, dtype::bf16, rng, true);
  t.p.scale = 0.05f;
  mla_decode(t.p);
  CHECK(allocations_of([&] { mla_decode(t.p); }) == 0);
  CHECK(t.max_error() <= 2e-5);
  std::vector<std::byte> ws(mla_decode_workspace_bytes(t.p));
  t.p.workspace = ws.data();
  t.p.workspace_bytes = ws.size();
  CHECK(allocations_of([&] { mla_decode(t.p); }) == 0);
}

TEST_CASE("prefill and cross attention allocate nothing after warm-up") {
  std::mt19937 rng(79);
  test::ragged_problem t(4, 2, 128, {{45, 45}, {19, 700}, {1, 33}}, dtype::bf16, rng);
  prefill(t.p);
  CHECK(allocations_of([&] { prefill(t.p); }) == 0);
  CHECK(t.max_error(true) <= test::output_tolerance(dtype::bf16));
  CHECK(allocations_of([&] { cross_attention(t.p); }) == 0);
  std::vector<std::byte> ws(prefill_workspace_bytes(t.p));
  t.p.workspace = ws.data();
  t.p.workspace_bytes = ws.size();
  CHECK(allocations_of([&] { prefill(t.p); }) == 0);
  CHECK(t.max_error(true) <= test::output_tolerance(dtype::bf16));
}

TEST_CASE("a prefill workspace of the advertised size serves every ISA path, exactly where V rows are packed") {
  std::mt19937 rng(83);
  for (dtype type : {dtype::fp32, dtype::bf16, dtype::fp16}) {
    CAPTURE(type);
    // Key counts off the 32-key tiles: the last tile of each sequence is partial.
    test::ragged_problem t(4, 2, 128, {{40, 40}, {7, 301}}, type, rng);
    const std::size_t bytes = prefill_workspace_bytes(t.p);
    std::vector<std::byte> ws(bytes);
    test::each_path([&](isa path) {
      CAPTURE(path);
      t.p.workspace = ws.data();
      t.p.workspace_bytes = bytes;
      prefill(t.p);
      CHECK(t.max_error(true) <= test::output_tolerance(type));
      // The vector bodies need every byte; bf16 on AMX tiles keeps V in K^T's free half.
      t.p.workspace_bytes = bytes - 1;
      if (path == isa::avx512_amx && type == dtype::bf16)
        CHECK_NOTHROW(prefill(t.p));
      else
        CHECK_THROWS_WITH_AS(prefill(t.p), doctest::Contains("bytes this call needs"), shape_error);
    });
  }
}
