// SPDX-License-Identifier: MIT
/// @file
/// attncap::kernels::isa: the instruction-set paths of the CPU kernels, what this CPU offers (cpuid +
/// XCR0, so the library needs no -march flag), and a scoped override that forces one path.
#pragma once

#include <array>
#include <atomic>
#include <attncap/config.hpp>
#include <attncap/detail/enum_names.hpp>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>

#if defined(ATTNCAP_DETAIL_X86)
#include <cpuid.h>
#endif
#if defined(ATTNCAP_DETAIL_AMX)
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace attncap::kernels {

/// A compiled path of the kernels, ordered by the instructions each adds to the one before.
/// `avx512_bf16` is the AVX-512 path plus `vdpbf16ps` for bf16 dot products; `avx512_amx` is the
/// AVX-512 path plus AMX tiles (`tdpbf16ps`) for the bf16 products of prefill, extend and the decode
/// groups that run as units of 4 or 8 heads (its other decode bodies multiply with FMAs, faster than
/// `vdpbf16ps` there). Which one runs by default: best_isa().
ATTNCAP_NAMED_ENUM(isa, std::uint8_t, scalar, avx2, avx512, avx512_bf16, avx512_amx)

}  // namespace attncap::kernels

namespace attncap {
template <>
struct enum_spellings<kernels::isa> {
  static constexpr std::string_view what = "isa";
  static constexpr auto table = named_spellings<kernels::isa>();
};
}  // namespace attncap

namespace attncap::kernels {

/// CPU features the kernel paths are gated on, each checked separately.
struct cpu_features {
  std::array<char, 13> vendor{};  ///< cpuid's vendor id ("GenuineIntel", "AuthenticAMD"; empty off x86)
  bool avx2_fma_f16c = false;     ///< AVX2 + FMA + F16C with OS-enabled YMM state
  bool avx512 = false;            ///< AVX-512 F/BW/DQ/VL with OS-enabled ZMM state
  bool avx512_bf16 = false;       ///< AVX512_BF16 (`vdpbf16ps`)
  bool fast_bf16_dot = false;     ///< `vdpbf16ps` gives more FLOPs a cycle than the 512-bit FMAs (AMD's cores)
  bool amx_bf16 = false;          ///< AMX-TILE + AMX-BF16, tile state enabled and granted to this process
};

namespace detail {
/// Asks Linux for the AMX tile data state (off until a process requests it; granted process-wide).
inline bool request_amx_state() noexcept {
#if defined(ATTNCAP_DETAIL_AMX)
  constexpr long req_xcomp_perm = 0x1023, xfeature_xtiledata = 18;
  return syscall(SYS_arch_prctl, req_xcomp_perm, xfeature_xtiledata) == 0;
#else
  return false;
#endif
}

inline cpu_features detect_cpu_features() noexcept {
  cpu_features f;
#if defined(ATTNCAP_DETAIL_X86)
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__get_cpuid(0, &a, &b, &c, &d)) return f;
  std::memcpy(f.vendor.data(), &b, 4);  // the id's twelve letters come in ebx, edx, ecx
  std::memcpy(f.vendor.data() + 4, &d, 4);
  std::memcpy(f.vendor.data() + 8, &c, 4);
  if (!__get_cpuid(1, &a, &b, &c, &d)) return f;
  const bool osxsave = (c >> 27) & 1u, fma = (c >> 12) & 1u, f16c = (c >> 29) & 1u;
  if (!osxsave) return f;
  unsigned xcr0_lo = 0, xcr0_hi = 0;
  __asm__ volatile("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
  const bool ymm_state = (xcr0_lo & 0x6u) == 0x6u;
  const bool zmm_state = (xcr0_lo & 0xe6u) == 0xe6u;
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return f;
  const bool avx2 = (b >> 5) & 1u;
  const bool avx512 = ((b >> 16) & 1u) && ((b >> 17) & 1u) && ((b >> 30) & 1u) && ((b >> 31) & 1u);
  f.avx2_fma_f16c = ymm_state && avx2 && fma && f16c;
  f.avx512 = f.avx2_fma_f16c && zmm_state && avx512;
  const bool amx = ((d >> 22) & 1u) && ((d >> 24) & 1u), tile_state = (xcr0_lo & 0x60000u) == 0x60000u;
  if (__get_cpuid_count(7, 1, &a, &b, &c, &d)) f.avx512_bf16 = f.avx512 && ((a >> 5) & 1u);
  f.fast_bf16_dot = f.avx512_bf16 && std::string_view(f.vendor.data()) == "AuthenticAMD";
  f.amx_bf16 = f.avx512_bf16 && amx && tile_state && request_amx_state();
#endif
  return f;
}
inline std::atomic<int>& forced_isa() noexcept {
  static std::atomic<int> v{-1};
  return v;
}
}  // namespace detail

/// This CPU's features (detected once).
inline const cpu_features& host_features() noexcept {
  static const cpu_features f = detail::detect_cpu_features();
  return f;
}

/// Whether path `i` can run on a CPU with features `f` (each path needs those below it too).
constexpr bool available(isa i, const cpu_features& f) noexcept {
  switch (i) {
    case isa::scalar:
      return true;
    case isa::avx2:
      return f.avx2_fma_f16c;
    case isa::avx512:
      return f.avx512 && available(isa::avx2, f);
    case isa::avx512_bf16:
      return f.avx512_bf16 && available(isa::avx512, f);
    case isa::avx512_amx:
      return f.amx_bf16 && available(isa::avx512_bf16, f);
  }
  return false;
}

/// Whether path `i` can run on this CPU.
inline bool available(isa i) noexcept { return available(i, host_features()); }

/// The fastest path a CPU with features `f` can run: AMX tiles where granted, then the bf16 dot
/// product where `vdpbf16ps` outpaces the FMAs. Where it gives half their FLOPs (Intel's cores)
/// the AVX-512 FMA bodies run bf16 decode, prefill and extend faster (bench/README.md, "AVX-512
/// host (Xeon, no AMX)"), so the `avx512` path runs there.
constexpr isa best_isa(const cpu_features& f) noexcept {
  if (available(isa::avx512_amx, f)) return isa::avx512_amx;
  if (available(isa::avx512_bf16, f) && f.fast_bf16_dot) return isa::avx512_bf16;
  for (isa i : {isa::avx512, isa::avx2})
    if (available(i, f)) return i;
  return isa::scalar;
}

/// The fastest path this CPU can run.
inline isa best_isa() noexcept { return best_isa(host_features()); }

/// The path kernels use now: the forced one (see `scoped_isa`) or `best_isa()`.
inline isa active_isa() noexcept {
  const int v = detail::forced_isa().load(std::memory_order_relaxed);
  return v < 0 ? best_isa() : static_cast<isa>(v);
}

/// Forces every kernel onto path `i` for its lifetime (process-wide; for tests and benchmarks).
/// Throws std::invalid_argument when this CPU cannot run `i`.
class scoped_isa {
 public:
  explicit scoped_isa(isa i) : previous_(detail::forced_isa().load()) {
    if (!available(i))
      throw std::invalid_argument("attncap::kernels::scoped_isa: this CPU cannot run the " + std::string(to_string(i)) +
                                  " path");
    detail::forced_isa().store(static_cast<int>(i));
  }
  ~scoped_isa() { detail::forced_isa().store(previous_); }
  scoped_isa(const scoped_isa&) = delete;
  scoped_isa& operator=(const scoped_isa&) = delete;

 private:
  int previous_;
};

}  // namespace attncap::kernels
