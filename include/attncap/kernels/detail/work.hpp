// SPDX-License-Identifier: MIT
/// @file
/// The unit of work each ISA body receives: pointers already offset to one head and one key or
/// query range, so the bodies do arithmetic only and never validate.
#pragma once

#include <attncap/kernels/numeric.hpp>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace attncap::kernels::detail {

/// The query heads of kv_heads KV heads over keys [begin, end) of one paged sequence. Each block
/// of keys is read for every KV head before the next block: the heads' slices of a page lie next
/// to each other in the cache, so the reads stream instead of jumping a page stride every 16
/// keys. A KV head's heads_per_kv query heads are units_per_head units of G heads, then
/// rest_per_head units of R heads (see decode_partial), all run on the block's rows while they
/// are in L1: the rows come from memory once per KV head.
struct decode_work {
  const float* q = nullptr;      // [local q head][DK], pre-multiplied by scale * log2(e)
  const bf16_t* q_hi = nullptr;  // [local q head][DK] unscaled q split as hi + lo bf16 (bf16-dot path only;
                                 // on tiles hi and lo of each unit in tile order, see tile_head)
  const bf16_t* q_lo = nullptr;
  bool q_lo_nonzero = false;  // false for bf16 q: the vector body then skips the lo dot products
  bool q_pairs = false;       // q in pair order (scaled_row): the fp32 QK reads bf16 K as even / odd pairs
  bool bf16_dot = false;
  bool bf16_products = false;    // p rounded to bf16 for PV by vdpbf16ps or tiles (q is then hi only)
  float score_scale = 1.0f;      // scale * log2(e), applied after a bf16 dot product
  float softcap = 0.0f;          // logit soft-cap c on the scaled scores; 0: off
  const std::byte* k = nullptr;  // token 0 of page 0 for local KV head 0
  const std::byte* v = nullptr;
  std::size_t head_bytes = 0;  // from one KV head to the next
  std::size_t page_bytes = 0;  // (page, token) -> byte offset page * page_bytes + token * token_bytes
  std::size_t token_bytes = 0;
  const std::int32_t* pages = nullptr;
  int page_size = 1;
  int begin = 0, end = 0;
  int kv_heads = 1, units_per_head = 1, rest_per_head = 0, heads_per_kv = 1;
  float* acc = nullptr;  // out [local q head][DV]: unnormalised sum of 2^(s - m) v
  float* m = nullptr;    // out [local q head]: running max of s (log2 domain), -inf when no key was seen
  float* l = nullptr;    // out [local q head]: sum of 2^(s - m)
};

/// Byte strides of a paged cache of rows of row_bytes: from one KV head to the next, and the
/// (page, token) offset page * page_bytes + token * token_bytes.
struct paged_strides {
  std::size_t head_bytes, page_bytes, token_bytes;
};
constexpr paged_strides strides_of(bool hnd, std::size_t row_bytes, std::size_t kv_heads,
                                   std::size_t page_size) noexcept {
  return {hnd ? row_bytes * page_size : row_bytes, row_bytes * kv_heads * page_size,
          hnd ? row_bytes : row_bytes * kv_heads};
}

/// Up to BQ query rows of one head against its keys, flash style; writes normalised output rows.
struct prefill_work {
  const void* q = nullptr;  // row i at q + i * q_stride elements (dtype T)
  std::size_t q_stride = 0;
  const float* kt = nullptr;  // the head's packed key tiles, K^T then V (prefill_layout)
  void* o = nullptr;
  std::size_t o_stride = 0;
  int nq = 0;     // query rows in this tile
  int q_pos = 0;  // key position of the tile's first query row
  int kv_len = 0;
  bool causal = false;
  int window_left = -1;  // keys [pos - window_left, pos] visible; -1 = unbounded
  float softcap = 0.0f;
  float scale = 1.0f;
  float sink = -INFINITY;  // the head's sink logit (scaled-score units); -inf: none
  bool bf16_dot = false;
  bool bf16_products = false;  // AMX: the weights rounded to bf16 for P V (no low part)
  void* state = nullptr;       // the running thread's tile state (prefill_layout::state_bytes), 64-byte aligned
};

/// Rounds n up to a multiple of m.
constexpr std::size_t round_up(std::size_t n, std::size_t m) noexcept { return (n + m - 1) / m * m; }

/// Maps a type to itself through a dependent context (keeps ISA-only members out of other paths).
template <class T, class>
struct dependent {
  using type = T;
};

}  // namespace attncap::kernels::detail
