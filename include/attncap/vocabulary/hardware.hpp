// SPDX-License-Identifier: MIT
/// @file
/// attncap::hardware: the accelerators and hosts the engine distinguishes, each described as
/// data (device family, architecture number, features) so rules test properties, not names.
#pragma once

#include <attncap/detail/enum_names.hpp>
#include <cstdint>

namespace attncap {

/// A concrete hardware target, spelled as in the engine's tooling (sm90, gfx942, npu, …).
ATTNCAP_NAMED_ENUM(hardware, std::uint8_t, sm80, sm86, sm89, sm90, sm100, sm103, sm110, sm120, sm121, gfx90a, gfx942,
                   gfx950, npu, cpu, cpu_amx, cpu_arm64, xpu, xpu_xmx, mps, musa_mp21, musa_mp22, musa_mp31)

template <>
struct enum_spellings<hardware> {
  static constexpr std::string_view what = "hardware";
  static constexpr auto table = named_spellings<hardware>();
};

/// The engine's device families (its `--device` values plus the CUDA/HIP/MUSA split).
ATTNCAP_NAMED_ENUM(device_family, std::uint8_t, cuda, rocm, npu, cpu, xpu, mps, musa)

template <>
struct enum_spellings<device_family> {
  static constexpr std::string_view what = "device family";
  static constexpr auto table = named_spellings<device_family>();
};

/// Facts about one hardware target.
struct hardware_info {
  device_family family;
  int major = 0;  ///< compute capability / MUSA MP major (0 where not applicable)
  int minor = 0;
  bool amx = false;    ///< Intel AMX tiles (CPU)
  bool xmx = false;    ///< Intel XMX engines (XPU)
  bool arm64 = false;  ///< an ARM64 host (CPU)
};

/// Facts about `h`.
constexpr hardware_info info(hardware h) noexcept {
  using f = device_family;
  switch (h) {
    case hardware::sm80:
      return {f::cuda, 8, 0};
    case hardware::sm86:
      return {f::cuda, 8, 6};
    case hardware::sm89:
      return {f::cuda, 8, 9};
    case hardware::sm90:
      return {f::cuda, 9, 0};
    case hardware::sm100:
      return {f::cuda, 10, 0};
    case hardware::sm103:
      return {f::cuda, 10, 3};
    case hardware::sm110:
      return {f::cuda, 11, 0};
    case hardware::sm120:
      return {f::cuda, 12, 0};
    case hardware::sm121:
      return {f::cuda, 12, 1};
    case hardware::gfx90a:
      return {f::rocm, 9, 0};
    case hardware::gfx942:
      return {f::rocm, 9, 4};
    case hardware::gfx950:
      return {f::rocm, 9, 5};
    case hardware::npu:
      return {f::npu};
    case hardware::cpu:
      return {f::cpu};
    case hardware::cpu_amx:
      return {f::cpu, 0, 0, true};
    case hardware::cpu_arm64:
      return {f::cpu, 0, 0, false, false, true};
    case hardware::xpu:
      return {f::xpu};
    case hardware::xpu_xmx:
      return {f::xpu, 0, 0, false, true};
    case hardware::mps:
      return {f::mps};
    case hardware::musa_mp21:
      return {f::musa, 2, 1};
    case hardware::musa_mp22:
      return {f::musa, 2, 2};
    case hardware::musa_mp31:
      return {f::musa, 3, 1};
  }
  return {f::cpu};
}

/// The engine's platform predicates for a hardware target and CUDA toolkit version
/// (major * 100 + minor; negative = not given, taken as new enough). Only the compute
/// capability major counts, as in the engine.
struct platform {
  hardware_info hw;
  int cuda = -1;

  constexpr platform(hardware h, int cuda_version = -1) noexcept : hw(info(h)), cuda(cuda_version) {}

  constexpr bool is_cuda() const noexcept { return hw.family == device_family::cuda; }
  constexpr bool is_hip() const noexcept { return hw.family == device_family::rocm; }
  constexpr bool is_npu() const noexcept { return hw.family == device_family::npu; }
  constexpr bool is_cpu() const noexcept { return hw.family == device_family::cpu; }
  constexpr bool is_xpu() const noexcept { return hw.family == device_family::xpu; }
  constexpr bool is_mps() const noexcept { return hw.family == device_family::mps; }
  constexpr bool is_musa() const noexcept { return hw.family == device_family::musa; }
  constexpr bool has_amx() const noexcept { return hw.amx; }
  constexpr bool has_xmx() const noexcept { return hw.xmx; }
  constexpr bool is_arm64_host() const noexcept { return hw.arm64; }
  /// FlashInfer ships for CUDA only.
  constexpr bool has_flashinfer() const noexcept { return is_cuda(); }
  /// Compute capability (or MUSA MP) major and minor.
  constexpr int major() const noexcept { return hw.major; }
  constexpr int minor() const noexcept { return hw.minor; }
  /// Compute capability as `get_device_sm()` reports it (90 for SM90; 0 off CUDA).
  constexpr int sm() const noexcept { return is_cuda() ? hw.major * 10 + hw.minor : 0; }

  constexpr bool is_sm90() const noexcept { return cuda_major_in(9, 9, 1203); }
  constexpr bool is_hopper_with_cuda_12_3() const noexcept { return is_sm90(); }
  /// SM100 family: every compute capability 10.x (sm100, sm103).
  constexpr bool is_sm100() const noexcept { return cuda_major_in(10, 10, 1208); }
  /// SM120 family: every compute capability 12.x (sm120, sm121).
  constexpr bool is_sm120() const noexcept { return cuda_major_in(12, 12, 1208); }
  /// Blackwell: compute capability 10.x, 11.x or 12.x.
  constexpr bool is_blackwell() const noexcept { return cuda_major_in(10, 12, 1208); }

 private:
  constexpr bool cuda_major_in(int lo, int hi, int min_cuda) const noexcept {
    return is_cuda() && hw.major >= lo && hw.major <= hi && (cuda < 0 || cuda >= min_cuda);
  }
};

}  // namespace attncap
