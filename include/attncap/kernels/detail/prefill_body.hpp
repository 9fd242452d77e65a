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

/// Query rows per tile and keys per tile; K^T is packed with kv_pad a multiple of prefill_bk.
inline constexpr int prefill_bq = 32;
inline constexpr int prefill_bk = 32;

/// s[i][*] for rows [i0, i0+RI): S = Q K^T over one key tile from packed K^T (fp32 FMA).
template <int D, int RI, int NV, class O>
inline void qk_tile_fma(const float (*qf)[D], const float* kt, std::size_t kv_pad, int kb, int i0,
                        float (*s)[prefill_bk]) {
  using vec = typename O::vec;
  vec a[RI][NV];
  for (int r = 0; r < RI; ++r)
    for (int v = 0; v < NV; ++v) a[r][v] = O::zero();
  for (int d = 0; d < D; ++d) {
    const float* kd = kt + static_cast<std::size_t>(d) * kv_pad + kb;
    vec kv[NV];
    for (int v = 0; v < NV; ++v) kv[v] = O::load(kd + v * O::W);
    for (int r = 0; r < RI; ++r) {
      const vec qb = O::set1(qf[i0 + r][d]);
      for (int v = 0; v < NV; ++v) a[r][v] = O::fma(qb, kv[v], a[r][v]);
    }
  }
  for (int r = 0; r < RI; ++r)
    for (int v = 0; v < NV; ++v) O::store(&s[i0 + r][v * O::W], a[r][v]);
}

/// Same with vdpbf16ps: K^T packed as bf16 pairs [D/2][kv_pad], q rows read as bf16 pairs.
template <int D, int RI, int NV, class O>
inline void qk_tile_bf16dot(const bf16_t* const* qrow, const std::uint32_t* kp, std::size_t kv_pad, int kb,
                            int i0, float scale, float (*s)[prefill_bk]) {
  using vec = typename O::vec;
  vec a[RI][NV];
  for (int r = 0; r < RI; ++r)
    for (int v = 0; v < NV; ++v) a[r][v] = O::zero();
  for (int d = 0; d < D / 2; ++d) {
    const std::uint32_t* kd = kp + static_cast<std::size_t>(d) * kv_pad + kb;
    decltype(O::broadcast_pair(nullptr)) kv[NV];
    for (int v = 0; v < NV; ++v) kv[v] = O::load_bf16x32(reinterpret_cast<const bf16_t*>(kd + v * O::W));
    for (int r = 0; r < RI; ++r) {
      const auto qb = O::broadcast_pair(qrow[i0 + r] + 2 * d);
      for (int v = 0; v < NV; ++v) a[r][v] = O::dot_bf16(a[r][v], qb, kv[v]);
    }
  }
  const vec sc = O::set1(scale);
  for (int r = 0; r < RI; ++r)
    for (int v = 0; v < NV; ++v) O::store(&s[i0 + r][v * O::W], O::mul(a[r][v], sc));
}

/// One query tile of one head: writes w.nq normalised output rows.
template <int D, class T>
void prefill_tile(const prefill_work& w) {
  using O = typename dependent<ops, T>::type;
  using vec = typename O::vec;
  constexpr int W = O::W, BQ = prefill_bq, BK = prefill_bk;
  constexpr int NV = BK / W;
  constexpr int RI = NV >= 16 ? 1 : 16 / NV;           // rows per S micro-tile: RI * NV accumulators
  constexpr int RP = W == 1 ? 1 : 4;                   // rows per PV micro-tile
  constexpr int CP = divisor_at_most(D / W, W == 1 ? 16 : 4);  // V chunks per PV micro-tile
  static_assert(BQ % RI == 0 && BQ % RP == 0, "attncap::detail: tile sizes must nest");

  const bool use_dot = w.bf16_dot;
  const float log2e_ = log2e;
  const float qscale = w.softcap > 0.0f ? w.scale : w.scale * log2e_;
  alignas(64) float qf[BQ][D];
  alignas(64) float acc[BQ][D];    // sum over the current group of key tiles
  alignas(64) float total[BQ][D];  // sum of flushed groups: two levels keep 32K-key sums at fp32 precision
  alignas(64) float s[BQ][BK];
  alignas(64) float vt[BK][D];
  float m[BQ], l[BQ];
  const T* qrow[BQ];
  for (int i = 0; i < BQ; ++i) {
    const int src = i < w.nq ? i : w.nq - 1;
    qrow[i] = static_cast<const T*>(w.q) + static_cast<std::size_t>(src) * w.q_stride;
    m[i] = -INFINITY;
    l[i] = 0.0f;
    for (int d = 0; d < D; ++d) {
      acc[i][d] = 0.0f;
      total[i][d] = 0.0f;
      if (!use_dot) qf[i][d] = i < w.nq ? to_float(qrow[i][d]) * qscale : 0.0f;
    }
  }
  const int rows_s = (w.nq + RI - 1) / RI * RI;
  const int rows_p = (w.nq + RP - 1) / RP * RP;

  constexpr int flush_tiles = 16;
  int tiles = 0;
  const int lo_exact = w.window_left >= 0 && w.q_pos > w.window_left ? w.q_pos - w.window_left : 0;
  const int lo = lo_exact / BK * BK;
  const int hi = w.causal ? (w.q_pos + w.nq < w.kv_len ? w.q_pos + w.nq : w.kv_len) : w.kv_len;
  for (int kb = lo; kb < hi; kb += BK) {
    const int nk = hi - kb < BK ? hi - kb : BK;
    if (use_dot) {
      if constexpr (O::has_bf16_dot && std::is_same_v<T, bf16_t>) {
        const auto* kp = static_cast<const std::uint32_t*>(static_cast<const void*>(w.kt));
        for (int i0 = 0; i0 < rows_s; i0 += RI)
          qk_tile_bf16dot<D, RI, NV, O>(reinterpret_cast<const bf16_t* const*>(qrow), kp, w.kv_pad, kb, i0, qscale, s);
      }
    } else {
      for (int i0 = 0; i0 < rows_s; i0 += RI) qk_tile_fma<D, RI, NV, O>(qf, w.kt, w.kv_pad, kb, i0, s);
    }
    if (w.softcap > 0.0f) {
      // cap * tanh(x / cap) = cap * (1 - 2 / (exp(2x / cap) + 1)), then into the log2 domain.
      const vec k2 = O::set1(2.0f * log2e_ / w.softcap), one = O::set1(1.0f), two = O::set1(2.0f);
      const vec outer = O::set1(w.softcap * log2e_);
      for (int i = 0; i < rows_s; ++i)
        for (int j = 0; j < BK; j += W) {
          const vec e = O::exp2(O::mul(O::load(&s[i][j]), k2));
          O::store(&s[i][j], O::mul(outer, O::sub(one, O::div(two, O::add(e, one)))));
        }
    }
    const bool edge = kb < lo_exact || nk < BK ||
                      (w.causal && kb + BK - 1 > w.q_pos) ||
                      (w.window_left >= 0 && kb < w.q_pos + w.nq - 1 - w.window_left);
    if (edge) {
      for (int i = 0; i < w.nq; ++i) {
        const int pos = w.q_pos + i;
        for (int j = 0; j < BK; ++j) {
          const int key = kb + j;
          const bool visible = j < nk && (!w.causal || key <= pos) && (w.window_left < 0 || key >= pos - w.window_left);
          if (!visible) s[i][j] = -INFINITY;
        }
      }
    }
    for (int i = 0; i < w.nq; ++i) {
      vec mx = O::load(s[i]);
      for (int j = W; j < BK; j += W) mx = O::max(mx, O::load(&s[i][j]));
      const float bm = O::hmax(mx);
      if (bm == -INFINITY) {  // nothing visible in this tile for this row
        for (int j = 0; j < BK; ++j) s[i][j] = 0.0f;
        continue;
      }
      if (bm > m[i]) {
        const float alpha = scalar::ops::exp2(m[i] - bm);
        m[i] = bm;
        l[i] *= alpha;
        const vec av = O::set1(alpha);
        for (int d = 0; d < D; d += W) {
          O::store(&acc[i][d], O::mul(av, O::load(&acc[i][d])));
          O::store(&total[i][d], O::mul(av, O::load(&total[i][d])));
        }
      }
      const vec mv = O::set1(m[i]);
      vec sum = O::zero();
      for (int j = 0; j < BK; j += W) {
        const vec p = O::exp2(O::sub(O::load(&s[i][j]), mv));
        O::store(&s[i][j], p);
        sum = O::add(sum, p);
      }
      l[i] += O::hsum(sum);
    }
    const float* vrows[BK];
    if (w.v_is_f32) {
      for (int j = 0; j < nk; ++j)
        vrows[j] = static_cast<const float*>(w.v) + static_cast<std::size_t>(kb + j) * w.v_stride;
    } else {
      for (int j = 0; j < nk; ++j) {
        const T* src = static_cast<const T*>(w.v) + static_cast<std::size_t>(kb + j) * w.v_stride;
        for (int d = 0; d < D; d += W) O::store(&vt[j][d], O::load(src + d));
        vrows[j] = vt[j];
      }
    }
    for (int i0 = 0; i0 < rows_p; i0 += RP)
      for (int c0 = 0; c0 < D / W; c0 += CP) {
        vec a[RP][CP];
        for (int r = 0; r < RP; ++r)
          for (int cc = 0; cc < CP; ++cc) a[r][cc] = O::zero();  // tile sum from zero, then added
        for (int j = 0; j < nk; ++j) {
          vec vv[CP];
          for (int cc = 0; cc < CP; ++cc) vv[cc] = O::load(vrows[j] + (c0 + cc) * W);
          for (int r = 0; r < RP; ++r) {
            const vec p = O::set1(s[i0 + r][j]);
            for (int cc = 0; cc < CP; ++cc) a[r][cc] = O::fma(p, vv[cc], a[r][cc]);
          }
        }
        for (int r = 0; r < RP; ++r)
          for (int cc = 0; cc < CP; ++cc) {
            float* dst = &acc[i0 + r][(c0 + cc) * W];
            O::store(dst, O::add(O::load(dst), a[r][cc]));
          }
      }
    if (++tiles % flush_tiles == 0)
      for (int i = 0; i < rows_p; ++i)
        for (int d = 0; d < D; d += W) {
          O::store(&total[i][d], O::add(O::load(&total[i][d]), O::load(&acc[i][d])));
          O::store(&acc[i][d], O::zero());
        }
  }
  for (int i = 0; i < w.nq; ++i) {
    for (int d = 0; d < D; d += W) O::store(&acc[i][d], O::add(O::load(&total[i][d]), O::load(&acc[i][d])));
    const float inv = l[i] > 0.0f ? 1.0f / l[i] : 0.0f;  // fully masked row -> zeros
    T* out = static_cast<T*>(w.o) + static_cast<std::size_t>(i) * w.o_stride;
    for (int d = 0; d < D; ++d) out[d] = from_float<T>(acc[i][d] * inv);
  }
}

#endif  // ATTNCAP_DETAIL_IN_ISA_REGION
