// SPDX-License-Identifier: MIT
/// @file
/// Decode over a paged KV cache: split-KV work items (sequence, KV head, key range) over the
/// thread pool, all query heads of a KV head per K/V row read, merged by log-sum-exp.
#pragma once

#include <attncap/kernels/detail/bodies.hpp>
#include <attncap/kernels/detail/explicit.hpp>
#include <attncap/kernels/dispatch.hpp>
#include <attncap/kernels/isa.hpp>
#include <attncap/kernels/kernel_space.hpp>
#include <attncap/kernels/numeric.hpp>
#include <attncap/kernels/shapes.hpp>
#include <attncap/kernels/threading.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <type_traits>
#include <vector>

namespace attncap::kernels::detail {

using decode_body_fn = void (*)(const decode_work&);

/// The decode body of `path`; AVX-512 with and without bf16 dot share one body (runtime flag).
template <int DK, int DV, class KV, int G>
decode_body_fn decode_body_for(isa path) noexcept {
  switch (path) {
#if defined(ATTNCAP_DETAIL_X86)
    case isa::avx512_bf16:
    case isa::avx512: return &avx512::decode_partial<DK, DV, KV, G>;
    case isa::avx2: return &avx2::decode_partial<DK, DV, KV, G>;
#endif
    default: return &scalar::decode_partial<DK, DV, KV, G>;
  }
}

/// Runs validated paged decode. The query heads of each KV head go through the body G at a time
/// (remainder G1 at a time); `latent_v` makes V the first DV elements of each K row (MLA).
template <int DK, int DV, class KV, int G, int G1>
void run_paged_decode(const decode_params& p, bool latent_v) {
  const isa path = active_isa();
  const decode_body_fn body = decode_body_for<DK, DV, KV, G>(path);
  const decode_body_fn body1 = decode_body_for<DK, DV, KV, G1>(path);
  const bool dot = path == isa::avx512_bf16 && std::is_same_v<KV, bf16_t> && DK % 32 == 0;
  // A bf16 q is its own hi part: no lo part to compute, and the body runs half the QK dot products.
  // fp32 / fp16 q keep hi + lo, with lo skipped only for a group whose values all fit in bf16.
  const bool q_split = dot && p.q_dtype != dtype::bf16;
  const int threads = resolve_threads(p.num_threads);
  const int hpk = p.num_q_heads / p.num_kv_heads;
  const float scale = p.scale > 0.0f ? p.scale : 1.0f / std::sqrt(static_cast<float>(DK));
  const float score_scale = scale * log2e;

  // Split key ranges so that there are >= 4 items per thread, but keep >= 256 keys per item.
  long long total = 0;
  for (int b = 0; b < p.batch; ++b) total += p.seq_lens[b];
  total *= p.num_kv_heads;
  const long long want = (total + 4LL * threads - 1) / (4LL * threads);
  const long long per_item = std::max<long long>(256, (want + 15) / 16 * 16);
  struct item {
    int b, h, begin, end;
  };
  std::vector<item> items;
  std::vector<std::size_t> first(static_cast<std::size_t>(p.batch) * std::size_t(p.num_kv_heads) + 1);
  for (int b = 0; b < p.batch; ++b)
    for (int h = 0; h < p.num_kv_heads; ++h) {
      first[std::size_t(b) * std::size_t(p.num_kv_heads) + std::size_t(h)] = items.size();
      const int len = p.seq_lens[b];
      const int n = static_cast<int>(std::max<long long>(1, (len + per_item - 1) / per_item));
      for (int s = 0; s < n; ++s)
        items.push_back({b, h, static_cast<int>(static_cast<long long>(len) * s / n),
                         static_cast<int>(static_cast<long long>(len) * (s + 1) / n)});
    }
  first.back() = items.size();

  const std::size_t hp = static_cast<std::size_t>(hpk);
  std::vector<float> acc(items.size() * hp * DV), mx(items.size() * hp), sum(items.size() * hp);
  const std::size_t row_bytes = std::size_t(DK) * sizeof(KV);
  const bool hnd = p.layout == kv_layout::hnd;
  const std::size_t token_bytes = hnd ? row_bytes : row_bytes * std::size_t(p.num_kv_heads);
  const std::size_t head_bytes = hnd ? row_bytes * std::size_t(p.page_size) : row_bytes;
  const std::size_t page_bytes = row_bytes * std::size_t(p.num_kv_heads) * std::size_t(p.page_size);

  parallel_for(items.size(), threads, [&](std::size_t i) {
    const item& it = items[i];
    alignas(64) float qf[G * DK];
    alignas(64) bf16_t qh[G * DK];
    alignas(64) bf16_t ql[G * DK];
    for (int h0 = 0; h0 < hpk;) {
      const int g = hpk - h0 >= G ? G : G1;
      const std::size_t q0 = (std::size_t(it.b) * std::size_t(p.num_q_heads) + std::size_t(it.h) * hp +
                              std::size_t(h0)) * std::size_t(DK);
      bool lo_nonzero = false;
      for (std::size_t k = 0; k < std::size_t(g) * DK; ++k) {
        const float x = load_as_float(p.q, p.q_dtype, q0 + k);
        qf[k] = x * score_scale;
        if (dot) qh[k] = from_float<bf16_t>(x);
        if (q_split) {
          ql[k] = from_float<bf16_t>(x - to_float(qh[k]));
          lo_nonzero |= (ql[k].bits & 0x7fffu) != 0;
        }
      }
      decode_work w;
      w.q = qf;
      w.q_hi = qh;
      w.q_lo = ql;
      w.q_lo_nonzero = lo_nonzero;
      w.bf16_dot = dot;
      w.score_scale = score_scale;
      w.k = static_cast<const std::byte*>(p.k_cache) + std::size_t(it.h) * head_bytes;
      w.v = latent_v ? w.k : static_cast<const std::byte*>(p.v_cache) + std::size_t(it.h) * head_bytes;
      w.page_bytes = page_bytes;
      w.token_bytes = token_bytes;
      w.pages = p.page_table + std::size_t(it.b) * std::size_t(p.max_pages_per_seq);
      w.page_size = p.page_size;
      w.begin = it.begin;
      w.end = it.end;
      w.acc = acc.data() + (i * hp + std::size_t(h0)) * DV;
      w.m = mx.data() + i * hp + std::size_t(h0);
      w.l = sum.data() + i * hp + std::size_t(h0);
      std::fill(w.acc, w.acc + std::size_t(g) * DV, 0.0f);
      (g == G ? body : body1)(w);
      h0 += g;
    }
  });

  // Log-sum-exp merge of the key ranges of each (sequence, KV head).
  parallel_for(first.size() - 1, threads, [&](std::size_t bh) {
    const std::size_t b = bh / std::size_t(p.num_kv_heads), h = bh % std::size_t(p.num_kv_heads);
    for (std::size_t hh = 0; hh < hp; ++hh) {
      float m = -INFINITY;
      for (std::size_t i = first[bh]; i < first[bh + 1]; ++i) m = std::max(m, mx[i * hp + hh]);
      float out[DV] = {};
      float l = 0.0f;
      if (m != -INFINITY) {
        for (std::size_t i = first[bh]; i < first[bh + 1]; ++i) {
          if (mx[i * hp + hh] == -INFINITY) continue;
          const float wgt = std::exp2(mx[i * hp + hh] - m);
          l += wgt * sum[i * hp + hh];
          const float* a = acc.data() + (i * hp + hh) * DV;
          for (int d = 0; d < DV; ++d) out[d] += wgt * a[d];
        }
      }
      const float inv = l > 0.0f ? 1.0f / l : 0.0f;
      const std::size_t o0 = (b * std::size_t(p.num_q_heads) + h * hp + hh) * std::size_t(DV);
      for (int d = 0; d < DV; ++d) store_from_float(p.o, p.q_dtype, o0 + std::size_t(d), out[d] * inv);
    }
  });
}

/// Decode kernel number I of decode_space.configs (the unit of instantiation; I past the end is
/// an empty function, so shards can instantiate a fixed index range).
template <std::size_t I>
void decode_entry(const decode_params& p) {
  if constexpr (I < decode_space_t::configs.size()) {
    constexpr decode_config c = decode_space_t::configs[I];
    run_paged_decode<c.head_dim, c.head_dim, storage_t<c.kv>, c.group, c.group>(p, false);
  } else {
    (void)p;
  }
}

ATTNCAP_DETAIL_KERNEL_INSTANCES(decode_entry, decode_params)

template <std::size_t I>
struct decode_entry_ptr {
  static constexpr void (*value)(const decode_params&) = &decode_entry<I>;
};
constexpr std::size_t decode_slot_of(const decode_config& c) noexcept { return decode_slot(c.head_dim, c.kv, c.group); }
/// decode_table[decode_slot(d, kv, g)]: the kernel, or nullptr.
inline constexpr auto decode_table =
    make_table<void (*)(const decode_params&), decode_slots, decode_space_t::configs, &decode_slot_of, decode_entry_ptr>(
        std::make_index_sequence<decode_space_t::configs.size()>{});

inline kernel_unsupported decode_unsupported(int d, dtype kv, int g) {
  return unsupported("decode", "(head_dim=" + std::to_string(d) + ", kv_dtype=" + std::string(to_string(kv)) +
                                   ", group=" + std::to_string(g) + ")",
                     decode_space.check(d, kv, g),
                     "head dims " + join(decode_space_t::family_head_dims) + ", kv dtypes " +
                         join(decode_space_t::family_kv_dtypes) + ", groups " + join(decode_space_t::family_groups),
                     "head dims " + join(spelled::head_dims) + ", kv dtypes " + join(spelled::kv_dtypes) +
                         ", groups " + join(spelled::groups),
                     "ATTNCAP_HEAD_DIMS / ATTNCAP_KV_DTYPES / ATTNCAP_GQA_GROUPS");
}
inline void validate_decode(const decode_params& p) {
  validate_paged("decode", p, false);
  if (p.v_head_dim != 0 && p.v_head_dim != p.head_dim)
    reject("decode", "head dim mismatch: head_dim " + std::to_string(p.head_dim) + " but v_head_dim " +
                         std::to_string(p.v_head_dim) + " (this family needs equal k and v head dims)");
}

/// Names the rejected static request in the compiler's error.
template <int HeadDim, dtype KV, int Group>
struct decode_kernel_not_available;

}  // namespace attncap::kernels::detail

namespace attncap::kernels {

/// Paged decode (see decode_params). Validates the shapes (shape_error), then dispatches on
/// (head_dim, kv_dtype, num_q_heads / num_kv_heads) in O(1) (kernel_unsupported if not compiled).
inline void decode(const decode_params& p) {
  detail::validate_decode(p);
  const int group = p.num_q_heads / p.num_kv_heads;
  const auto fn = detail::decode_table[detail::decode_slot(p.head_dim, p.kv_dtype, group)];
  if (fn == nullptr) throw detail::decode_unsupported(p.head_dim, p.kv_dtype, group);
  fn(p);
}

/// Paged decode with the kernel chosen at compile time; a configuration this build does not
/// compile is a compile error. Throws shape_error when `p` does not match the template arguments.
template <int HeadDim, dtype KV, int Group>
void decode(const decode_params& p) {
  constexpr support s = decode_space.check(HeadDim, KV, Group);
  static_assert(s != support::unsupported_by_family,
                "attncap::kernels::decode<HeadDim, KV, Group>: the decode kernel family has no kernel for this "
                "(head dim, KV dtype, GQA group); see attncap::kernels::decode_space_t::family_*");
  static_assert(s != support::excluded_by_build,
                "attncap::kernels::decode<HeadDim, KV, Group>: this (head dim, KV dtype, GQA group) is not compiled "
                "in this build; add it to ATTNCAP_HEAD_DIMS / ATTNCAP_KV_DTYPES / ATTNCAP_GQA_GROUPS");
  if constexpr (s == support::ok) {
    detail::validate_decode(p);
    if (p.head_dim != HeadDim || p.kv_dtype != KV || p.num_q_heads / p.num_kv_heads != Group)
      detail::reject("decode", "the problem's (head_dim, kv_dtype, group) does not match the template arguments");
    detail::decode_entry<detail::index_of(decode_space_t::configs, decode_config{HeadDim, KV, Group})>(p);
  } else {
    (void)sizeof(detail::decode_kernel_not_available<HeadDim, KV, Group>);
  }
}

}  // namespace attncap::kernels
