// SPDX-License-Identifier: MIT
// The kernel paths: which a CPU's features allow, which runs by default, and the scoped override.
#include <doctest/doctest.h>

#include <attncap/kernels/isa.hpp>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "reference.hpp"

using namespace attncap;
using namespace attncap::kernels;

namespace {
cpu_features avx2_only() { return {.avx2_fma_f16c = true}; }
cpu_features avx512_plain() { return {.avx2_fma_f16c = true, .avx512 = true}; }
cpu_features avx512_bf16_intel() { return {.avx2_fma_f16c = true, .avx512 = true, .avx512_bf16 = true}; }
cpu_features avx512_bf16_amd() {
  return {.avx2_fma_f16c = true, .avx512 = true, .avx512_bf16 = true, .fast_bf16_dot = true};
}
cpu_features with_amx(cpu_features f) {
  f.amx_bf16 = true;
  return f;
}

/// The CPU vendor Linux reports ("" where it reports none).
std::string proc_vendor() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("vendor_id", 0) == 0) return line.substr(line.find(':') + 2);
  return "";
}
}  // namespace

TEST_CASE("available: each path needs its own features and those of the paths below it") {
  CHECK(available(isa::scalar, cpu_features{}));
  for (isa i : {isa::avx2, isa::avx512, isa::avx512_bf16, isa::avx512_amx}) CHECK_FALSE(available(i, cpu_features{}));
  CHECK(available(isa::avx2, avx2_only()));
  CHECK_FALSE(available(isa::avx512, avx2_only()));
  CHECK(available(isa::avx512, avx512_plain()));
  CHECK_FALSE(available(isa::avx512_bf16, avx512_plain()));
  CHECK(available(isa::avx512_bf16, avx512_bf16_intel()));
  CHECK_FALSE(available(isa::avx512_amx, avx512_bf16_amd()));
  CHECK(available(isa::avx512_amx, with_amx(avx512_bf16_intel())));
  // A feature without those below it opens no path.
  CHECK_FALSE(available(isa::avx512, {.avx512 = true}));
  CHECK_FALSE(available(isa::avx512_bf16, {.avx2_fma_f16c = true, .avx512_bf16 = true}));
  CHECK_FALSE(available(isa::avx512_amx, with_amx(avx512_plain())));
  CHECK(best_isa(with_amx(cpu_features{})) == isa::scalar);
}

TEST_CASE("best_isa: AMX where granted, the bf16 dot product only where it outpaces the FMAs") {
  CHECK(best_isa(cpu_features{}) == isa::scalar);
  CHECK(best_isa(avx2_only()) == isa::avx2);
  CHECK(best_isa(avx512_plain()) == isa::avx512);
  CHECK(best_isa(avx512_bf16_amd()) == isa::avx512_bf16);
  // vdpbf16ps at half the FMAs' FLOPs: the FMA bodies run bf16 faster.
  CHECK(best_isa(avx512_bf16_intel()) == isa::avx512);
  CHECK(best_isa(with_amx(avx512_bf16_intel())) == isa::avx512_amx);
  CHECK(best_isa(with_amx(avx512_bf16_amd())) == isa::avx512_amx);
  static_assert(best_isa(cpu_features{}) == isa::scalar, "the choice is a constant expression");
}

TEST_CASE("this CPU: its best path runs, a path it lacks cannot be forced, the override is scoped") {
  const cpu_features& f = host_features();
  CHECK(best_isa() == best_isa(f));
  CHECK(available(best_isa()));
  for (isa i : test::all_paths) CHECK(available(i) == available(i, f));
  if (const std::string vendor = proc_vendor(); !vendor.empty()) {
    CHECK(std::string_view(f.vendor.data()) == vendor);
    CHECK(f.fast_bf16_dot == (f.avx512_bf16 && vendor == "AuthenticAMD"));
  }
  const isa before = active_isa();
  {
    scoped_isa force(isa::scalar);
    CHECK(active_isa() == isa::scalar);
  }
  CHECK(active_isa() == before);
  for (isa i : test::all_paths)
    if (!available(i)) CHECK_THROWS_AS(scoped_isa{i}, std::invalid_argument);
  CHECK(to_string(isa::avx512_bf16) == "avx512_bf16");
  CHECK(to_string(isa::avx512_amx) == "avx512_amx");
}
