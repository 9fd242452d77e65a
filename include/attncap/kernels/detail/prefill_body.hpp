// SPDX-License-Identifier: MIT
/// @file
/// Prefill/extend inner kernel: one tile of query rows of one head against its keys, flash style
/// (online softmax, causal and sliding-window tiles skipped, soft-cap), written once against `ops`
/// and compiled once per ISA namespace by attncap/kernels/detail/bodies.hpp.
// No include guard: bodies.hpp includes this file once per ISA, inside that ISA's namespace and
// target region. Included on its own it forwards to bodies.hpp.
#if !defined(ATTNCAP_DETAIL_IN_ISA_REGION)
#include <attncap/kernels/detail/bodies.hpp>
#else

/// Query rows per tile and keys per tile; K^T is packed in key tiles of prefill_bk keys. A query
/// tile reads every key tile it sees from L3 or memory once: 96 rows a tile carry that read
/// (32 rows ran 1.4x slower on AVX2), and are whole micro-tiles on AVX2 and AVX-512.
inline constexpr int prefill_bq = 96;
inline constexpr int prefill_bk = 32;
/// Key tiles summed in acc before it is added to total: fp32 sums over 32K keys stay precise.
inline constexpr int prefill_flush_tiles = 16;

/// Floats of one packed key tile of head dim d (see prefill_layout): K^T [d][BK], fp32 or bf16
/// pairs in half its slots, then, for the vector bodies, the tile's V rows [BK][d] of v_bytes
/// each element (0: none, the AMX tiles keep V pairs in K^T's free half). Packed once per call,
/// a tile's V rows are contiguous: in place they lie a row of every KV head apart and evict each
/// other from L1 (bench/README.md).
constexpr std::size_t packed_tile_floats(int d, std::size_t v_bytes) {
  return prefill_bk * std::size_t(d) * (4 + v_bytes) / 4;
}

/// step(d) for d in [0, Steps), in blocks of steps with one of PF lines of pf prefetched into L2
/// at the start of each of the first PF blocks: a block's steps are unrolled, so the cadence is
/// decided at compile time, not by a test in every step. The scalar path prefetches nothing and
/// keeps blocks of 4 steps.
template <int Steps, int PF, class O, class F>
ATTNCAP_DETAIL_ALWAYS_INLINE void prefetched_steps(const std::byte* pf, F&& step) {
  constexpr int every =
      PF > 0 && O::W > 1 ? divisor_at_most(Steps, Steps / PF > 0 ? Steps / PF : 1) : (Steps % 4 == 0 ? 4 : 1);
  for (int b = 0; b < Steps / every; ++b) {
    if (PF > 0 && b < PF) O::prefetch(pf + b * 64);
    ATTNCAP_DETAIL_UNROLLED_FOR (int e = 0; e < every; ++e) step(b * every + e);
  }
}

/// s[i0..i0+RI)[j0..] = Q K^T over NV vectors of keys: q points at qt[0][i0] (q transposed, so a
/// step's RI values lie together behind one pointer), k at the packed K^T tile's column j0 ([D][BK]
/// fp32), s at s[i0][j0]; PF lines from pf prefetched on the way.
template <int D, int RI, int NV, int PF, class O>
ATTNCAP_DETAIL_ALWAYS_INLINE void qk_tile_fma(const float* q, const float* k, float* s, const std::byte* pf) {
  using vec = typename O::vec;
  vec a[RI][NV];
  ATTNCAP_DETAIL_UNROLLED_FOR (int r = 0; r < RI; ++r)
    ATTNCAP_DETAIL_UNROLLED_FOR (int v = 0; v < NV; ++v) a[r][v] = O::zero();
  prefetched_steps<D, PF, O>(pf, [&](int d) ATTNCAP_DETAIL_ALWAYS_INLINE_LAMBDA {
    vec kv[NV];
    ATTNCAP_DETAIL_UNROLLED_FOR (int v = 0; v < NV; ++v) kv[v] = O::load(k + d * prefill_bk + v * O::W);
    ATTNCAP_DETAIL_UNROLLED_FOR (int r = 0; r < RI; ++r) {
      const vec qr = O::set1(q[d * prefill_bq + r]);
      ATTNCAP_DETAIL_UNROLLED_FOR (int v = 0; v < NV; ++v) a[r][v] = O::fma(qr, kv[v], a[r][v]);
    }
  });
  ATTNCAP_DETAIL_UNROLLED_FOR (int r = 0; r < RI; ++r)
    ATTNCAP_DETAIL_UNROLLED_FOR (int v = 0; v < NV; ++v) O::store(s + r * prefill_bk + v * O::W, a[r][v]);
}

/// Same with vdpbf16ps: the K^T tile packed as bf16 pairs [D/2][BK], q rows read as bf16 pairs.
template <int D, int RI, int NV, int PF, class O>
ATTNCAP_DETAIL_ALWAYS_INLINE void qk_tile_bf16dot(const bf16_t* const* qrow, const std::uint32_t* kp, int i0,
                                                  float scale, float (*s)[prefill_bk], const std::byte* pf) {
  using vec = typename O::vec;
  vec a[RI][NV];
  ATTNCAP_DETAIL_UNROLLED_FOR (int r = 0; r < RI; ++r)
    ATTNCAP_DETAIL_UNROLLED_FOR (int v = 0; v < NV; ++v) a[r][v] = O::zero();
  prefetched_steps<D / 2, PF, O>(pf, [&](int d) ATTNCAP_DETAIL_ALWAYS_INLINE_LAMBDA {
    const std::uint32_t* kd = kp + d * prefill_bk;
    decltype(O::broadcast_pair(nullptr)) kv[NV];
    ATTNCAP_DETAIL_UNROLLED_FOR (int v = 0; v < NV; ++v)
      kv[v] = O::load_bf16x32(reinterpret_cast<const bf16_t*>(kd + v * O::W));
    ATTNCAP_DETAIL_UNROLLED_FOR (int r = 0; r < RI; ++r) {
      const auto qb = O::broadcast_pair(qrow[i0 + r] + 2 * d);
      ATTNCAP_DETAIL_UNROLLED_FOR (int v = 0; v < NV; ++v) a[r][v] = O::dot_bf16(a[r][v], qb, kv[v]);
    }
  });
  const vec sc = O::set1(scale);
  ATTNCAP_DETAIL_UNROLLED_FOR (int r = 0; r < RI; ++r)
    ATTNCAP_DETAIL_UNROLLED_FOR (int v = 0; v < NV; ++v) O::store(&s[i0 + r][v * O::W], O::mul(a[r][v], sc));
}

/// The micro-tiling of prefill_tile for head dim D on ops O: micro-tiles of R rows by N vectors
/// hold R * N <= acc accumulators, so that they and one step's operands stay in registers
/// (on AVX2's 16 registers: 6 rows by 2 vectors; a spilled accumulator costs a load and a store
/// per FMA).
template <int D, class O>
struct tile_shape {
  /// Rows per micro-tile from the accumulators' budget: even, so that the pairs over_rows ends
  /// with stay inside the tile's rows (an odd budget rounds down), or 1 where that is all.
  static constexpr int even_rows(int budget) { return budget > 1 ? budget / 2 * 2 : 1; }
  static constexpr int W = O::W, BQ = prefill_bq, BK = prefill_bk;
  /// Accumulators a micro-tile may hold: AVX-512's 32 registers leave 24 beside a step's operands
  /// (at most four vectors and a broadcast); 16, the decode bodies' budget, ran 0-5 % slower.
  static constexpr int acc = W == 16 ? 24 : O::acc_regs;
  static constexpr int NV = W == 8 ? 2 : BK / W;                                     // key vectors per S micro-tile
  static constexpr int CP = divisor_at_most(D / W, W == 1 ? 16 : (W == 8 ? 2 : 4));  // V chunks per PV micro-tile
  static constexpr int RI = even_rows(acc / NV);                                     // rows per S micro-tile
  static constexpr int RP = even_rows(acc / CP);                                     // rows per PV micro-tile
  /// Rows a tile of nq query rows computes: whole micro-tiles of R rows, then pairs.
  static constexpr int rows(int nq) { return W == 1 ? nq : (nq + 1) / 2 * 2; }
  static_assert(BQ % 2 == 0 && BK % (NV * W) == 0, "attncap::detail: tile sizes must nest");
};

/// f.template operator()<R>(i0) over rows [0, rows) in micro-tiles of R rows, then of 2 rows for
/// what is left (rows from tile_shape::rows).
template <int R, class F>
ATTNCAP_DETAIL_ALWAYS_INLINE void over_rows(int rows, F&& f) {
  int i0 = 0;
  for (; i0 + R <= rows; i0 += R) f.template operator()<R>(i0);
  if constexpr (R > 2)
    for (; i0 < rows; i0 += 2) f.template operator()<2>(i0);
}

/// What one query tile keeps while it walks its keys: too large for a thread's stack, it lives in
/// the call's scratch, one per thread (prefill_work::state).
template <int D, class T>
struct tile_state {
  static constexpr int BQ = prefill_bq, BK = prefill_bk;
  alignas(64) float qt[D][BQ];     // q scaled and transposed, fp32 QK only
  alignas(64) float acc[BQ][D];    // sum over the current group of key tiles
  alignas(64) float total[BQ][D];  // sum of flushed groups: two levels keep 32K-key sums at fp32 precision
  alignas(64) float s[BQ][BK];     // scores, then weights, of the current key tile
  alignas(64) float vt[BK][D];     // V rows of the tile as fp32 (T other than float)
  alignas(64) float lv[BQ][16];    // l by vector lane, reduced into l once, at the end
  float m[BQ], l[BQ];
  const T* qrow[BQ];
};

/// Bytes of a tile_state of head dim d, whatever T (pointers), cache-line rounded: what the call's
/// layout reserves per thread.
constexpr std::size_t tile_state_bytes(int d) {
  constexpr std::size_t BQ = prefill_bq, BK = prefill_bk;
  const std::size_t floats = 3 * BQ * std::size_t(d) + BQ * BK + BK * std::size_t(d) + 16 * BQ + 2 * BQ;
  return (floats * sizeof(float) + BQ * sizeof(void*) + 63) / 64 * 64;
}

/// Points the tile's rows at q (rows past nq repeat the last one), zeroes the sums and, for the
/// fp32 QK, converts q once. The rows' lines are requested into L2 first, all together: read one
/// after the other from memory, they stalled the tile's start (into L1, rows a few KiB apart would
/// crowd a few sets and evict each other before use).
template <int D, class T, class O>
ATTNCAP_DETAIL_ALWAYS_INLINE void tile_begin(const prefill_work& w, tile_state<D, T>& t, float qscale) {
  for (int i = 0; i < prefill_bq; ++i) {
    const int src = i < w.nq ? i : w.nq - 1;
    t.qrow[i] = static_cast<const T*>(w.q) + static_cast<std::size_t>(src) * w.q_stride;
    if (i < w.nq)
      for (std::size_t b = 0; b < D * sizeof(T); b += 64)
        O::prefetch(reinterpret_cast<const std::byte*>(t.qrow[i]) + b);
    t.m[i] = -INFINITY;
    t.l[i] = 0.0f;
    std::fill(t.lv[i], t.lv[i] + 16, 0.0f);
  }
  std::fill(&t.acc[0][0], &t.acc[0][0] + prefill_bq * D, 0.0f);
  std::fill(&t.total[0][0], &t.total[0][0] + prefill_bq * D, 0.0f);
  if (w.bf16_dot) return;
  for (int i = 0; i < prefill_bq; ++i)
    for (int d = 0; d < D; ++d) t.qt[d][i] = i < w.nq ? to_float(t.qrow[i][d]) * qscale : 0.0f;
}

/// s = Q K^T of the packed key tile kt for the first rows_s rows (bf16 dot or fp32 FMA). The
/// whole micro-tiles prefetch the next key tile, next, into L2 on the way: its K^T and V lie
/// in one block, read from memory while this tile's products run.
template <int D, class T, class O>
ATTNCAP_DETAIL_ALWAYS_INLINE void tile_scores(const prefill_work& w, tile_state<D, T>& t, const float* kt,
                                              const float* next, int rows_s, float qscale) {
  using S = tile_shape<D, O>;
  constexpr int NJ = prefill_bk / (S::NV * O::W), calls = prefill_bq / S::RI * NJ;
  constexpr int lines = int(packed_tile_floats(D, sizeof(T)) * sizeof(float) / 64) / calls;
  const auto* pf = reinterpret_cast<const std::byte*>(next);
  if (w.bf16_dot) {
    if constexpr (O::has_bf16_dot && std::is_same_v<T, bf16_t>) {
      const auto* kp = static_cast<const std::uint32_t*>(static_cast<const void*>(kt));
      over_rows<S::RI>(rows_s, [&]<int R>(int i0) ATTNCAP_DETAIL_ALWAYS_INLINE_LAMBDA {
        qk_tile_bf16dot<D, R, S::NV, R == S::RI ? lines * NJ : 0, O>(
            reinterpret_cast<const bf16_t* const*>(t.qrow), kp, i0, qscale, t.s, pf + i0 / S::RI * NJ * lines * 64);
      });
    }
  } else {
    over_rows<S::RI>(rows_s, [&]<int R>(int i0) ATTNCAP_DETAIL_ALWAYS_INLINE_LAMBDA {
      for (int j0 = 0; j0 < prefill_bk; j0 += S::NV * O::W) {
        const std::byte* part = pf + (i0 / S::RI * NJ + j0 / (S::NV * O::W)) * lines * 64;
        qk_tile_fma<D, R, S::NV, R == S::RI ? lines : 0, O>(&t.qt[0][i0], kt + j0, &t.s[i0][j0], part);
      }
    });
  }
}

/// Soft-cap of raw scores x: cap * tanh(x / cap), into the log2 domain (see soft_cap).
template <class O>
ATTNCAP_DETAIL_ALWAYS_INLINE void tile_softcap(float (*s)[prefill_bk], int rows, float softcap) {
  using vec = typename O::vec;
  const vec k = O::set1(2.0f * log2e / softcap), outer = O::set1(softcap * log2e);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < prefill_bk; j += O::W) O::store(&s[i][j], soft_cap<O>(O::load(&s[i][j]), k, outer));
}

/// -inf for the keys a row does not see: past the sequence, after the row (causal) or before its
/// window. Tiles fully inside every row's range skip the test.
ATTNCAP_DETAIL_ALWAYS_INLINE void tile_mask(const prefill_work& w, float (*s)[prefill_bk], int kb, int nk,
                                            int lo_exact) {
  constexpr int BK = prefill_bk;
  const bool edge = kb < lo_exact || nk < BK || (w.causal && kb + BK - 1 > w.q_pos) ||
                    (w.window_left >= 0 && kb < w.q_pos + w.nq - 1 - w.window_left);
  if (!edge) return;
  // A row sees one run of keys, [lo, hi) of the tile: two fills, no test per key.
  for (int i = 0; i < w.nq; ++i) {
    const int pos = w.q_pos + i;
    const int hi = std::clamp(w.causal && pos - kb + 1 < nk ? pos - kb + 1 : nk, 0, BK);
    const int lo = std::clamp(w.window_left >= 0 ? pos - w.window_left - kb : 0, 0, hi);
    std::fill(s[i], s[i] + lo, -INFINITY);
    std::fill(s[i] + hi, s[i] + BK, -INFINITY);
  }
}

/// A row's running max m rises to bm: its sum l and both fp32 sums (acc, total: D floats each)
/// rescaled by 2^(m - bm), which it returns.
template <int D, class O>
ATTNCAP_DETAIL_ALWAYS_INLINE float raise_max(float& m, float& l, float* acc, float* total, float bm) {
  const float alpha = scalar::ops::exp2(m - bm);
  m = bm;
  l *= alpha;
  const typename O::vec av = O::set1(alpha);
  for (int d = 0; d < D; d += O::W) {
    O::store(acc + d, O::mul(av, O::load(acc + d)));
    O::store(total + d, O::mul(av, O::load(total + d)));
  }
  return alpha;
}

/// Online softmax of the tile's rows: m and lv updated, the sums rescaled only when the tile's max
/// passed m by max_slack, s replaced by the weights (zero for a row that sees nothing in this
/// tile). The sum of the weights stays a vector: reduced once per row per tile, its chain of
/// shuffles took more than half of the softmax.
template <int D, class T, class O>
ATTNCAP_DETAIL_ALWAYS_INLINE void tile_softmax(const prefill_work& w, tile_state<D, T>& t) {
  using vec = typename O::vec;
  constexpr int W = O::W, BK = prefill_bk;
  for (int i = 0; i < w.nq; ++i) {
    vec mx = O::load(t.s[i]);
    for (int j = W; j < BK; j += W) mx = O::max(mx, O::load(&t.s[i][j]));
    const float bm = O::hmax(mx);
    if (bm == -INFINITY) {
      for (int j = 0; j < BK; ++j) t.s[i][j] = 0.0f;
      continue;
    }
    vec sum = O::load(t.lv[i]);
    if (bm > t.m[i] + max_slack) sum = O::mul(sum, O::set1(raise_max<D, O>(t.m[i], t.l[i], t.acc[i], t.total[i], bm)));
    const vec mv = O::set1(t.m[i]);
    for (int j = 0; j < BK; j += W) {
      const vec p = O::exp2(O::sub(O::load(&t.s[i][j]), mv));
      O::store(&t.s[i][j], p);
      sum = O::add(sum, p);
    }
    O::store(t.lv[i], sum);
  }
}

/// acc[i0, i0 + R) += P V over the tile's nk keys (V rows vt, fp32), CP chunks of V at a time;
/// each micro-tile is summed from zero and then added.
template <int D, int R, class T, class O>
ATTNCAP_DETAIL_ALWAYS_INLINE void pv_rows(tile_state<D, T>& t, const float (*vt)[D], int nk, int i0) {
  using vec = typename O::vec;
  constexpr int W = O::W, CP = tile_shape<D, O>::CP;
  for (int c0 = 0; c0 < D / W; c0 += CP) {
    vec a[R][CP];
    ATTNCAP_DETAIL_UNROLLED_FOR (int r = 0; r < R; ++r)
      ATTNCAP_DETAIL_UNROLLED_FOR (int cc = 0; cc < CP; ++cc) a[r][cc] = O::zero();
    for (int j = 0; j < nk; ++j) {
      vec vv[CP];
      ATTNCAP_DETAIL_UNROLLED_FOR (int cc = 0; cc < CP; ++cc) vv[cc] = O::load(&vt[j][(c0 + cc) * W]);
      ATTNCAP_DETAIL_UNROLLED_FOR (int r = 0; r < R; ++r) {
        const vec p = O::set1(t.s[i0 + r][j]);
        ATTNCAP_DETAIL_UNROLLED_FOR (int cc = 0; cc < CP; ++cc) a[r][cc] = O::fma(p, vv[cc], a[r][cc]);
      }
    }
    ATTNCAP_DETAIL_UNROLLED_FOR (int r = 0; r < R; ++r)
      ATTNCAP_DETAIL_UNROLLED_FOR (int cc = 0; cc < CP; ++cc) {
        float* dst = &t.acc[i0 + r][(c0 + cc) * W];
        O::store(dst, O::add(O::load(dst), a[r][cc]));
      }
  }
}

/// acc += P V over the packed key tile kt's nk keys for the first rows_p rows. fp32 V rows are
/// read where they are packed, others converted to fp32 once for the tile's micro-tiles.
template <int D, class T, class O>
ATTNCAP_DETAIL_ALWAYS_INLINE void tile_pv(tile_state<D, T>& t, const float* kt, int nk, int rows_p) {
  const T* src = reinterpret_cast<const T*>(kt + prefill_bk * D);
  const float(*vt)[D] = t.vt;
  if constexpr (std::is_same_v<T, float>)
    vt = reinterpret_cast<const float(*)[D]>(src);
  else
    for (int j = 0; j < nk; ++j)
      for (int d = 0; d < D; d += O::W) O::store(&t.vt[j][d], O::load(src + j * D + d));
  over_rows<tile_shape<D, O>::RP>(
      rows_p, [&]<int R>(int i0) ATTNCAP_DETAIL_ALWAYS_INLINE_LAMBDA { pv_rows<D, R, T, O>(t, vt, nk, i0); });
}

/// total += acc, acc = 0 for the first rows rows.
template <int D, class O, class State>
ATTNCAP_DETAIL_ALWAYS_INLINE void tile_flush(State& t, int rows) {
  for (int i = 0; i < rows; ++i)
    for (int d = 0; d < D; d += O::W) {
      O::store(&t.total[i][d], O::add(O::load(&t.total[i][d]), O::load(&t.acc[i][d])));
      O::store(&t.acc[i][d], O::zero());
    }
}

/// Writes the normalised rows (zeros for a fully masked row) from total, m and l.
template <int D, class T, class State>
ATTNCAP_DETAIL_ALWAYS_INLINE void tile_write(const prefill_work& w, const State& t) {
  for (int i = 0; i < w.nq; ++i) {
    // A sink joins the denominator: l + 2^(sink - m), both relative to the row's max m.
    const float l = w.sink == -INFINITY ? t.l[i] : t.l[i] + scalar::ops::exp2(w.sink * log2e - t.m[i]);
    const float inv = l > 0.0f && l < INFINITY ? 1.0f / l : 0.0f;
    T* out = static_cast<T*>(w.o) + static_cast<std::size_t>(i) * w.o_stride;
    for (int d = 0; d < D; ++d) out[d] = from_float<T>(t.total[i][d] * inv);
  }
}

/// The tile's last flush, then its rows written.
template <int D, class T, class O, class State>
ATTNCAP_DETAIL_ALWAYS_INLINE void tile_finish(const prefill_work& w, State& t) {
  tile_flush<D, O>(t, w.nq);
  tile_write<D, T>(w, t);
}

/// The keys a query tile walks: [lo, hi) from a key tile's start; the window begins at lo_exact.
struct tile_keys {
  int lo_exact, lo, hi;
};
ATTNCAP_DETAIL_ALWAYS_INLINE tile_keys keys_of(const prefill_work& w) {
  const int lo_exact = w.window_left >= 0 && w.q_pos > w.window_left ? w.q_pos - w.window_left : 0;
  const int hi = w.causal ? (w.q_pos + w.nq < w.kv_len ? w.q_pos + w.nq : w.kv_len) : w.kv_len;
  return {lo_exact, lo_exact / prefill_bk * prefill_bk, hi};
}

/// The factor on q K^T: the softmax scale, into the log2 domain unless soft-cap does that later.
ATTNCAP_DETAIL_ALWAYS_INLINE float query_scale(const prefill_work& w) {
  return w.softcap > 0.0f ? w.scale : w.scale * log2e;
}

/// One query tile of one head: writes w.nq normalised output rows.
template <int D, class T>
void prefill_tile(const prefill_work& w) {
  using O = typename dependent<ops, T>::type;
  using S = tile_shape<D, O>;
  constexpr int BK = prefill_bk;
  const float qscale = query_scale(w);
  static_assert(sizeof(tile_state<D, T>) <= tile_state_bytes(D) && alignof(tile_state<D, T>) <= 64);
  tile_state<D, T>& t = *::new (w.state) tile_state<D, T>;
  tile_begin<D, T, O>(w, t, qscale);
  const int rows = S::rows(w.nq);  // S, PV and the sums, in micro-tiles
  const tile_keys keys = keys_of(w);
  int tiles = 0;
  for (int kb = keys.lo; kb < keys.hi; kb += BK) {
    const int nk = keys.hi - kb < BK ? keys.hi - kb : BK;
    const float* kt = w.kt + std::size_t(kb / BK) * packed_tile_floats(D, sizeof(T));
    const float* next = kb + BK < keys.hi ? kt + packed_tile_floats(D, sizeof(T)) : kt;
    tile_scores<D, T, O>(w, t, kt, next, rows, qscale);
    if (w.softcap > 0.0f) tile_softcap<O>(t.s, rows, w.softcap);
    tile_mask(w, t.s, kb, nk, keys.lo_exact);
    tile_softmax<D, T, O>(w, t);
    tile_pv<D, T, O>(t, kt, nk, rows);
    if (++tiles % prefill_flush_tiles == 0) tile_flush<D, O>(t, rows);
  }
  for (int i = 0; i < w.nq; ++i) t.l[i] = O::hsum(O::load(t.lv[i]));
  tile_finish<D, T, O>(w, t);
}

#endif  // ATTNCAP_DETAIL_IN_ISA_REGION
