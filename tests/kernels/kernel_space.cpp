// SPDX-License-Identifier: MIT
// The kernel space and its dispatch: one declaration, every runtime key resolved to a kernel or to
// the reason it has none, explained errors, and static dispatch over the derived type list. (That
// no two compiled configurations share a slot of the dense tables is checked where they are built.)
#include <doctest/doctest.h>

#include <algorithm>
#include <attncap/kernels/cross_attention.hpp>
#include <attncap/kernels/decode.hpp>
#include <attncap/kernels/mla_decode.hpp>
#include <attncap/kernels/prefill.hpp>
#include <limits>

#include "reference.hpp"

using namespace attncap;
using namespace attncap::kernels;

// The default build: 6 head dims x 4 KV dtypes x 4 groups, 6 x 3 prefill, 4 MLA.
static_assert(decode_space.configs.size() == 96);
static_assert(prefill_space.configs.size() == 18);
static_assert(mla_space.configs.size() == 4);
static_assert(decode_space.check(128, dtype::bf16, 4) == support::ok);
static_assert(decode_space.check(112, dtype::bf16, 4) == support::excluded_by_build);
static_assert(decode_space.check(100, dtype::bf16, 4) == support::unsupported_by_family);
static_assert(decode_space.check(128, dtype::fp8_e5m2, 4) == support::unsupported_by_family);
// Every group from 1 to 64 runs where its head dim and KV dtype are compiled; only those two
// can be left out of a build.
static_assert(decode_space.check(128, dtype::bf16, 16) == support::ok);
static_assert(decode_space.check(128, dtype::bf16, 7) == support::ok &&
              decode_space.check(64, dtype::fp16, 64) == support::ok);
static_assert(!decode_space.tuned(128, dtype::bf16, 7) && decode_space.tuned(128, dtype::bf16, 8));
static_assert(decode_space.check(112, dtype::bf16, 7) == support::excluded_by_build);
static_assert(decode_space.check(128, dtype::bf16, 65) == support::unsupported_by_family);
static_assert(decode_space.check(128, dtype::bf16, 0) == support::unsupported_by_family);
static_assert(decode_space.general_configs.size() == 24);
// Options are runtime parameters each family has or lacks; cross attention has no window.
inline constexpr kernel_options all_options{true, true, true, true};
static_assert(supports(family::decode, 128, dtype::bf16, 7, all_options));
static_assert(supports(family::mla_decode, 576, dtype::bf16, 1, all_options));
static_assert(supports(family::prefill, 128, dtype::bf16, 1, all_options));
static_assert(check(family::cross_attention, 128, dtype::bf16, 1, {.sliding_window = true}) ==
              support::unsupported_by_family);
static_assert(supports(family::cross_attention, 128, dtype::bf16, 1, {.logit_softcap = true}));
static_assert(check(family::decode, 112, dtype::bf16, 4, all_options) == support::excluded_by_build);
static_assert(prefill_space.check(96, dtype::fp8_e4m3) == support::unsupported_by_family);
static_assert(mla_space.check(576, 512, dtype::fp8_e4m3) == support::ok);
static_assert(supports(family::decode, 256, dtype::fp16, 8) && !supports(family::decode, 288, dtype::fp16, 8));
static_assert(check(family::mla_decode, 576, dtype::bf16) == support::ok);
static_assert(check(family::cross_attention, 160, dtype::bf16) == support::excluded_by_build);
static_assert(std::tuple_size_v<config_types<decode_space_t::configs>> == 96);
static_assert(to_string(support::excluded_by_build) == "excluded_by_build");

TEST_CASE("an unsupported request names the tuple, the reason and both sets") {
  std::mt19937 rng(2);
  test::paged_problem t(1, 4, 1, 112, 112, 16, {9}, dtype::fp32, dtype::bf16, rng);
  try {
    decode(t.p);
    FAIL("expected kernel_unsupported");
  } catch (const kernel_unsupported& e) {
    CHECK(e.reason() == support::excluded_by_build);
    const std::string what = e.what();
    CHECK(what.find("(head_dim=112, kv_dtype=bf16, group=4)") != std::string::npos);
    CHECK(what.find("not compiled in this build (add it to ATTNCAP_HEAD_DIMS") != std::string::npos);
    CHECK(what.find("Compiled in this build: head dims {64, 80, 96, 128, 192, 256}") != std::string::npos);
    CHECK(what.find("Kernel family: head dims {32, 64, 80, 96, 112, 128, 160, 192, 256}") != std::string::npos);
  }
  // Every group reaches the error through decode(), group 1 (whose search for a tuned unit ends at
  // its own slot) too; the sweep below does the same through the resolved kernels.
  for (int heads : {1, 2, 3, 4, 64}) {
    CAPTURE(heads);
    test::paged_problem g(1, heads, 1, 112, 112, 16, {9}, dtype::fp32, dtype::bf16, rng);
    const std::string key = ", group=" + std::to_string(heads) + "): supported";
    CHECK_THROWS_WITH_AS(decode(g.p), doctest::Contains(key.c_str()), kernel_unsupported);
  }
  test::paged_problem u(1, 4, 1, 72, 72, 16, {9}, dtype::fp32, dtype::bf16, rng);
  CHECK_THROWS_WITH_AS(decode(u.p),
                       doctest::Contains("(head_dim=72, kv_dtype=bf16, group=4): not supported by the kernel family"),
                       kernel_unsupported);
  test::ragged_problem r(2, 2, 112, {{3, 3}}, dtype::fp16, rng);
  CHECK_THROWS_WITH_AS(prefill(r.p),
                       doctest::Contains("(head_dim=112, dtype=fp16): supported by the kernel family but not compiled"),
                       kernel_unsupported);
  CHECK_THROWS_WITH_AS(cross_attention(r.p), doctest::Contains("attncap::kernels::cross_attention: no kernel"),
                       kernel_unsupported);
}

/// Resolves `key` with Kernel: the resolved kernel is constructed (and `expected` is ok) or
/// kernel_unsupported is thrown with `expected` as its reason; anything else (another exception,
/// a crash) fails.
template <class Kernel, class Key>
void resolves_as(const Key& key, support expected) {
  try {
    const Kernel kernel(key);
    CHECK(expected == support::ok);
    CHECK(kernel.key() == key);
  } catch (const kernel_unsupported& e) {
    CHECK(e.reason() == expected);
    CHECK(expected != support::ok);
  }
}

TEST_CASE("every runtime key resolves to its kernel or to the reason it has none") {
  constexpr int bad_dtype = 200;
  std::vector<dtype> dtypes;
  for (int t = 0; t < 8; ++t) dtypes.push_back(static_cast<dtype>(t));
  dtypes.push_back(static_cast<dtype>(bad_dtype));
  std::vector<int> dims{1 << 30, std::numeric_limits<int>::min()};
  for (int d = -16; d <= 600; d += 8) dims.push_back(d);
  // Every field of decode's packed table index is masked: no unsupported key reaches a kernel.
  for (const int d : dims)
    for (const dtype t : dtypes) {
      CAPTURE(d);
      CAPTURE(static_cast<int>(t));
      for (const int g : {-1, 0,  1,  2,  3,  4,  5,  6,   7,       8,       12,
                          16, 31, 32, 48, 63, 64, 65, 128, 1 << 20, 1 << 30, std::numeric_limits<int>::min()})
        resolves_as<decode_kernel>(decode_config{d, t, g}, decode_space.check(d, t, g));
      resolves_as<prefill_kernel>(prefill_config{d, t}, prefill_space.check(d, t));
      for (const int v : {d, 512, 0}) resolves_as<mla_decode_kernel>(mla_config{d, v, t}, mla_space.check(d, v, t));
    }
}

TEST_CASE_TEMPLATE_DEFINE("static dispatch reaches every decode configuration", C, static_decode) {
  constexpr decode_config c = C::value;
  std::mt19937 rng(static_cast<unsigned>(c.head_dim + c.group));
  test::paged_problem t(1, c.group, 1, c.head_dim, c.head_dim, 16, {19}, dtype::fp32, c.kv, rng);
  decode<c.head_dim, c.kv, c.group>(t.p);
  CHECK(t.max_error() <= 2e-5);
}
TEST_CASE_TEMPLATE_APPLY(static_decode, config_types<decode_space_t::configs>);
