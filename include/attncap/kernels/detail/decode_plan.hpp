// SPDX-License-Identifier: MIT
/// @file
/// The steps of a paged decode call around its ISA bodies: q converted once, the call cut into
/// work items (sequence, slice of KV heads, key range), each item's decode_work, and the
/// log-sum-exp merge of the items' partial results.
#pragma once

#include <algorithm>
#include <attncap/kernels/detail/scratch.hpp>
#include <attncap/kernels/detail/simd.hpp>
#include <attncap/kernels/detail/work.hpp>
#include <attncap/kernels/numeric.hpp>
#include <attncap/kernels/shapes.hpp>
#include <attncap/kernels/threading.hpp>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>

namespace attncap::kernels::detail {

/// q as the bodies read it: bf16 hi (+ lo) for the bf16 dot path and for tiles (there in tile
/// order, see tile_head), else fp32 pre-scaled by scale * log2(e). A bf16 q is its own hi part: no
/// lo part, and the vector body runs half the QK dot products (tiles multiply zero lo columns);
/// fp32 / fp16 q keep hi + lo unless bf16 products are allowed. scaled and hi + lo share
/// one piece of scratch (4 bytes an element either way), so the layout does not depend on the path.
struct decode_q {
  std::span<float> scaled;
  std::span<bf16_t> hi, lo;
  std::span<char> lo_flags;  // per sequence: some lo value is not zero
  bool lo_nonzero = false;   // for some sequence (else the body skips the lo products)
};

/// One work item: sequence b, KV heads [h0, h1), keys [begin, end).
struct decode_item {
  int b, h0, h1, begin, end;
};

/// How a call is cut: key ranges of >= per_item keys (a multiple of 16), each (sequence, slice of
/// the KV heads) cut into ranges(len) of them.
struct decode_cut {
  long long per_item = 256;
  int slices = 1;
  std::size_t items = 0;
  int ranges(long long len) const noexcept {
    return static_cast<int>(std::max<long long>(1, (len + per_item - 1) / per_item));
  }
};

/// The first key sequence b's new token sees (its sliding window's start; 0 without one).
inline int first_visible(const decode_params& p, int b) noexcept {
  const int last = p.seq_lens[b] - 1;
  return p.window_left >= 0 && last > p.window_left ? last - p.window_left : 0;
}
/// Keys sequence b's new token sees.
inline int visible_keys(const decode_params& p, int b) noexcept { return p.seq_lens[b] - first_visible(p, b); }

/// Key ranges of >= 256 visible keys, aiming at >= 4 items per thread; if the ranges alone give
/// fewer, the KV heads are split into slices as well.
inline decode_cut cut_decode(const decode_params& p, int threads) {
  long long total = 0;
  for (int b = 0; b < p.batch; ++b) total += visible_keys(p, b);
  decode_cut c;
  const long long want = (total + 4LL * threads - 1) / (4LL * threads);
  c.per_item = std::max<long long>(256, (want + 15) / 16 * 16);
  long long key_items = 0;
  for (int b = 0; b < p.batch; ++b) key_items += c.ranges(visible_keys(p, b));
  c.slices = static_cast<int>(std::min<long long>(p.num_kv_heads, (4LL * threads + key_items - 1) / key_items));
  c.items = static_cast<std::size_t>(key_items) * std::size_t(c.slices);
  return c;
}

/// The items of a call: items[first[s] .. first[s + 1]) are the key ranges of (sequence, head
/// slice) s, each slice having at least one.
struct decode_partition {
  std::span<decode_item> items;
  std::span<std::size_t> first;
  std::size_t item_heads = 0;  // query heads of an item, at most
};

inline void partition_decode(const decode_params& p, const decode_cut& c, decode_partition& part) {
  const int hkv = p.num_kv_heads;
  std::size_t n = 0;
  for (int b = 0; b < p.batch; ++b)
    for (int s = 0; s < c.slices; ++s) {
      part.first[std::size_t(b) * std::size_t(c.slices) + std::size_t(s)] = n;
      const long long lo = first_visible(p, b), len = visible_keys(p, b);
      const int r_n = c.ranges(len);
      for (int r = 0; r < r_n; ++r)
        part.items[n++] = {b, hkv * s / c.slices, hkv * (s + 1) / c.slices, static_cast<int>(lo + len * r / r_n),
                           static_cast<int>(lo + len * (r + 1) / r_n)};
    }
  part.first[part.first.size() - 1] = n;
}

/// Where a call's scratch pieces lie, and how the call is cut.
struct decode_layout {
  decode_cut cut;
  std::size_t item_heads = 0;
  piece q, lo_flags, items, first, acc, m, l;
  std::size_t bytes = 0;
};

/// The scratch layout of a call with `dv` value dims on `threads` threads (any ISA path).
inline decode_layout layout_decode(const decode_params& p, std::size_t dv, int threads) {
  decode_layout lay;
  lay.cut = cut_decode(p, threads);
  const int hkv = p.num_kv_heads, slices = lay.cut.slices;
  lay.item_heads = std::size_t((hkv + slices - 1) / slices) * std::size_t(p.num_q_heads / hkv);
  const std::size_t slots = lay.cut.items * lay.item_heads;
  scratch_layout s;
  lay.q = s.add<float>(std::size_t(p.batch) * std::size_t(p.num_q_heads) * std::size_t(p.head_dim));
  lay.lo_flags = s.add<char>(std::size_t(p.batch));
  lay.items = s.add<decode_item>(lay.cut.items);
  lay.first = s.add<std::size_t>(std::size_t(p.batch) * std::size_t(slices) + 1);
  lay.acc = s.add<float>(slots * dv);
  lay.m = s.add<float>(slots);
  lay.l = s.add<float>(slots);
  lay.bytes = s.bytes();
  return lay;
}

/// dst[i] = src[i] * scale for the n elements of one q row, in pair order when run is not 0: in
/// each run of `run` elements (the 2W a load_bf16_pairs splits; a head's dims are a multiple of it
/// where it is used) the even ones, then the odd ones.
template <class T>
void scaled_row(const T* src, std::size_t n, std::size_t run, float scale, float* dst) noexcept {
  if (run == 0) {
    for (std::size_t i = 0; i < n; ++i) dst[i] = to_float(src[i]) * scale;
    return;
  }
  const std::size_t half = run / 2;
  for (std::size_t r = 0; r < n; r += run)
    for (std::size_t i = 0; i < run; ++i) dst[r + i % 2 * half + i / 2] = to_float(src[r + i]) * scale;
}

/// scaled_row over elements [k0, k0 + n) of p.q, its dtype resolved once a row: per element, the
/// dtype switch and pair order's divisions cost more than the conversion.
inline void scaled_q_row(const decode_params& p, std::size_t k0, std::size_t n, std::size_t run, float scale,
                         float* dst) noexcept {
  with_storage_type(p.q_dtype,
                    [&](auto t) { scaled_row(static_cast<const decltype(t)*>(p.q) + k0, n, run, scale, dst); });
}

/// Where the hi part of element d of global q head `head` (head dim dk) goes in tile order for
/// units of g heads: at tile_head + tile_element. Per unit, per 32 elements, a B operand of 16
/// rows (element pairs) by 2g columns (the unit's heads' hi parts, then their lo parts, 2g
/// elements further), each a pair of bf16.
constexpr std::size_t tile_head(std::size_t head, std::size_t dk, std::size_t g) noexcept {
  return head / g * 2 * g * dk + head % g * 2;
}
constexpr std::size_t tile_element(std::size_t d, std::size_t g) noexcept {
  return d / 32 * 64 * g + d % 32 / 2 * 4 * g + d % 2;
}

/// Where element d of a head goes in lane order for units of 8 heads (relative to the unit's
/// first element): every 4 elements, the unit's heads side by side, so that one 64-byte load holds
/// two element pairs of each of the 8 heads (decode_lanes.hpp).
constexpr std::size_t lane_element(std::size_t head_in_unit, std::size_t d) noexcept {
  return d / 4 * 32 + head_in_unit * 4 + d % 4;
}

/// q element k as bf16 hi + lo (lo zero unless split).
struct q_parts {
  bf16_t hi, lo;
  q_parts(const decode_params& p, std::size_t k, bool split) noexcept {
    const float x = load_as_float(p.q, p.q_dtype, k);
    hi = from_float<bf16_t>(x);
    lo = split ? from_float<bf16_t>(x - to_float(hi)) : bf16_t{};
  }
  bool lo_nonzero() const noexcept { return (lo.bits & 0x7fffu) != 0; }
};

/// Writes q head `head` in tile order for units of g heads (see tile_head) into `tiles`, an element
/// pair a store; returns whether some lo part is not zero.
inline bool tile_row(const decode_params& p, std::size_t head, std::size_t dk, std::size_t g, bool split,
                     std::uint32_t* tiles) {
  const std::size_t head_at = tile_head(head, dk, g) / 2;  // in element pairs
  bool lo_nonzero = false;
  for (std::size_t d = 0; d < dk; d += 2) {
    const q_parts a(p, head * dk + d, split), b(p, head * dk + d + 1, split);
    lo_nonzero |= a.lo_nonzero() || b.lo_nonzero();
    std::uint32_t* const at = tiles + head_at + tile_element(d, g) / 2;
    at[0] = std::uint32_t(a.hi.bits) | std::uint32_t(b.hi.bits) << 16;
    at[g] = std::uint32_t(a.lo.bits) | std::uint32_t(b.lo.bits) << 16;
  }
  return lo_nonzero;
}

/// Fills q (see decode_q) from p.q: its fp32 rows in pair order of runs of `pair_run` when that is
/// not 0 (scaled_row); its hi and lo parts in tile order for units of `tile_group` heads when that
/// is not 0, else in lane order for units of 8 heads when `lanes` (lane_element), else by rows.
inline void convert_q(const decode_params& p, std::size_t dk, bool dot, bool split, std::size_t pair_run,
                      std::size_t tile_group, bool lanes, float score_scale, int threads, decode_q& q) {
  const std::size_t heads = std::size_t(p.num_q_heads);
  // hi and lo lie next to each other: tile order spans both.
  std::uint32_t* const tiles = reinterpret_cast<std::uint32_t*>(q.hi.data());
  parallel_for(std::size_t(p.batch), threads, [&](std::size_t b) {
    bool lo_nonzero = false;
    for (std::size_t head = b * heads; head < (b + 1) * heads; ++head) {
      if (dot && tile_group) {
        lo_nonzero |= tile_row(p, head, dk, tile_group, split, tiles);
        continue;
      }
      if (!dot) {
        scaled_q_row(p, head * dk, dk, pair_run, score_scale, q.scaled.data() + head * dk);
        continue;
      }
      const std::size_t unit = lanes ? head / 8 * 8 * dk : head * dk;
      for (std::size_t d = 0; d < dk; ++d) {
        const q_parts x(p, head * dk + d, split);
        const std::size_t at = unit + (lanes ? lane_element(head % 8, d) : d);
        lo_nonzero |= x.lo_nonzero();
        q.hi[at] = x.hi;
        if (split) q.lo[at] = x.lo;
      }
    }
    q.lo_flags[b] = lo_nonzero;
  });
  q.lo_nonzero = split && std::find(q.lo_flags.begin(), q.lo_flags.end(), 1) != q.lo_flags.end();
}

/// Everything the items of one call share, and their partial results, in the call's scratch.
struct decode_plan {
  bool dot = false, split = false, latent_v = false, pairs = false;
  int tile_group = 0;  // q in tile order for units of this many heads (0: row order)
  float score_scale = 1.0f;
  std::size_t dk = 0, dv = 0;
  std::size_t head_bytes = 0, page_bytes = 0, token_bytes = 0;  // see decode_work
  decode_q q;
  decode_partition part;
  std::span<float> acc, m, l;  // per item: [item_heads][dv], [item_heads], [item_heads]
};

/// Converts q, partitions the call and places the partial results in `base` (laid out as `lay`).
/// `dot`: q as bf16 hi + lo, in tile order for units of `tile_group` heads when that is not 0, in
/// lane order for units of 8 heads when `lanes`;
/// `pair_run`: not 0 for the fp32 QK on bf16 pairs, the elements a pair load splits (q in pair order).
inline decode_plan plan_decode(const decode_params& p, const decode_layout& lay, std::byte* base, std::size_t dk,
                               std::size_t dv, std::size_t kv_bytes, bool dot, int tile_group, bool lanes, int pair_run,
                               bool latent_v, int threads) {
  decode_plan plan;
  plan.dot = dot;
  plan.tile_group = tile_group;
  plan.pairs = pair_run > 0 && !dot;
  plan.split = dot && p.q_dtype != dtype::bf16 && !p.allow_bf16_products;
  plan.latent_v = latent_v;
  const float scale = p.scale > 0.0f ? p.scale : 1.0f / std::sqrt(static_cast<float>(dk));
  plan.score_scale = scale * log2e;  // the bodies work in the log2 domain
  plan.dk = dk;
  plan.dv = dv;
  const paged_strides st =
      strides_of(p.layout == kv_layout::hnd, dk * kv_bytes, std::size_t(p.num_kv_heads), std::size_t(p.page_size));
  plan.token_bytes = st.token_bytes;
  plan.head_bytes = st.head_bytes;
  plan.page_bytes = st.page_bytes;
  const std::size_t n = lay.q.count;
  plan.q.scaled = view<float>(base, lay.q);
  plan.q.hi = {reinterpret_cast<bf16_t*>(plan.q.scaled.data()), n};
  plan.q.lo = {plan.q.hi.data() + n, n};
  plan.q.lo_flags = view<char>(base, lay.lo_flags);
  convert_q(p, dk, dot, plan.split, plan.pairs ? std::size_t(pair_run) : 0, std::size_t(tile_group), lanes,
            plan.score_scale, threads, plan.q);
  plan.part.items = view<decode_item>(base, lay.items);
  plan.part.first = view<std::size_t>(base, lay.first);
  plan.part.item_heads = lay.item_heads;
  partition_decode(p, lay.cut, plan.part);
  plan.acc = view<float>(base, lay.acc);
  plan.m = view<float>(base, lay.m);
  plan.l = view<float>(base, lay.l);
  return plan;
}

/// Item i's decode_work, its accumulators zeroed; the caller sets the units.
inline decode_work item_work(const decode_params& p, decode_plan& plan, std::size_t i) {
  const decode_item& it = plan.part.items[i];
  const std::size_t hpk = std::size_t(p.num_q_heads / p.num_kv_heads);
  const std::size_t q0 = (std::size_t(it.b) * std::size_t(p.num_kv_heads) + std::size_t(it.h0)) * hpk * plan.dk;
  decode_work w;
  w.q = plan.dot ? nullptr : plan.q.scaled.data() + q0;
  w.q_hi = plan.dot ? plan.q.hi.data() + (plan.tile_group ? 2 * q0 : q0) : nullptr;
  w.q_lo = plan.split && !plan.tile_group ? plan.q.lo.data() + q0 : nullptr;
  w.q_lo_nonzero = plan.q.lo_nonzero;
  w.q_pairs = plan.pairs;
  w.bf16_dot = plan.dot;
  w.bf16_products = plan.dot && p.allow_bf16_products;
  w.score_scale = plan.score_scale;
  w.softcap = p.softcap;
  w.k = static_cast<const std::byte*>(p.k_cache) + std::size_t(it.h0) * plan.head_bytes;
  w.v = plan.latent_v ? w.k : static_cast<const std::byte*>(p.v_cache) + std::size_t(it.h0) * plan.head_bytes;
  w.head_bytes = plan.head_bytes;
  w.page_bytes = plan.page_bytes;
  w.token_bytes = plan.token_bytes;
  w.pages = p.page_table + std::size_t(it.b) * std::size_t(p.max_pages_per_seq);
  w.page_size = p.page_size;
  w.begin = it.begin;
  w.end = it.end;
  w.heads_per_kv = static_cast<int>(hpk);
  w.acc = plan.acc.data() + i * plan.part.item_heads * plan.dv;
  w.m = plan.m.data() + i * plan.part.item_heads;
  w.l = plan.l.data() + i * plan.part.item_heads;
  std::fill(w.acc, w.acc + std::size_t(it.h1 - it.h0) * hpk * plan.dv, 0.0f);
  return w;
}

/// The sink's term of query head h's softmax denominator, relative to the max m of its scores
/// (log2 domain): a sink adds weight, no value. 0 without sinks.
inline float sink_weight(const decode_params& p, std::size_t h, float m) noexcept {
  return p.sinks != nullptr ? std::exp2(p.sinks[h] * log2e - m) : 0.0f;
}

/// Log-sum-exp merge of the key ranges of each (sequence, head slice) into p.o.
template <int DV>
void merge_partials(const decode_params& p, const decode_plan& plan, int threads) {
  const auto& items = plan.part.items;
  const auto& first = plan.part.first;
  const std::size_t ih = plan.part.item_heads, hpk = std::size_t(p.num_q_heads / p.num_kv_heads);
  parallel_for(first.size() - 1, threads, [&](std::size_t bs) {
    const decode_item& slice = items[first[bs]];
    const std::size_t o_head = std::size_t(slice.b) * std::size_t(p.num_q_heads) + std::size_t(slice.h0) * hpk;
    for (std::size_t hh = 0; hh < std::size_t(slice.h1 - slice.h0) * hpk; ++hh) {
      float m = -INFINITY;
      for (std::size_t i = first[bs]; i < first[bs + 1]; ++i) m = std::max(m, plan.m[i * ih + hh]);
      float out[DV] = {};
      float l = 0.0f;
      for (std::size_t i = first[bs]; i < first[bs + 1] && m != -INFINITY; ++i) {
        if (plan.m[i * ih + hh] == -INFINITY) continue;
        const float wgt = std::exp2(plan.m[i * ih + hh] - m);
        l += wgt * plan.l[i * ih + hh];
        const float* a = plan.acc.data() + (i * ih + hh) * DV;
        for (int d = 0; d < DV; ++d) out[d] += wgt * a[d];
      }
      l += sink_weight(p, std::size_t(slice.h0) * hpk + hh, m);
      const float inv = l > 0.0f && l < INFINITY ? 1.0f / l : 0.0f;
      with_storage_type(p.q_dtype, [&](auto t) {
        using T = decltype(t);
        T* const o = static_cast<T*>(p.o) + (o_head + hh) * std::size_t(DV);
        for (int d = 0; d < DV; ++d) o[d] = from_float<T>(out[d] * inv);
      });
    }
  });
}

}  // namespace attncap::kernels::detail
