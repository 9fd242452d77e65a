// SPDX-License-Identifier: MIT
/// @file
/// The vector operations the kernel bodies are written against, once per ISA path: `scalar::ops`
/// (1 lane, portable C++), `avx2::ops` (8 lanes) and `avx512::ops` (16 lanes, plus vdpbf16ps).
/// The AVX paths are compiled for their own target only (pragma regions), so the library builds
/// without -m flags and the CPU picks a path at run time.
#pragma once

#include <attncap/config.hpp>
#include <attncap/kernels/numeric.hpp>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

#if defined(ATTNCAP_DETAIL_X86)
#include <immintrin.h>
#endif

namespace attncap::kernels::detail {

// 2^f on [-0.5, 0.5]: Taylor coefficients of exp(f ln 2) to degree 6 (relative error < 2e-7).
inline constexpr float exp2_c[7] = {1.0f,           0.693147181f,   0.240226507f,   0.0555041087f,
                                    0.00961812911f, 0.00133335581f, 0.000154035304f};
inline constexpr float log2e = 1.44269504088896341f;
/// How far (log2 domain) a key tile's max may pass a query row's running max before the prefill's
/// online softmax raises it and rescales the row's sums: the weights 2^(x - m) stay below 256,
/// exact up to scale, and the rescales and their mispredicted branches become rare.
inline constexpr float max_slack = 8.0f;

#if defined(ATTNCAP_DETAIL_X86)
/// Prefetches the cache line at p into L2 (prefetch_t1) or L1 (prefetch_t0). A volatile asm
/// statement where the compiler takes one: GCC 12 at -O2 takes a function whose only effect is the
/// prefetch builtin for a function without effects and deletes its calls before inlining them,
/// which left a decode body without a single far prefetch (half the speed from memory).
#if defined(__GNUC__)
inline void prefetch_t1(const void* p) noexcept { asm volatile("prefetcht1 %0" : : "m"(*static_cast<const char*>(p))); }
inline void prefetch_t0(const void* p) noexcept { asm volatile("prefetcht0 %0" : : "m"(*static_cast<const char*>(p))); }
#else
inline void prefetch_t1(const void* p) noexcept { _mm_prefetch(static_cast<const char*>(p), _MM_HINT_T1); }
inline void prefetch_t0(const void* p) noexcept { _mm_prefetch(static_cast<const char*>(p), _MM_HINT_T0); }
#endif
#endif

namespace scalar {
/// One-lane operations: the portable path and the reference for the SIMD ones.
struct ops {
  static constexpr int W = 1;
  /// Accumulators a micro-tile keeps: what leaves room in the register file for its operands.
  static constexpr int acc_regs = 16;
  static constexpr bool has_bf16_dot = false;
  static constexpr bool has_bf16_pairs = false;
  using vec = float;
  static vec zero() { return 0.0f; }
  static vec set1(float x) { return x; }
  template <class T>
  static vec load(const T* p) {
    return to_float(*p);
  }
  static void store(float* p, vec v) { *p = v; }
  static vec fma(vec a, vec b, vec c) { return a * b + c; }
  static vec add(vec a, vec b) { return a + b; }
  static vec sub(vec a, vec b) { return a - b; }
  static vec div(vec a, vec b) { return a / b; }
  static vec mul(vec a, vec b) { return a * b; }
  static vec max(vec a, vec b) { return a > b ? a : b; }
  static float hsum(vec v) { return v; }
  static float hmax(vec v) { return v; }
  static vec exp2(vec x) {
    if (!(x >= -126.0f)) return 0.0f;  // also maps -inf and NaN-free masked scores to 0
    x = x < 127.0f ? x : 127.0f;       // 2^127 stands for anything larger (n stays an int)
    const float n = std::nearbyint(x);
    const float f = x - n;
    float p = exp2_c[6];
    for (int k = 5; k >= 0; --k) p = p * f + exp2_c[k];
    return std::ldexp(p, static_cast<int>(n));
  }
  static void prefetch(const void*) {}
  static void prefetch_l1(const void*) {}
  /// out[j] = hsum(parts[j]) for j in [0, 16).
  static void reduce16(const vec* parts, float* out) {
    for (int j = 0; j < 16; ++j) out[j] = parts[j];
  }
};
}  // namespace scalar

#if defined(ATTNCAP_DETAIL_X86)

ATTNCAP_DETAIL_AVX2_BEGIN
namespace avx2 {
/// Eight-lane AVX2 + FMA operations.
struct ops {
  static constexpr int W = 8;
  /// 16 ymm registers: 12 accumulators, the rest for a step's operands (16 would spill).
  static constexpr int acc_regs = 12;
  static constexpr bool has_bf16_dot = false;
  /// 16 bf16 -> two fp32 vectors of the even and odd elements: one load and two ALU ops, where
  /// two widening loads and two shifts would take four ALU ops.
  static constexpr bool has_bf16_pairs = true;
  using vec = __m256;
  static vec zero() { return _mm256_setzero_ps(); }
  static vec set1(float x) { return _mm256_set1_ps(x); }
  static vec load(const float* p) { return _mm256_loadu_ps(p); }
  static vec load(const bf16_t* p) {
    const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(h), 16));
  }
  static vec load(const fp16_t* p) { return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))); }
  static vec load(const fp8_e4m3_t* p) {
    const __m256i x = _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
    const __m256i low7 = _mm256_and_si256(x, _mm256_set1_epi32(0x7f));
    const __m256 mag = _mm256_mul_ps(_mm256_castsi256_ps(_mm256_slli_epi32(low7, 20)), _mm256_set1_ps(0x1p120f));
    const __m256 nan = _mm256_castsi256_ps(_mm256_cmpeq_epi32(low7, _mm256_set1_epi32(0x7f)));
    const __m256 v = _mm256_blendv_ps(mag, _mm256_set1_ps(NAN), nan);
    const __m256i sign = _mm256_slli_epi32(_mm256_and_si256(x, _mm256_set1_epi32(0x80)), 24);
    return _mm256_or_ps(v, _mm256_castsi256_ps(sign));
  }
  static void store(float* p, vec v) { _mm256_storeu_ps(p, v); }
  static vec fma(vec a, vec b, vec c) { return _mm256_fmadd_ps(a, b, c); }
  static vec add(vec a, vec b) { return _mm256_add_ps(a, b); }
  static vec sub(vec a, vec b) { return _mm256_sub_ps(a, b); }
  static vec div(vec a, vec b) { return _mm256_div_ps(a, b); }
  static vec mul(vec a, vec b) { return _mm256_mul_ps(a, b); }
  static vec max(vec a, vec b) { return _mm256_max_ps(a, b); }
  static float hsum(vec v) {
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
  }
  static float hmax(vec v) {
    __m128 s = _mm_max_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_max_ps(s, _mm_movehl_ps(s, s));
    s = _mm_max_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
  }
  static vec exp2(vec x) {
    const __m256 keep = _mm256_cmp_ps(x, _mm256_set1_ps(-126.0f), _CMP_GE_OQ);
    // Clamped above too: the exponent field would wrap past 127 (2^127 stands for anything larger).
    x = _mm256_min_ps(_mm256_max_ps(x, _mm256_set1_ps(-126.0f)), _mm256_set1_ps(127.0f));
    const __m256 n = _mm256_round_ps(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    const __m256 f = _mm256_sub_ps(x, n);
    __m256 p = _mm256_set1_ps(exp2_c[6]);
    for (int k = 5; k >= 0; --k) p = _mm256_fmadd_ps(p, f, _mm256_set1_ps(exp2_c[k]));
    const __m256i e = _mm256_slli_epi32(_mm256_add_epi32(_mm256_cvtps_epi32(n), _mm256_set1_epi32(127)), 23);
    return _mm256_and_ps(_mm256_mul_ps(p, _mm256_castsi256_ps(e)), keep);
  }
  static void prefetch(const void* p) { prefetch_t1(p); }
  static void prefetch_l1(const void* p) { prefetch_t0(p); }
  static vec reduce8(const vec* v) {
    // Transpose-and-add: 8 vectors -> one vector of their 8 horizontal sums.
    const __m256 a0 = _mm256_add_ps(_mm256_unpacklo_ps(v[0], v[1]), _mm256_unpackhi_ps(v[0], v[1]));
    const __m256 a1 = _mm256_add_ps(_mm256_unpacklo_ps(v[2], v[3]), _mm256_unpackhi_ps(v[2], v[3]));
    const __m256 a2 = _mm256_add_ps(_mm256_unpacklo_ps(v[4], v[5]), _mm256_unpackhi_ps(v[4], v[5]));
    const __m256 a3 = _mm256_add_ps(_mm256_unpacklo_ps(v[6], v[7]), _mm256_unpackhi_ps(v[6], v[7]));
    const __m256 b0 = _mm256_add_ps(_mm256_castpd_ps(_mm256_unpacklo_pd(_mm256_castps_pd(a0), _mm256_castps_pd(a1))),
                                    _mm256_castpd_ps(_mm256_unpackhi_pd(_mm256_castps_pd(a0), _mm256_castps_pd(a1))));
    const __m256 b1 = _mm256_add_ps(_mm256_castpd_ps(_mm256_unpacklo_pd(_mm256_castps_pd(a2), _mm256_castps_pd(a3))),
                                    _mm256_castpd_ps(_mm256_unpackhi_pd(_mm256_castps_pd(a2), _mm256_castps_pd(a3))));
    return _mm256_add_ps(_mm256_permute2f128_ps(b0, b1, 0x20), _mm256_permute2f128_ps(b0, b1, 0x31));
  }
  static void reduce16(const vec* parts, float* out) {
    _mm256_storeu_ps(out, reduce8(parts));
    _mm256_storeu_ps(out + 8, reduce8(parts + 8));
  }
  static void load_bf16_pairs(const bf16_t* p, vec& even, vec& odd) {
    const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    even = _mm256_castsi256_ps(_mm256_slli_epi32(x, 16));
    odd = _mm256_castsi256_ps(_mm256_and_si256(x, _mm256_set1_epi32(static_cast<int>(0xffff0000u))));
  }
  /// p[2i] = even[i], p[2i + 1] = odd[i]: the 16 elements of a load_bf16_pairs back in order.
  static void interleave_store(float* p, vec even, vec odd) {
    const __m256 lo = _mm256_unpacklo_ps(even, odd), hi = _mm256_unpackhi_ps(even, odd);
    _mm256_storeu_ps(p, _mm256_permute2f128_ps(lo, hi, 0x20));
    _mm256_storeu_ps(p + 8, _mm256_permute2f128_ps(lo, hi, 0x31));
  }
};
}  // namespace avx2
ATTNCAP_DETAIL_AVX2_END

ATTNCAP_DETAIL_AVX512_BEGIN
namespace avx512 {
/// Sixteen-lane AVX-512 operations. The bf16 dot product is only called when the CPU has
/// AVX512_BF16 (the caller checks `available(isa::avx512_bf16)`).
struct ops {
  static constexpr int W = 16;
  static constexpr int acc_regs = 16;  // of 32 zmm registers
  static constexpr bool has_bf16_dot = true;
  /// 32 bf16 -> two fp32 vectors of the even and odd elements (one load, two ALU ops, instead of
  /// two widening loads and two shifts); interleave_store puts such a pair back in element order.
  static constexpr bool has_bf16_pairs = true;
  using vec = __m512;
  static vec zero() { return _mm512_setzero_ps(); }
  /// Lane i of every vector: 0, 1, ..., 15.
  static __m512i lane_index() { return _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15); }
  static vec set1(float x) { return _mm512_set1_ps(x); }
  static vec load(const float* p) { return _mm512_loadu_ps(p); }
  static vec load(const bf16_t* p) {
    const __m256i h = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(h), 16));
  }
  static vec load(const fp16_t* p) { return _mm512_cvtph_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p))); }
  static vec load(const fp8_e4m3_t* p) {
    const __m512i x = _mm512_cvtepu8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
    const __m512i low7 = _mm512_and_si512(x, _mm512_set1_epi32(0x7f));
    __m512 v = _mm512_mul_ps(_mm512_castsi512_ps(_mm512_slli_epi32(low7, 20)), _mm512_set1_ps(0x1p120f));
    v = _mm512_mask_mov_ps(v, _mm512_cmpeq_epi32_mask(low7, _mm512_set1_epi32(0x7f)), _mm512_set1_ps(NAN));
    const __m512i sign = _mm512_slli_epi32(_mm512_and_si512(x, _mm512_set1_epi32(0x80)), 24);
    return _mm512_castsi512_ps(_mm512_or_si512(_mm512_castps_si512(v), sign));
  }
  static void store(float* p, vec v) { _mm512_storeu_ps(p, v); }
  static vec fma(vec a, vec b, vec c) { return _mm512_fmadd_ps(a, b, c); }
  static vec add(vec a, vec b) { return _mm512_add_ps(a, b); }
  static vec sub(vec a, vec b) { return _mm512_sub_ps(a, b); }
  static vec div(vec a, vec b) { return _mm512_div_ps(a, b); }
  static vec mul(vec a, vec b) { return _mm512_mul_ps(a, b); }
  static vec max(vec a, vec b) { return _mm512_max_ps(a, b); }
  // Horizontal reductions by in-register shuffles (GCC 12's _mm512_reduce_* trips -Wuninitialized).
  static float hsum(vec v) {
    v = _mm512_add_ps(v, _mm512_shuffle_f32x4(v, v, 0x4e));
    v = _mm512_add_ps(v, _mm512_shuffle_f32x4(v, v, 0xb1));
    v = _mm512_add_ps(v, _mm512_permute_ps(v, 0x4e));
    v = _mm512_add_ps(v, _mm512_permute_ps(v, 0xb1));
    return _mm512_cvtss_f32(v);
  }
  static float hmax(vec v) {
    v = _mm512_max_ps(v, _mm512_shuffle_f32x4(v, v, 0x4e));
    v = _mm512_max_ps(v, _mm512_shuffle_f32x4(v, v, 0xb1));
    v = _mm512_max_ps(v, _mm512_permute_ps(v, 0x4e));
    v = _mm512_max_ps(v, _mm512_permute_ps(v, 0xb1));
    return _mm512_cvtss_f32(v);
  }
  static vec exp2(vec x) {
    const __mmask16 keep = _mm512_cmp_ps_mask(x, _mm512_set1_ps(-126.0f), _CMP_GE_OQ);
    const __m512 n = _mm512_roundscale_ps(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    const __m512 f = _mm512_sub_ps(x, n);
    __m512 p = _mm512_set1_ps(exp2_c[6]);
    for (int k = 5; k >= 0; --k) p = _mm512_fmadd_ps(p, f, _mm512_set1_ps(exp2_c[k]));
    return _mm512_maskz_scalef_ps(keep, p, n);
  }
  static void prefetch(const void* p) { prefetch_t1(p); }
  static void prefetch_l1(const void* p) { prefetch_t0(p); }
  template <bool Max>
  static vec fold(vec a, vec b) {
    if constexpr (Max)
      return max(a, b);
    else
      return add(a, b);
  }
  /// Transpose-and-reduce: N (4, 8 or 16) vectors -> lanes 0 .. N - 1 hold their horizontal
  /// sums (or maxima), in order: 45 shuffles and ops for 16 vectors instead of 16 full reductions.
  template <int N, bool Max = false>
  static vec reduce_rows(const vec* v) {
    static_assert(N == 4 || N == 8 || N == 16, "attncap::detail: reduce_rows takes 4, 8 or 16 rows");
    __m512 a[N / 2], b[N / 4];
    for (int i = 0; i < N / 2; ++i)
      a[i] = fold<Max>(_mm512_unpacklo_ps(v[2 * i], v[2 * i + 1]), _mm512_unpackhi_ps(v[2 * i], v[2 * i + 1]));
    for (int i = 0; i < N / 4; ++i) {  // lane l of b[i]: rows 4i .. 4i + 3 over lane l
      const __m512d x = _mm512_castps_pd(a[2 * i]), y = _mm512_castps_pd(a[2 * i + 1]);
      b[i] = fold<Max>(_mm512_castpd_ps(_mm512_unpacklo_pd(x, y)), _mm512_castpd_ps(_mm512_unpackhi_pd(x, y)));
    }
    if constexpr (N == 4) {
      const __m512 x = fold<Max>(b[0], _mm512_shuffle_f32x4(b[0], b[0], 0x4e));
      return fold<Max>(x, _mm512_shuffle_f32x4(x, x, 0xb1));
    } else {
      __m512 c[N / 8];
      for (int i = 0; i < N / 8; ++i)
        c[i] = fold<Max>(_mm512_shuffle_f32x4(b[2 * i], b[2 * i + 1], 0x88),
                         _mm512_shuffle_f32x4(b[2 * i], b[2 * i + 1], 0xdd));
      if constexpr (N == 8) {
        const __m512 x = fold<Max>(c[0], _mm512_shuffle_f32x4(c[0], c[0], 0xb1));  // rows 0-3 in lane 0, 4-7 in lane 2
        return _mm512_shuffle_f32x4(x, x, 0x08);
      } else {
        return fold<Max>(_mm512_shuffle_f32x4(c[0], c[1], 0x88), _mm512_shuffle_f32x4(c[0], c[1], 0xdd));
      }
    }
  }
  static vec reduce16v(const vec* v) { return reduce_rows<16>(v); }
  /// s[g][k U + u] = lane g U + u of t[k], for G (1, 2, 4 or 8) rows of 16 / G wide blocks: the
  /// scores of G heads against 16 keys, U = 16 / G keys a vector, back in per-head rows.
  template <int G>
  static void transpose_blocks(const vec* t, float (*s)[16]) {
    static_assert(G == 1 || G == 2 || G == 4 || G == 8, "attncap::detail: transpose_blocks takes 1, 2, 4 or 8 rows");
    if constexpr (G == 1) {
      store(s[0], t[0]);
    } else if constexpr (G == 2) {
      store(s[0], _mm512_shuffle_f32x4(t[0], t[1], 0x44));
      store(s[1], _mm512_shuffle_f32x4(t[0], t[1], 0xee));
    } else if constexpr (G == 4) {
      transpose_lanes(t[0], t[1], t[2], t[3], s[0], s[1], s[2], s[3]);
    } else {
      __m512 e[4], o[4];  // 64-bit pairs: even and odd rows' blocks, four 128-bit lanes each
      for (int i = 0; i < 4; ++i) {
        const __m512d x = _mm512_castps_pd(t[2 * i]), y = _mm512_castps_pd(t[2 * i + 1]);
        e[i] = _mm512_castpd_ps(_mm512_unpacklo_pd(x, y));
        o[i] = _mm512_castpd_ps(_mm512_unpackhi_pd(x, y));
      }
      transpose_lanes(e[0], e[1], e[2], e[3], s[0], s[2], s[4], s[6]);
      transpose_lanes(o[0], o[1], o[2], o[3], s[1], s[3], s[5], s[7]);
    }
  }
  /// Lane k of s_l = lane l of t_k: a 4 x 4 transpose of 128-bit lanes, stored.
  static void transpose_lanes(vec t0, vec t1, vec t2, vec t3, float* s0, float* s1, float* s2, float* s3) {
    const __m512 a0 = _mm512_shuffle_f32x4(t0, t1, 0x44), a1 = _mm512_shuffle_f32x4(t0, t1, 0xee);
    const __m512 a2 = _mm512_shuffle_f32x4(t2, t3, 0x44), a3 = _mm512_shuffle_f32x4(t2, t3, 0xee);
    store(s0, _mm512_shuffle_f32x4(a0, a2, 0x88));
    store(s1, _mm512_shuffle_f32x4(a0, a2, 0xdd));
    store(s2, _mm512_shuffle_f32x4(a1, a3, 0x88));
    store(s3, _mm512_shuffle_f32x4(a1, a3, 0xdd));
  }
  static void reduce16(const vec* parts, float* out) { _mm512_storeu_ps(out, reduce16v(parts)); }
  /// acc + sum over pairs of a[2i]*b[2i] + a[2i+1]*b[2i+1], products exact, fp32 accumulation.
  static vec dot_bf16(vec acc, __m512i a, __m512i b) {
    return _mm512_dpbf16_ps(acc, reinterpret_cast<__m512bh&>(a), reinterpret_cast<__m512bh&>(b));
  }
  static __m512i load_bf16x32(const bf16_t* p) { return _mm512_loadu_si512(p); }
  static void load_bf16_pairs(const bf16_t* p, vec& even, vec& odd) {
    const __m512i x = _mm512_loadu_si512(p);
    even = _mm512_castsi512_ps(_mm512_slli_epi32(x, 16));
    odd = _mm512_castsi512_ps(_mm512_and_si512(x, _mm512_set1_epi32(static_cast<int>(0xffff0000u))));
  }
  static void interleave_store(float* p, vec even, vec odd) {
    const __m512i lo = _mm512_set_epi32(23, 7, 22, 6, 21, 5, 20, 4, 19, 3, 18, 2, 17, 1, 16, 0);
    const __m512i hi = _mm512_set_epi32(31, 15, 30, 14, 29, 13, 28, 12, 27, 11, 26, 10, 25, 9, 24, 8);
    _mm512_storeu_ps(p, _mm512_permutex2var_ps(even, lo, odd));
    _mm512_storeu_ps(p + 16, _mm512_permutex2var_ps(even, hi, odd));
  }
  using bvec = __m512i;  // 32 bf16
  static bvec bzero() { return _mm512_setzero_si512(); }
  /// Rounds 16 floats to bf16 (nearest even), and back.
  static __m256i to_bf16(vec v) {
    const __m256bh h = _mm512_cvtneps_pbh(v);
    return reinterpret_cast<const __m256i&>(h);
  }
  static void store_bf16x16(bf16_t* p, __m256i h) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), h); }
  static vec from_bf16(__m256i h) { return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(h), 16)); }
  /// Interleaves 32 bf16 of row a with 32 of row b into element pairs (a[i], b[i]) for vdpbf16ps:
  /// lo holds elements {0-3, 8-11, 16-19, 24-27}, hi the others (per 128-bit lane).
  static void pair_rows(__m512i a, __m512i b, __m512i& lo, __m512i& hi) {
    lo = _mm512_unpacklo_epi16(a, b);
    hi = _mm512_unpackhi_epi16(a, b);
  }
  /// Puts accumulators in pair_rows order (lo, hi) back in element order.
  static void lanes_store(float* p, vec lo, vec hi) {
    const __m512i first = _mm512_set_epi32(23, 22, 21, 20, 7, 6, 5, 4, 19, 18, 17, 16, 3, 2, 1, 0);
    const __m512i second = _mm512_set_epi32(31, 30, 29, 28, 15, 14, 13, 12, 27, 26, 25, 24, 11, 10, 9, 8);
    _mm512_storeu_ps(p, _mm512_permutex2var_ps(lo, first, hi));
    _mm512_storeu_ps(p + 16, _mm512_permutex2var_ps(lo, second, hi));
  }
  static __m512i broadcast_pair(const bf16_t* p) {
    std::uint32_t v;
    std::memcpy(&v, p, 4);
    return _mm512_set1_epi32(static_cast<int>(v));
  }
};
}  // namespace avx512
ATTNCAP_DETAIL_AVX512_END

#endif  // ATTNCAP_DETAIL_X86

}  // namespace attncap::kernels::detail
