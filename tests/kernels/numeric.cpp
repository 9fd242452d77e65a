// SPDX-License-Identifier: MIT
// Storage-type conversions: exact widening, round-to-nearest-even narrowing, fp8 saturation.
#include <doctest/doctest.h>

#include <attncap/kernels/numeric.hpp>
#include <cmath>

using namespace attncap;
using namespace attncap::kernels;

static_assert(to_float(bf16_t{0x3f80}) == 1.0f);
static_assert(to_float(fp16_t{0x3c00}) == 1.0f);
static_assert(to_float(fp16_t{0x0001}) == 0x1p-24f);
static_assert(to_float(fp8_e4m3_t{0x7e}) == 448.0f);
static_assert(to_float(fp8_e4m3_t{0x01}) == 0x1p-9f);
static_assert(from_float<bf16_t>(1.0f + 0x1p-8f).bits == 0x3f80);  // tie -> even
static_assert(from_float<bf16_t>(1.0f + 0x1p-7f + 0x1p-8f).bits == 0x3f82);
static_assert(from_float<fp16_t>(65520.0f).bits == 0x7c00);   // rounds to inf
static_assert(from_float<fp8_e4m3_t>(1000.0f).bits == 0x7e);  // saturates at 448
static_assert(std::is_same_v<storage_t<dtype::bf16>, bf16_t> && dtype_of<fp16_t> == dtype::fp16);

TEST_CASE("every 16-bit pattern round-trips through fp32") {
  for (std::uint32_t b = 0; b < 0x10000; ++b) {
    const auto bits = static_cast<std::uint16_t>(b);
    if ((b & 0x7fffu) > 0x7f80u) continue;  // NaN payloads are not preserved
    REQUIRE(from_float<bf16_t>(to_float(bf16_t{bits})).bits == bits);
    if ((b & 0x7fffu) > 0x7c00u) continue;
    REQUIRE(from_float<fp16_t>(to_float(fp16_t{bits})).bits == bits);
  }
}

TEST_CASE("every fp8 e4m3 pattern round-trips and 0x7f is NaN") {
  for (std::uint32_t b = 0; b < 0x100; ++b) {
    const auto bits = static_cast<std::uint8_t>(b);
    if ((b & 0x7fu) == 0x7fu) {
      CHECK(std::isnan(to_float(fp8_e4m3_t{bits})));
      continue;
    }
    REQUIRE(from_float<fp8_e4m3_t>(to_float(fp8_e4m3_t{bits})).bits == bits);
  }
}

TEST_CASE("narrowing is correctly rounded against double") {
  for (float x = -70000.0f; x < 70000.0f; x += 13.37f) {
    const float h = to_float(from_float<fp16_t>(x));
    const float nearest_step = std::ldexp(1.0f, std::ilogb(x == 0 ? 1.0f : x) - 10);
    if (std::fabs(x) < 65504.0f) CHECK(std::fabs(h - x) <= nearest_step / 2);
    CHECK(std::fabs(to_float(from_float<bf16_t>(x)) - x) <= std::fabs(x) * 0x1p-8f);
  }
}

TEST_CASE("load_as_float and store_from_float address elements of the runtime dtype") {
  for (const dtype t : {dtype::fp32, dtype::fp16, dtype::bf16, dtype::fp8_e4m3}) {
    CAPTURE(to_string(t));
    unsigned char buf[4 * sizeof(float)] = {};
    store_from_float(buf, t, 2, 1.0f + 0x1p-5f);  // exact in all but fp8 (3 mantissa bits)
    store_from_float(buf, t, 3, -3.0f);
    CHECK(load_as_float(buf, t, 0) == 0.0f);
    CHECK(load_as_float(buf, t, 2) == round_to(t, 1.0f + 0x1p-5f));
    CHECK(load_as_float(buf, t, 3) == -3.0f);
  }
  unsigned char bf[4] = {};
  store_from_float(bf, dtype::bf16, 1, 1.0f);
  CHECK((bf[2] | bf[3] << 8) == 0x3f80);  // element 1 is bytes 2 and 3: the stride is the dtype's
}
