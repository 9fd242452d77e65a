// SPDX-License-Identifier: MIT
// Hardware targets: spellings and the platform facts rules test.
#include <doctest/doctest.h>

#include <attncap/vocabulary/hardware.hpp>

using namespace attncap;

static_assert(to_string(hardware::sm90) == "sm90");
static_assert(from_string<hardware>("gfx942") == hardware::gfx942);
static_assert(enum_count<hardware>() == 22);
static_assert(platform(hardware::sm103).is_sm100() && platform(hardware::sm121).is_sm120());
static_assert(platform(hardware::sm120).is_blackwell() && !platform(hardware::sm90).is_blackwell());
static_assert(platform(hardware::sm110).is_blackwell() && !platform(hardware::sm110).is_sm100());
static_assert(platform(hardware::sm90).sm() == 90 && platform(hardware::gfx942).sm() == 0);
static_assert(platform(hardware::sm90, 1204).is_hopper_with_cuda_12_3());
static_assert(!platform(hardware::sm90, 1202).is_hopper_with_cuda_12_3());
static_assert(!platform(hardware::sm100, 1206).is_sm100() && platform(hardware::sm100, 1208).is_sm100());
static_assert(!platform(hardware::gfx942).is_sm90() && platform(hardware::gfx942).is_hip());
static_assert(info(hardware::cpu_amx).amx && !info(hardware::cpu).amx);
static_assert(info(hardware::xpu_xmx).xmx && !info(hardware::xpu).xmx);

TEST_CASE("every hardware target has a device family, and only CUDA targets a compute capability") {
  for (std::size_t i = 0; i < enum_count<hardware>(); ++i) {
    const auto h = static_cast<hardware>(i);
    const platform p(h);
    CAPTURE(to_string(h));
    CHECK((p.sm() != 0) == p.is_cuda());
    CHECK(int{p.is_cuda()} + p.is_hip() + p.is_npu() + p.is_cpu() + p.is_xpu() + p.is_mps() + p.is_musa() == 1);
  }
}
