// SPDX-License-Identifier: MIT
/// @file
/// Problem descriptions of the kernels (buffers, layouts, lengths) and their validation: every bad
/// shape is rejected with a `shape_error` naming the problem before any tensor is read or written.
#pragma once

#include <attncap/kernels/kernel_space.hpp>
#include <attncap/vocabulary/dtype.hpp>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

namespace attncap::kernels {

/// A call whose shapes, lengths or buffers are invalid; nothing was read from or written to a tensor.
class shape_error : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// Order of a paged cache's dimensions inside one page.
enum class kv_layout : std::uint8_t {
  nhd,  ///< (num_pages, page_size, num_kv_heads, head_dim): a token's heads are adjacent
  hnd,  ///< (num_pages, num_kv_heads, page_size, head_dim): a head's tokens are adjacent (streams best)
};

/// Decode over a paged KV cache (one new token per sequence). Also MLA decode, see mla_decode.hpp.
///
/// Layouts (row-major, element type in brackets):
///   q, o:     (batch, num_q_heads, head_dim)                         [q_dtype]
///   k_cache:  (num_pages, page_size, num_kv_heads, head_dim) for kv_layout::nhd,
///             (num_pages, num_kv_heads, page_size, head_dim) for kv_layout::hnd   [kv_dtype]
///   v_cache:  the same with v_head_dim                               [kv_dtype]
///   page_table: (batch, max_pages_per_seq) page ids; seq_lens: (batch) cached tokens.
/// Query head h attends with KV head h / (num_q_heads / num_kv_heads). A sequence with
/// seq_lens[b] == 0 has no visible key: its output rows are zeros. Any alignment is accepted;
/// caches aligned to 64 bytes keep each row on whole cache lines.
struct decode_params {
  const void* q = nullptr;
  void* o = nullptr;
  dtype q_dtype = dtype::fp32;  ///< dtype of q and o
  const void* k_cache = nullptr;
  const void* v_cache = nullptr;
  dtype kv_dtype = dtype::bf16;
  kv_layout layout = kv_layout::nhd;
  const std::int32_t* page_table = nullptr;
  const std::int32_t* seq_lens = nullptr;
  int batch = 0;
  int num_q_heads = 0;
  int num_kv_heads = 0;
  int head_dim = 0;
  int v_head_dim = 0;  ///< 0: same as head_dim
  int page_size = 0;
  int num_pages = 0;  ///< pages in the cache (bounds every page id)
  int max_pages_per_seq = 0;
  float scale = 0.0f;  ///< softmax scale; 0: 1 / sqrt(head_dim)
  /// Sliding window: the new token (position seq_lens[b] - 1) sees keys >= its position minus
  /// window_left; -1: every cached key.
  int window_left = -1;
  float softcap = 0.0f;  ///< logit soft-cap c: s -> c * tanh(s / c) on the scaled scores; 0: off
  /// Attention sinks (GPT-OSS): per query head a logit sinks[h] that joins the softmax's
  /// denominator and adds no value; compared with the scaled, capped scores; -inf: none for that
  /// head, NaN: refused. Null: none.
  const float* sinks = nullptr;
  int num_threads = 0;  ///< 0: every pool thread
  /// Allows bf16 products with a bf16 KV cache on CPUs with bf16 dot products (AVX512_BF16): q
  /// and the softmax weights are rounded to bf16 for the multiplications, as GPU decode kernels
  /// do, and every sum stays fp32. About half the instructions; the error stays within the bf16
  /// rounding of the inputs (about 4e-3 of max |v|) instead of about 1e-5. Elsewhere it changes
  /// nothing: products are fp32.
  bool allow_bf16_products = false;
  /// Caller-owned scratch of workspace_bytes >= decode_workspace_bytes(p) bytes (workspace.hpp),
  /// any alignment. Null: the calling thread's own scratch, grown on first need and reused, so
  /// either way a call after the first of its size allocates nothing.
  void* workspace = nullptr;
  std::size_t workspace_bytes = 0;
};

/// Prefill/extend (causal, with a cached prefix) and cross attention (non-causal) over ragged
/// batches.
///
///   q, o: (total_q, num_q_heads, head_dim); k, v: (total_kv, num_kv_heads, head_dim)   [type]
///   q_indptr, kv_indptr: (batch + 1) row offsets of each sequence.
/// Causal: sequence b's q_len queries are its last q_len positions (kv_len - q_len cached tokens
/// come first), query at position p sees keys <= p, and with window_left >= 0 only keys
/// >= p - window_left. Rows without a visible key are zeros.
///
/// Paged extend: with k_cache set, K and V come from a paged cache laid out as decode_params'
/// (layout, page_size, num_pages, page_table of max_pages_per_seq ids per sequence) in `type`, and
/// k / v are not read: sequence b's kv_len = kv_indptr[b + 1] - kv_indptr[b] tokens are its cached
/// prefix and then its q_len new tokens (already written), from token 0 of page_table row b.
/// Contiguous prefill is the same code with one page holding each sequence's rows.
struct prefill_params {
  const void* q = nullptr;
  const void* k = nullptr;  ///< contiguous K; null for a paged extend
  const void* v = nullptr;
  void* o = nullptr;
  dtype type = dtype::bf16;
  const std::int32_t* q_indptr = nullptr;
  const std::int32_t* kv_indptr = nullptr;
  const void* k_cache = nullptr;  ///< paged extend: the KV cache (see above); null: contiguous k / v
  const void* v_cache = nullptr;
  kv_layout layout = kv_layout::nhd;
  const std::int32_t* page_table = nullptr;
  int page_size = 0;
  int num_pages = 0;
  int max_pages_per_seq = 0;
  int batch = 0;
  int num_q_heads = 0;
  int num_kv_heads = 0;
  int head_dim = 0;
  int v_head_dim = 0;  ///< 0: same as head_dim
  bool causal = true;
  int window_left = -1;          ///< sliding window (causal only; cross_attention refuses one); -1: none
  float softcap = 0.0f;          ///< logit soft-cap c: s -> c * tanh(s / c); 0: off
  float scale = 0.0f;            ///< 0: 1 / sqrt(head_dim)
  const float* sinks = nullptr;  ///< per query head sink logits, as decode_params::sinks; null: none
  int num_threads = 0;
  /// Allows bf16 softmax weights for P V with a bf16 type on the AMX path (isa::avx512_amx), as
  /// GPU kernels and PyTorch's CPU attention do: half the tile products, and the error stays within
  /// the bf16 rounding of the weights (about 4e-3 of max |v|) instead of about 1e-5. Elsewhere it
  /// changes nothing.
  bool allow_bf16_products = false;
  /// Caller-owned scratch of workspace_bytes >= prefill_workspace_bytes(p) bytes (workspace.hpp);
  /// null: the calling thread's own scratch, as for decode.
  void* workspace = nullptr;
  std::size_t workspace_bytes = 0;
};

namespace detail {

[[noreturn]] inline void reject(const char* api, const std::string& what) {
  throw shape_error(std::string("attncap::kernels::") + api + ": " + what);
}
inline void require_positive(const char* api, const char* name, long long v) {
  if (v <= 0) reject(api, std::string(name) + " must be > 0 (got " + std::to_string(v) + ")");
}
inline void require_buffer(const char* api, const char* name, const void* p) {
  if (p == nullptr) reject(api, std::string(name) + " is a null pointer");
}
/// Product of the factors, rejected when it cannot be addressed (ptrdiff_t).
inline std::size_t checked_size(const char* api, const char* what, std::initializer_list<std::size_t> factors) {
  std::size_t n = 1;
  for (std::size_t f : factors)
    if (__builtin_mul_overflow(n, f, &n) || n > static_cast<std::size_t>(std::numeric_limits<std::ptrdiff_t>::max()))
      reject(api, std::string(what) + " overflows the address space");
  return n;
}
inline bool is_io_dtype(dtype t) { return t == dtype::fp32 || t == dtype::fp16 || t == dtype::bf16; }

/// The options decode and prefill share: scale, sliding window, soft-cap, and the sinks of the
/// `heads` query heads (any logit, -inf for none, but NaN: it would zero the head's output).
inline void check_options(const char* api, float scale, int window_left, float softcap, const float* sinks, int heads) {
  if (!(scale >= 0.0f) || !std::isfinite(scale)) reject(api, "scale must be finite and >= 0");
  if (window_left < -1) reject(api, "window_left must be >= -1 (got " + std::to_string(window_left) + ")");
  if (!(softcap >= 0.0f) || !std::isfinite(softcap)) reject(api, "softcap must be finite and >= 0");
  for (int h = 0; sinks != nullptr && h < heads; ++h)
    if (std::isnan(sinks[h])) reject(api, "sinks[" + std::to_string(h) + "] is NaN (a sink is a logit, -inf for none)");
}
/// A paged cache's layout is one of the enumerators.
inline void check_layout(const char* api, kv_layout layout) {
  if (layout != kv_layout::nhd && layout != kv_layout::hnd)
    reject(api, "layout " + std::to_string(static_cast<int>(layout)) + " is not kv_layout::nhd or kv_layout::hnd");
}

/// Sequence b's length `len` (named `what`) fits its row of the page table, and the pages it uses
/// are in [0, num_pages).
inline void check_pages(const char* api, const std::int32_t* table, int max_pages, int page_size, int num_pages, int b,
                        long long len, const char* what) {
  const long long cap = static_cast<long long>(max_pages) * page_size;
  if (len < 0 || len > cap)
    reject(api, std::string(what) + "[" + std::to_string(b) + "] = " + std::to_string(len) + " is outside [0, " +
                    std::to_string(cap) + "]");
  const long long used = (len + page_size - 1) / page_size;
  for (long long i = 0; i < used; ++i) {
    const std::int32_t page = table[static_cast<std::size_t>(b) * std::size_t(max_pages) + std::size_t(i)];
    if (page < 0 || page >= num_pages)
      reject(api, "page_table[" + std::to_string(b) + "][" + std::to_string(i) + "] = " + std::to_string(page) +
                      " is outside [0, " + std::to_string(num_pages) + ")");
  }
}

/// Checks everything except the kernel key; `latent_v` (MLA) lets V alias the K rows.
inline void validate_paged(const char* api, const decode_params& p, bool latent_v) {
  require_buffer(api, "q", p.q);
  require_buffer(api, "o", p.o);
  require_buffer(api, "k_cache", p.k_cache);
  if (!latent_v) require_buffer(api, "v_cache", p.v_cache);
  require_buffer(api, "page_table", p.page_table);
  require_buffer(api, "seq_lens", p.seq_lens);
  require_positive(api, "batch", p.batch);
  require_positive(api, "num_q_heads", p.num_q_heads);
  require_positive(api, "num_kv_heads", p.num_kv_heads);
  require_positive(api, "head_dim", p.head_dim);
  require_positive(api, "page_size", p.page_size);
  require_positive(api, "num_pages", p.num_pages);
  require_positive(api, "max_pages_per_seq", p.max_pages_per_seq);
  if (p.v_head_dim < 0) reject(api, "v_head_dim must be >= 0 (got " + std::to_string(p.v_head_dim) + ")");
  if (p.num_q_heads % p.num_kv_heads != 0)
    reject(api, "num_q_heads (" + std::to_string(p.num_q_heads) + ") is not divisible by num_kv_heads (" +
                    std::to_string(p.num_kv_heads) + ")");
  if (!is_io_dtype(p.q_dtype))
    reject(api, "q_dtype " + std::string(to_string(p.q_dtype)) + " is not fp32, fp16 or bf16");
  check_options(api, p.scale, p.window_left, p.softcap, p.sinks, p.num_q_heads);
  check_layout(api, p.layout);
  const std::size_t vd = static_cast<std::size_t>(p.v_head_dim ? p.v_head_dim : p.head_dim);
  checked_size(api, "q", {std::size_t(p.batch), std::size_t(p.num_q_heads), std::size_t(p.head_dim), 4});
  checked_size(api, "o", {std::size_t(p.batch), std::size_t(p.num_q_heads), vd, 4});
  checked_size(api, "k_cache",
               {std::size_t(p.num_pages), std::size_t(p.page_size), std::size_t(p.num_kv_heads),
                std::size_t(p.head_dim), size_of(p.kv_dtype)});
  checked_size(
      api, "v_cache",
      {std::size_t(p.num_pages), std::size_t(p.page_size), std::size_t(p.num_kv_heads), vd, size_of(p.kv_dtype)});
  const std::size_t cap =
      checked_size(api, "max_pages_per_seq * page_size", {std::size_t(p.max_pages_per_seq), std::size_t(p.page_size)});
  if (cap > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    reject(api, "max_pages_per_seq * page_size overflows int");
  checked_size(api, "page_table", {std::size_t(p.batch), std::size_t(p.max_pages_per_seq), 4});
  for (int b = 0; b < p.batch; ++b)
    check_pages(api, p.page_table, p.max_pages_per_seq, p.page_size, p.num_pages, b, p.seq_lens[b], "seq_lens");
}

/// The paged cache of an extend call: buffers, sizes, and every sequence's pages.
inline void validate_extend_cache(const char* api, const prefill_params& p) {
  require_buffer(api, "v_cache", p.v_cache);
  require_buffer(api, "page_table", p.page_table);
  require_positive(api, "page_size", p.page_size);
  require_positive(api, "num_pages", p.num_pages);
  require_positive(api, "max_pages_per_seq", p.max_pages_per_seq);
  check_layout(api, p.layout);
  checked_size(api, "k_cache",
               {std::size_t(p.num_pages), std::size_t(p.page_size), std::size_t(p.num_kv_heads),
                std::size_t(p.head_dim), size_of(p.type)});
  checked_size(api, "page_table", {std::size_t(p.batch), std::size_t(p.max_pages_per_seq), 4});
  for (int b = 0; b < p.batch; ++b)
    check_pages(api, p.page_table, p.max_pages_per_seq, p.page_size, p.num_pages, b,
                static_cast<long long>(p.kv_indptr[b + 1]) - p.kv_indptr[b], "kv_len");
}

inline void validate_prefill(const char* api, const prefill_params& p) {
  require_buffer(api, "q", p.q);
  if (p.k_cache == nullptr) {
    require_buffer(api, "k", p.k);
    require_buffer(api, "v", p.v);
  }
  require_buffer(api, "o", p.o);
  require_buffer(api, "q_indptr", p.q_indptr);
  require_buffer(api, "kv_indptr", p.kv_indptr);
  require_positive(api, "batch", p.batch);
  require_positive(api, "num_q_heads", p.num_q_heads);
  require_positive(api, "num_kv_heads", p.num_kv_heads);
  require_positive(api, "head_dim", p.head_dim);
  if (p.num_q_heads % p.num_kv_heads != 0)
    reject(api, "num_q_heads (" + std::to_string(p.num_q_heads) + ") is not divisible by num_kv_heads (" +
                    std::to_string(p.num_kv_heads) + ")");
  if (p.v_head_dim != 0 && p.v_head_dim != p.head_dim)
    reject(api, "head dim mismatch: head_dim " + std::to_string(p.head_dim) + " but v_head_dim " +
                    std::to_string(p.v_head_dim) + " (this family needs equal q/k and v head dims)");
  check_options(api, p.scale, p.window_left, p.softcap, p.sinks, p.num_q_heads);
  if (!p.causal && p.window_left >= 0)
    reject(api, "window_left " + std::to_string(p.window_left) +
                    " needs causal = true (a window reaches back from each query's position); -1 without it");
  if (p.q_indptr[0] != 0 || p.kv_indptr[0] != 0) reject(api, "q_indptr[0] and kv_indptr[0] must be 0");
  for (int b = 0; b < p.batch; ++b) {
    const long long ql = static_cast<long long>(p.q_indptr[b + 1]) - p.q_indptr[b];
    const long long kl = static_cast<long long>(p.kv_indptr[b + 1]) - p.kv_indptr[b];
    if (ql < 0 || kl < 0)
      reject(api, "q_indptr and kv_indptr must be non-decreasing (sequence " + std::to_string(b) + ")");
    if (p.causal && kl < ql)
      reject(api, "causal sequence " + std::to_string(b) + " has q_len " + std::to_string(ql) + " > kv_len " +
                      std::to_string(kl) + " (the cached prefix is kv_len - q_len)");
  }
  const auto total_q = static_cast<std::size_t>(p.q_indptr[p.batch]);
  const auto total_kv = static_cast<std::size_t>(p.kv_indptr[p.batch]);
  checked_size(api, "q", {total_q, std::size_t(p.num_q_heads), std::size_t(p.head_dim), size_of(p.type)});
  checked_size(api, "k", {total_kv, std::size_t(p.num_kv_heads), std::size_t(p.head_dim), size_of(p.type)});
  checked_size(api, "packed K and V",
               {total_kv + 64 * std::size_t(p.batch), std::size_t(p.num_kv_heads), std::size_t(p.head_dim),
                4 + size_of(p.type)});
  if (p.k_cache != nullptr) validate_extend_cache(api, p);
}

}  // namespace detail

}  // namespace attncap::kernels
