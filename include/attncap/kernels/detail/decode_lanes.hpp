// SPDX-License-Identifier: MIT
/// @file
/// Decode inner kernel with the heads in the lanes (attncap::kernels::isa::avx512_bf16): one block
/// of up to 16 bf16 keys for a unit of 8 query heads. Each key's scores for the 8 heads are one
/// accumulator: `vdpbf16ps` of q in lane order (decode_plan.hpp, lane_element: two element pairs
/// of every head in 64 bytes) against the key's matching 8 bytes broadcast, so no horizontal sum
/// follows, where the row-wise body reduces 16 lanes for every (head, key). The softmax runs with a
/// head a lane (also the AMX body's), and acc += P V is the vector body's.
#pragma once

#include <array>
#include <attncap/kernels/detail/bodies.hpp>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#if defined(ATTNCAP_DETAIL_X86)
#include <immintrin.h>

ATTNCAP_DETAIL_AVX512_BEGIN
namespace attncap::kernels::detail::lanes {

using O = avx512::ops;

/// Whether a decode body runs with the heads in the lanes: bf16 K and the bf16 dot product, units
/// of 8 query heads and no remainder units (those read q by rows).
template <int DK, int DV, class KV, int G, int R>
inline constexpr bool decode_on_lanes = std::is_same_v<KV, bf16_t>&& G == 8 && R == 0 && DK % 32 == 0;

/// x's max (Sum: sum) over the 16 / G keys a vector holds: every lane gets its head's, folding
/// the vector's halves (and, G = 4, quarters) onto each other.
template <int G, bool Sum>
ATTNCAP_DETAIL_ALWAYS_INLINE __m512 fold_keys(__m512 x) {
  const __m512 half = _mm512_shuffle_f32x4(x, x, 0x4e);
  x = Sum ? O::add(x, half) : O::max(x, half);
  if constexpr (G == 4) {
    const __m512 quarter = _mm512_shuffle_f32x4(x, x, 0xb1);
    x = Sum ? O::add(x, quarter) : O::max(x, quarter);
  }
  return x;
}

/// The G floats at p in every group of G lanes, and back.
template <int G>
ATTNCAP_DETAIL_ALWAYS_INLINE __m512 load_heads(const float* p) {
  if constexpr (G == 8) return _mm512_broadcast_f32x8(_mm256_loadu_ps(p));
  return _mm512_broadcast_f32x4(_mm_loadu_ps(p));
}
template <int G>
ATTNCAP_DETAIL_ALWAYS_INLINE void store_heads(float* p, __m512 x) {
  if constexpr (G == 8) return _mm256_storeu_ps(p, _mm512_castps512_ps256(x));
  _mm_storeu_ps(p, _mm512_castps512_ps128(x));
}

/// Online softmax of the block for the G heads from qh, a head a lane and 16 / G keys a vector
/// (x[i]: keys 16 i / G ..): the running max and sum updated, the head's acc row rescaled where its
/// max rose, x replaced by the weights 2^(x - m) (rounded to bf16 with bf16 products, which l then
/// sums).
template <int G>
ATTNCAP_DETAIL_ALWAYS_INLINE void key_softmax(const decode_work& w, int qh, float* acc, int dv, __m512* x) {
  __m512 mx = x[0];
  for (int i = 1; i < G; ++i) mx = O::max(mx, x[i]);
  mx = fold_keys<G, false>(mx);
  float* const m = w.m + qh;
  float* const l = w.l + qh;
  const __m512 m_old = load_heads<G>(m), m_new = O::max(m_old, mx);
  if (const unsigned rose = _mm512_cmp_ps_mask(m_new, m_old, _CMP_GT_OQ) & ((1u << G) - 1)) {
    alignas(64) float alpha[16];
    O::store(alpha, O::exp2(O::sub(m_old, m_new)));
    for (int g = 0; g < G; ++g) {
      if (!(rose >> g & 1u)) continue;
      l[g] *= alpha[g];
      const __m512 a = O::set1(alpha[g]);
      for (int c = 0; c < dv; c += 16) O::store(acc + g * dv + c, O::mul(a, O::load(acc + g * dv + c)));
    }
    store_heads<G>(m, m_new);
  }
  __m512 sum = O::zero();
  for (int i = 0; i < G; ++i) {
    x[i] = O::exp2(O::sub(x[i], m_new));
    if (w.bf16_products) x[i] = O::from_bf16(O::to_bf16(x[i]));
    sum = O::add(sum, x[i]);
  }
  sum = fold_keys<G, true>(sum);
  store_heads<G>(l, O::add(load_heads<G>(l), sum));
}

/// x[i], keys 16 i / G .. 16 (i + 1) / G - 1 with G lanes (a head a lane) each, made log2-domain
/// scores (score_map), -inf past the n keys.
template <int G>
ATTNCAP_DETAIL_ALWAYS_INLINE void map_keys(const decode_work& w, int n, __m512* x) {
  constexpr int per = 16 / G;  // keys a vector
  const avx512::score_map<O> map(w, true);
  const __m512i lane_key = _mm512_srli_epi32(O::lane_index(), G == 8 ? 3 : 2);
  for (int i = 0; i < G; ++i) {
    x[i] = map(x[i]);
    if (per * (i + 1) > n) {
      const __m512i key = _mm512_add_epi32(lane_key, _mm512_set1_epi32(per * i));
      x[i] = _mm512_mask_mov_ps(O::set1(-INFINITY), _mm512_cmplt_epi32_mask(key, _mm512_set1_epi32(n)), x[i]);
    }
  }
}

/// Lane indices as a vector.
inline __m512i lanes_of(const std::array<int, 16>& a) { return _mm512_loadu_si512(a.data()); }

/// x[i]: the dot products of keys 2i (lanes 0-7) and 2i + 1 (lanes 8-15) with the 8 heads, a head a
/// lane. Each key's accumulator holds head h's partial sums over element pairs 2c + e in lane
/// 2h + e: q's 64 bytes of step c (lane order) against the key's 8 bytes of step c broadcast; the
/// pair halves are added at the end. Lo: q's lo parts too. The accumulators are local to each
/// variant: one array shared by both stayed in memory, a store after every product.
template <int DK, bool Lo, class Feed>
ATTNCAP_DETAIL_ALWAYS_INLINE void lane_dots(const bf16_t* hi, const bf16_t* lo, const bf16_t* const* krow,
                                            __m512 (&x)[8], Feed& feed) {
  hi = avx512::opaque(hi);
  lo = avx512::opaque(lo);
  __m512 acc[16];
  ATTNCAP_DETAIL_UNROLLED_FOR (int j = 0; j < 16; ++j) acc[j] = O::zero();
  for (int c = 0; c < DK / 4; ++c) {
    const __m512i qh = _mm512_loadu_si512(hi + 32 * c);
    ATTNCAP_DETAIL_UNROLLED_FOR (int j = 0; j < 16; ++j) {
      long long pairs;
      std::memcpy(&pairs, krow[j] + 4 * c, sizeof pairs);
      const __m512i kv = _mm512_set1_epi64(pairs);
      acc[j] = O::dot_bf16(acc[j], qh, kv);
      if constexpr (Lo) acc[j] = O::dot_bf16(acc[j], _mm512_loadu_si512(lo + 32 * c), kv);
    }
    feed.step((Lo ? 2 : 1) * 16);
  }
  feed.loop((Lo ? 2 : 1) * 16 * DK / 4);
  static constexpr std::array<int, 16> even{0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30};
  const __m512i e = lanes_of(even), o = _mm512_add_epi32(e, _mm512_set1_epi32(1));
  ATTNCAP_DETAIL_UNROLLED_FOR (int i = 0; i < 8; ++i)
    x[i] = O::add(_mm512_permutex2var_ps(acc[2 * i], e, acc[2 * i + 1]),
                  _mm512_permutex2var_ps(acc[2 * i], o, acc[2 * i + 1]));
}

/// x[i] = the log2-domain scores (score_map) of keys 2i (lanes 0-7) and 2i + 1 (lanes 8-15), a
/// head a lane, -inf past the n keys.
template <int DK, class Feed>
ATTNCAP_DETAIL_ALWAYS_INLINE void lane_scores(const decode_work& w, int qh, const avx512::block_rows<bf16_t>& rows,
                                              Feed& feed, __m512 (&x)[8]) {
  const bf16_t* krow[16];
  for (int j = 0; j < 16; ++j) krow[j] = rows.k[j < rows.n ? j : 0];  // spare rows: key 0, masked below
  const bf16_t* hi = w.q_hi + std::size_t(qh) * DK;
  feed.plan((w.q_lo_nonzero ? 2 : 1) * 16 * DK / 4);
  if (w.q_lo_nonzero)
    lane_dots<DK, true>(hi, w.q_lo + std::size_t(qh) * DK, krow, x, feed);
  else
    lane_dots<DK, false>(hi, hi, krow, x, feed);
  map_keys<8>(w, rows.n, x);
}

/// Index vectors of heads_rows: lane (head h, key k) of a step's output from its two inputs.
constexpr std::array<int, 16> quad_index(int half) {  // 4 heads x keys 4m .. 4m + 3 from x[2m], x[2m + 1]
  std::array<int, 16> a{};
  for (int h = 0; h < 4; ++h)
    for (int k = 0; k < 4; ++k) a[std::size_t(h * 4 + k)] = k / 2 * 16 + k % 2 * 8 + 4 * half + h;
  return a;
}
constexpr std::array<int, 16> pair_index(int first) {  // heads first, first + 1 x 8 keys from two quads
  std::array<int, 16> a{};
  for (int h = 0; h < 2; ++h)
    for (int k = 0; k < 8; ++k) a[std::size_t(h * 8 + k)] = k / 4 * 16 + (first + h) * 4 + k % 4;
  return a;
}

/// s[h][j] = lane h of key j in x (lane_scores' order): the weights by head, as the vector body's
/// PV reads them. 24 shuffles.
ATTNCAP_DETAIL_ALWAYS_INLINE void heads_rows(const __m512 (&x)[8], float (*s)[16]) {
  static constexpr std::array<int, 16> q0 = quad_index(0), q1 = quad_index(1), p0 = pair_index(0), p2 = pair_index(2);
  for (int half = 0; half < 2; ++half) {
    const __m512i qi = lanes_of(half ? q1 : q0);
    __m512 y[4];
    for (int m = 0; m < 4; ++m) y[m] = _mm512_permutex2var_ps(x[2 * m], qi, x[2 * m + 1]);
    const __m512i a = lanes_of(p0), b = lanes_of(p2);
    const __m512 z0 = _mm512_permutex2var_ps(y[0], a, y[1]), z1 = _mm512_permutex2var_ps(y[0], b, y[1]);
    const __m512 z2 = _mm512_permutex2var_ps(y[2], a, y[3]), z3 = _mm512_permutex2var_ps(y[2], b, y[3]);
    float(*const out)[16] = s + 4 * half;
    O::store(out[0], _mm512_shuffle_f32x4(z0, z2, 0x44));
    O::store(out[1], _mm512_shuffle_f32x4(z0, z2, 0xee));
    O::store(out[2], _mm512_shuffle_f32x4(z1, z3, 0x44));
    O::store(out[3], _mm512_shuffle_f32x4(z1, z3, 0xee));
  }
}

/// The lane kernel of decode_partial (see vector_blocks): scores with the heads in the lanes, then
/// the vector body's PV, the prefetches spread over both as there.
struct lane_blocks {
  template <int DK, int DV, class KV, int G>
  static void run(const decode_work& w, int qh, const avx512::block_rows<KV>& rows, const avx512::block_prefetch& pf) {
    static_assert(decode_on_lanes<DK, DV, KV, G, 0>);
    constexpr bool dot_pv = avx512::pv_on_dots<O, KV, DV, G>;
    const bool pv_dot = dot_pv && w.bf16_products;
    float* const acc = w.acc + std::size_t(qh) * DV;
    avx512::prefetch_feed<DK, DV, KV, G, O> feed(pf, rows.n);
    feed.plan(avx512::pv_fmas<DV, G, O>(rows.n, pv_dot));
    __m512 x[8];
    lane_scores<DK>(w, qh, rows, feed, x);
    avx512::own_v_rows<DV, KV, O>(rows, pf);
    key_softmax<8>(w, qh, acc, DV, x);
    alignas(64) float s[8][16];
    heads_rows(x, s);
    alignas(64) bf16_t pb[dot_pv ? 8 : 1][16];  // the weights in bf16 (bf16_products)
    if constexpr (dot_pv)
      if (pv_dot)
        for (int g = 0; g < 8; ++g) O::store_bf16x16(pb[g], O::to_bf16(O::load(s[g])));
    avx512::block_pv<DV, KV, G, O>(acc, s, pb, rows, pv_dot, feed);
  }
  template <class O_, class KV, int DV, int G>
  static constexpr bool pairs = avx512::decode_pairs<O_, KV, DV, G>;
  template <int G>
  static void begin() noexcept {}
  static void end() noexcept {}
};

}  // namespace attncap::kernels::detail::lanes
ATTNCAP_DETAIL_AVX512_END

#endif  // ATTNCAP_DETAIL_X86
