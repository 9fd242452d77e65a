// SPDX-License-Identifier: MIT
/// @file
/// attncap::hardware: the accelerators and hosts the engine distinguishes, each described as
/// data (device family, architecture number, features) so rules test properties, not names.
#pragma once

#include <attncap/detail/enum_table.hpp>

#include <cstdint>

namespace attncap {

/// A concrete hardware target, spelled as in the engine's tooling (sm90, gfx942, npu, …).
enum class hardware : std::uint8_t {
  sm80, sm86, sm89, sm90, sm100, sm103, sm110, sm120, sm121,
  gfx90a, gfx942, gfx950,
  npu,
  cpu, cpu_amx,
  xpu, xpu_xmx,
  mps,
  musa_mp21, musa_mp22, musa_mp31,
};

template <>
struct enum_spellings<hardware> {
  static constexpr std::string_view what = "hardware";
  static constexpr std::array<spelling<hardware>, 21> table{{
      {hardware::sm80, "sm80"},         {hardware::sm86, "sm86"},         {hardware::sm89, "sm89"},
      {hardware::sm90, "sm90"},         {hardware::sm100, "sm100"},       {hardware::sm103, "sm103"},
      {hardware::sm110, "sm110"},       {hardware::sm120, "sm120"},       {hardware::sm121, "sm121"},
      {hardware::gfx90a, "gfx90a"},     {hardware::gfx942, "gfx942"},     {hardware::gfx950, "gfx950"},
      {hardware::npu, "npu"},           {hardware::cpu, "cpu"},           {hardware::cpu_amx, "cpu_amx"},
      {hardware::xpu, "xpu"},           {hardware::xpu_xmx, "xpu_xmx"},   {hardware::mps, "mps"},
      {hardware::musa_mp21, "musa_mp21"}, {hardware::musa_mp22, "musa_mp22"}, {hardware::musa_mp31, "musa_mp31"},
  }};
};

/// The engine's device families (its `--device` values plus the CUDA/HIP/MUSA split).
enum class device_family : std::uint8_t { cuda, rocm, npu, cpu, xpu, mps, musa };

template <>
struct enum_spellings<device_family> {
  static constexpr std::string_view what = "device family";
  static constexpr std::array<spelling<device_family>, 7> table{{
      {device_family::cuda, "cuda"}, {device_family::rocm, "rocm"}, {device_family::npu, "npu"},
      {device_family::cpu, "cpu"},   {device_family::xpu, "xpu"},   {device_family::mps, "mps"},
      {device_family::musa, "musa"},
  }};
};

/// What a rule may ask of a hardware target.
struct hardware_info {
  device_family family;
  int major = 0;  ///< compute capability / MUSA MP major (0 where not applicable)
  int minor = 0;
  bool amx = false;  ///< Intel AMX tiles (CPU)
  bool xmx = false;  ///< Intel XMX engines (XPU)

  /// Compute capability as the engine's `get_device_sm()` reports it (90 for SM90).
  constexpr int sm() const noexcept { return family == device_family::cuda ? major * 10 + minor : 0; }
  constexpr bool is_cuda() const noexcept { return family == device_family::cuda; }
  constexpr bool is_hip() const noexcept { return family == device_family::rocm; }
  constexpr bool is_hopper() const noexcept { return is_cuda() && major == 9; }
  /// SM100 family (SM100, SM103).
  constexpr bool is_sm100() const noexcept { return is_cuda() && major == 10; }
  /// SM120 family (SM120, SM121).
  constexpr bool is_sm120() const noexcept { return is_cuda() && major == 12; }
  /// The engine's `is_blackwell()`: compute capability major 10 or 12.
  constexpr bool is_blackwell() const noexcept { return is_sm100() || is_sm120(); }
};

/// Facts about `h`.
constexpr hardware_info info(hardware h) noexcept {
  using f = device_family;
  switch (h) {
    case hardware::sm80: return {f::cuda, 8, 0};
    case hardware::sm86: return {f::cuda, 8, 6};
    case hardware::sm89: return {f::cuda, 8, 9};
    case hardware::sm90: return {f::cuda, 9, 0};
    case hardware::sm100: return {f::cuda, 10, 0};
    case hardware::sm103: return {f::cuda, 10, 3};
    case hardware::sm110: return {f::cuda, 11, 0};
    case hardware::sm120: return {f::cuda, 12, 0};
    case hardware::sm121: return {f::cuda, 12, 1};
    case hardware::gfx90a: return {f::rocm, 9, 0};
    case hardware::gfx942: return {f::rocm, 9, 4};
    case hardware::gfx950: return {f::rocm, 9, 5};
    case hardware::npu: return {f::npu};
    case hardware::cpu: return {f::cpu};
    case hardware::cpu_amx: return {f::cpu, 0, 0, true};
    case hardware::xpu: return {f::xpu};
    case hardware::xpu_xmx: return {f::xpu, 0, 0, false, true};
    case hardware::mps: return {f::mps};
    case hardware::musa_mp21: return {f::musa, 2, 1};
    case hardware::musa_mp22: return {f::musa, 2, 2};
    case hardware::musa_mp31: return {f::musa, 3, 1};
  }
  return {f::cpu};
}

}  // namespace attncap
