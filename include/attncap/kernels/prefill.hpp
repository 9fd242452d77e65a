// SPDX-License-Identifier: MIT
/// @file
/// Prefill/extend over ragged batches, K/V contiguous or in the paged cache (paged extend: new
/// tokens over a cached prefix): K^T packed once per (sequence, KV head), then query tiles of every
/// head run flash style over the pool, heaviest (latest causal) tiles first.
#pragma once

#include <algorithm>
#include <attncap/kernels/detail/bodies.hpp>
#include <attncap/kernels/detail/explicit.hpp>
#include <attncap/kernels/detail/family.hpp>
#include <attncap/kernels/detail/prefill_amx.hpp>
#include <attncap/kernels/detail/scratch.hpp>
#include <attncap/kernels/isa.hpp>
#include <attncap/kernels/kernel_space.hpp>
#include <attncap/kernels/numeric.hpp>
#include <attncap/kernels/shapes.hpp>
#include <attncap/kernels/threading.hpp>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <string>
#include <tuple>
#include <type_traits>

namespace attncap::kernels::detail {

using prefill_body_fn = void (*)(const prefill_work&);

/// Whether path runs head dim D of type T on AMX tiles.
template <int D, class T>
constexpr bool on_tiles(isa path) noexcept {
#if defined(ATTNCAP_DETAIL_AMX)
  return path == isa::avx512_amx && std::is_same_v<T, bf16_t> && amx::runs_on_tiles<D>;
#else
  (void)path;
  return false;
#endif
}

template <int D, class T>
prefill_body_fn prefill_body_for(isa path) noexcept {
#if defined(ATTNCAP_DETAIL_AMX)
  if constexpr (std::is_same_v<T, bf16_t> && amx::runs_on_tiles<D>)
    if (path == isa::avx512_amx) return &amx::prefill_tile<D, T>;
#endif
  switch (path) {
#if defined(ATTNCAP_DETAIL_X86)
    case isa::avx512_amx:
    case isa::avx512_bf16:
    case isa::avx512:
      return &avx512::prefill_tile<D, T>;
    case isa::avx2:
      return &avx2::prefill_tile<D, T>;
#endif
    default:
      return &scalar::prefill_tile<D, T>;
  }
}

/// One work item: query rows [q0, q0 + BQ) of head h of sequence b.
struct prefill_item {
  int b, h, q0;
};

/// Where a prefill call's scratch pieces lie: the packed K and V of every (sequence b, KV head h)
/// at offset[b] + h * (pad[b] / BK * tile) floats of kt, one key tile of BK keys after the other,
/// each `tile` = packed_tile_floats floats: K^T, fp32 [D][BK] or, for the bf16 dot product,
/// bf16 pairs [D/2][BK] (the same 4-byte slots, half of them used), then for the vector bodies
/// (v_rows) the V rows [BK][D] in the call's dtype; on AMX tiles (no v_rows) the tile's V pairs
/// fill K^T's free half instead, [D/16][BK/2][16]: keys 2r and 2r + 1 of column d at
/// d / 16 * 8 * BK + r * 16 + d % 16, so that each tile operand (16 columns of 16 pairs) is one
/// contiguous kilobyte, not 16 lines a V row apart. pad[b] is
/// the sequence's key count rounded up to whole key tiles. Tiles, not one [D][pad] matrix: a QK
/// tile then reads rows BK floats apart, not pad floats, which for a power-of-two pad all fall
/// into one L1 set. Then the query tiles, and one tile state per thread of the call (the larger
/// of tile_state_bytes and amx_state_bytes each).
struct prefill_layout {
  piece pad, offset, kt, items, states;
  std::size_t tile = 0;  // floats of one packed key tile
  std::size_t state_bytes = 0;
  std::size_t bytes = 0;
};

/// The layout of a call whose body reads V rows from the packed tiles (v_rows) or V pairs (AMX).
inline prefill_layout layout_prefill(const prefill_params& p, bool v_rows) {
  std::size_t kt = 0, items = 0;
  for (int b = 0; b < p.batch; ++b) {
    kt += round_up(std::size_t(p.kv_indptr[b + 1] - p.kv_indptr[b]), scalar::prefill_bk);
    items += (std::size_t(p.q_indptr[b + 1] - p.q_indptr[b]) + scalar::prefill_bq - 1) / scalar::prefill_bq;
  }
  prefill_layout lay;
  scratch_layout s;
  lay.pad = s.add<std::size_t>(std::size_t(p.batch));
  lay.offset = s.add<std::size_t>(std::size_t(p.batch) + 1);
  lay.tile = scalar::packed_tile_floats(p.head_dim, v_rows ? size_of(p.type) : 0);
  lay.kt = s.add<float>(kt / scalar::prefill_bk * lay.tile * std::size_t(p.num_kv_heads));
  lay.items = s.add<prefill_item>(items * std::size_t(p.num_q_heads));
  lay.state_bytes = std::max(scalar::tile_state_bytes(p.head_dim), amx_state_bytes(p.head_dim));
  lay.states = s.add<std::byte>(lay.state_bytes * std::size_t(resolve_threads(p.num_threads)));
  lay.bytes = s.bytes();
  return lay;
}

/// The packed K and V of a call (see prefill_layout).
struct packed_k {
  std::span<std::size_t> pad, offset;
  std::span<float> kt;
  std::size_t tile;  // floats of one key tile

  /// The first key tile of KV head h of sequence b.
  float* head(std::size_t b, std::size_t h) const {
    return kt.data() + offset[b] + h * (pad[b] / scalar::prefill_bk * tile);
  }
};

/// Where row j of one KV head's keys or values lies: pages[j / page_size] * page_bytes +
/// (j % page_size) * token_bytes bytes past base. Contiguous K/V is one page holding every row.
struct kv_rows {
  const std::byte* base = nullptr;
  const std::int32_t* pages = nullptr;
  std::size_t page_bytes = 0, token_bytes = 0;
  int page_size = 1;
  const std::byte* row(int j) const noexcept {
    return base + static_cast<std::size_t>(pages[j / page_size]) * page_bytes +
           static_cast<std::size_t>(j % page_size) * token_bytes;
  }
};

/// The one page of contiguous K/V (see kv_rows).
inline constexpr std::int32_t contiguous_page = 0;

/// Rows of KV head h of sequence b: contiguous ones (k or v) from kv_indptr[b], or the sequence's
/// pages of the paged cache (k_cache or v_cache) when the call is a paged extend.
template <int D, class T>
kv_rows sequence_rows(const prefill_params& p, const void* contiguous, const void* cache, int b, std::size_t h) {
  const std::size_t row = std::size_t(D) * sizeof(T), hkv = std::size_t(p.num_kv_heads);
  kv_rows r;
  if (p.k_cache == nullptr) {
    r.base = static_cast<const std::byte*>(contiguous) + (std::size_t(p.kv_indptr[b]) * hkv + h) * row;
    r.pages = &contiguous_page;
    r.token_bytes = hkv * row;
    r.page_size = std::numeric_limits<int>::max();
    return r;
  }
  const paged_strides st = strides_of(p.layout == kv_layout::hnd, row, hkv, std::size_t(p.page_size));
  r.base = static_cast<const std::byte*>(cache) + h * st.head_bytes;
  r.pages = p.page_table + std::size_t(b) * std::size_t(p.max_pages_per_seq);
  r.page_bytes = st.page_bytes;
  r.token_bytes = st.token_bytes;
  r.page_size = p.page_size;
  return r;
}

/// V rows [0, len) of one (sequence, KV head) as pairs into the second half of each key tile of dst
/// (AMX, see prefill_layout), keys len to pad as zeros: their weights are zero, and 0 * garbage may not be.
template <int D>
void pack_v_pairs(const kv_rows& src, std::size_t len, std::size_t pad, float* dst) {
  constexpr std::size_t bk = scalar::prefill_bk;
  const bf16_t zeros[D] = {};
  std::uint32_t pairs[D];
  for (std::size_t j = 0; j < pad; j += 2) {
    const bf16_t* a = j < len ? reinterpret_cast<const bf16_t*>(src.row(int(j))) : zeros;
    const bf16_t* b = j + 1 < len ? reinterpret_cast<const bf16_t*>(src.row(int(j + 1))) : zeros;
    for (int d = 0; d < D; ++d) pairs[d] = std::uint32_t{a[d].bits} | (std::uint32_t{b[d].bits} << 16);
    float* const row = dst + j / bk * scalar::packed_tile_floats(D, 0) + D / 2 * bk + j % bk / 2 * 16;
    for (int d = 0; d < D; d += 16) std::memcpy(row + std::size_t(d) / 2 * bk, pairs + d, 16 * sizeof(pairs[0]));
  }
}

/// Prefetches into L1 row j + ahead of src, if there is one, while the packing reads row j: the
/// rows lie a row of every KV head apart, a stride the hardware prefetchers miss, and the packing
/// waited on memory at the first line of each.
template <int D, class T>
void prefetch_ahead(const kv_rows& src, std::size_t j, std::size_t len) {
#if defined(ATTNCAP_DETAIL_X86)
  constexpr std::size_t ahead = 4;
  if (j + ahead >= len) return;
  const std::byte* row = src.row(int(j + ahead));
  for (std::size_t i = 0; i < D * sizeof(T); i += 64) prefetch_t0(row + i);
#else
  (void)src, (void)j, (void)len;
#endif
}

/// V rows [0, len) of one (sequence, KV head) after K^T in each key tile of dst (see
/// prefill_layout).
template <int D, class T>
void pack_v_rows(const kv_rows& src, std::size_t len, float* dst) {
  constexpr std::size_t bk = scalar::prefill_bk, tile = scalar::packed_tile_floats(D, sizeof(T));
  for (std::size_t j = 0; j < len; ++j) {
    prefetch_ahead<D, T>(src, j, len);
    std::memcpy(reinterpret_cast<T*>(dst + j / bk * tile + bk * D) + j % bk * D, src.row(int(j)), D * sizeof(T));
  }
}

/// Packs K^T of every (sequence, KV head), as bf16 pairs when dot, and V: as pairs when v_pairs
/// (AMX tiles), else as rows of the call's dtype.
template <int D, class T>
packed_k pack_k(const prefill_params& p, const prefill_layout& lay, std::byte* base, bool dot, bool v_pairs,
                int threads) {
  const std::size_t hkv = std::size_t(p.num_kv_heads);
  packed_k pk{view<std::size_t>(base, lay.pad), view<std::size_t>(base, lay.offset), view<float>(base, lay.kt),
              lay.tile};
  pk.offset[0] = 0;
  for (std::size_t b = 0; b < std::size_t(p.batch); ++b) {
    pk.pad[b] = round_up(std::size_t(p.kv_indptr[b + 1] - p.kv_indptr[b]), scalar::prefill_bk);
    pk.offset[b + 1] = pk.offset[b] + hkv * (pk.pad[b] / scalar::prefill_bk * pk.tile);
  }
  parallel_for(std::size_t(p.batch) * hkv, threads, [&](std::size_t bh) {
    const std::size_t b = bh / hkv, h = bh % hkv, pad = pk.pad[b];
    const std::size_t len = std::size_t(p.kv_indptr[b + 1] - p.kv_indptr[b]);
    const kv_rows src = sequence_rows<D, T>(p, p.k, p.k_cache, int(b), h);
    float* dst = pk.head(b, h);
    constexpr std::size_t bk = scalar::prefill_bk;
    for (std::size_t j = 0; j < len; ++j) {
      prefetch_ahead<D, T>(src, j, len);
      const T* row = reinterpret_cast<const T*>(src.row(int(j)));
      float* col = dst + j / bk * pk.tile + j % bk;
      if constexpr (std::is_same_v<T, bf16_t>) {
        if (dot) {
          for (std::size_t d = 0; d < std::size_t(D); d += 2) {
            const std::uint32_t pair = std::uint32_t{row[d].bits} | (std::uint32_t{row[d + 1].bits} << 16);
            std::memcpy(col + (d / 2) * bk, &pair, 4);
          }
          continue;
        }
      }
      for (std::size_t d = 0; d < std::size_t(D); ++d) col[d * bk] = to_float(row[d]);
    }
    const kv_rows v = sequence_rows<D, T>(p, p.v, p.v_cache, int(b), h);
    if constexpr (std::is_same_v<T, bf16_t>)
      if (v_pairs) return pack_v_pairs<D>(v, len, pad, dst);
    pack_v_rows<D, T>(v, len, dst);
  });
  return pk;
}

/// Every query tile of every head, in `items`; causal: the latest tiles, which see the most keys,
/// first (ties in the order generated; std::sort, unlike stable_sort, allocates nothing).
inline std::span<prefill_item> prefill_items(const prefill_params& p, int bq, std::span<prefill_item> items) {
  std::size_t n = 0;
  for (int b = 0; b < p.batch; ++b) {
    const int ql = p.q_indptr[b + 1] - p.q_indptr[b];
    for (int q0 = (ql - 1) / bq * bq; q0 >= 0 && ql > 0; q0 -= bq)
      for (int h = 0; h < p.num_q_heads; ++h) items[n++] = {b, h, q0};
  }
  const auto last_key = [&](const prefill_item& x) {
    return p.kv_indptr[x.b + 1] - p.kv_indptr[x.b] - (p.q_indptr[x.b + 1] - p.q_indptr[x.b]) + x.q0;
  };
  const auto order = [&](const prefill_item& x) { return std::tuple(-last_key(x), x.b, -x.q0, x.h); };
  if (p.causal)
    std::sort(items.begin(), items.begin() + std::ptrdiff_t(n),
              [&](const prefill_item& x, const prefill_item& y) { return order(x) < order(y); });
  return items.first(n);
}

/// The prefill_work of one item.
template <int D, class T>
prefill_work tile_work(const prefill_params& p, const packed_k& pk, const prefill_item& it, float scale, bool dot) {
  const std::size_t b = std::size_t(it.b), h = std::size_t(it.h), hq = std::size_t(p.num_q_heads);
  const std::size_t hkv = std::size_t(p.num_kv_heads), kvh = h / (hq / hkv);
  const int ql = p.q_indptr[it.b + 1] - p.q_indptr[it.b];
  const int kl = p.kv_indptr[it.b + 1] - p.kv_indptr[it.b];
  const std::size_t row = std::size_t(p.q_indptr[it.b]) + std::size_t(it.q0);
  prefill_work w;
  w.q = static_cast<const T*>(p.q) + (row * hq + h) * std::size_t(D);
  w.q_stride = hq * std::size_t(D);
  w.kt = pk.head(b, kvh);
  w.o = static_cast<T*>(p.o) + (row * hq + h) * std::size_t(D);
  w.o_stride = hq * std::size_t(D);
  w.nq = std::min(scalar::prefill_bq, ql - it.q0);
  w.q_pos = kl - ql + it.q0;
  w.kv_len = kl;
  w.causal = p.causal;
  w.window_left = p.window_left;
  w.softcap = p.softcap;
  w.sink = p.sinks != nullptr ? p.sinks[h] : -INFINITY;
  w.scale = scale;
  w.bf16_dot = dot;
  w.bf16_products = p.allow_bf16_products;
  return w;
}

/// Runs validated prefill (causal or not, per p.causal).
template <int D, class T>
void run_prefill(const prefill_params& p) {
  const isa path = active_isa();
  const prefill_body_fn body = prefill_body_for<D, T>(path);
  const bool dot = path >= isa::avx512_bf16 && std::is_same_v<T, bf16_t>;
  const int threads = resolve_threads(p.num_threads);
  const float scale = p.scale > 0.0f ? p.scale : 1.0f / std::sqrt(static_cast<float>(D));
  const bool tiles = on_tiles<D, T>(path);
  const prefill_layout lay = layout_prefill(p, !tiles);
  const call_scratch scratch("prefill", p.workspace, p.workspace_bytes, lay.bytes);
  const packed_k pk = pack_k<D, T>(p, lay, scratch.base(), dot, tiles, threads);
  const std::span<prefill_item> items =
      prefill_items(p, scalar::prefill_bq, view<prefill_item>(scratch.base(), lay.items));
  std::byte* const states = view<std::byte>(scratch.base(), lay.states).data();
  parallel_for_slots(items.size(), threads, [&](std::size_t i, int slot) {
    prefill_work w = tile_work<D, T>(p, pk, items[i], scale, dot);
    w.state = states + std::size_t(slot) * lay.state_bytes;
    body(w);
  });
}

/// Setting names a prefill key is added with (a string literal for the static variant's error).
#define ATTNCAP_DETAIL_PREFILL_KNOBS "ATTNCAP_HEAD_DIMS / ATTNCAP_DTYPES"

/// The prefill family's traits (see kernel_family); cross attention runs the same kernels.
struct prefill_family {
  using params = prefill_params;
  using space = prefill_space_t;
  static constexpr const char* knobs = ATTNCAP_DETAIL_PREFILL_KNOBS;
  static constexpr const char* key_names = "(head_dim, dtype)";
  static constexpr std::size_t slots = prefill_slots;
  static constexpr std::size_t slot(const prefill_config& c) noexcept { return prefill_slot(c.head_dim, c.type); }
  static constexpr prefill_config key(const prefill_params& p) noexcept { return {p.head_dim, p.type}; }
  static constexpr support check(const prefill_config& c) noexcept { return prefill_space.check(c.head_dim, c.type); }
  static std::string request(const prefill_config& c) { return fields("head_dim", c.head_dim, "dtype", c.type); }
  static std::string family_set() {
    return lists("head dims", space::family_head_dims, "dtypes", space::family_dtypes);
  }
  static std::string build_set() { return lists("head dims", spelled::head_dims, "dtypes", spelled::dtypes); }
  static void validate(const char* api, const prefill_params& p) { validate_prefill(api, p); }
  template <prefill_config C>
  static void run(const prefill_params& p) {
    run_prefill<C.head_dim, storage_t<C.type>>(p);
  }
};
using prefill_kernels = kernel_family<prefill_family>;

ATTNCAP_DETAIL_KERNEL_INSTANCES(prefill_kernels::entry, prefill_params)

/// prefill_table[prefill_slot(d, type)]: the kernel, or nullptr.
inline constexpr const auto& prefill_table = prefill_kernels::table;

}  // namespace attncap::kernels::detail

namespace attncap::kernels {

/// Prefill/extend (see prefill_params; causal unless p.causal is false). Validates the shapes
/// (shape_error), then dispatches on (head_dim, type) in O(1) (kernel_unsupported if not compiled).
inline void prefill(const prefill_params& p) { detail::prefill_kernels::call("prefill", p); }

/// Prefill with the kernel chosen at compile time; a configuration this build does not compile is
/// a compile error.
template <int HeadDim, dtype Type>
void prefill(const prefill_params& p) {
  ATTNCAP_DETAIL_STATIC_KERNEL_CHECK(prefill_space.check(HeadDim, Type), "prefill<HeadDim, Type>", "(head dim, dtype)",
                                     "prefill", ATTNCAP_DETAIL_PREFILL_KNOBS);
  detail::prefill_kernels::call_static<prefill_config{HeadDim, Type}>("prefill", p);
}

/// Prefill on the kernel of one (head_dim, type), looked up once (see decode_kernel).
class prefill_kernel : public detail::resolved_kernel<detail::prefill_kernels> {
 public:
  /// Throws kernel_unsupported when this build has no kernel for `key`.
  explicit prefill_kernel(const prefill_config& key) : resolved_kernel("prefill", key) {}
};

}  // namespace attncap::kernels
