// SPDX-License-Identifier: MIT
/// @file
/// Decode inner kernel on AMX tiles (attncap::kernels::isa::avx512_amx): one block of up to 16
/// bf16 keys for a unit of G = 4 or 8 query heads. The scores are one tile product, the block's K
/// rows (in place where they lie at one stride, else copied) times q in tile order: the G heads'
/// bf16 hi parts and their lo parts as 2G columns, so the products keep about 16 bits of q, as the
/// vector path's. The softmax runs in AVX-512 with a head a lane (the lane kernel's, see
/// decode_lanes.hpp); acc += P V multiplies the weights as (hi, lo) pairs by each V element
/// doubled, 16 elements of acc a product. With
/// allow_bf16_products, or a bf16 q, the lo parts are zero (and still multiplied: an infinite K
/// element then gives NaN where the vector body gives an infinite score).
///
/// On the Intel cores that have AMX, `vdpbf16ps` runs at half the FLOPs of an FMA, and from 4
/// heads the vector kernel's arithmetic, not its reads, bounds a block; on tiles the products cost
/// a fraction and the block is bound by moving its operands (bench/README.md).
#pragma once

#include <attncap/kernels/detail/amx_tiles.hpp>
#include <attncap/kernels/detail/bodies.hpp>
#include <attncap/kernels/detail/decode_lanes.hpp>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#if defined(ATTNCAP_DETAIL_AMX)
#include <immintrin.h>

ATTNCAP_DETAIL_AMX_BEGIN
namespace attncap::kernels::detail::amx {

using O = avx512::ops;
using avx512::block_prefetch;
using lanes::key_softmax;

/// Whether a decode body runs on tiles: bf16 KV in units of 4 or 8 query heads (their hi and lo
/// parts fill 8 or 16 columns of the scores; a build listing group 16 runs it on the FMA body),
/// whole 32-element steps of K and V. The general body's remainder units keep the vector order of
/// the accumulators and read q by rows, so it stays off the tiles.
template <int DK, int DV, class KV, int G, int R>
inline constexpr bool decode_on_tiles = std::is_same_v<KV, bf16_t> &&
                                        (G == 4 || G == 8) && R == 0 && DK % 32 == 0 && DV % 32 == 0;

/// One block's operands: K rows copied where they do not lie at one stride (A of the scores),
/// each V element doubled (B of P V, against the weights' hi and lo parts as the pairs of A), the
/// scores by key (C of the scores: G hi parts, then G lo parts), and the weights as (hi, lo)
/// pairs by key and by head (A of P V).
template <int DK, int DV, int G>
struct decode_tiles {
  alignas(64) bf16_t k[16][DK];
  alignas(64) std::uint32_t vd[DV / 16][16][16];
  alignas(64) float st[16 * 2 * G];
  alignas(64) std::uint32_t pt[16 * G];
  alignas(64) std::uint32_t pw[G][16];
};

/// Tile registers: tmm0 the scores by key (16 rows of 2G fp32), tmm1 and tmm3 32 elements of 16 K
/// rows or 16 doubled V elements of 16 keys (16 rows of 64 bytes), tmm2 and tmm6 32 elements of q
/// in tile order (16 element pairs by 2G), tmm4-5 16-element slices of acc (G rows), tmm7 the
/// weights (G rows of 16 pairs).
template <int G>
inline constexpr tile_config decode_tiles_config{
    1, 0, {}, {8 * G, 64, 8 * G, 64, 64, 64, 8 * G, 64}, {16, 16, 16, 16, G, G, 16, G}};

/// Where the block's K rows are read from, and at which stride: in place when its 16 rows lie at
/// one stride (a block inside a page), else copied into t.k (zero past the n keys).
template <int DK, int DV, int G>
ATTNCAP_DETAIL_ALWAYS_INLINE const bf16_t* k_rows(decode_tiles<DK, DV, G>& t, const avx512::block_rows<bf16_t>& rows,
                                                  long& stride) {
  const auto at = [&](int j) { return reinterpret_cast<const std::byte*>(rows.k[j]); };
  if (rows.n == 16) {
    stride = at(1) - at(0);
    bool even = stride > 0;
    for (int j = 2; j < 16; ++j) even &= at(j) - at(j - 1) == stride;
    if (even) return rows.k[0];
  }
  for (int j = 0; j < 16; ++j)
    for (int c = 0; c < DK; c += 32)
      _mm512_store_si512(&t.k[j][c], j < rows.n ? _mm512_loadu_si512(rows.k[j] + c) : _mm512_setzero_si512());
  stride = DK * sizeof(bf16_t);
  return t.k[0];
}

/// t.st[j] = key j's dot products with the hi and lo parts of the unit's G heads from local head
/// qh: the K rows as A against q in tile order (decode_plan.hpp, tile_head).
template <int DK, int DV, int G>
ATTNCAP_DETAIL_ALWAYS_INLINE void tile_scores(const decode_work& w, int qh, decode_tiles<DK, DV, G>& t,
                                              const avx512::block_rows<bf16_t>& rows) {
  constexpr int q_step = 16 * 2 * G * 2;  // bf16 of q a 32-element step
  long stride = 0;
  const bf16_t* k = k_rows(t, rows, stride);
  const bf16_t* q = w.q_hi + std::size_t(qh) * 2 * DK;
  ATTNCAP_DETAIL_TILE_FENCE();
  _tile_zero(0);
  for (int c = 0; c < DK / 32; c += 2) {
    _tile_loadd(1, k + 32 * c, stride);
    _tile_loadd(2, q + q_step * c, 8 * G);
    _tile_dpbf16ps(0, 1, 2);
    if (c + 1 == DK / 32) break;
    _tile_loadd(3, k + 32 * (c + 1), stride);
    _tile_loadd(6, q + q_step * (c + 1), 8 * G);
    _tile_dpbf16ps(0, 3, 6);
  }
  _tile_stored(0, t.st, 8 * G);
  ATTNCAP_DETAIL_TILE_FENCE();
}

/// x[i] = the log2-domain scores (score_map) of keys 16 i / G .. 16 (i + 1) / G - 1, G lanes (one
/// a head) each: hi + lo, -inf past the n keys.
template <int G>
ATTNCAP_DETAIL_ALWAYS_INLINE void key_scores(const decode_work& w, const float* st, int n, __m512* x) {
  constexpr int hi_parts = G == 8 ? 0x44 : 0x88, lo_parts = G == 8 ? 0xee : 0xdd;
  for (int i = 0; i < G; ++i) {
    const __m512 a = O::load(st + 32 * i), b = O::load(st + 32 * i + 16);
    x[i] = O::add(_mm512_shuffle_f32x4(a, b, hi_parts), _mm512_shuffle_f32x4(a, b, lo_parts));
  }
  lanes::map_keys<G>(w, n, x);
}

/// t.pw[g][j] = the weight of head g for key j as a (bf16 hi, bf16 lo) pair (lo zero with bf16
/// products, whose weights are already rounded).
template <int DK, int DV, int G>
ATTNCAP_DETAIL_ALWAYS_INLINE void weights_by_head(decode_tiles<DK, DV, G>& t, const __m512* p, bool bf16_products) {
  for (int i = 0; i < G; ++i) {
    const __m256i h = O::to_bf16(p[i]);
    __m512i pair = _mm512_cvtepu16_epi32(h);
    if (!bf16_products)
      pair = _mm512_or_si512(pair,
                             _mm512_slli_epi32(_mm512_cvtepu16_epi32(O::to_bf16(O::sub(p[i], O::from_bf16(h)))), 16));
    _mm512_store_si512(t.pt + 16 * i, pair);
  }
  const __m512i by_key = _mm512_mullo_epi32(O::lane_index(), _mm512_set1_epi32(G));
  for (int g = 0; g < G; ++g) _mm512_store_si512(t.pw[g], _mm512_i32gather_epi32(by_key, t.pt + g, 4));
}

/// vd[e][j][i] = element 16 e + i of key j twice (zero past the n keys).
template <int DK, int DV, int G>
ATTNCAP_DETAIL_ALWAYS_INLINE void pack_v(decode_tiles<DK, DV, G>& t, const avx512::block_rows<bf16_t>& rows) {
  const __m512i lo = _mm512_set_epi16(15, 15, 14, 14, 13, 13, 12, 12, 11, 11, 10, 10, 9, 9, 8, 8, 7, 7, 6, 6, 5, 5, 4,
                                      4, 3, 3, 2, 2, 1, 1, 0, 0);
  const __m512i hi = _mm512_add_epi16(lo, _mm512_set1_epi16(16));
  for (int j = 0; j < 16; ++j)
    for (int e = 0; e < DV / 16; e += 2) {
      const __m512i x = j < rows.n ? _mm512_loadu_si512(rows.v[j] + 16 * e) : _mm512_setzero_si512();
      _mm512_store_si512(t.vd[e][j], _mm512_permutexvar_epi16(lo, x));
      _mm512_store_si512(t.vd[e + 1][j], _mm512_permutexvar_epi16(hi, x));
    }
}

/// acc += P V over the block: the weights as (hi, lo) pairs against V doubled, each 16-element
/// slice of acc in tmm4 and tmm5 in turn so that a slice's load and store overlap the other's
/// product.
template <int DK, int DV, int G>
ATTNCAP_DETAIL_ALWAYS_INLINE void tile_pv(float* acc, decode_tiles<DK, DV, G>& t) {
  constexpr long acc_stride = DV * sizeof(float);
  ATTNCAP_DETAIL_TILE_FENCE();
  _tile_loadd(7, t.pw, 64);
  for (int e = 0; e < DV / 16; e += 2) {
    _tile_loadd(4, acc + 16 * e, acc_stride);
    _tile_loadd(1, t.vd[e], 64);
    _tile_dpbf16ps(4, 7, 1);
    _tile_loadd(5, acc + 16 * (e + 1), acc_stride);
    _tile_loadd(3, t.vd[e + 1], 64);
    _tile_dpbf16ps(5, 7, 3);
    _tile_stored(4, acc + 16 * e, acc_stride);
    _tile_stored(5, acc + 16 * (e + 1), acc_stride);
  }
  ATTNCAP_DETAIL_TILE_FENCE();
}

/// The tile kernel of decode_partial (see vector_blocks): each unit's block on tiles, the
/// accumulators in element order.
struct tile_blocks {
  template <int DK, int DV, class KV, int G>
  static void run(const decode_work& w, int qh, const avx512::block_rows<KV>& rows, const block_prefetch& pf) {
    static_assert(std::is_same_v<KV, bf16_t> && (G == 4 || G == 8));
    decode_tiles<DK, DV, G> t;
    float* const acc = w.acc + std::size_t(qh) * DV;
    // The prefetches of four keys between each two steps: a burst of them would stall the block
    // until the line fill buffers drain.
    int pj = 0;
    const auto prefetch = [&](int upto) ATTNCAP_DETAIL_ALWAYS_INLINE_LAMBDA {
      for (; pj < upto && pj < rows.n; ++pj) {
        avx512::prefetch_key<DK, DV, KV, O>(pf, pj);
        if (pf.next_k) avx512::prefetch_l1<DK * sizeof(KV), O>(pf.next_k + pf.next_off[pj]);
        if (!pf.same_rows) avx512::prefetch_l1<DV * sizeof(KV), O>(reinterpret_cast<const std::byte*>(rows.v[pj]));
      }
    };
    prefetch(4);
    tile_scores(w, qh, t, rows);
    prefetch(8);
    __m512 x[G];
    key_scores<G>(w, t.st, rows.n, x);
    key_softmax<G>(w, qh, acc, DV, x);
    prefetch(12);
    weights_by_head(t, x, w.bf16_products);
    pack_v(t, rows);
    prefetch(16);
    tile_pv(acc, t);
    avx512::prefetch_far_rest<DK, DV, KV, O>(pf, rows.n);
  }
  template <class, class, int, int>
  static constexpr bool pairs = false;
  template <int G>
  static void begin() noexcept {
    _tile_loadconfig(&decode_tiles_config<G>);
  }
  static void end() noexcept { _tile_release(); }
};

}  // namespace attncap::kernels::detail::amx
ATTNCAP_DETAIL_AMX_END

#endif  // ATTNCAP_DETAIL_AMX
