// SPDX-License-Identifier: MIT
/// @file
/// Decode inner kernel, one block of up to 16 keys for G query heads: scores, online softmax and
/// the weighted sum of V, with the prefetches that overlap them. Written once against `ops` and
/// compiled once per ISA namespace by attncap/kernels/detail/bodies.hpp.
// No include guard: bodies.hpp includes this file once per ISA, inside that ISA's namespace and
// target region. Included on its own it forwards to bodies.hpp.
#if !defined(ATTNCAP_DETAIL_IN_ISA_REGION)
#include <attncap/kernels/detail/bodies.hpp>
#else
// Inside this ISA's namespace too: the prefetches this file's block issues.
#include <attncap/kernels/detail/decode_prefetch.hpp>

/// Largest divisor of n that is <= cap (register blocking that tiles n exactly).
constexpr int divisor_at_most(int n, int cap) {
  for (int d = cap < 1 ? 1 : cap; d > 1; --d)
    if (n % d == 0) return d;
  return 1;
}

/// Hides where p points from the optimiser, so that loads through it stay inside the loop that
/// uses them: hoisting every q vector out of the key loop leaves no registers for the accumulators.
template <class T>
inline const T* opaque(const T* p) noexcept {
#if defined(__GNUC__)
  asm("" : "+r"(p));
#endif
  return p;
}

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

/// Whether the fp32 QK can read bf16 K as even / odd pairs (O::load_bf16_pairs: two ALU operations
/// per 2W elements instead of four) against a q stored in that order (scaled_row). AVX2 only: its
/// conversions, not its FMAs, bound a G <= 8 block; AVX-512 with bf16 K widens each element (or
/// takes the bf16 dot product, avx512_bf16).
template <class O, class KV, int DK>
inline constexpr bool decode_qk_pairs = O::W == 8 &&
                                        O::has_bf16_pairs&& std::is_same_v<KV, bf16_t>&& DK % (2 * O::W) == 0;

/// part[g*16 + j0 + u] = lane-wise partial dot products of q_g and key j0+u (NU keys, fp32 FMA);
/// Pairs: q in pair order, K read as pairs.
template <int DK, class KV, int G, int NU, bool Pairs, class O, class Feed>
ATTNCAP_DETAIL_ALWAYS_INLINE void qk_fma(const float* q, const KV* const* krow, int j0, typename O::vec* part,
                                         Feed& feed) {
  using vec = typename O::vec;
  q = opaque(q);
  constexpr int W = O::W;
  vec a[G][NU];
  ATTNCAP_DETAIL_UNROLLED_FOR (int g = 0; g < G; ++g)
    ATTNCAP_DETAIL_UNROLLED_FOR (int u = 0; u < NU; ++u) a[g][u] = O::zero();
  if constexpr (Pairs) {
    // Key by key: the pairs of NU keys at once would not leave the accumulators their registers.
    for (int c = 0; c < DK / W; c += 2) {
      ATTNCAP_DETAIL_UNROLLED_FOR (int u = 0; u < NU; ++u) {
        vec even, odd;
        O::load_bf16_pairs(krow[j0 + u] + c * W, even, odd);
        ATTNCAP_DETAIL_UNROLLED_FOR (int g = 0; g < G; ++g) {
          a[g][u] = O::fma(O::load(q + g * DK + c * W), even, a[g][u]);
          a[g][u] = O::fma(O::load(q + g * DK + (c + 1) * W), odd, a[g][u]);
        }
      }
      feed.step(2 * G * NU);
    }
  } else {
    for (int c = 0; c < DK / W; ++c) {
      vec kv[NU];
      ATTNCAP_DETAIL_UNROLLED_FOR (int u = 0; u < NU; ++u) kv[u] = O::load(krow[j0 + u] + c * W);
      ATTNCAP_DETAIL_UNROLLED_FOR (int g = 0; g < G; ++g) {
        const vec qv = O::load(q + g * DK + c * W);
        ATTNCAP_DETAIL_UNROLLED_FOR (int u = 0; u < NU; ++u) a[g][u] = O::fma(qv, kv[u], a[g][u]);
      }
      feed.step(G * NU);
    }
  }
  feed.loop(DK / W * G * NU);
  ATTNCAP_DETAIL_UNROLLED_FOR (int g = 0; g < G; ++g)
    ATTNCAP_DETAIL_UNROLLED_FOR (int u = 0; u < NU; ++u) part[g * 16 + j0 + u] = a[g][u];
}

/// Same with vdpbf16ps on bf16 keys: q = hi + lo, products exact; Lo = false when lo is zero
/// (bf16 q), which halves the dot products. Unscaled: q stays exact in bf16, and the scores are
/// scaled once per block after the reduction.
template <int DK, int G, int NU, bool Lo, class O, class Feed>
ATTNCAP_DETAIL_ALWAYS_INLINE void qk_bf16dot(const bf16_t* q_hi, const bf16_t* q_lo, const bf16_t* const* krow, int j0,
                                             typename O::vec* part, Feed& feed) {
  using vec = typename O::vec;
  q_hi = opaque(q_hi);
  q_lo = opaque(q_lo);
  vec a[G][NU];
  ATTNCAP_DETAIL_UNROLLED_FOR (int g = 0; g < G; ++g)
    ATTNCAP_DETAIL_UNROLLED_FOR (int u = 0; u < NU; ++u) a[g][u] = O::zero();
  for (int c = 0; c < DK / 32; ++c) {
    ATTNCAP_DETAIL_UNROLLED_FOR (int u = 0; u < NU; ++u) {
      const auto kv = O::load_bf16x32(krow[j0 + u] + c * 32);
      ATTNCAP_DETAIL_UNROLLED_FOR (int g = 0; g < G; ++g) {
        a[g][u] = O::dot_bf16(a[g][u], O::load_bf16x32(q_hi + g * DK + c * 32), kv);
        if constexpr (Lo) a[g][u] = O::dot_bf16(a[g][u], O::load_bf16x32(q_lo + g * DK + c * 32), kv);
      }
    }
    feed.step((Lo ? 2 : 1) * G * NU);
  }
  feed.loop(DK / 32 * (Lo ? 2 : 1) * G * NU);
  ATTNCAP_DETAIL_UNROLLED_FOR (int g = 0; g < G; ++g)
    ATTNCAP_DETAIL_UNROLLED_FOR (int u = 0; u < NU; ++u) part[g * 16 + j0 + u] = a[g][u];
}

/// Soft-cap in the log2 domain: outer * tanh(k x / 2) as outer * (1 - 2 / (2^(k x) + 1)), with
/// outer = c log2(e) and k = 2 / c for log2-domain scores x (2 log2(e) / c for raw ones). Both
/// ends are exact: 2^(k x) goes to 0 or to a huge value, never to NaN.
template <class O>
ATTNCAP_DETAIL_ALWAYS_INLINE typename O::vec soft_cap(typename O::vec x, typename O::vec k, typename O::vec outer) {
  const typename O::vec one = O::set1(1.0f);
  return O::mul(outer, O::sub(one, O::div(O::set1(2.0f), O::add(O::exp2(O::mul(x, k)), one))));
}

/// Dot products made log2-domain scores: scaled (unless q was scaled beforehand), then soft-capped.
template <class O>
struct score_map {
  using vec = typename O::vec;
  vec scale, k, outer;
  bool scaled, capped;
  ATTNCAP_DETAIL_ALWAYS_INLINE score_map(const decode_work& w, bool unscaled)
      : scale(O::set1(w.score_scale)),
        k(O::set1(2.0f / (w.softcap > 0.0f ? w.softcap : 1.0f))),
        outer(O::set1(w.softcap * log2e)),
        scaled(unscaled),
        capped(w.softcap > 0.0f) {}
  ATTNCAP_DETAIL_ALWAYS_INLINE vec operator()(vec x) const {
    if (scaled) x = O::mul(x, scale);
    return capped ? soft_cap<O>(x, k, outer) : x;
  }
};

/// The G heads' dot products s[g] of a block made log2-domain scores (score_map), -inf past the n
/// keys.
template <int G, class O>
ATTNCAP_DETAIL_ALWAYS_INLINE void finish_scores(const decode_work& w, float (*s)[16], int n, bool unscaled) {
  const score_map<O> map(w, unscaled);
  for (int g = 0; g < G; ++g) {
    if (unscaled || map.capped)
      for (int i = 0; i < 16; i += O::W) O::store(s[g] + i, map(O::load(s[g] + i)));
    for (int j = n; j < 16; ++j) s[g][j] = -INFINITY;
  }
}

/// s[g][j]: scores of the G heads from local head qh against the block's keys, log2 domain, -inf
/// past the n keys. U keys a step, each step's FMAs reported to the prefetch feed, whose plan the
/// QK variant adds its FMAs to: bf16 dot with q hi + lo, bf16 dot with q hi only (bf16 q, or fp32
/// / fp16 q whose values fit in bf16: half the vdpbf16ps), or fp32 FMA.
template <int DK, class KV, int G, class O, class Feed>
ATTNCAP_DETAIL_ALWAYS_INLINE void block_scores(const decode_work& w, int qh, const KV* const* krow, int n, Feed& feed,
                                               float (*s)[16]) {
  using vec = typename O::vec;
  constexpr int U = divisor_at_most(16, O::acc_regs / G);  // keys per QK step: G * U independent FMA chains
  alignas(64) vec part[G * 16];
  int j0 = 0;
  const auto steps = [&](int fmas_per_key, auto step) ATTNCAP_DETAIL_ALWAYS_INLINE_LAMBDA {
    feed.plan(n * fmas_per_key);
    for (; j0 + U <= n; j0 += U) step(std::integral_constant<int, U>{});
    for (; j0 < n; ++j0) step(std::integral_constant<int, 1>{});
  };
  if constexpr (O::has_bf16_dot && std::is_same_v<KV, bf16_t> && DK % 32 == 0) {
    if (w.bf16_dot) {
      const bf16_t* hi = w.q_hi + std::size_t(qh) * DK;
      const bf16_t* lo = w.q_lo_nonzero ? w.q_lo + std::size_t(qh) * DK : hi;
      if (!w.q_lo_nonzero)
        steps(G * DK / 32, [&](auto nu) ATTNCAP_DETAIL_ALWAYS_INLINE_LAMBDA {
          qk_bf16dot<DK, G, nu(), false, O>(hi, lo, krow, j0, part, feed);
        });
      else
        steps(2 * G * DK / 32, [&](auto nu) ATTNCAP_DETAIL_ALWAYS_INLINE_LAMBDA {
          qk_bf16dot<DK, G, nu(), true, O>(hi, lo, krow, j0, part, feed);
        });
    }
  }
  const bool unscaled = j0 != 0;
  if (j0 == 0) {
    const float* q = w.q + std::size_t(qh) * DK;
    if constexpr (decode_qk_pairs<O, KV, DK>) {
      if (w.q_pairs)
        steps(G * DK / O::W, [&](auto nu) ATTNCAP_DETAIL_ALWAYS_INLINE_LAMBDA {
          qk_fma<DK, KV, G, nu(), true, O>(q, krow, j0, part, feed);
        });
    }
    if (j0 == 0)
      steps(G * DK / O::W, [&](auto nu) ATTNCAP_DETAIL_ALWAYS_INLINE_LAMBDA {
        qk_fma<DK, KV, G, nu(), false, O>(q, krow, j0, part, feed);
      });  // no pairs QK ran
  }
  for (int g = 0; g < G; ++g) {
    for (int j = n; j < 16; ++j) part[g * 16 + j] = O::zero();
    O::reduce16(part + g * 16, s[g]);
  }
  finish_scores<G, O>(w, s, n, unscaled);
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
  for (int g = 0; g < G; ++g) {
    vec mx = O::load(s[g]);
    for (int i = W; i < 16; i += W) mx = O::max(mx, O::load(s[g] + i));
    const float bm = O::hmax(mx);
    if (bm > m[g]) {
      const float alpha = scalar::ops::exp2(m[g] - bm);
      m[g] = bm;
      l[g] *= alpha;
      const vec av = O::set1(alpha);
      float* ag = acc + g * DV;
      for (int c = 0; c < CV; ++c) O::store(ag + c * W, O::mul(av, O::load(ag + c * W)));
    }
    const vec mv = O::set1(m[g]);
    vec sum = O::zero();
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
      sum = O::add(sum, p);
    }
    l[g] += O::hsum(sum);
  }
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

/// One block of n <= 16 keys for the G query heads from local head qh: scores, online softmax
/// (m, l in w) and acc += p V, the prefetches of pf spread over the QK and PV FMAs.
template <int DK, int DV, class KV, int G>
void decode_block(const decode_work& w, int qh, const block_rows<KV>& rows, const block_prefetch& pf) {
  using O = typename dependent<ops, KV>::type;
  constexpr bool dot_pv = decode_pairs<O, KV, DV, G> && O::has_bf16_dot;  // same accumulators, pair_rows order
  const bool pv_dot = dot_pv && w.bf16_products;
  const int n = rows.n;
  float* const acc = w.acc + std::size_t(qh) * DV;
  alignas(64) float s[G][16];
  alignas(64) bf16_t pb[dot_pv ? G : 1][16];  // the weights in bf16 (bf16_products)
  prefetch_feed<DK, DV, KV, G, O> feed(pf, n);
  feed.plan(pv_dot ? (n + 1) / 2 * G * (DV / 16) : n * G * (DV / O::W));
  const auto own_v = [&] {
    if (!pf.same_rows)
      for (int j = 0; j < n; ++j) prefetch_l1<DV * sizeof(KV), O>(reinterpret_cast<const std::byte*>(rows.v[j]));
  };
  if constexpr (own_v_before_softmax<G> && feed_per_loop<O, G>) own_v();  // see own_v_before_softmax
  block_scores<DK, KV, G, O>(w, qh, rows.k, n, feed, s);
  if constexpr (own_v_before_softmax<G> && !feed_per_loop<O, G>) own_v();
  block_softmax<DV, G, dot_pv, O>(s, pb, acc, w.m + qh, w.l + qh, w.bf16_products);
  if constexpr (dot_pv)
    if (pv_dot) pv_bf16dot<DV, G, O>(acc, pb, rows.v, n, feed);
  if (!pv_dot) pv_fma<DV, KV, G, O>(acc, s, rows.v, n, feed);
  feed.finish();
}

#endif  // ATTNCAP_DETAIL_IN_ISA_REGION
