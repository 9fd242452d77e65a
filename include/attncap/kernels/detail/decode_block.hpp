// SPDX-License-Identifier: MIT
/// @file
/// Decode inner kernel, one block of up to 16 keys for G query heads: scores (decode_scores.hpp),
/// online softmax and the weighted sum of V, with the prefetches that overlap them. Written once
/// against `ops` and compiled once per ISA namespace by attncap/kernels/detail/bodies.hpp.
// No include guard: bodies.hpp includes this file once per ISA, inside that ISA's namespace and
// target region. Included on its own it forwards to bodies.hpp.
#if !defined(ATTNCAP_DETAIL_IN_ISA_REGION)
#include <attncap/kernels/detail/bodies.hpp>
#else
// Inside this ISA's namespace too: the prefetches this file's block issues, and its scores.
#include <attncap/kernels/detail/decode_prefetch.hpp>
#include <attncap/kernels/detail/decode_scores.hpp>

/// The rows of one block for one KV head: k[j] and v[j] for the block's n keys.
template <class KV>
struct block_rows {
  const KV* const* k;
  const KV* const* v;
  int n;
};

/// bf16 V is read 2W elements at a time as two vectors (even / odd elements, or on AVX-512 with
/// bf16 products the pair_rows halves); the accumulator keeps that order during a key range and
/// decode_partial puts it back in element order at the end.
template <class O, class KV, int DV, int G>
inline constexpr bool decode_pairs = O::has_bf16_pairs&& std::is_same_v<KV, bf16_t>&& DV % (2 * O::W) == 0 && G <= 8;

/// out[g] = the horizontal sum (or max) of v[g] for the G heads: in one transpose-and-reduce where
/// the vector width is a block (AVX-512, G of 4, 8 or 16), else head by head. The heads' chains
/// then run side by side instead of one after another.
template <int G, bool Max, class O>
ATTNCAP_DETAIL_ALWAYS_INLINE void reduce_heads(const typename O::vec* v, float* out) {
  if constexpr (O::W == 16 && (G == 4 || G == 8 || G == 16)) {
    alignas(64) float t[16];
    O::store(t, O::template reduce_rows<G, Max>(v));
    for (int g = 0; g < G; ++g) out[g] = t[g];
  } else {
    for (int g = 0; g < G; ++g) out[g] = Max ? O::hmax(v[g]) : O::hsum(v[g]);
  }
}

/// Online softmax of one block for G heads: the running max m and sum l updated, acc rescaled only
/// when the max moved, s replaced by the weights 2^(s - m). With bf16 products (DotPv) the weights
/// are rounded to bf16 into pb, and l sums the rounded weights: the output stays a convex
/// combination of the V rows.
template <int DV, int G, bool DotPv, class O>
ATTNCAP_DETAIL_ALWAYS_INLINE void block_softmax(float (*s)[16], bf16_t (*pb)[16], float* acc, float* m, float* l,
                                                bool bf16_products) {
  using vec = typename O::vec;
  constexpr int W = O::W, CV = DV / W;
  vec r[G];
  float bm[G], bl[G];
  for (int g = 0; g < G; ++g) {
    r[g] = O::load(s[g]);
    for (int i = W; i < 16; i += W) r[g] = O::max(r[g], O::load(s[g] + i));
  }
  reduce_heads<G, true, O>(r, bm);
  for (int g = 0; g < G; ++g) {
    if (bm[g] > m[g]) {
      const float alpha = scalar::ops::exp2(m[g] - bm[g]);
      m[g] = bm[g];
      l[g] *= alpha;
      const vec av = O::set1(alpha);
      float* ag = acc + g * DV;
      for (int c = 0; c < CV; ++c) O::store(ag + c * W, O::mul(av, O::load(ag + c * W)));
    }
    const vec mv = O::set1(m[g]);
    r[g] = O::zero();
    for (int i = 0; i < 16; i += W) {
      vec p = O::exp2(O::sub(O::load(s[g] + i), mv));
      if constexpr (DotPv) {
        if (bf16_products) {
          const auto h = O::to_bf16(p);
          O::store_bf16x16(pb[g] + i, h);
          p = O::from_bf16(h);
        }
      } else {
        (void)pb;
        (void)bf16_products;
      }
      O::store(s[g] + i, p);
      r[g] = O::add(r[g], p);
    }
  }
  reduce_heads<G, false, O>(r, bl);
  for (int g = 0; g < G; ++g) l[g] += bl[g];
}

/// acc[g] += sum_j p[g][j] * v_j for the GH heads at acc and s, chunks c0 .. c0 + CG - 1 of V,
/// key j into phase j % KP: GH * CG * KP accumulators, that many independent FMA chains; Pairs:
/// bf16 V read as pairs (decode_pairs). Each block is summed from zero and then added: the
/// running sum sees one rounding per 16 keys, not one per key.
template <int DV, class KV, int GH, int CG, int KP, bool Pairs, class O, class Feed>
ATTNCAP_DETAIL_ALWAYS_INLINE void pv_tile(float* acc, const float (*s)[16], const KV* const* vrow, int n, int c0,
                                          Feed& feed) {
  using vec = typename O::vec;
  constexpr int W = O::W;
  vec a[KP][GH][CG];
  ATTNCAP_DETAIL_UNROLLED_FOR (int k = 0; k < KP; ++k)
    ATTNCAP_DETAIL_UNROLLED_FOR (int g = 0; g < GH; ++g)
      ATTNCAP_DETAIL_UNROLLED_FOR (int cc = 0; cc < CG; ++cc) a[k][g][cc] = O::zero();
  const auto key = [&](int j, vec(&ak)[GH][CG]) ATTNCAP_DETAIL_ALWAYS_INLINE_LAMBDA {
    vec vv[CG];
    if constexpr (Pairs) {
      ATTNCAP_DETAIL_UNROLLED_FOR (int cc = 0; cc < CG; cc += 2)
        O::load_bf16_pairs(vrow[j] + (c0 + cc) * W, vv[cc], vv[cc + 1]);
    } else {
      ATTNCAP_DETAIL_UNROLLED_FOR (int cc = 0; cc < CG; ++cc) vv[cc] = O::load(vrow[j] + (c0 + cc) * W);
    }
    ATTNCAP_DETAIL_UNROLLED_FOR (int g = 0; g < GH; ++g) {
      const vec p = O::set1(s[g][j]);
      ATTNCAP_DETAIL_UNROLLED_FOR (int cc = 0; cc < CG; ++cc) ak[g][cc] = O::fma(p, vv[cc], ak[g][cc]);
    }
    feed.step(GH * CG);
  };
  int j = 0;
  for (; j + KP <= n; j += KP)
    ATTNCAP_DETAIL_UNROLLED_FOR (int k = 0; k < KP; ++k) key(j + k, a[k]);
  for (; j < n; ++j) key(j, a[0]);
  feed.loop(n * GH * CG);
  ATTNCAP_DETAIL_UNROLLED_FOR (int g = 0; g < GH; ++g)
    ATTNCAP_DETAIL_UNROLLED_FOR (int cc = 0; cc < CG; ++cc) {
      vec sum = a[0][g][cc];
      ATTNCAP_DETAIL_UNROLLED_FOR (int k = 1; k < KP; ++k) sum = O::add(sum, a[k][g][cc]);
      float* dst = acc + g * DV + (c0 + cc) * W;
      O::store(dst, O::add(O::load(dst), sum));
    }
}

/// Whether PV runs its heads in key phases (pv_tile), two chunks a pass: AVX2 above G = 4. Four
/// heads by two chunks leave eight FMA chains, bound by the FMA latency; six heads, or fewer in
/// phases, fill twelve. At G = 4 the phased runs (three heads and one) read V twice and ran
/// slower (bench/README.md).
template <class O, int G>
inline constexpr bool pv_phased = O::W == 8 && G > 4;

/// FMA chains a phased PV run wants: the FMA latency (five cycles on Zen 2) times its two pipes.
inline constexpr int pv_chains = 10;

/// Whether h heads of cg chunks fill at least pv_chains of `regs` accumulators in whole phases.
constexpr bool pv_fills(int h, int cg, int regs) { return h * cg <= regs && h * cg * (regs / (h * cg)) >= pv_chains; }

/// The largest first run of a split of `left` heads into at most `runs` runs that each fill
/// (pv_fills); 0 if there is none.
constexpr int pv_first_run(int left, int runs, int cg, int regs) {
  for (int h = left < regs / cg ? left : regs / cg; runs > 0 && h >= 1; --h)
    if (pv_fills(h, cg, regs) && (h == left || pv_first_run(left - h, runs - 1, cg, regs) > 0)) return h;
  return 0;
}

/// Heads of the next phased PV run out of `left`, `cg` chunks each: the fewest runs that each
/// fill (every run converts the V rows again), the largest run first: G8 as six heads and two
/// in three phases, G16 as six, five and five.
constexpr int pv_run_heads(int left, int cg, int regs) {
  for (int runs = 1;; ++runs)
    if (const int h = pv_first_run(left, runs, cg, regs)) return h;
}

/// Phased PV of heads G0 .. G - 1, chunks c0 .. c0 + CG - 1: a run of pv_run_heads, then the rest.
template <int DV, class KV, int G, int G0, int CG, class O, class Feed>
ATTNCAP_DETAIL_ALWAYS_INLINE void pv_runs(float* acc, const float (*s)[16], const KV* const* vrow, int n, int c0,
                                          Feed& feed) {
  if constexpr (G0 < G) {
    constexpr int GH = pv_run_heads(G - G0, CG, O::acc_regs);
    pv_tile<DV, KV, GH, CG, O::acc_regs / (GH * CG), decode_pairs<O, KV, DV, G>, O>(acc + G0 * DV, s + G0, vrow, n, c0,
                                                                                    feed);
    pv_runs<DV, KV, G, G0 + GH, CG, O>(acc, s, vrow, n, c0, feed);
  }
}

/// acc[g] += sum_j p[g][j] * v_j: phased runs (pv_phased), or CG chunks of V at a time for GH of
/// the G heads (all of them unless a pair of chunks for every head would not fit the registers).
template <int DV, class KV, int G, class O, class Feed>
ATTNCAP_DETAIL_ALWAYS_INLINE void pv_fma(float* acc, const float (*s)[16], const KV* const* vrow, int n, Feed& feed) {
  constexpr int CV = DV / O::W;
  if constexpr (pv_phased<O, G> && CV % 2 == 0) {
    for (int c0 = 0; c0 < CV; c0 += 2) pv_runs<DV, KV, G, 0, 2, O>(acc, s, vrow, n, c0, feed);
  } else {
    constexpr bool pairs = decode_pairs<O, KV, DV, G>;
    constexpr int CG = pairs ? 2 * divisor_at_most(CV / 2, O::acc_regs / 2 / G)
                             : divisor_at_most(CV, O::acc_regs / G);                     // chunks a pass
    constexpr int GH = divisor_at_most(G, O::acc_regs / CG > 0 ? O::acc_regs / CG : 1);  // GH * CG accumulators
    for (int c0 = 0; c0 < CV; c0 += CG)
      for (int g0 = 0; g0 < G; g0 += GH) pv_tile<DV, KV, GH, CG, 1, pairs, O>(acc + g0 * DV, s + g0, vrow, n, c0, feed);
  }
}

/// acc[g] += sum_j p[g][j] * v_j with the weights rounded to bf16 (pb) and vdpbf16ps over pairs
/// of keys: half the instructions of the fp32 PV, sums in fp32. Rows j and j + 1 are interleaved
/// per element (O::pair_rows), so each 32 elements of V feed two accumulators in pair_rows order.
template <int DV, int G, class O, class Feed>
ATTNCAP_DETAIL_ALWAYS_INLINE void pv_bf16dot(float* acc, const bf16_t (*pb)[16], const bf16_t* const* vrow, int n,
                                             Feed& feed) {
  using vec = typename O::vec;
  constexpr int CV = DV / 16;
  constexpr int CG = 2 * divisor_at_most(CV / 2, O::acc_regs / 2 / G);
  for (int c0 = 0; c0 < CV; c0 += CG) {
    vec a[G][CG];
    ATTNCAP_DETAIL_UNROLLED_FOR (int g = 0; g < G; ++g)
      ATTNCAP_DETAIL_UNROLLED_FOR (int cc = 0; cc < CG; ++cc) a[g][cc] = O::zero();
    for (int j = 0; j < n; j += 2) {
      typename O::bvec vv[CG];
      ATTNCAP_DETAIL_UNROLLED_FOR (int cc = 0; cc < CG; cc += 2) {
        const auto x = O::load_bf16x32(vrow[j] + (c0 + cc) * 16);
        const auto y = j + 1 < n ? O::load_bf16x32(vrow[j + 1] + (c0 + cc) * 16) : O::bzero();
        O::pair_rows(x, y, vv[cc], vv[cc + 1]);
      }
      ATTNCAP_DETAIL_UNROLLED_FOR (int g = 0; g < G; ++g) {
        const auto pp = O::broadcast_pair(pb[g] + j);
        ATTNCAP_DETAIL_UNROLLED_FOR (int cc = 0; cc < CG; ++cc) a[g][cc] = O::dot_bf16(a[g][cc], pp, vv[cc]);
      }
      feed.step(G * CG);
    }
    feed.loop((n + 1) / 2 * G * CG);
    ATTNCAP_DETAIL_UNROLLED_FOR (int g = 0; g < G; ++g)
      ATTNCAP_DETAIL_UNROLLED_FOR (int cc = 0; cc < CG; ++cc) {
        float* dst = acc + g * DV + (c0 + cc) * 16;
        O::store(dst, O::add(O::load(dst), a[g][cc]));
      }
  }
}

/// Whether a block's P V can take its weights in bf16 with vdpbf16ps (bf16_products): V read as
/// pairs, the accumulators in pair_rows order.
template <class O, class KV, int DV, int G>
inline constexpr bool pv_on_dots = decode_pairs<O, KV, DV, G>&& O::has_bf16_dot;

/// The FMAs (or dot products) a block's P V reports to the prefetch feed.
template <int DV, int G, class O>
constexpr int pv_fmas(int n, bool pv_dot) noexcept {
  return pv_dot ? (n + 1) / 2 * G * (DV / 16) : n * G * (DV / O::W);
}

/// The block's V rows into L1, unless the far prefetch brings them with K (same_rows).
template <int DV, class KV, class O>
ATTNCAP_DETAIL_ALWAYS_INLINE void own_v_rows(const block_rows<KV>& rows, const block_prefetch& pf) {
  if (!pf.same_rows)
    for (int j = 0; j < rows.n; ++j) prefetch_l1<DV * sizeof(KV), O>(reinterpret_cast<const std::byte*>(rows.v[j]));
}

/// acc += P V over the block, with the weights pb in bf16 where pv_dot, else s; then the block's
/// prefetches still due.
template <int DV, class KV, int G, class O, class Feed>
ATTNCAP_DETAIL_ALWAYS_INLINE void block_pv(float* acc, const float (*s)[16], const bf16_t (*pb)[16],
                                           const block_rows<KV>& rows, bool pv_dot, Feed& feed) {
  if constexpr (pv_on_dots<O, KV, DV, G>)
    if (pv_dot) pv_bf16dot<DV, G, O>(acc, pb, rows.v, rows.n, feed);
  if (!pv_dot) pv_fma<DV, KV, G, O>(acc, s, rows.v, rows.n, feed);
  feed.finish();
}

/// One block of n <= 16 keys for the G query heads from local head qh: scores, online softmax
/// (m, l in w) and acc += p V, the prefetches of pf spread over the QK and PV FMAs.
template <int DK, int DV, class KV, int G>
void decode_block(const decode_work& w, int qh, const block_rows<KV>& rows, const block_prefetch& pf) {
  using O = typename dependent<ops, KV>::type;
  constexpr bool dot_pv = pv_on_dots<O, KV, DV, G>;  // same accumulators, pair_rows order
  const bool pv_dot = dot_pv && w.bf16_products;
  float* const acc = w.acc + std::size_t(qh) * DV;
  alignas(64) float s[G][16];
  alignas(64) bf16_t pb[dot_pv ? G : 1][16];  // the weights in bf16 (bf16_products)
  prefetch_feed<DK, DV, KV, G, O> feed(pf, rows.n);
  feed.plan(pv_fmas<DV, G, O>(rows.n, pv_dot));
  // see own_v_before_softmax
  if constexpr (own_v_before_softmax<G> && feed_per_loop<O, G>) own_v_rows<DV, KV, O>(rows, pf);
  block_scores<DK, KV, G, O>(w, qh, rows.k, rows.n, feed, s);
  if constexpr (own_v_before_softmax<G> && !feed_per_loop<O, G>) own_v_rows<DV, KV, O>(rows, pf);
  block_softmax<DV, G, dot_pv, O>(s, pb, acc, w.m + qh, w.l + qh, w.bf16_products);
  block_pv<DV, KV, G, O>(acc, s, pb, rows, pv_dot, feed);
}

#endif  // ATTNCAP_DETAIL_IN_ISA_REGION
