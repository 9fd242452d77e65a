// SPDX-License-Identifier: MIT
// Double-precision reference attention and test-data helpers shared by the kernel tests.
#pragma once

#include <algorithm>
#include <attncap/kernels/isa.hpp>
#include <attncap/kernels/numeric.hpp>
#include <attncap/kernels/shapes.hpp>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

namespace attncap::kernels::test {

/// A buffer of `n` elements of dtype `t` with values drawn from [-range, range], already rounded to t.
struct buffer {
  dtype type = dtype::fp32;
  std::vector<unsigned char> bytes;
  buffer() = default;
  buffer(dtype t, std::size_t n) : type(t), bytes(n * size_of(t)) {}
  void* data() { return bytes.data(); }
  const void* data() const { return bytes.data(); }
  std::size_t size() const { return bytes.size() / size_of(type); }
  double at(std::size_t i) const { return static_cast<double>(load_as_float(bytes.data(), type, i)); }
  void set(std::size_t i, float x) { store_from_float(bytes.data(), type, i, x); }
};

inline buffer random_buffer(dtype t, std::size_t n, std::mt19937& rng, float range = 1.0f) {
  buffer b(t, n);
  std::uniform_real_distribution<float> u(-range, range);
  for (std::size_t i = 0; i < n; ++i) b.set(i, u(rng));
  return b;
}

/// out[i] = softmax(scale * q.k_j) v_j over the visible keys [lo, n_keys), each score soft-capped
/// when softcap > 0, with a sink logit in the denominator; zeros when no key is visible.
template <class KeyAt, class ValueAt>
void reference_row(const buffer& q, std::size_t q0, int dk, int dv, double scale, int n_keys, KeyAt key_offset,
                   ValueAt value_offset, const buffer& k, const buffer& v, std::vector<double>& out,
                   double softcap = 0.0, int lo = 0, double sink = -INFINITY) {
  std::vector<double> s;
  double m = -INFINITY;
  for (int j = lo; j < n_keys; ++j) {
    const std::size_t ko = key_offset(j);
    double dot = 0;
    for (int d = 0; d < dk; ++d) dot += q.at(q0 + std::size_t(d)) * k.at(ko + std::size_t(d));
    double x = dot * scale;
    if (softcap > 0) x = softcap * std::tanh(x / softcap);
    s.push_back(x);
    m = std::max(m, x);
  }
  out.assign(std::size_t(dv), 0.0);
  if (m == -INFINITY) return;
  m = std::max(m, sink);
  double l = std::exp(sink - m);
  for (int j = lo; j < n_keys; ++j) {
    const double w = std::exp(s[std::size_t(j - lo)] - m);
    l += w;
    const std::size_t vo = value_offset(j);
    for (int d = 0; d < dv; ++d) out[std::size_t(d)] += w * v.at(vo + std::size_t(d));
  }
  for (auto& x : out) x = l > 0 ? x / l : 0.0;
}

/// Every ISA path the kernels have, most portable first.
inline constexpr isa all_paths[] = {isa::scalar, isa::avx2, isa::avx512, isa::avx512_bf16, isa::avx512_amx};

/// f(path) on every ISA path this CPU has, each forced in turn.
template <class F>
void each_path(F f) {
  for (isa path : all_paths) {
    if (!available(path)) continue;
    scoped_isa force(path);
    f(path);
  }
}

/// n sink logits in [-2, 3]: around the scores of unit-range q and k, so they move the output.
inline std::vector<float> random_sinks(std::size_t n, std::mt19937& rng) {
  std::uniform_real_distribution<float> logit(-2.0f, 3.0f);
  std::vector<float> sinks(n);
  for (float& x : sinks) x = logit(rng);
  return sinks;
}

/// Sets the options decode and prefill share: window, soft-cap, scale and sinks (empty: none).
template <class Params>
void set_options(Params& p, int window_left, float softcap, float scale, const std::vector<float>& sinks) {
  p.window_left = window_left;
  p.softcap = softcap;
  p.scale = scale;
  p.sinks = sinks.empty() ? nullptr : sinks.data();
}

/// Half the spacing of dtype t's values at magnitude x (0 for fp32 and for x = 0).
inline double half_ulp(dtype t, double x) {
  if (x == 0.0 || t == dtype::fp32) return 0.0;
  const int e = std::ilogb(x);
  if (t == dtype::bf16) return std::ldexp(1.0, e - 8);
  return std::ldexp(1.0, std::max(e, -14) - 11);  // fp16, subnormals included
}

/// A paged decode problem with shuffled pages.
struct paged_problem {
  buffer q, k, v, o;
  std::vector<std::int32_t> page_table, seq_lens;
  decode_params p;
  paged_problem(int batch, int hq, int hkv, int dk, int dv, int page_size, std::vector<std::int32_t> lens, dtype qt,
                dtype kvt, std::mt19937& rng, bool latent = false)
      : seq_lens(std::move(lens)) {
    int max_len = 1;
    for (int l : seq_lens) max_len = std::max(max_len, l);
    const int maxp = (max_len + page_size - 1) / page_size;
    const int pages = batch * maxp + 1;
    q = random_buffer(qt, std::size_t(batch) * std::size_t(hq) * std::size_t(dk), rng);
    k = random_buffer(kvt, std::size_t(pages) * std::size_t(page_size) * std::size_t(hkv) * std::size_t(dk), rng);
    if (!latent)
      v = random_buffer(kvt, std::size_t(pages) * std::size_t(page_size) * std::size_t(hkv) * std::size_t(dv), rng);
    o = buffer(qt, std::size_t(batch) * std::size_t(hq) * std::size_t(dv));
    // Distinct pages out of order: a step coprime to the page count (7 alone maps every entry to
    // one page when the count is a multiple of 7).
    page_table.resize(std::size_t(batch) * std::size_t(maxp));
    std::size_t step = 7;
    while (std::gcd(step, std::size_t(pages)) != 1) ++step;
    for (std::size_t i = 0; i < page_table.size(); ++i)
      page_table[i] = static_cast<std::int32_t>((i * step + 3) % std::size_t(pages));
    p.q = q.data();
    p.o = o.data();
    p.q_dtype = qt;
    p.k_cache = k.data();
    p.v_cache = latent ? nullptr : v.data();
    p.kv_dtype = kvt;
    p.page_table = page_table.data();
    p.seq_lens = seq_lens.data();
    p.batch = batch;
    p.num_q_heads = hq;
    p.num_kv_heads = hkv;
    p.head_dim = dk;
    p.v_head_dim = latent ? dv : 0;
    p.page_size = page_size;
    p.num_pages = pages;
    p.max_pages_per_seq = maxp;
  }
  /// Largest |kernel - reference| over all outputs; with `beyond_output_rounding`, less half an ulp
  /// of the output dtype at that magnitude (the kernel's own error when o is bf16 or fp16).
  double max_error(bool beyond_output_rounding = false) const {
    const int dk = p.head_dim, dv = p.v_head_dim ? p.v_head_dim : p.head_dim, g = p.num_q_heads / p.num_kv_heads;
    const double scale = p.scale > 0 ? p.scale : 1.0 / std::sqrt(double(dk));
    const bool latent = p.v_cache == nullptr;
    double err = 0;
    std::vector<double> ref;
    for (int b = 0; b < p.batch; ++b)
      for (int h = 0; h < p.num_q_heads; ++h) {
        const int kh = h / g;
        auto row = [&](int t, int d) {
          const std::size_t page =
              std::size_t(page_table[std::size_t(b) * std::size_t(p.max_pages_per_seq) + std::size_t(t / p.page_size)]);
          const std::size_t slot = std::size_t(t % p.page_size), ps = std::size_t(p.page_size),
                            hs = std::size_t(p.num_kv_heads);
          return (p.layout == kv_layout::hnd ? (page * hs + std::size_t(kh)) * ps + slot
                                             : (page * ps + slot) * hs + std::size_t(kh)) *
                 std::size_t(d);
        };
        const std::size_t q0 = (std::size_t(b) * std::size_t(p.num_q_heads) + std::size_t(h)) * std::size_t(dk);
        const int len = seq_lens[std::size_t(b)];
        const int lo = p.window_left >= 0 ? std::max(0, len - 1 - p.window_left) : 0;
        reference_row(
            q, q0, dk, dv, scale, len, [&](int t) { return row(t, dk); },
            [&](int t) { return row(t, latent ? dk : dv); }, k, latent ? k : v, ref, p.softcap, lo,
            p.sinks != nullptr ? p.sinks[h] : -INFINITY);
        const std::size_t o0 = (std::size_t(b) * std::size_t(p.num_q_heads) + std::size_t(h)) * std::size_t(dv);
        for (int d = 0; d < dv; ++d) {
          const double x = o.at(o0 + std::size_t(d)), r = ref[std::size_t(d)];
          const double slack = beyond_output_rounding ? half_ulp(o.type, std::max(std::fabs(x), std::fabs(r))) : 0.0;
          err = std::max(err, std::fabs(x - r) - slack);
        }
      }
    return err;
  }
};

}  // namespace attncap::kernels::test

namespace attncap::kernels::test {

/// A ragged prefill / cross-attention problem.
struct ragged_problem {
  buffer q, k, v, o;
  std::vector<std::int32_t> q_indptr{0}, kv_indptr{0};
  prefill_params p;
  ragged_problem(int hq, int hkv, int d, const std::vector<std::pair<int, int>>& lens, dtype t, std::mt19937& rng) {
    for (auto [ql, kl] : lens) {
      q_indptr.push_back(q_indptr.back() + ql);
      kv_indptr.push_back(kv_indptr.back() + kl);
    }
    q = random_buffer(t, std::size_t(q_indptr.back()) * std::size_t(hq) * std::size_t(d), rng);
    k = random_buffer(t, std::size_t(kv_indptr.back()) * std::size_t(hkv) * std::size_t(d), rng);
    v = random_buffer(t, std::size_t(kv_indptr.back()) * std::size_t(hkv) * std::size_t(d), rng);
    o = buffer(t, std::max<std::size_t>(1, q.size()));
    p.q = q.data();
    p.k = k.data();
    p.v = v.data();
    p.o = o.data();
    p.type = t;
    p.q_indptr = q_indptr.data();
    p.kv_indptr = kv_indptr.data();
    p.batch = static_cast<int>(lens.size());
    p.num_q_heads = hq;
    p.num_kv_heads = hkv;
    p.head_dim = d;
  }
  /// Largest |kernel - reference|; `causal` as the kernel ran (cross attention: false); with
  /// `beyond_output_rounding`, less half an ulp of the output dtype at that magnitude.
  double max_error(bool causal, bool beyond_output_rounding = false) const {
    const int d = p.head_dim, hq = p.num_q_heads, hkv = p.num_kv_heads, g = hq / hkv;
    const double scale = p.scale > 0 ? p.scale : 1.0 / std::sqrt(double(d));
    double err = 0;
    std::vector<double> ref;
    for (int b = 0; b < p.batch; ++b) {
      const int ql = q_indptr[std::size_t(b) + 1] - q_indptr[std::size_t(b)];
      const int kl = kv_indptr[std::size_t(b) + 1] - kv_indptr[std::size_t(b)];
      for (int i = 0; i < ql; ++i)
        for (int h = 0; h < hq; ++h) {
          const int pos = kl - ql + i;
          const int hi = causal ? pos + 1 : kl;
          const int lo = causal && p.window_left >= 0 ? std::max(0, pos - p.window_left) : 0;
          const std::size_t row = std::size_t(q_indptr[std::size_t(b)] + i);
          auto kv_at = [&](int j) {
            return ((std::size_t(kv_indptr[std::size_t(b)]) + std::size_t(j)) * std::size_t(hkv) + std::size_t(h / g)) *
                   std::size_t(d);
          };
          reference_row(q, (row * std::size_t(hq) + std::size_t(h)) * std::size_t(d), d, d, scale, hi, kv_at, kv_at, k,
                        v, ref, p.softcap, lo, p.sinks != nullptr ? p.sinks[h] : -INFINITY);
          for (int x = 0; x < d; ++x) {
            const double y = o.at((row * std::size_t(hq) + std::size_t(h)) * std::size_t(d) + std::size_t(x));
            const double r = ref[std::size_t(x)];
            const double slack = beyond_output_rounding ? half_ulp(o.type, std::max(std::fabs(y), std::fabs(r))) : 0.0;
            err = std::max(err, std::fabs(y - r) - slack);
          }
        }
    }
    return err;
  }
};

/// The K/V of a ragged problem copied into a paged cache (pages in reverse order), and the
/// problem pointed at it: a paged extend of the same attention.
struct paged_kv {
  buffer k, v;
  std::vector<std::int32_t> table;
  paged_kv(ragged_problem& t, int page_size, kv_layout layout) {
    prefill_params& p = t.p;
    const std::size_t hkv = std::size_t(p.num_kv_heads), d = std::size_t(p.head_dim), ps = std::size_t(page_size);
    std::size_t maxp = 1;
    for (int b = 0; b < p.batch; ++b)
      maxp = std::max(maxp, (std::size_t(t.kv_indptr[std::size_t(b) + 1] - t.kv_indptr[std::size_t(b)]) + ps - 1) / ps);
    const std::size_t pages = std::size_t(p.batch) * maxp + 1;
    k = buffer(p.type, pages * ps * hkv * d);
    v = buffer(p.type, k.size());
    table.resize(std::size_t(p.batch) * maxp);
    for (std::size_t i = 0; i < table.size(); ++i) table[i] = static_cast<std::int32_t>(pages - 1 - i);
    for (std::size_t b = 0; b < std::size_t(p.batch); ++b)
      for (std::size_t j = 0; j < std::size_t(t.kv_indptr[b + 1] - t.kv_indptr[b]); ++j)
        for (std::size_t h = 0; h < hkv; ++h) {
          const std::size_t page = std::size_t(table[b * maxp + j / ps]), slot = j % ps;
          const std::size_t dst =
              (layout == kv_layout::hnd ? (page * hkv + h) * ps + slot : (page * ps + slot) * hkv + h) * d;
          const std::size_t src = ((std::size_t(t.kv_indptr[b]) + j) * hkv + h) * d;
          for (std::size_t x = 0; x < d; ++x) {
            k.set(dst + x, float(t.k.at(src + x)));
            v.set(dst + x, float(t.v.at(src + x)));
          }
        }
    p.k = p.v = nullptr;
    p.k_cache = k.data();
    p.v_cache = v.data();
    p.layout = layout;
    p.page_table = table.data();
    p.page_size = page_size;
    p.num_pages = static_cast<int>(pages);
    p.max_pages_per_seq = static_cast<int>(maxp);
  }
};

/// Output tolerance for dtype t: kernel error (fp32 accumulation) plus rounding the output to t.
inline double output_tolerance(dtype t) {
  switch (t) {
    case dtype::bf16:
      return 8e-3;
    case dtype::fp16:
      return 1e-3;
    default:
      return 4e-6;
  }
}

}  // namespace attncap::kernels::test
