// SPDX-License-Identifier: MIT
// The read roof the decode rows and the peers are measured against: the fastest plain read of the
// same buffers on the same threads, in one stream or eight, with the loads the kernel path has.
#pragma once

#include <algorithm>
#include <attncap/kernels/isa.hpp>
#include <attncap/kernels/threading.hpp>
#include <chrono>
#include <cstddef>
#include <cstring>
#include <utility>
#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace bench {

/// A streaming read of n bytes from p, returning a value of them so that the loads stay.
using read_loop = float (*)(const std::byte*, std::size_t);

/// The scalar path's loop: plain loads into 32 independent sums (8 xmm on x86-64: two adds a sum
/// per 256 bytes, so the adds' latency stays off the read's way), compiled as the scalar kernels
/// are, without target attributes (SSE2 on x86-64).
inline float read_portable(const std::byte* p, std::size_t n) {
  float a[32] = {};
  for (std::size_t i = 0; i + 256 <= n; i += 256)
#pragma GCC unroll 64
    for (std::size_t j = 0; j < 64; ++j) {
      float x;
      std::memcpy(&x, p + i + 4 * j, sizeof x);
      a[j % 32] += x;
    }
  for (int l = 1; l < 32; ++l) a[0] += a[l];
  return a[0];
}

#if defined(__x86_64__)
/// 512-bit loads, four independent sums.
__attribute__((target("avx512f"))) inline float read_avx512(const std::byte* p, std::size_t n) {
  __m512 a0 = _mm512_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
  for (std::size_t i = 0; i + 256 <= n; i += 256) {
    a0 = _mm512_add_ps(a0, _mm512_loadu_ps(reinterpret_cast<const float*>(p + i)));
    a1 = _mm512_add_ps(a1, _mm512_loadu_ps(reinterpret_cast<const float*>(p + i + 64)));
    a2 = _mm512_add_ps(a2, _mm512_loadu_ps(reinterpret_cast<const float*>(p + i + 128)));
    a3 = _mm512_add_ps(a3, _mm512_loadu_ps(reinterpret_cast<const float*>(p + i + 192)));
  }
  float out[16];
  _mm512_storeu_ps(out, _mm512_add_ps(_mm512_add_ps(a0, a1), _mm512_add_ps(a2, a3)));
  return out[0];
}
/// 256-bit loads, eight independent sums.
__attribute__((target("avx2,fma"))) inline float read_avx2(const std::byte* p, std::size_t n) {
  __m256 a[8] = {};
  for (std::size_t i = 0; i + 256 <= n; i += 256)
    for (int k = 0; k < 8; ++k)
      a[k] = _mm256_add_ps(a[k], _mm256_loadu_ps(reinterpret_cast<const float*>(p + i + 32 * k)));
  for (int k = 1; k < 8; ++k) a[0] = _mm256_add_ps(a[0], a[k]);
  return _mm256_cvtss_f32(a[0]);
}

/// The number of streams the multi-stream loops read at once.
inline constexpr std::size_t read_streams = 8;

/// 512-bit loads from the n bytes' eight parts at once, a line of each in turn: a thread reads
/// faster with several streams in flight than with one (1.3–2× on a VM whose last-level cache
/// holds part of the buffers, about 1.1× from memory), and the kernels read K and V of several
/// pages at once.
__attribute__((target("avx512f"))) inline float read_avx512_streams(const std::byte* p, std::size_t n) {
  const std::size_t part = n / read_streams / 64 * 64;
  __m512 a[read_streams];
  for (auto& x : a) x = _mm512_setzero_ps();
  for (std::size_t i = 0; i < part; i += 64)
    for (std::size_t s = 0; s < read_streams; ++s)
      a[s] = _mm512_add_ps(a[s], _mm512_loadu_ps(reinterpret_cast<const float*>(p + s * part + i)));
  for (std::size_t s = 1; s < read_streams; ++s) a[0] = _mm512_add_ps(a[0], a[s]);
  return _mm512_reduce_add_ps(a[0]);
}
/// The same with 256-bit loads, two a line.
__attribute__((target("avx2,fma"))) inline float read_avx2_streams(const std::byte* p, std::size_t n) {
  const std::size_t part = n / read_streams / 64 * 64;
  __m256 a[read_streams] = {};
  for (std::size_t i = 0; i < part; i += 64)
    for (std::size_t s = 0; s < read_streams; ++s) {
      const auto* line = reinterpret_cast<const float*>(p + s * part + i);
      a[s] = _mm256_add_ps(a[s], _mm256_add_ps(_mm256_loadu_ps(line), _mm256_loadu_ps(line + 8)));
    }
  for (std::size_t s = 1; s < read_streams; ++s) a[0] = _mm256_add_ps(a[0], a[s]);
  return _mm256_cvtss_f32(a[0]);
}
#endif

/// The read loops of the kernel path that runs, one stream and several: 256-bit, and 512-bit on
/// AVX-512 (on Zen 4 the 256-bit loop streams 20–25 % faster than the 512-bit one); the portable
/// loop on the scalar path. The roof is the fastest of them.
inline std::vector<read_loop> read_loops() {
  using attncap::kernels::isa;
#if defined(__x86_64__)
  const isa path = attncap::kernels::active_isa();
  if (path >= isa::avx512) return {read_avx512, read_avx2, read_avx512_streams, read_avx2_streams};
  if (path >= isa::avx2) return {read_avx2, read_avx2_streams};
#endif
  return {read_portable};
}

/// Best bandwidth (bytes/s) of reading `bufs` on `threads` threads, each buffer split evenly:
/// `tries` passes of each read loop.
inline double read_roof(const std::vector<std::pair<const std::byte*, std::size_t>>& bufs, int threads, int tries = 5) {
  double best = 0;
  std::size_t total = 0;
  for (auto& b : bufs) total += b.second;
  const auto loops = read_loops();
  for (int rep = 0; rep < tries; ++rep)
    for (const read_loop read : loops) {
      const auto t0 = std::chrono::steady_clock::now();
      attncap::kernels::parallel_for(std::size_t(threads), threads, [&](std::size_t t) {
        for (auto& [p, n] : bufs) {
          const std::size_t chunk = n / std::size_t(threads) / 256 * 256;
          volatile float sink = read(p + t * chunk, chunk);  // the sum is used: the loads stay
          (void)sink;
        }
      });
      const std::chrono::duration<double> dt = std::chrono::steady_clock::now() - t0;
      best = std::max(best, double(total) / dt.count());
    }
  return best;
}

}  // namespace bench
