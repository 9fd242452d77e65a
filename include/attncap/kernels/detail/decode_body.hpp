// SPDX-License-Identifier: MIT
/// @file
/// Decode inner kernel: G query heads against a paged key range with online softmax, written once
/// against `ops` and compiled once per ISA namespace by attncap/kernels/detail/bodies.hpp.
// No include guard: bodies.hpp includes this file once per ISA, inside that ISA's namespace and
// target region. Included on its own it forwards to bodies.hpp.
#if !defined(ATTNCAP_DETAIL_IN_ISA_REGION)
#include <attncap/kernels/detail/bodies.hpp>
#else

/// Walks (page, token) positions of a paged sequence without a division per key.
struct page_cursor {
  const std::int32_t* pages;
  std::size_t page_bytes, token_bytes;
  int page_size, page, slot;
  page_cursor(const decode_work& w, int t)
      : pages(w.pages), page_bytes(w.page_bytes), token_bytes(w.token_bytes), page_size(w.page_size),
        page(t / w.page_size), slot(t % w.page_size) {}
  std::size_t offset() const noexcept {
    return static_cast<std::size_t>(pages[page]) * page_bytes + static_cast<std::size_t>(slot) * token_bytes;
  }
  void advance() noexcept {
    if (++slot == page_size) {
      slot = 0;
      ++page;
    }
  }
};

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

/// part[g*16 + j0 + u] = lane-wise partial dot products of q_g and key j0+u (NU keys, fp32 FMA).
template <int DK, class KV, int G, int NU, class O>
inline void qk_fma(const float* q, const KV* const* krow, int j0, typename O::vec* part) {
  using vec = typename O::vec;
  q = opaque(q);
  constexpr int W = O::W;
  vec a[G][NU];
  for (int g = 0; g < G; ++g)
    for (int u = 0; u < NU; ++u) a[g][u] = O::zero();
  for (int c = 0; c < DK / W; ++c) {
    vec kv[NU];
    for (int u = 0; u < NU; ++u) kv[u] = O::load(krow[j0 + u] + c * W);
    for (int g = 0; g < G; ++g) {
      const vec qv = O::load(q + g * DK + c * W);
      for (int u = 0; u < NU; ++u) a[g][u] = O::fma(qv, kv[u], a[g][u]);
    }
  }
  for (int g = 0; g < G; ++g)
    for (int u = 0; u < NU; ++u) part[g * 16 + j0 + u] = a[g][u];
}

/// Same with vdpbf16ps on bf16 keys: q = hi + lo, products exact; Lo = false when lo is zero
/// (bf16 q), which halves the dot products. Unscaled: q stays exact in bf16, and the scores are
/// scaled once per block after the reduction.
template <int DK, int G, int NU, bool Lo, class O>
inline void qk_bf16dot(const bf16_t* q_hi, const bf16_t* q_lo, const bf16_t* const* krow, int j0,
                       typename O::vec* part) {
  using vec = typename O::vec;
  q_hi = opaque(q_hi);
  q_lo = opaque(q_lo);
  vec a[G][NU];
  for (int g = 0; g < G; ++g)
    for (int u = 0; u < NU; ++u) a[g][u] = O::zero();
  for (int c = 0; c < DK / 32; ++c) {
    for (int u = 0; u < NU; ++u) {
      const auto kv = O::load_bf16x32(krow[j0 + u] + c * 32);
      for (int g = 0; g < G; ++g) {
        a[g][u] = O::dot_bf16(a[g][u], O::load_bf16x32(q_hi + g * DK + c * 32), kv);
        if constexpr (Lo) a[g][u] = O::dot_bf16(a[g][u], O::load_bf16x32(q_lo + g * DK + c * 32), kv);
      }
    }
  }
  for (int g = 0; g < G; ++g)
    for (int u = 0; u < NU; ++u) part[g * 16 + j0 + u] = a[g][u];
}

/// Issues the L2 prefetches of one K row and one V row (V skipped when it is K's latent prefix).
template <int DK, int DV, class KV, class O>
inline void prefetch_rows(const std::byte* k, const std::byte* v, bool same_rows) {
  constexpr int lines_k = static_cast<int>((DK * sizeof(KV) + 63) / 64);
  constexpr int lines_v = static_cast<int>((DV * sizeof(KV) + 63) / 64);
  for (int i = 0; i < lines_k; ++i) O::prefetch(k + 64 * i);
  if (!same_rows)
    for (int i = 0; i < lines_v; ++i) O::prefetch(v + 64 * i);
}

/// Prefetches the Bytes at p into L1.
template <std::size_t Bytes, class O>
inline void prefetch_l1(const std::byte* p) {
  for (std::size_t i = 0; i < Bytes; i += 64) O::prefetch_l1(p + i);
}

/// bf16 V on AVX-512 is read 32 elements at a time as two vectors (even / odd elements, or with
/// bf16 products the pair_rows halves); the accumulator keeps that order during a key range and
/// decode_partial puts it back in element order at the end.
template <class O, class KV, int DV, int G>
inline constexpr bool decode_pairs = O::has_bf16_pairs && std::is_same_v<KV, bf16_t> && DV % 32 == 0 && G <= 8;

/// Where a block's V rows are prefetched into L1. From G = 4 the head's own QK is long enough to
/// push rows prefetched during the previous head's PV out of L1 again, and its softmax long enough
/// to hide L2 latency: the rows are prefetched there (G4 +11-13 %, G8 +10-21 % from DRAM). Below,
/// the previous head prefetches them during its PV (own rows before a G1 softmax: -3-7 %).
template <int G>
inline constexpr bool own_v_before_softmax = G >= 4;

/// acc[g] += sum_j p[g][j] * v_j with the weights rounded to bf16 (pb) and vdpbf16ps over pairs
/// of keys: half the instructions of the fp32 PV, sums in fp32. Rows j and j + 1 are interleaved
/// per element (O::pair_rows), so each 32 elements of V feed two accumulators in pair_rows order.
template <int DK, int DV, int G, class O>
inline void pv_bf16dot(float* acc, const bf16_t (*pb)[16], const bf16_t* const* vrow, int n, const std::size_t* pf_off,
                       int npf, const std::byte* kb, const std::byte* vb, bool same_rows, const std::byte* nk,
                       const std::byte* nv, const std::size_t* noff) {
  using vec = typename O::vec;
  constexpr int CV = DV / 16;
  constexpr int CG = 2 * divisor_at_most(CV / 2, 8 / G);
  for (int c0 = 0; c0 < CV; c0 += CG) {
    vec a[G][CG];
    for (int g = 0; g < G; ++g)
      for (int cc = 0; cc < CG; ++cc) a[g][cc] = O::zero();
    for (int j = 0; j < n; j += 2) {
      if (c0 == 0)
        for (int i = j; i < j + 2 && i < n; ++i) {
          if (i < npf) prefetch_rows<DK, DV, bf16_t, O>(kb + pf_off[i], vb + pf_off[i], same_rows);
          if constexpr (!own_v_before_softmax<G>)
            if (nk && !same_rows) prefetch_l1<DV * sizeof(bf16_t), O>(nv + noff[i]);
        }
      typename O::bvec vv[CG];
      for (int cc = 0; cc < CG; cc += 2) {
        const auto x = O::load_bf16x32(vrow[j] + (c0 + cc) * 16);
        const auto y = j + 1 < n ? O::load_bf16x32(vrow[j + 1] + (c0 + cc) * 16) : O::bzero();
        O::pair_rows(x, y, vv[cc], vv[cc + 1]);
      }
      for (int g = 0; g < G; ++g) {
        const auto pp = O::broadcast_pair(pb[g] + j);
        for (int cc = 0; cc < CG; ++cc) a[g][cc] = O::dot_bf16(a[g][cc], pp, vv[cc]);
      }
    }
    for (int g = 0; g < G; ++g)
      for (int cc = 0; cc < CG; ++cc) {
        float* dst = acc + g * DV + (c0 + cc) * 16;
        O::store(dst, O::add(O::load(dst), a[g][cc]));
      }
  }
  for (int j = n; j < npf; ++j) prefetch_rows<DK, DV, bf16_t, O>(kb + pf_off[j], vb + pf_off[j], same_rows);
}

/// One block of n <= 16 keys for the G query heads from local head qh: scores, online softmax
/// (m, l in w, acc rescaled only when the max moved) and acc += p V. Prefetches, one row per key,
/// spread over the PV loop so that they overlap the arithmetic instead of stalling on the miss
/// buffers as one burst: the npf far rows at pf_off (relative to kb / vb) into L2, and, unless nk
/// is null, the next KV head's rows of this block at noff (relative to nk / nv) into L1, K during
/// QK and V during PV (from G = 4 each head prefetches its own V rows before its softmax instead,
/// see own_v_before_softmax): read right after this block, they would otherwise wait on L2 behind
/// the other heads' q and acc.
template <int DK, int DV, class KV, int G>
void decode_block(const decode_work& w, int qh, const KV* const* krow, const KV* const* vrow, int n,
                  const std::size_t* pf_off, int npf, const std::byte* kb, const std::byte* vb, const std::byte* nk,
                  const std::byte* nv, const std::size_t* noff) {
  using O = typename dependent<ops, KV>::type;
  using vec = typename O::vec;
  constexpr int W = O::W;
  constexpr int CV = DV / W;
  constexpr int U = G >= 16 ? 1 : 16 / G;  // keys per QK step: G * U independent FMA chains
  constexpr bool pairs = decode_pairs<O, KV, DV, G>;
  constexpr int CG = pairs ? 2 * divisor_at_most(CV / 2, 8 / G) : divisor_at_most(CV, 16 / G);  // G * CG live accumulators
  constexpr bool dot_pv = pairs && O::has_bf16_dot;  // same accumulator count, pair_rows order
  const bool same_rows = w.k == w.v;  // MLA: V is the latent prefix of the K row
  float* const acc = w.acc + std::size_t(qh) * DV;
  float* const m = w.m + qh;
  float* const l = w.l + qh;

  alignas(64) vec part[G * 16];
  alignas(64) float s[G][16];
  alignas(64) bf16_t pb[dot_pv ? G : 1][16];  // the weights in bf16 (bf16_products)
  // Scores, log2 domain, U keys a step (the next head's K rows prefetched on the way; V rows: see
  // own_v_before_softmax). QK variant: bf16 dot with q hi + lo, bf16 dot with q hi only (bf16 q,
  // or fp32 / fp16 q whose values fit in bf16: half the vdpbf16ps), or fp32 FMA.
  int j0 = 0;
  const auto steps = [&](auto step) {
    const auto next_k = [&](int cnt) {
      if (nk)
        for (int i = j0; i < j0 + cnt; ++i) prefetch_l1<DK * sizeof(KV), O>(nk + noff[i]);
    };
    for (; j0 + U <= n; j0 += U) {
      next_k(U);
      step(std::integral_constant<int, U>{});
    }
    for (; j0 < n; ++j0) {
      next_k(1);
      step(std::integral_constant<int, 1>{});
    }
  };
  if constexpr (O::has_bf16_dot && std::is_same_v<KV, bf16_t> && DK % 32 == 0) {
    if (w.bf16_dot) {
      const bf16_t* hi = w.q_hi + std::size_t(qh) * DK;
      const bf16_t* lo = w.q_lo_nonzero ? w.q_lo + std::size_t(qh) * DK : hi;
      if (!w.q_lo_nonzero)
        steps([&](auto nu) { qk_bf16dot<DK, G, nu(), false, O>(hi, lo, krow, j0, part); });
      else
        steps([&](auto nu) { qk_bf16dot<DK, G, nu(), true, O>(hi, lo, krow, j0, part); });
    }
  }
  const bool unscaled = j0 != 0;
  if (j0 == 0) {
    const float* q = w.q + std::size_t(qh) * DK;
    steps([&](auto nu) { qk_fma<DK, KV, G, nu(), O>(q, krow, j0, part); });
  }
  const vec sc = O::set1(w.score_scale);
  for (int g = 0; g < G; ++g) {
    for (int j = n; j < 16; ++j) part[g * 16 + j] = O::zero();
    O::reduce16(part + g * 16, s[g]);
    if (unscaled)
      for (int i = 0; i < 16; i += W) O::store(s[g] + i, O::mul(O::load(s[g] + i), sc));
    for (int j = n; j < 16; ++j) s[g][j] = -INFINITY;
  }

  if constexpr (own_v_before_softmax<G>)
    if (!same_rows)
      for (int j = 0; j < n; ++j) prefetch_l1<DV * sizeof(KV), O>(reinterpret_cast<const std::byte*>(vrow[j]));

  // Online softmax: rescale the running sums only when the max moved.
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
      if constexpr (dot_pv) {
        if (w.bf16_products) {  // l sums the rounded weights: the output stays a convex combination
          const auto h = O::to_bf16(p);
          O::store_bf16x16(pb[g] + i, h);
          p = O::from_bf16(h);
        }
      }
      O::store(s[g] + i, p);
      sum = O::add(sum, p);
    }
    l[g] += O::hsum(sum);
  }
  if constexpr (dot_pv) {
    if (w.bf16_products) {
      pv_bf16dot<DK, DV, G, O>(acc, pb, vrow, n, pf_off, npf, kb, vb, same_rows, nk, nv, noff);
      return;
    }
  }

  // acc[g] += sum_j p[g][j] * v_j, CG chunks of V at a time for all G heads. Each block is summed
  // from zero and then added: the running sum sees one rounding per 16 keys, not one per key.
  for (int c0 = 0; c0 < CV; c0 += CG) {
    vec a[G][CG];
    for (int g = 0; g < G; ++g)
      for (int cc = 0; cc < CG; ++cc) a[g][cc] = O::zero();
    for (int j = 0; j < n; ++j) {
      if (c0 == 0 && j < npf) prefetch_rows<DK, DV, KV, O>(kb + pf_off[j], vb + pf_off[j], same_rows);
      if constexpr (!own_v_before_softmax<G>)
        if (c0 == 0 && nk && !same_rows) prefetch_l1<DV * sizeof(KV), O>(nv + noff[j]);
      vec vv[CG];
      if constexpr (pairs) {
        for (int cc = 0; cc < CG; cc += 2) O::load_bf16_pairs(vrow[j] + (c0 + cc) * W, vv[cc], vv[cc + 1]);
      } else {
        for (int cc = 0; cc < CG; ++cc) vv[cc] = O::load(vrow[j] + (c0 + cc) * W);
      }
      for (int g = 0; g < G; ++g) {
        const vec p = O::set1(s[g][j]);
        for (int cc = 0; cc < CG; ++cc) a[g][cc] = O::fma(p, vv[cc], a[g][cc]);
      }
    }
    for (int g = 0; g < G; ++g)
      for (int cc = 0; cc < CG; ++cc) {
        float* dst = acc + g * DV + (c0 + cc) * W;
        O::store(dst, O::add(O::load(dst), a[g][cc]));
      }
  }
  for (int j = n; j < npf; ++j) prefetch_rows<DK, DV, KV, O>(kb + pf_off[j], vb + pf_off[j], same_rows);
}

/// Partial attention of every unit of w over keys [w.begin, w.end), block by block (see
/// decode_work): writes unnormalised acc, m and l.
template <int DK, int DV, class KV, int G>
void decode_partial(const decode_work& w) {
  using O = typename dependent<ops, KV>::type;
  constexpr int CV = DV / O::W;
  constexpr bool pairs = decode_pairs<O, KV, DV, G>;
  static_assert(DK % 32 == 0 || DK % O::W == 0, "attncap::detail: head dim must tile the vector width");
  const int kv_heads = (w.units + w.units_per_head - 1) / w.units_per_head;
  const auto local_head = [&](int u) {
    return (u / w.units_per_head) * w.heads_per_kv + w.first_head + (u % w.units_per_head) * G;
  };
  for (int u = 0; u < w.units; ++u)
    for (int g = 0; g < G; ++g) {
      w.m[local_head(u) + g] = -INFINITY;
      w.l[local_head(u) + g] = 0.0f;
    }
  // The far prefetch runs `ahead` visits ahead, a visit being one KV head's rows of one block in
  // the order the loop below reads them: about 16 KiB of stream, and never less than two visits
  // (the next visit is the L1 prefetch's). Measured on D64-D256: whole blocks of every head (64 KiB
  // at 8 heads of D128 bf16) streamed 10-17 % slower, the lines evicted from L2 again before they
  // are read; one visit ahead left them late (D256: 8-21 % slower).
  constexpr int max_ahead = 16;
  const std::size_t visit_bytes = 16 * (DK + (w.k == w.v ? 0 : DV)) * sizeof(KV);
  const int ahead = static_cast<int>(std::clamp<std::size_t>((16 * 1024 + visit_bytes / 2) / visit_bytes, 2, max_ahead));
  // Row offsets of blocks b .. b + span - 1 (ring slot = block % span): the current one and those
  // that visits up to `ahead` later fall in.
  const int span = ahead / kv_heads + 2;
  std::size_t ring[max_ahead + 2][16];
  int ring_n[max_ahead + 2];
  page_cursor ahead_cur(w, w.begin < w.end ? w.begin : 0);
  int filled_t = w.begin;
  const auto fill = [&](int slot) {
    int m = 0;
    for (; m < 16 && filled_t < w.end; ++m, ++filled_t, ahead_cur.advance()) ring[slot][m] = ahead_cur.offset();
    ring_n[slot] = m;
  };
  for (int b = 0; b < span; ++b) fill(b);
  // No earlier visit prefetched the first `ahead` ones.
  for (int v = 0; v < ahead; ++v) {
    const std::size_t h = std::size_t(v % kv_heads) * w.head_bytes;
    const int slot = v / kv_heads;
    for (int j = 0; j < ring_n[slot]; ++j)
      prefetch_rows<DK, DV, KV, O>(w.k + h + ring[slot][j], w.v + h + ring[slot][j], w.k == w.v);
  }
  // Heads, units and ring slots are counted along, not divided out (the divisions per unit cost
  // G1 5-8 % in L2).
  const KV* krow[16];
  const KV* vrow[16];
  const int blocks = (w.end - w.begin + 15) / 16;
  for (int b = 0, slot = 0; b < blocks; ++b, slot = slot + 1 == span ? 0 : slot + 1) {
    const std::size_t* off = ring[slot];
    const int n = ring_n[slot];
    // The far visit of head h: head (h + ahead) % kv_heads, (h + ahead) / kv_heads blocks on.
    int far_h = ahead % kv_heads, far_b = ahead / kv_heads;
    for (int h = 0, u = 0; h < kv_heads; ++h) {
      const std::byte* kb = w.k + std::size_t(h) * w.head_bytes;
      const std::byte* vb = w.v + std::size_t(h) * w.head_bytes;
      for (int j = 0; j < n; ++j) {
        krow[j] = reinterpret_cast<const KV*>(kb + off[j]);
        vrow[j] = reinterpret_cast<const KV*>(vb + off[j]);
      }
      const int far_slot = slot + far_b < span ? slot + far_b : slot + far_b - span;
      const std::size_t far_head = std::size_t(far_h) * w.head_bytes;
      for (int i = 0; i < w.units_per_head && u < w.units; ++i, ++u) {
        // Units of one KV head read the same rows: the first one prefetches the far visit's, the
        // last one the next head's rows into L1.
        const bool nxt = i + 1 == w.units_per_head && u + 1 < w.units;
        decode_block<DK, DV, KV, G>(w, h * w.heads_per_kv + w.first_head + i * G, krow, vrow, n, ring[far_slot],
                                    i == 0 ? ring_n[far_slot] : 0, w.k + far_head, w.v + far_head,
                                    nxt ? kb + w.head_bytes : nullptr, nxt ? vb + w.head_bytes : nullptr, off);
      }
      if (++far_h == kv_heads) {
        far_h = 0;
        ++far_b;
      }
    }
    fill(slot);  // block b + span
  }
  if constexpr (pairs) {
    for (int u = 0; u < w.units; ++u)
      for (int g = 0; g < G; ++g)
        for (int c = 0; c < CV; c += 2) {
          float* dst = w.acc + std::size_t(local_head(u) + g) * DV + c * O::W;
          if constexpr (O::has_bf16_dot) {
            if (w.bf16_products) {
              O::lanes_store(dst, O::load(dst), O::load(dst + O::W));
              continue;
            }
          }
          O::interleave_store(dst, O::load(dst), O::load(dst + O::W));
        }
  }
}

#endif  // ATTNCAP_DETAIL_IN_ISA_REGION
