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
///
/// The blocks run as a pipeline: while the tiles take the previous block's P V and the next
/// block's scores, the vector unit runs this block's softmax, a row between tile products (one
/// after the other, the softmax took a third of the time). Scores and weights are double-buffered
/// for it. The tile unit runs beside the vector unit, but a tile load waits on older vector
/// stores, so the softmax stores as little as it can: 32 weights a store, its sums by lane.
#pragma once

#include <attncap/kernels/detail/amx_tiles.hpp>
#include <attncap/kernels/detail/bodies.hpp>
#include <cstddef>

namespace attncap::kernels::detail {
/// Query rows and keys of an AMX block.
inline constexpr int amx_block_rows = 32, amx_block_keys = 128;

/// Bytes of the AMX path's query-tile state for head dim d (amx::tile_state): q in bf16, two fp32
/// sums, l by lane, m and l, and two blocks' scores and bf16 weights; 0 where the path does not
/// exist.
constexpr std::size_t amx_state_bytes(int d) {
#if defined(ATTNCAP_DETAIL_AMX)
  const std::size_t rows = scalar::prefill_bq, block = std::size_t(amx_block_rows) * amx_block_keys;
  return (rows * std::size_t(d) * (2 + 4 + 4) + rows * (16 + 2) * 4 + 2 * block * (4 + 2 + 2) + 63) / 64 * 64;
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

/// What one query tile keeps: its q rows (A operands) and sums (tile_write reads m, l and
/// total), and two row blocks' scores and weights (bf16 high and low parts, A
/// operands): the block in its softmax and the one in its scores or P V.
template <int D>
struct tile_state {
  alignas(64) bf16_t q[prefill_bq][D];
  alignas(64) float acc[prefill_bq / 16][D / 16][16][16];  // as 16 x 16 tiles: one contiguous kilobyte each
  alignas(64) float total[prefill_bq][D];
  alignas(64) float s[2][block_rows][block_keys];
  alignas(64) bf16_t ph[2][block_rows][block_keys];
  alignas(64) bf16_t pl[2][block_rows][block_keys];
  alignas(64) float lv[prefill_bq][16];  // l by lane, reduced at the tile's end
  float m[prefill_bq], l[prefill_bq];
};

/// Every tile register 16 rows of 64 bytes: tmm0-3 C (fp32 16 x 16), tmm4-5 A, tmm6-7 B.
inline constexpr tile_config prefill_tiles{
    1, 0, {}, {64, 64, 64, 64, 64, 64, 64, 64}, {16, 16, 16, 16, 16, 16, 16, 16}};

/// tmm0-3 from / to the 32 x 32 fp32 block at c0 (rows 0-15) and c1 (rows 16-31), columns 0-15
/// there and 16-31 `next` floats on.
ATTNCAP_DETAIL_ALWAYS_INLINE void load_c(const float* c0, const float* c1, long stride, long next) {
  _tile_loadd(0, c0, stride);
  _tile_loadd(1, c0 + next, stride);
  _tile_loadd(2, c1, stride);
  _tile_loadd(3, c1 + next, stride);
}
ATTNCAP_DETAIL_ALWAYS_INLINE void store_c(float* c0, float* c1, long stride, long next) {
  _tile_stored(0, c0, stride);
  _tile_stored(1, c0 + next, stride);
  _tile_stored(2, c1, stride);
  _tile_stored(3, c1 + next, stride);
}
/// The 2 x 2 products: tmm0-3 += (tmm4, tmm5) x (tmm6, tmm7).
ATTNCAP_DETAIL_ALWAYS_INLINE void products_2x2() {
  _tile_dpbf16ps(0, 4, 6);
  _tile_dpbf16ps(1, 4, 7);
  _tile_dpbf16ps(2, 5, 6);
  _tile_dpbf16ps(3, 5, 7);
}

/// K pairs of key tile kt of the packed tiles at kt0 ([D/2][BK]), and its V pairs ([D/16][BK/2][16]).
template <int D>
const std::uint32_t* k_pairs(const float* kt0, int kt) {
  return static_cast<const std::uint32_t*>(static_cast<const void*>(kt0 + kt * prefill_bk * D));
}
template <int D>
const std::uint32_t* v_pairs(const float* kt0, int kt) {
  return k_pairs<D>(kt0, kt) + D / 2 * prefill_bk;
}

/// Which keys of a key block the block's rows see (w: the row block as an item of its own).
struct block_view {
  int kb, nv;  // first key, vectors of 16 keys in the block
  bool edge;   // some key invisible to some row: per-row masks
  int hi;      // keys >= hi are past the rows' range (kv_len, or the last row + 1 causal)
};

/// Key block kb for the row block from r0: the rows as an item of their own, the keys they see,
/// the block's nt packed key tiles from kt0, and the score / weight buffer it uses.
struct block_item {
  prefill_work rows;
  block_view v;
  const float* kt0;
  int r0, nt, buf;
};

/// The rows [r0, r0 + 32) of the query tile w as an item of their own.
ATTNCAP_DETAIL_ALWAYS_INLINE prefill_work row_block(const prefill_work& w, int r0) {
  prefill_work rows = w;
  rows.q_pos += r0;
  rows.nq = w.nq - r0 < block_rows ? w.nq - r0 : block_rows;
  return rows;
}

/// The query tile's next block from (kb, r0) on, key blocks outer and row blocks inner, skipping
/// those whose rows see none of the block's keys; false past the last.
template <int D>
ATTNCAP_DETAIL_ALWAYS_INLINE bool next_block(const prefill_work& w, int& kb, int& r0, block_item& it) {
  for (const int hi = avx512::keys_of(w).hi; kb < hi;) {
    const int r = r0, k = kb;
    if ((r0 += block_rows) >= w.nq) r0 = 0, kb += block_keys;
    it.rows = row_block(w, r);
    const prefill_work& rows = it.rows;
    const avx512::tile_keys keys = avx512::keys_of(rows);
    if (k >= keys.hi || k + block_keys <= keys.lo) continue;
    const int nk = keys.hi - k < block_keys ? keys.hi - k : block_keys;
    const int last_lo = rows.window_left >= 0 ? rows.q_pos + rows.nq - 1 - rows.window_left : 0;  // last row's
    it.nt = (nk + prefill_bk - 1) / prefill_bk;
    it.v = {k, 2 * it.nt, k < last_lo || nk < 32 * it.nt || (rows.causal && k + 32 * it.nt - 1 > rows.q_pos), keys.hi};
    it.kt0 = w.kt + k * D;
    it.r0 = r;
    return true;
  }
  return false;
}

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

/// Row `row`'s running max rises to bm: its sums (acc, by tiles, and total) rescaled by
/// 2^(m - bm), which it returns (l stays by lane until the tile's end).
template <int D>
ATTNCAP_DETAIL_ALWAYS_INLINE float raise_row(tile_state<D>& t, int row, float bm) {
  const float alpha = scalar::ops::exp2(t.m[row] - bm);
  const __m512 av = O::set1(alpha);
  t.m[row] = bm;
  for (int d = 0; d < D; d += 16) {
    float* a = t.acc[row / 16][d / 16][row % 16];
    O::store(a, O::mul(av, O::load(a)));
    O::store(&t.total[row][d], O::mul(av, O::load(&t.total[row][d])));
  }
  return alpha;
}

/// total += acc, acc = 0 for the first rows rows.
template <int D>
ATTNCAP_DETAIL_ALWAYS_INLINE void flush_sums(tile_state<D>& t, int rows) {
  for (int i = 0; i < rows; ++i)
    for (int d = 0; d < D; d += 16) {
      float* a = t.acc[i / 16][d / 16][i % 16];
      O::store(&t.total[i][d], O::add(O::load(&t.total[i][d]), O::load(a)));
      O::store(a, O::zero());
    }
}

/// 32 floats rounded to bf16 (nearest even): a's in the low half, b's in the high.
ATTNCAP_DETAIL_ALWAYS_INLINE __m512i bf16_pair(__m512 a, __m512 b) {
  const __m512bh h = _mm512_cvtne2ps_pbh(b, a);
  return reinterpret_cast<const __m512i&>(h);
}

/// Row i of the block's online softmax: the row's max and sum updated, its sums rescaled when the
/// max passed m by max_slack, and the weights 2^(x - m) written as ph + pl (zero where the row
/// has seen no key yet, and for a row past the block's rows); with bf16 products as ph alone, and
/// l sums the rounded weights, so that the output stays a convex combination of the V rows. The
/// block's max is reduced only where some lane passed m + max_slack, and the sum of the weights
/// stays a vector (lv) until the tile's end: the two reductions were a tenth of the softmax.
template <int D>
ATTNCAP_DETAIL_ALWAYS_INLINE void softmax_row(tile_state<D>& t, const block_item& it, int i, float qscale) {
  const prefill_work& w = it.rows;
  const int row = it.r0 + i;
  bf16_t *ph = t.ph[it.buf][i], *pl = t.pl[it.buf][i];
  __m512 x[block_keys / 16];
  __m512 sum = O::load(t.lv[row]);
  if (i < w.nq) {
    row_scores(w, t.s[it.buf][i], i, it.v, qscale, x);
    __m512 mx = x[0];
    for (int c = 1; c < it.v.nv; ++c) mx = O::max(mx, x[c]);
    if (_mm512_cmp_ps_mask(mx, O::set1(t.m[row] + max_slack), _CMP_GT_OQ))
      sum = O::mul(sum, O::set1(raise_row<D>(t, row, O::hmax(mx))));
  }
  if (i >= w.nq || t.m[row] == -INFINITY) {  // no key seen yet: zero weights
    std::memset(ph, 0, sizeof(t.ph[0][0]));
    std::memset(pl, 0, sizeof(t.pl[0][0]));
    return;
  }
  const __m512 mv = O::set1(t.m[row]);
  for (int c = 0; c < it.v.nv; c += 2) {  // 32 weights a step: one conversion and store per part
    const __m512 p0 = O::exp2(O::sub(x[c], mv)), p1 = O::exp2(O::sub(x[c + 1], mv));
    const __m512i hi = bf16_pair(p0, p1);
    _mm512_store_si512(ph + 16 * c, hi);
    const __m512 h0 = O::from_bf16(_mm512_castsi512_si256(hi)), h1 = O::from_bf16(_mm512_extracti64x4_epi64(hi, 1));
    if (w.bf16_products) {
      sum = O::add(sum, O::add(h0, h1));
      continue;
    }
    sum = O::add(sum, O::add(p0, p1));
    _mm512_store_si512(pl + 16 * c, bf16_pair(O::sub(p0, h0), O::sub(p1, h1)));
  }
  O::store(t.lv[row], sum);
}

/// A block's softmax run a row at a time between tile products: after each, as many rows as the
/// share of the step's `total` products done so far (none where it is null).
template <int D>
struct softmax_feed {
  tile_state<D>& t;
  const block_item* it;
  float qscale;
  int total, done = 0, row = 0;
  ATTNCAP_DETAIL_ALWAYS_INLINE void advance(int products) {
    if (!it) return;
    done += products;
    for (const int upto = block_rows * done / total; row < upto; ++row) softmax_row<D>(t, *it, row, qscale);
  }
  ATTNCAP_DETAIL_ALWAYS_INLINE void finish() {
    for (; it && row < block_rows; ++row) softmax_row<D>(t, *it, row, qscale);
  }
};

/// Tile products per key tile: of the scores, and of P V (two with the weights' low part).
template <int D>
inline constexpr int score_products = D / 32 * 4;
inline constexpr int pv_products(bool bf16_products) { return bf16_products ? 4 : 8; }

/// s = q K^T for the block's rows (rows r0, r0 + 16 of q) over its key tiles, feeding f.
template <int D>
ATTNCAP_DETAIL_ALWAYS_INLINE void block_scores(tile_state<D>& t, const block_item& it, softmax_feed<D>& f) {
  constexpr long q_stride = D * sizeof(bf16_t), k_stride = prefill_bk * 4, s_stride = block_keys * 4;
  ATTNCAP_DETAIL_TILE_FENCE();
  for (int kt = 0; kt < it.nt; ++kt) {
    const std::uint32_t* kp = k_pairs<D>(it.kt0, kt);
    _tile_zero(0);
    _tile_zero(1);
    _tile_zero(2);
    _tile_zero(3);
    for (int k = 0; k < D; k += 32) {
      _tile_loadd(4, &t.q[it.r0][k], q_stride);
      _tile_loadd(5, &t.q[it.r0 + 16][k], q_stride);
      _tile_loadd(6, kp + k / 2 * prefill_bk, k_stride);
      _tile_loadd(7, kp + k / 2 * prefill_bk + 16, k_stride);
      products_2x2();
    }
    store_c(&t.s[it.buf][0][kt * prefill_bk], &t.s[it.buf][16][kt * prefill_bk], s_stride, 16);
    f.advance(score_products<D>);
  }
}

/// acc[r0, r0 + 32) += P V over the block's key tiles, P as ph + pl (ph alone with bf16
/// products), feeding f.
template <int D>
ATTNCAP_DETAIL_ALWAYS_INLINE void block_pv(tile_state<D>& t, const block_item& it, bool bf16_products,
                                           softmax_feed<D>& f) {
  constexpr long acc_stride = 16 * 4, v_stride = 16 * 4, p_stride = block_keys * sizeof(bf16_t);
  const int r0 = it.r0;
  ATTNCAP_DETAIL_TILE_FENCE();
  for (int c = 0; c < D; c += 32) {
    float *c0 = t.acc[r0 / 16][c / 16][0], *c1 = t.acc[r0 / 16 + 1][c / 16][0];
    load_c(c0, c1, acc_stride, 256);
    for (int kt = 0; kt < it.nt; ++kt) {
      const std::uint32_t* vp = v_pairs<D>(it.kt0, kt);
      const int j = kt * prefill_bk;
      _tile_loadd(6, vp + c / 2 * prefill_bk, v_stride);
      _tile_loadd(7, vp + (c + 16) / 2 * prefill_bk, v_stride);
      _tile_loadd(4, &t.ph[it.buf][0][j], p_stride);
      _tile_loadd(5, &t.ph[it.buf][16][j], p_stride);
      products_2x2();
      if (!bf16_products) {
        _tile_loadd(4, &t.pl[it.buf][0][j], p_stride);
        _tile_loadd(5, &t.pl[it.buf][16][j], p_stride);
        products_2x2();
      }
      f.advance(pv_products(bf16_products));
    }
    store_c(c0, c1, acc_stride, 256);
  }
}

/// One step of the pipeline: P V of block `done`, then the scores of block `next` (either may be
/// null), with block `cur`'s softmax spread over their products. Where cur's rows are done's,
/// cur's softmax may rescale the sums done's products add to, so it waits for them.
template <int D>
ATTNCAP_DETAIL_ALWAYS_INLINE void pipeline_step(const prefill_work& w, tile_state<D>& t, const block_item* done,
                                                const block_item* cur, const block_item* next, float qscale) {
  const bool apart = !done || !cur || done->r0 != cur->r0;
  const int pv = done && apart ? D / 32 * done->nt * pv_products(w.bf16_products) : 0;
  softmax_feed<D> f{t, cur, qscale, pv + (next ? next->nt * score_products<D> : 0)}, none{t, nullptr, qscale, 1};
  if (done) block_pv<D>(t, *done, w.bf16_products, apart ? f : none);
  if (next) block_scores<D>(t, *next, f);
  f.finish();
}

/// The query tile's state in w.state: its q rows (rows past w.nq repeat the last, so that their
/// scores stay finite) and empty sums (l is reduced from lv at the tile's end).
template <int D>
ATTNCAP_DETAIL_ALWAYS_INLINE tile_state<D>& start_tile(const prefill_work& w) {
  tile_state<D>& t = *::new (w.state) tile_state<D>;
  for (int i = 0; i < prefill_bq; ++i) {
    const int src = i < w.nq ? i : w.nq - 1;
    std::memcpy(t.q[i], static_cast<const bf16_t*>(w.q) + static_cast<std::size_t>(src) * w.q_stride, sizeof(t.q[i]));
    t.m[i] = -INFINITY;
  }
  std::memset(t.lv, 0, sizeof(t.lv));
  std::memset(t.acc, 0, sizeof(t.acc));
  std::memset(t.total, 0, sizeof(t.total));
  return t;
}

/// One query tile of one bf16 head on tiles: writes w.nq normalised output rows. w.kt holds each
/// key tile's K pairs and then its V pairs (pack_k with the V pairs).
template <int D, class T>
void prefill_tile(const prefill_work& w) {
  static_assert(std::is_same_v<T, bf16_t> && runs_on_tiles<D>);
  static_assert(sizeof(tile_state<D>) <= amx_state_bytes(D) && alignof(tile_state<D>) <= 64);
  tile_state<D>& t = start_tile<D>(w);
  _tile_loadconfig(&prefill_tiles);
  const float qscale = avx512::query_scale(w);
  const int rows = (w.nq + block_rows - 1) / block_rows * block_rows;
  block_item ring[3];  // blocks k - 2 (P V), k - 1 (softmax), k (scores), at k % 3
  const block_item *done = nullptr, *cur = ring;
  int kb = avx512::keys_of(w).lo, r0 = 0, blocks = 0;
  if (next_block<D>(w, kb, r0, ring[0])) {
    softmax_feed<D> none{t, nullptr, qscale, 1};
    ring[0].buf = 0;
    block_scores<D>(t, ring[0], none);
  } else {
    cur = nullptr;
  }
  for (int k = 1; done || cur; ++k) {
    block_item* next = cur && next_block<D>(w, kb, r0, ring[k % 3]) ? &ring[k % 3] : nullptr;
    if (next) next->buf = k % 2;
    pipeline_step<D>(w, t, done, cur, next, qscale);
    // Every few key blocks, once each row block's P V of the block is in, acc moves to total.
    if (done && (!cur || cur->v.kb != done->v.kb) && ++blocks % (prefill_flush_tiles / KT) == 0) flush_sums<D>(t, rows);
    done = cur;
    cur = next;
  }
  _tile_release();
  flush_sums<D>(t, w.nq);
  for (int i = 0; i < w.nq; ++i) t.l[i] = O::hsum(O::load(t.lv[i]));
  avx512::tile_write<D, T>(w, t);
}

}  // namespace attncap::kernels::detail::amx
ATTNCAP_DETAIL_AMX_END

#endif  // ATTNCAP_DETAIL_AMX
