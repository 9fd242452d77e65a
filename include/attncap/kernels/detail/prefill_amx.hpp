// SPDX-License-Identifier: MIT
/// @file
/// Prefill/extend inner kernel on AMX tiles (attncap::kernels::isa::avx512_amx): one query tile
/// of one bf16 head, Q K^T and P V as `tdpbf16ps` tile products, the softmax in AVX-512. P is
/// split into a bf16 high and low part, both multiplied, so the weights keep about 16 bits (the
/// AVX-512 path's fp32 products: 24), not bf16's 8.
///
/// The query tile walks its keys in blocks of 128, each block for every 32 rows (two tile rows) in
/// turn: a row block's sums (32 x D fp32) are loaded into tile registers once per 128 keys, the
/// softmax reduces each row once per 128 keys, and each key block is read from memory once.
#pragma once

#include <attncap/kernels/detail/amx_tiles.hpp>
#include <attncap/kernels/detail/bodies.hpp>
#include <cstddef>

namespace attncap::kernels::detail {
/// Query rows and keys of an AMX block.
inline constexpr int amx_block_rows = 32, amx_block_keys = 128;

/// Bytes of the AMX path's query-tile state for head dim d (amx::tile_state): q in bf16, two fp32
/// sums, m and l, and a block's scores and bf16 weights; 0 where the path does not exist.
constexpr std::size_t amx_state_bytes(int d) {
#if defined(ATTNCAP_DETAIL_AMX)
  const std::size_t rows = scalar::prefill_bq, block = std::size_t(amx_block_rows) * amx_block_keys;
  return (rows * std::size_t(d) * (2 + 4 + 4) + 2 * rows * 4 + block * (4 + 2 + 2) + 63) / 64 * 64;
#else
  return std::size_t(d) * 0;
#endif
}
}  // namespace attncap::kernels::detail

#if defined(ATTNCAP_DETAIL_AMX)
#include <immintrin.h>

ATTNCAP_DETAIL_AMX_BEGIN
namespace attncap::kernels::detail::amx {

using avx512::prefill_bk;
using avx512::prefill_bq;
using avx512::prefill_flush_tiles;
using O = avx512::ops;

/// Whether head dim D runs on tiles: whole 32-element steps of a tile row. D = 32, outside the
/// default build's head dims and so untested on tiles, stays on the AVX-512 body.
template <int D>
inline constexpr bool runs_on_tiles = D % 32 == 0 && D >= 64;

/// Query rows and keys of a block; KT key tiles (of the packing's prefill_bk keys) a key block.
inline constexpr int block_rows = amx_block_rows, block_keys = amx_block_keys, KT = block_keys / prefill_bk;

/// What one query tile keeps: its q rows (A operands) and sums (tile_flush and tile_finish read
/// m, l, acc, total), and the running row block's scores and weights (bf16 high and low parts,
/// A operands).
template <int D>
struct tile_state {
  alignas(64) bf16_t q[prefill_bq][D];
  alignas(64) float acc[prefill_bq][D];
  alignas(64) float total[prefill_bq][D];
  alignas(64) float s[block_rows][block_keys];
  alignas(64) bf16_t ph[block_rows][block_keys];
  alignas(64) bf16_t pl[block_rows][block_keys];
  float m[prefill_bq], l[prefill_bq];
};

/// Every tile register 16 rows of 64 bytes: tmm0-3 C (fp32 16 x 16), tmm4-5 A, tmm6-7 B.
inline constexpr tile_config prefill_tiles{
    1, 0, {}, {64, 64, 64, 64, 64, 64, 64, 64}, {16, 16, 16, 16, 16, 16, 16, 16}};

/// tmm0-3 from / to the 32 x 32 fp32 block at c0 (rows 0-15) and c1 (rows 16-31), columns 0-15
/// and 16-31 each.
ATTNCAP_DETAIL_ALWAYS_INLINE void load_c(const float* c0, const float* c1, long stride) {
  _tile_loadd(0, c0, stride);
  _tile_loadd(1, c0 + 16, stride);
  _tile_loadd(2, c1, stride);
  _tile_loadd(3, c1 + 16, stride);
}
ATTNCAP_DETAIL_ALWAYS_INLINE void store_c(float* c0, float* c1, long stride) {
  _tile_stored(0, c0, stride);
  _tile_stored(1, c0 + 16, stride);
  _tile_stored(2, c1, stride);
  _tile_stored(3, c1 + 16, stride);
}
/// The 2 x 2 products: tmm0-3 += (tmm4, tmm5) x (tmm6, tmm7).
ATTNCAP_DETAIL_ALWAYS_INLINE void products_2x2() {
  _tile_dpbf16ps(0, 4, 6);
  _tile_dpbf16ps(1, 4, 7);
  _tile_dpbf16ps(2, 5, 6);
  _tile_dpbf16ps(3, 5, 7);
}

/// K pairs of key tile kt of the packed tiles at kt0 ([D/2][BK]), and its V pairs ([BK/2][D]).
template <int D>
const std::uint32_t* k_pairs(const float* kt0, int kt) {
  return static_cast<const std::uint32_t*>(static_cast<const void*>(kt0 + kt * prefill_bk * D));
}
template <int D>
const std::uint32_t* v_pairs(const float* kt0, int kt) {
  return k_pairs<D>(kt0, kt) + D / 2 * prefill_bk;
}

/// s[.][0, 32 nt) = q K^T for the block's rows (rows r0, r0 + 16 of q) and nt key tiles from kt0.
template <int D>
ATTNCAP_DETAIL_ALWAYS_INLINE void block_scores(tile_state<D>& t, int r0, const float* kt0, int nt) {
  constexpr long q_stride = D * sizeof(bf16_t), k_stride = prefill_bk * 4, s_stride = block_keys * 4;
  ATTNCAP_DETAIL_TILE_FENCE();
  for (int kt = 0; kt < nt; ++kt) {
    const std::uint32_t* kp = k_pairs<D>(kt0, kt);
    _tile_zero(0);
    _tile_zero(1);
    _tile_zero(2);
    _tile_zero(3);
    for (int k = 0; k < D; k += 32) {
      _tile_loadd(4, &t.q[r0][k], q_stride);
      _tile_loadd(5, &t.q[r0 + 16][k], q_stride);
      _tile_loadd(6, kp + k / 2 * prefill_bk, k_stride);
      _tile_loadd(7, kp + k / 2 * prefill_bk + 16, k_stride);
      products_2x2();
    }
    store_c(&t.s[0][kt * prefill_bk], &t.s[16][kt * prefill_bk], s_stride);
  }
}

/// acc[r0, r0 + 32) += P V over the block's nt key tiles from kt0, P as ph + pl (ph alone with
/// bf16 products).
template <int D>
ATTNCAP_DETAIL_ALWAYS_INLINE void block_pv(tile_state<D>& t, int r0, const float* kt0, int nt, bool bf16_products) {
  constexpr long acc_stride = D * 4, v_stride = D * 4, p_stride = block_keys * sizeof(bf16_t);
  ATTNCAP_DETAIL_TILE_FENCE();
  for (int c = 0; c < D; c += 32) {
    load_c(&t.acc[r0][c], &t.acc[r0 + 16][c], acc_stride);
    for (int kt = 0; kt < nt; ++kt) {
      const std::uint32_t* vp = v_pairs<D>(kt0, kt);
      const int j = kt * prefill_bk;
      _tile_loadd(6, vp + c, v_stride);
      _tile_loadd(7, vp + c + 16, v_stride);
      _tile_loadd(4, &t.ph[0][j], p_stride);
      _tile_loadd(5, &t.ph[16][j], p_stride);
      products_2x2();
      if (bf16_products) continue;
      _tile_loadd(4, &t.pl[0][j], p_stride);
      _tile_loadd(5, &t.pl[16][j], p_stride);
      products_2x2();
    }
    store_c(&t.acc[r0][c], &t.acc[r0 + 16][c], acc_stride);
  }
}

/// Which keys of a key block the block's rows see (w: the row block as an item of its own).
struct block_view {
  int kb, nv;  // first key, vectors of 16 keys in the block
  bool edge;   // some key invisible to some row: per-row masks
  int hi;      // keys >= hi are past the rows' range (kv_len, or the last row + 1 causal)
};

/// Row i's scores of the block as x[0, v.nv): scaled, capped, masked into the log2 domain.
ATTNCAP_DETAIL_ALWAYS_INLINE void row_scores(const prefill_work& w, const float* s, int i, const block_view& v,
                                             float qscale, __m512* x) {
  const __m512 sc = O::set1(qscale);
  const __m512 k = O::set1(2.0f * log2e / (w.softcap > 0.0f ? w.softcap : 1.0f)), outer = O::set1(w.softcap * log2e);
  const int pos = w.q_pos + i;
  const int last = w.causal && pos + 1 < v.hi ? pos + 1 : v.hi;  // first key past the row's range
  const int first = w.window_left >= 0 ? pos - w.window_left : INT32_MIN;
  for (int c = 0; c < v.nv; ++c) {
    x[c] = O::mul(O::load(s + 16 * c), sc);
    if (w.softcap > 0.0f) x[c] = avx512::soft_cap<O>(x[c], k, outer);
    if (v.edge) {
      const __m512i key = _mm512_add_epi32(_mm512_set1_epi32(v.kb + 16 * c), O::lane_index());
      const __mmask16 seen = _mm512_cmplt_epi32_mask(key, _mm512_set1_epi32(last)) &
                             _mm512_cmpge_epi32_mask(key, _mm512_set1_epi32(first));
      x[c] = _mm512_mask_mov_ps(O::set1(-INFINITY), seen, x[c]);
    }
  }
}

/// Online softmax of the row block from row r0 (w: its rows as an item of their own): per row the
/// max and sum updated, the sums rescaled when the max passed m by max_slack, and the weights
/// 2^(x - m) written as ph + pl (zero for the rows past w.nq); with bf16 products as ph alone, and
/// l sums the rounded weights, so that the output stays a convex combination of the V rows.
template <int D>
ATTNCAP_DETAIL_ALWAYS_INLINE void block_softmax(const prefill_work& w, tile_state<D>& t, int r0, const block_view& v,
                                                float qscale) {
  for (int i = 0; i < block_rows; ++i) {
    __m512 x[block_keys / 16];
    float bm = -INFINITY;
    if (i < w.nq) {
      row_scores(w, t.s[i], i, v, qscale, x);
      __m512 mx = x[0];
      for (int c = 1; c < v.nv; ++c) mx = O::max(mx, x[c]);
      bm = O::hmax(mx);
    }
    if (bm == -INFINITY) {  // nothing seen in this block: zero weights
      std::memset(t.ph[i], 0, sizeof(t.ph[i]));
      std::memset(t.pl[i], 0, sizeof(t.pl[i]));
      continue;
    }
    const int row = r0 + i;
    if (bm > t.m[row] + max_slack) avx512::raise_max<D, O>(t.m[row], t.l[row], t.acc[row], t.total[row], bm);
    const __m512 mv = O::set1(t.m[row]);
    __m512 sum = O::zero();
    for (int c = 0; c < v.nv; ++c) {
      const __m512 p = O::exp2(O::sub(x[c], mv));
      const __m256i hi = O::to_bf16(p);
      O::store_bf16x16(&t.ph[i][16 * c], hi);
      if (w.bf16_products) {
        sum = O::add(sum, O::from_bf16(hi));
        continue;
      }
      sum = O::add(sum, p);
      O::store_bf16x16(&t.pl[i][16 * c], O::to_bf16(O::sub(p, O::from_bf16(hi))));
    }
    t.l[row] += O::hsum(sum);
  }
}

/// The rows [r0, r0 + 32) of the query tile w as an item of their own.
ATTNCAP_DETAIL_ALWAYS_INLINE prefill_work row_block(const prefill_work& w, int r0) {
  prefill_work rows = w;
  rows.q_pos += r0;
  rows.nq = w.nq - r0 < block_rows ? w.nq - r0 : block_rows;
  return rows;
}

/// Key block kb for the row block from r0: its scores, softmax and P V, where it sees any key.
template <int D>
ATTNCAP_DETAIL_ALWAYS_INLINE void key_block(const prefill_work& w, tile_state<D>& t, int r0, int kb) {
  const prefill_work rows = row_block(w, r0);
  const avx512::tile_keys keys = avx512::keys_of(rows);
  if (kb >= keys.hi || kb + block_keys <= keys.lo) return;
  const int nk = keys.hi - kb < block_keys ? keys.hi - kb : block_keys;
  const int nt = (nk + prefill_bk - 1) / prefill_bk;
  const int last_lo = rows.window_left >= 0 ? rows.q_pos + rows.nq - 1 - rows.window_left : 0;  // last row's window
  const block_view v{kb, 2 * nt, kb < last_lo || nk < 32 * nt || (rows.causal && kb + 32 * nt - 1 > rows.q_pos),
                     keys.hi};
  const float* kt0 = w.kt + kb * D;
  block_scores<D>(t, r0, kt0, nt);
  block_softmax<D>(rows, t, r0, v, avx512::query_scale(w));
  block_pv<D>(t, r0, kt0, nt, w.bf16_products);
}

/// One query tile of one bf16 head on tiles: writes w.nq normalised output rows. w.kt holds each
/// key tile's K pairs and then its V pairs (pack_k with the V pairs).
template <int D, class T>
void prefill_tile(const prefill_work& w) {
  static_assert(std::is_same_v<T, bf16_t> && runs_on_tiles<D>);
  static_assert(sizeof(tile_state<D>) <= amx_state_bytes(D) && alignof(tile_state<D>) <= 64);
  tile_state<D>& t = *::new (w.state) tile_state<D>;
  for (int i = 0; i < prefill_bq; ++i) {  // rows past nq repeat the last: finite scores
    const int src = i < w.nq ? i : w.nq - 1;
    std::memcpy(t.q[i], static_cast<const bf16_t*>(w.q) + static_cast<std::size_t>(src) * w.q_stride, sizeof(t.q[i]));
    t.m[i] = -INFINITY;
    t.l[i] = 0.0f;
  }
  std::memset(t.acc, 0, sizeof(t.acc));
  std::memset(t.total, 0, sizeof(t.total));
  _tile_loadconfig(&prefill_tiles);
  const avx512::tile_keys keys = avx512::keys_of(w);
  const int rows = (w.nq + block_rows - 1) / block_rows * block_rows;
  int blocks = 0;
  for (int kb = keys.lo; kb < keys.hi; kb += block_keys) {
    for (int r0 = 0; r0 < w.nq; r0 += block_rows) key_block<D>(w, t, r0, kb);
    if (++blocks % (prefill_flush_tiles / KT) == 0) avx512::tile_flush<D, O>(t, rows);
  }
  _tile_release();
  avx512::tile_finish<D, T, O>(w, t);
}

}  // namespace attncap::kernels::detail::amx
ATTNCAP_DETAIL_AMX_END

#endif  // ATTNCAP_DETAIL_AMX
