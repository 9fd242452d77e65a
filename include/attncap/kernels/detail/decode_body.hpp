// SPDX-License-Identifier: MIT
/// @file
/// Decode partial attention of one work item: every unit's G query heads against a paged key
/// range, block by block (decode_block.hpp), with the far prefetch running ahead in visit order.
/// Written once against `ops` and compiled once per ISA namespace by attncap/kernels/detail/bodies.hpp.
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
      : pages(w.pages),
        page_bytes(w.page_bytes),
        token_bytes(w.token_bytes),
        page_size(w.page_size),
        page(t / w.page_size),
        slot(t % w.page_size) {}
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

/// The most visits the far prefetch runs ahead.
inline constexpr int max_ahead = 16;

/// How many visits ahead the far prefetch runs, a visit being one KV head's rows of one block in
/// the order decode_partial reads them: about 16 KiB of stream, and never less than two visits
/// (the next visit is the L1 prefetch's). Whole blocks of every head ahead leave the lines in L2
/// long enough to be evicted before they are read; a single visit leaves them late (bench/README.md).
template <int DK, int DV, class KV>
int far_visits(const decode_work& w) {
  const std::size_t visit_bytes = 16 * (DK + (w.k == w.v ? 0 : DV)) * sizeof(KV);
  return static_cast<int>(std::clamp<std::size_t>((16 * 1024 + visit_bytes / 2) / visit_bytes, 2, max_ahead));
}

/// Row offsets of blocks b .. b + span - 1 of the work's key range (ring slot = block % span): the
/// current block, those that visits up to `ahead` later fall in, and, last, the block whose pages
/// are primed (prime_pages).
struct offset_ring {
  std::size_t off[max_ahead + 3][16];
  int n[max_ahead + 3];
  int span;
  page_cursor cur;
  int filled, end;
  offset_ring(const decode_work& w, int span_)
      : span(span_), cur(w, w.begin < w.end ? w.begin : 0), filled(w.begin), end(w.end) {
    for (int b = 0; b < span; ++b) fill(b);
  }
  /// Slot `slot` takes the next block of the range (fewer than 16 keys at its end, none past it).
  /// The cursor is walked in a local copy: the offsets' stores could alias its members, which
  /// would make every key a store-to-load round trip through the ring.
  void fill(int slot) {
    page_cursor c = cur;
    const int m = std::clamp(end - filled, 0, 16);
    for (int j = 0; j < m; ++j, c.advance()) off[slot][j] = c.offset();
    cur = c;
    filled += m;
    n[slot] = m;
  }
};

/// The far prefetches of the first `ahead` visits, which no earlier visit issued.
template <int DK, int DV, class KV, class O>
void prefetch_first_visits(const decode_work& w, const offset_ring& ring, int ahead, int kv_heads) {
  for (int v = 0; v < ahead; ++v) {
    const std::size_t h = std::size_t(v % kv_heads) * w.head_bytes;
    const int slot = v / kv_heads;
    for (int j = 0; j < ring.n[slot]; ++j)
      prefetch_rows<DK, DV, KV, O>(w.k + h + ring.off[slot][j], w.v + h + ring.off[slot][j], w.k == w.v);
  }
}

/// One prefetch into each 4 KiB page that block `slot`'s rows of every KV head fall in, in a burst
/// a block ahead of the far prefetches. On 4 KiB pages each new page costs a page walk, and a far
/// prefetch that meets one holds the core until the walk is done, page after page; walks started
/// together overlap (a Zen 4 VM on 4 KiB pages: decode up to 1.3x faster, bench/README.md).
/// Pages are told apart along head 0's keys, then along the heads of each such key: exact where a
/// head's slice of a page is whole 4 KiB pages (HND) or a token's heads lie together (NHD);
/// elsewhere a page may go unprimed, which leaves its walk to the far prefetch. V rows share K's
/// offsets.
template <class O>
void prime_pages(const decode_work& w, const offset_ring& ring, int slot) {
  const std::size_t* off = ring.off[slot];
  auto page = [&](std::size_t o) { return reinterpret_cast<std::uintptr_t>(w.k + o) >> 12; };
  std::uintptr_t key_page = ~std::uintptr_t{0};
  for (int j = 0; j < ring.n[slot]; ++j) {
    if (page(off[j]) == key_page) continue;  // head 0's rows of keys in a page already primed
    key_page = page(off[j]);
    std::uintptr_t head_page = ~std::uintptr_t{0};
    for (int h = 0; h < w.kv_heads; ++h) {
      const std::size_t o = std::size_t(h) * w.head_bytes + off[j];
      if (page(o) == head_page) continue;  // heads side by side in one page (NHD)
      head_page = page(o);
      O::prefetch(w.k + o);
      if (w.k != w.v) O::prefetch(w.v + o);
    }
  }
}

/// The kernel of one block for one unit (decode_block.hpp), and the order it leaves the
/// accumulators in. The AMX path passes its tile kernel (decode_amx.hpp) instead; `begin` and
/// `end` bracket a work item (the tiles' configuration).
struct vector_blocks {
  template <int DK, int DV, class KV, int G>
  static void run(const decode_work& w, int qh, const block_rows<KV>& rows, const block_prefetch& pf) {
    decode_block<DK, DV, KV, G>(w, qh, rows, pf);
  }
  template <class O, class KV, int DV, int G>
  static constexpr bool pairs = decode_pairs<O, KV, DV, G>;
  template <int G>
  static void begin() noexcept {}
  static void end() noexcept {}
};

/// Block `slot` of the ring for every unit, KV head by KV head: a head's G-units, then its
/// R-units, on the same rows. Heads, units and ring slots are counted along, not divided out of a
/// unit index (runtime divisors are several `idiv` per unit).
template <int DK, int DV, class KV, int G, int R, class O, class Blocks>
void visit_block(const decode_work& w, const offset_ring& ring, int slot, int ahead) {
  const std::size_t* off = ring.off[slot];
  const int n = ring.n[slot], units = w.units_per_head + w.rest_per_head;
  const KV* krow[16];
  const KV* vrow[16];
  // The far visit of head h: head (h + ahead) % kv_heads, (h + ahead) / kv_heads blocks on.
  int far_h = ahead % w.kv_heads, far_b = ahead / w.kv_heads;
  for (int h = 0; h < w.kv_heads; ++h) {
    const std::byte* kb = w.k + std::size_t(h) * w.head_bytes;
    const std::byte* vb = w.v + std::size_t(h) * w.head_bytes;
    for (int j = 0; j < n; ++j) {
      krow[j] = reinterpret_cast<const KV*>(kb + off[j]);
      vrow[j] = reinterpret_cast<const KV*>(vb + off[j]);
    }
    const int far_slot = slot + far_b < ring.span ? slot + far_b : slot + far_b - ring.span;
    const std::size_t far_head = std::size_t(far_h) * w.head_bytes;
    for (int i = 0, qh = h * w.heads_per_kv; i < units; ++i) {
      // Units of one KV head read the same rows: the first one prefetches the far visit's, the
      // last one the next head's rows into L1.
      const bool nxt = i + 1 == units && h + 1 < w.kv_heads;
      const block_prefetch pf{ring.off[far_slot],
                              i == 0 ? ring.n[far_slot] : 0,
                              w.k + far_head,
                              w.v + far_head,
                              nxt ? kb + w.head_bytes : nullptr,
                              nxt ? vb + w.head_bytes : nullptr,
                              off,
                              w.k == w.v};
      const block_rows<KV> rows{krow, vrow, n};
      if (i < w.units_per_head) {
        Blocks::template run<DK, DV, KV, G>(w, qh, rows, pf);
        qh += G;
      } else if constexpr (R > 0) {
        Blocks::template run<DK, DV, KV, R>(w, qh, rows, pf);
        qh += R;
      }
    }
    if (++far_h == w.kv_heads) {
      far_h = 0;
      ++far_b;
    }
  }
}

/// Puts the accumulators of a pairs layout (see decode_pairs) back in element order.
template <int DV, class KV, class O>
void restore_element_order(const decode_work& w) {
  constexpr int CV = DV / O::W;
  for (int qh = 0; qh < w.kv_heads * w.heads_per_kv; ++qh)
    for (int c = 0; c < CV; c += 2) {
      float* dst = w.acc + std::size_t(qh) * DV + c * O::W;
      if constexpr (O::has_bf16_dot) {
        if (w.bf16_products) {
          O::lanes_store(dst, O::load(dst), O::load(dst + O::W));
          continue;
        }
      }
      O::interleave_store(dst, O::load(dst), O::load(dst + O::W));
    }
}

/// Partial attention of every query head of w over keys [w.begin, w.end), block by block (see
/// decode_work): writes unnormalised acc, m and l. Each KV head's heads run as units of G heads,
/// then (R > 0) units of R heads: a group without a tuned body of its own runs on two.
template <int DK, int DV, class KV, int G, int R, class Blocks = vector_blocks>
void decode_partial(const decode_work& w) {
  using O = typename dependent<ops, KV>::type;
  constexpr bool pairs = Blocks::template pairs<O, KV, DV, G>;
  static_assert(DK % 32 == 0 || DK % O::W == 0, "attncap::detail: head dim must tile the vector width");
  static_assert(R == 0 || pairs == Blocks::template pairs<O, KV, DV, R>,
                "attncap::detail: both unit bodies must keep the accumulators in one order");
  for (int qh = 0; qh < w.kv_heads * w.heads_per_kv; ++qh) {
    w.m[qh] = -INFINITY;
    w.l[qh] = 0.0f;
  }
  const int ahead = far_visits<DK, DV, KV>(w);
  offset_ring ring(w, ahead / w.kv_heads + 3);
  prefetch_first_visits<DK, DV, KV, O>(w, ring, ahead, w.kv_heads);
  const int blocks = (w.end - w.begin + 15) / 16;
  Blocks::template begin<G>();
  for (int b = 0, slot = 0; b < blocks; ++b, slot = slot + 1 == ring.span ? 0 : slot + 1) {
    prime_pages<O>(w, ring, slot == 0 ? ring.span - 1 : slot - 1);  // block b + span - 1
    visit_block<DK, DV, KV, G, R, O, Blocks>(w, ring, slot, ahead);
    ring.fill(slot);  // block b + span
  }
  Blocks::end();
  if constexpr (pairs) restore_element_order<DV, KV, O>(w);
}

#endif  // ATTNCAP_DETAIL_IN_ISA_REGION
