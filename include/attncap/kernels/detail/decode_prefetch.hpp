// SPDX-License-Identifier: MIT
/// @file
/// The prefetches of a decode block: far rows into L2 for the blocks ahead, the next KV head's
/// rows of this block into L1, issued a few at a time as the block's loops make progress.
/// Written once against `ops` and compiled once per ISA namespace by
/// attncap/kernels/detail/bodies.hpp.
// No include guard: bodies.hpp includes this file once per ISA, inside that ISA's namespace and
// target region. Included on its own it forwards to bodies.hpp.
#if !defined(ATTNCAP_DETAIL_IN_ISA_REGION)
#include <attncap/kernels/detail/bodies.hpp>
#else

/// What a block prefetches, one row per key: far_n far rows at far_off (relative to far_k /
/// far_v) into L2, and, unless next_k is null, the next KV head's rows of this block at next_off
/// (relative to next_k / next_v) into L1 (its V rows only below G = 4: from there each head
/// prefetches its own, see own_v_before_softmax). Read right after this block, those rows would
/// otherwise wait on L2 behind the other heads' q and acc.
struct block_prefetch {
  const std::size_t* far_off;
  int far_n;
  const std::byte* far_k;
  const std::byte* far_v;
  const std::byte* next_k;
  const std::byte* next_v;
  const std::size_t* next_off;
  bool same_rows;  // MLA: V is the latent prefix of the K row, no V rows of its own
};

/// Prefetches the Bytes at p into L2.
template <std::size_t Bytes, class O>
inline void prefetch_l2(const std::byte* p) {
  ATTNCAP_DETAIL_UNROLLED_FOR (std::size_t i = 0; i < Bytes; i += 64) O::prefetch(p + i);
}

/// Prefetches the Bytes at p into L1.
template <std::size_t Bytes, class O>
inline void prefetch_l1(const std::byte* p) {
  ATTNCAP_DETAIL_UNROLLED_FOR (std::size_t i = 0; i < Bytes; i += 64) O::prefetch_l1(p + i);
}

/// Issues the L2 prefetches of one K row and one V row (V skipped when it is K's latent prefix).
template <int DK, int DV, class KV, class O>
inline void prefetch_rows(const std::byte* k, const std::byte* v, bool same_rows) {
  prefetch_l2<DK * sizeof(KV), O>(k);
  if (!same_rows) prefetch_l2<DV * sizeof(KV), O>(v);
}

/// Where a block's V rows are prefetched into L1. From G = 4 the head's own QK is long enough to
/// push rows prefetched during the previous head's block out of L1 again, and its softmax long
/// enough to hide L2 latency, so each head prefetches its own rows there (where the feed counts
/// whole loops, feed_per_loop, before its QK instead: 1–4 % faster on AVX2). Below, the previous
/// head prefetches them: a G1 softmax is too short to hide the access. bench/README.md has the
/// measurements behind these choices.
template <int G>
inline constexpr bool own_v_before_softmax = G >= 4;

/// Whether a block's loops feed the prefetches once a loop (a QK step of U keys, a PV pass) rather
/// than once a step: AVX2 from G = 4, where the per-step bookkeeping, its counters spilled for
/// want of registers, cost a quarter of the block and a few rows a loop still go out early enough.
/// Below G = 4 a loop's share is too many rows at once (G1 ran 4–25 % slower). AVX-512 keeps its
/// steps: fed per loop on Zen 4, fp16 G4 ran faster but bf16 G4 no faster and G8 with a bf16 q
/// slower (bench/README.md).
template <class O, int G>
inline constexpr bool feed_per_loop = O::W == 8 && G >= 4;

/// The far rows of key j (see block_prefetch), all at once: the tile kernel's (G >= 4, so no next
/// V rows), four keys between each two of its steps.
template <int DK, int DV, class KV, class O>
inline void prefetch_key(const block_prefetch& pf, int j) {
  if (j < pf.far_n) prefetch_rows<DK, DV, KV, O>(pf.far_k + pf.far_off[j], pf.far_v + pf.far_off[j], pf.same_rows);
}
/// The far rows past a short block's last key.
template <int DK, int DV, class KV, class O>
inline void prefetch_far_rest(const block_prefetch& pf, int n) {
  for (int j = n; j < pf.far_n; ++j)
    prefetch_rows<DK, DV, KV, O>(pf.far_k + pf.far_off[j], pf.far_v + pf.far_off[j], pf.same_rows);
}

/// A block's prefetches (block_prefetch) handed out as its QK and PV loops make progress, each of
/// the two streams (far rows, next head's rows) evenly over the block. The loops count their
/// progress in FMAs: planned before the first one, reported after each step or each loop
/// (feed_per_loop). Issued in bursts, all far rows during the first PV pass, they held the line
/// fill buffers the block's own reads from L2 wait for (bench/README.md).
template <int DK, int DV, class KV, int G, class O>
class prefetch_feed {
 public:
  prefetch_feed(const block_prefetch& pf, int n) noexcept
      : pf_(pf),
        far_shift_(pf.same_rows ? 0 : 1),
        next_shift_(own_v_before_softmax<G> || pf.same_rows ? 0 : 1),
        far_{pf.far_n << far_shift_},
        next_{pf.next_k ? n << next_shift_ : 0} {}
  /// Adds a loop's FMAs to the block's total; before the first step.
  void plan(int fmas) noexcept { total_ += fmas; }
  /// A step of `fmas` FMAs done: issues the rows due by now, unless the feed counts whole loops.
  ATTNCAP_DETAIL_ALWAYS_INLINE void step(int fmas) noexcept {
    if constexpr (!feed_per_loop<O, G>) issue_due(fmas);
  }
  /// A loop of `fmas` FMAs done (its steps reported or not): issues the rows due by now if the
  /// feed counts whole loops.
  ATTNCAP_DETAIL_ALWAYS_INLINE void loop(int fmas) noexcept {
    if constexpr (feed_per_loop<O, G>) issue_due(fmas);
  }
  /// Issues the rows still due: the block is done.
  void finish() noexcept { issue_due(total_); }

 private:
  ATTNCAP_DETAIL_ALWAYS_INLINE void issue_due(int fmas) noexcept {
    far_.due(fmas, total_, [&](int r) ATTNCAP_DETAIL_ALWAYS_INLINE_LAMBDA {
      row<false>(pf_.far_k, pf_.far_v, pf_.far_off, far_shift_, r);
    });
    next_.due(fmas, total_, [&](int r) ATTNCAP_DETAIL_ALWAYS_INLINE_LAMBDA {
      row<true>(pf_.next_k, pf_.next_v, pf_.next_off, next_shift_, r);
    });
  }
  /// Row r of a stream into L1 or L2: K and V rows of key r >> shift in turn, or K rows only.
  template <bool L1>
  ATTNCAP_DETAIL_ALWAYS_INLINE static void row(const std::byte* k, const std::byte* v, const std::size_t* off,
                                               int shift, int r) noexcept {
    const std::size_t o = off[r >> shift];
    if (r & shift)
      lines<L1, DV * sizeof(KV)>(v + o);
    else
      lines<L1, DK * sizeof(KV)>(k + o);
  }
  template <bool L1, std::size_t Bytes>
  ATTNCAP_DETAIL_ALWAYS_INLINE static void lines(const std::byte* p) noexcept {
    if constexpr (L1)
      prefetch_l1<Bytes, O>(p);
    else
      prefetch_l2<Bytes, O>(p);
  }
  /// Rows of one stream: `credit` grows by rows * fmas a step, and a row goes out per total.
  struct stream {
    int rows, issued = 0;
    long credit = 0;
    template <class F>
    ATTNCAP_DETAIL_ALWAYS_INLINE void due(int fmas, int total, F issue) {
      for (credit += long(rows) * fmas; credit >= total && issued < rows; credit -= total) issue(issued++);
    }
  };
  const block_prefetch& pf_;
  int far_shift_, next_shift_;  // 1: rows alternate K, V of a key; 0: K rows only
  stream far_, next_;
  int total_ = 0;
};

#endif  // ATTNCAP_DETAIL_IN_ISA_REGION
