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

/// Runs validated paged decode. Work items are (sequence, KV heads, key range); each item walks
/// its key range once for all its heads, G query heads per body unit (a remainder of the heads of
/// a KV head goes through the G1 body); `latent_v` makes V the first DV elements of each K row (MLA).
template <int DK, int DV, class KV, int G, int G1>
void run_paged_decode(const decode_params& p, bool latent_v) {
  static_assert(G1 == 1 || G1 == G, "attncap::detail: the remainder body takes one head or a full group");
  const isa path = active_isa();
  const decode_body_fn body = decode_body_for<DK, DV, KV, G>(path);
  const decode_body_fn body1 = decode_body_for<DK, DV, KV, G1>(path);
  const bool dot = path == isa::avx512_bf16 && std::is_same_v<KV, bf16_t> && DK % 32 == 0;
  // A bf16 q is its own hi part: no lo part to compute, and the body runs half the QK dot products.
  // fp32 / fp16 q keep hi + lo, unless every value of q fits in bf16 or bf16 products are allowed.
  const bool q_split = dot && p.q_dtype != dtype::bf16 && !p.allow_bf16_products;
  const int threads = resolve_threads(p.num_threads);
  const int hkv = p.num_kv_heads, hpk = p.num_q_heads / p.num_kv_heads;
  const std::size_t hq = static_cast<std::size_t>(p.num_q_heads), hp = static_cast<std::size_t>(hpk);
  const float scale = p.scale > 0.0f ? p.scale : 1.0f / std::sqrt(static_cast<float>(DK));
  const float score_scale = scale * log2e;

  // q converted once per call: bf16 hi (+ lo) for the bf16 dot path, else scaled fp32.
  const std::size_t nq = std::size_t(p.batch) * hq * DK;
  std::vector<float> qf(dot ? 0 : nq);
  std::vector<bf16_t> qh(dot ? nq : 0), ql(q_split ? nq : 0);
  std::vector<char> lo_nonzero(std::size_t(p.batch), 0);
  parallel_for(std::size_t(p.batch), threads, [&](std::size_t b) {
    for (std::size_t k = b * hq * DK; k < (b + 1) * hq * DK; ++k) {
      const float x = load_as_float(p.q, p.q_dtype, k);
      if (!dot) {
        qf[k] = x * score_scale;
        continue;
      }
      qh[k] = from_float<bf16_t>(x);
      if (q_split) {
        ql[k] = from_float<bf16_t>(x - to_float(qh[k]));
        lo_nonzero[b] |= (ql[k].bits & 0x7fffu) != 0;
      }
    }
  });
  const bool any_lo = std::find(lo_nonzero.begin(), lo_nonzero.end(), 1) != lo_nonzero.end();

  // Key ranges of >= 256 keys, aiming at >= 4 items per thread; if the ranges alone give fewer,
  // the KV heads are split into slices as well.
  long long total = 0;
  for (int b = 0; b < p.batch; ++b) total += p.seq_lens[b];
  const long long want = (total + 4LL * threads - 1) / (4LL * threads);
  const long long per_item = std::max<long long>(256, (want + 15) / 16 * 16);
  const auto ranges = [&](int len) { return static_cast<int>(std::max<long long>(1, (len + per_item - 1) / per_item)); };
  long long key_items = 0;
  for (int b = 0; b < p.batch; ++b) key_items += ranges(p.seq_lens[b]);
  const int slices = static_cast<int>(std::min<long long>(hkv, (4LL * threads + key_items - 1) / key_items));
  struct item {
    int b, h0, h1, begin, end;
  };
  std::vector<item> items;
  std::vector<std::size_t> first(std::size_t(p.batch) * std::size_t(slices) + 1);
  for (int b = 0; b < p.batch; ++b)
    for (int s = 0; s < slices; ++s) {
      first[std::size_t(b) * std::size_t(slices) + std::size_t(s)] = items.size();
      const int len = p.seq_lens[b], n = ranges(len);
      for (int r = 0; r < n; ++r)
        items.push_back({b, hkv * s / slices, hkv * (s + 1) / slices, static_cast<int>(static_cast<long long>(len) * r / n),
                         static_cast<int>(static_cast<long long>(len) * (r + 1) / n)});
    }
  first.back() = items.size();

  const std::size_t item_heads = std::size_t((hkv + slices - 1) / slices) * hp;  // q heads per item, at most
  std::vector<float> acc(items.size() * item_heads * DV), mx(items.size() * item_heads), sum(mx.size());
  const std::size_t row_bytes = std::size_t(DK) * sizeof(KV);
  const bool hnd = p.layout == kv_layout::hnd;
  const std::size_t token_bytes = hnd ? row_bytes : row_bytes * std::size_t(hkv);
  const std::size_t head_bytes = hnd ? row_bytes * std::size_t(p.page_size) : row_bytes;
  const std::size_t page_bytes = row_bytes * std::size_t(hkv) * std::size_t(p.page_size);

  parallel_for(items.size(), threads, [&](std::size_t i) {
    const item& it = items[i];
    const std::size_t q0 = std::size_t(it.b) * hq + std::size_t(it.h0) * hp;  // first query head
    const int heads = it.h1 - it.h0;
    decode_work w;
    w.q = dot ? nullptr : qf.data() + q0 * DK;
    w.q_hi = dot ? qh.data() + q0 * DK : nullptr;
    w.q_lo = q_split ? ql.data() + q0 * DK : nullptr;
    w.q_lo_nonzero = any_lo;
    w.bf16_dot = dot;
    w.bf16_products = dot && p.allow_bf16_products;
    w.score_scale = score_scale;
    w.k = static_cast<const std::byte*>(p.k_cache) + std::size_t(it.h0) * head_bytes;
    w.v = latent_v ? w.k : static_cast<const std::byte*>(p.v_cache) + std::size_t(it.h0) * head_bytes;
    w.head_bytes = head_bytes;
    w.page_bytes = page_bytes;
    w.token_bytes = token_bytes;
    w.pages = p.page_table + std::size_t(it.b) * std::size_t(p.max_pages_per_seq);
    w.page_size = p.page_size;
    w.begin = it.begin;
    w.end = it.end;
    w.heads_per_kv = hpk;
    w.acc = acc.data() + i * item_heads * DV;
    w.m = mx.data() + i * item_heads;
    w.l = sum.data() + i * item_heads;
    std::fill(w.acc, w.acc + std::size_t(heads) * hp * DV, 0.0f);
    const int full = hpk / G, rest = hpk % G;
    if (full > 0) {
      w.units_per_head = full;
      w.units = heads * full;
      w.first_head = 0;
      body(w);
    }
    if (rest > 0) {
      w.units_per_head = rest / G1;
      w.units = heads * w.units_per_head;
      w.first_head = full * G;
      body1(w);
    }
  });

  // Log-sum-exp merge of the key ranges of each (sequence, head slice).
  parallel_for(first.size() - 1, threads, [&](std::size_t bs) {
    const item& slice = items[first[bs]];  // every (sequence, slice) has at least one key range
    const std::size_t b = std::size_t(slice.b), h0 = std::size_t(slice.h0);
    for (std::size_t hh = 0; hh < std::size_t(slice.h1 - slice.h0) * hp; ++hh) {
      float m = -INFINITY;
      for (std::size_t i = first[bs]; i < first[bs + 1]; ++i) m = std::max(m, mx[i * item_heads + hh]);
      float out[DV] = {};
      float l = 0.0f;
      if (m != -INFINITY) {
        for (std::size_t i = first[bs]; i < first[bs + 1]; ++i) {
          if (mx[i * item_heads + hh] == -INFINITY) continue;
          const float wgt = std::exp2(mx[i * item_heads + hh] - m);
          l += wgt * sum[i * item_heads + hh];
          const float* a = acc.data() + (i * item_heads + hh) * DV;
          for (int d = 0; d < DV; ++d) out[d] += wgt * a[d];
        }
      }
      const float inv = l > 0.0f ? 1.0f / l : 0.0f;
      const std::size_t o0 = (b * hq + h0 * hp + hh) * std::size_t(DV);
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
