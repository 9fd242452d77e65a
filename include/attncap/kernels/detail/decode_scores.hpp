// SPDX-License-Identifier: MIT
/// @file
/// The scores of a decode block: q against up to 16 keys for G query heads (fp32 FMA, or the
/// bf16 dot product), reduced, scaled and soft-capped into log2-domain scores. Written once
/// against `ops` and compiled once per ISA namespace by attncap/kernels/detail/bodies.hpp.
// No include guard: bodies.hpp includes this file once per ISA (through decode_block.hpp), inside
// that ISA's namespace and target region. Included on its own it forwards to bodies.hpp.
#if !defined(ATTNCAP_DETAIL_IN_ISA_REGION)
#include <attncap/kernels/detail/bodies.hpp>
#else

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

/// Whether the fp32 QK can read bf16 K as even / odd pairs (O::load_bf16_pairs: two ALU operations
/// per 2W elements instead of four) against a q stored in that order (scaled_row). AVX2 only: its
/// conversions, not its FMAs, bound a G <= 8 block; AVX-512 with bf16 K widens each element (or
/// takes the bf16 dot product, avx512_bf16).
template <class O, class KV, int DK>
inline constexpr bool decode_qk_pairs = O::W == 8 &&
                                        O::has_bf16_pairs&& std::is_same_v<KV, bf16_t>&& DK % (2 * O::W) == 0;

/// a[g][u] = lane-wise partial dot products of q_g and key j0+u (NU keys, fp32 FMA); Pairs: q in
/// pair order, K read as pairs.
template <int DK, class KV, int G, bool Pairs, class O, int NU, class Feed>
ATTNCAP_DETAIL_ALWAYS_INLINE void qk_fma(const float* q, const KV* const* krow, int j0, typename O::vec (&a)[G][NU],
                                         Feed& feed) {
  using vec = typename O::vec;
  q = opaque(q);
  constexpr int W = O::W;
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
}

/// Same with vdpbf16ps on bf16 keys: q = hi + lo, products exact; Lo = false when lo is zero
/// (bf16 q), which halves the dot products. Unscaled: q stays exact in bf16, and the scores are
/// scaled once per block after the reduction.
template <int DK, int G, bool Lo, class O, int NU, class Feed>
ATTNCAP_DETAIL_ALWAYS_INLINE void qk_bf16dot(const bf16_t* q_hi, const bf16_t* q_lo, const bf16_t* const* krow, int j0,
                                             typename O::vec (&a)[G][NU], Feed& feed) {
  q_hi = opaque(q_hi);
  q_lo = opaque(q_lo);
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

/// Whether block_scores reduces each step's G x U accumulators in registers to one vector of
/// scores as it goes (AVX-512 with G U = 16; transpose_blocks puts them in per-head rows at the
/// end), or stores them all and reduces head by head after the block: 128 stores and loads of a
/// G8 block saved, and the shuffles overlap the next step's dot products.
template <class O, int G, int U>
inline constexpr bool scores_in_registers = O::W == 16 && G* U == 16 && G <= 8;

/// s[g][j]: scores of the G heads from local head qh against the block's keys, log2 domain, -inf
/// past the n keys. U keys a step, each step's FMAs reported to the prefetch feed, whose plan the
/// QK variant adds its FMAs to: bf16 dot with q hi + lo, bf16 dot with q hi only (bf16 q, or fp32
/// / fp16 q whose values fit in bf16: half the vdpbf16ps), or fp32 FMA.
template <int DK, class KV, int G, class O, class Feed>
ATTNCAP_DETAIL_ALWAYS_INLINE void block_scores(const decode_work& w, int qh, const KV* const* krow, int n, Feed& feed,
                                               float (*s)[16]) {
  using vec = typename O::vec;
  constexpr int U = divisor_at_most(16, O::acc_regs / G);  // keys per QK step: G * U independent FMA chains
  constexpr bool in_regs = scores_in_registers<O, G, U>;
  alignas(64) vec part[in_regs ? G : G * 16];
  int keys = n;
  const KV* padded[16];
  if constexpr (in_regs) {
    keys = (n + U - 1) / U * U;  // whole steps: the spare rows repeat key 0, and finish_scores drops them
    if (keys != n) {
      for (int j = 0; j < keys; ++j) padded[j] = krow[j < n ? j : 0];
      krow = padded;
    }
  }
  const auto keep = [&](const auto& a, int j) ATTNCAP_DETAIL_ALWAYS_INLINE_LAMBDA {
    constexpr int NU = sizeof(a[0]) / sizeof(vec);
    if constexpr (in_regs)
      part[j / U] = O::reduce16v(&a[0][0]);
    else
      ATTNCAP_DETAIL_UNROLLED_FOR (int g = 0; g < G; ++g)
        ATTNCAP_DETAIL_UNROLLED_FOR (int u = 0; u < NU; ++u) part[g * 16 + j + u] = a[g][u];
  };
  int j0 = 0;
  const auto steps = [&](int fmas_per_key, auto step) ATTNCAP_DETAIL_ALWAYS_INLINE_LAMBDA {
    feed.plan(keys * fmas_per_key);
    for (; j0 + U <= keys; j0 += U) {
      vec a[G][U];
      step(a);
      keep(a, j0);
    }
    if constexpr (!in_regs)
      for (; j0 < n; ++j0) {
        vec a[G][1];
        step(a);
        keep(a, j0);
      }
  };
  if constexpr (O::has_bf16_dot && std::is_same_v<KV, bf16_t> && DK % 32 == 0) {
    if (w.bf16_dot) {
      const bf16_t* hi = w.q_hi + std::size_t(qh) * DK;
      const bf16_t* lo = w.q_lo_nonzero ? w.q_lo + std::size_t(qh) * DK : hi;
      if (!w.q_lo_nonzero)
        steps(G * DK / 32, [&](auto& a) ATTNCAP_DETAIL_ALWAYS_INLINE_LAMBDA {
          qk_bf16dot<DK, G, false, O>(hi, lo, krow, j0, a, feed);
        });
      else
        steps(2 * G * DK / 32, [&](auto& a) ATTNCAP_DETAIL_ALWAYS_INLINE_LAMBDA {
          qk_bf16dot<DK, G, true, O>(hi, lo, krow, j0, a, feed);
        });
    }
  }
  const bool unscaled = j0 != 0;
  if (j0 == 0) {
    const float* q = w.q + std::size_t(qh) * DK;
    if constexpr (decode_qk_pairs<O, KV, DK>) {
      if (w.q_pairs)
        steps(G * DK / O::W,
              [&](auto& a) ATTNCAP_DETAIL_ALWAYS_INLINE_LAMBDA { qk_fma<DK, KV, G, true, O>(q, krow, j0, a, feed); });
    }
    if (j0 == 0)
      steps(G * DK / O::W, [&](auto& a) ATTNCAP_DETAIL_ALWAYS_INLINE_LAMBDA {
        qk_fma<DK, KV, G, false, O>(q, krow, j0, a, feed);
      });  // no pairs QK ran
  }
  if constexpr (in_regs) {
    O::template transpose_blocks<G>(part, s);
  } else {
    for (int g = 0; g < G; ++g) {
      for (int j = n; j < 16; ++j) part[g * 16 + j] = O::zero();
      O::reduce16(part + g * 16, s[g]);
    }
  }
  finish_scores<G, O>(w, s, n, unscaled);
}

#endif  // ATTNCAP_DETAIL_IN_ISA_REGION
