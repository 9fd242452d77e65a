// SPDX-License-Identifier: MIT
// MLA decode (absorbed: qk 576 = 512 latent + 64 rope, v 512) against the double-precision
// reference: every compiled KV dtype, odd lengths, head counts not a multiple of the head block,
// empty sequences, window / soft-cap / sinks / scale, every ISA path, the 32K-token precision check.
#include <doctest/doctest.h>

#include <attncap/kernels/mla_decode.hpp>

#include "reference.hpp"

using namespace attncap;
using namespace attncap::kernels;

TEST_CASE("MLA decode matches the reference for every compiled configuration and ISA path") {
  std::mt19937 rng(29);
  for (isa path : test::all_paths) {
    if (!available(path)) continue;
    scoped_isa force(path);
    for (const mla_config& c : mla_space.configs) {
      CAPTURE(to_string(path));
      CAPTURE(to_string(c.kv));
      // 11 heads: one block of 8 plus three single heads.
      test::paged_problem t(2, 11, 1, c.qk_dim, c.v_dim, 32, {77, 0}, dtype::fp32, c.kv, rng, true);
      t.p.scale = 0.05f;
      mla_decode(t.p);
      CHECK(t.max_error() <= (c.kv == dtype::bf16 ? 2e-5 : 4e-6));
      for (std::size_t i = 11 * 512; i < 22 * 512; ++i) REQUIRE(t.o.at(i) == 0.0);  // empty sequence
    }
  }
}

TEST_CASE("MLA decode with a sliding window, soft-cap, sinks and its own scale on every ISA path") {
  std::mt19937 rng(101);
  test::each_path([&](isa path) {
    for (const mla_config& c : mla_space.configs) {
      if (c.kv == dtype::fp8_e4m3) continue;
      CAPTURE(to_string(path));
      CAPTURE(to_string(c.kv));
      test::paged_problem t(2, 11, 1, c.qk_dim, c.v_dim, 32, {300, 45}, dtype::fp32, c.kv, rng, true);
      const std::vector<float> sinks = test::random_sinks(11, rng);
      test::set_options(t.p, 60, 1.0f, 0.07f, sinks);
      mla_decode(t.p);
      CHECK(t.max_error() <= (c.kv == dtype::bf16 ? 2e-5 : 4e-6));
    }
  });
}

TEST_CASE("MLA decode with bf16 products stays within the bf16 rounding of the inputs") {
  std::mt19937 rng(37);
  for (isa path : {isa::avx512, isa::avx512_bf16, isa::avx512_amx}) {
    if (!available(path) || !mla_space.compiled(576, 512, dtype::bf16)) continue;
    scoped_isa force(path);
    CAPTURE(to_string(path));
    test::paged_problem t(2, 11, 1, 576, 512, 32, {77, 20}, dtype::fp32, dtype::bf16, rng, true);
    t.p.scale = 0.05f;
    t.p.allow_bf16_products = true;
    mla_decode(t.p);
    CHECK(t.max_error() <= 0x1p-8);
    // Only the bf16 dot-product path rounds the products (the AMX path multiplies MLA in fp32).
    if (path == isa::avx512_bf16)
      CHECK(t.max_error() > 2e-5);
    else
      CHECK(t.max_error() <= 2e-5);
  }
}

TEST_CASE("MLA decode over 32K uniform keys with constant latent V keeps fp32 precision") {
  if (!mla_space.compiled(576, 512, dtype::fp32)) return;
  std::mt19937 rng(31);
  test::paged_problem t(1, 8, 1, 576, 512, 64, {32768}, dtype::fp32, dtype::fp32, rng, true);
  for (std::size_t i = 0; i < t.q.size(); ++i) t.q.set(i, 0.0f);
  for (std::size_t i = 0; i < t.k.size(); ++i) t.k.set(i, 0.7f);
  mla_decode(t.p);
  for (std::size_t i = 0; i < 8 * 512; ++i) CHECK(std::fabs(t.o.at(i) - 0.7) / 0.7 <= 1e-5);
}

TEST_CASE("an mla_decode_kernel resolved once runs its key and refuses any other") {
  std::mt19937 rng(67);
  for (const mla_config& c : mla_space.configs) {
    CAPTURE(to_string(c.kv));
    const mla_decode_kernel kernel(c);
    CHECK(kernel.key() == c);
    test::paged_problem t(1, 8, 1, c.qk_dim, c.v_dim, 32, {45}, dtype::fp32, c.kv, rng, true);
    kernel(t.p);
    CHECK(t.max_error() <= (c.kv == dtype::bf16 ? 2e-5 : 4e-6));
    t.p.kv_dtype = c.kv == dtype::fp16 ? dtype::bf16 : dtype::fp16;
    CHECK_THROWS_WITH_AS(
        kernel(t.p), doctest::Contains(") does not match the resolved kernel's (qk_dim=576, v_dim=512"), shape_error);
  }
  CHECK_THROWS_WITH_AS(mla_decode_kernel({576, 448, dtype::bf16}),
                       doctest::Contains("not supported by the kernel family"), kernel_unsupported);
}

TEST_CASE("MLA decode rejects non-MLA shapes") {
  std::mt19937 rng(37);
  test::paged_problem t(1, 4, 1, 576, 512, 16, {5}, dtype::fp32, dtype::bf16, rng, true);
  t.p.num_kv_heads = 2;
  t.p.num_q_heads = 4;
  CHECK_THROWS_WITH_AS(mla_decode(t.p), doctest::Contains("num_kv_heads must be 1"), shape_error);
  t.p.num_kv_heads = 1;
  t.p.head_dim = 512;
  t.p.v_head_dim = 576;
  CHECK_THROWS_WITH_AS(mla_decode(t.p), doctest::Contains("head dim mismatch"), shape_error);
  t.p.head_dim = 576;
  t.p.v_head_dim = 448;
  CHECK_THROWS_WITH_AS(mla_decode(t.p), doctest::Contains("not supported by the kernel family"), kernel_unsupported);
}
