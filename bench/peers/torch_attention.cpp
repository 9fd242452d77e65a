// SPDX-License-Identifier: MIT
// attncap's prefill behind a C entry point, so that torch_sdpa.py can alternate it with PyTorch's
// CPU scaled_dot_product_attention in one Python process, a pair at a time, on the same shapes:
// the ratio of a pair is then measured across the same noise of a shared machine, as
// attncap_peer_ggml does for ggml. Loaded with ctypes; built with -DATTNCAP_TORCH_PEER=ON.
#include <attncap/kernels/prefill.hpp>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <vector>

#include "../memory.hpp"

namespace {

namespace ak = attncap::kernels;

/// One sequence: q (q_len, heads, head_dim); k and v contiguous (kv_len, kv_heads, head_dim) when
/// page_size is 0, else a paged cache in kv_layout::hnd with the pages in order, as the bench's
/// extend rows read it. Causal: the last q_len positions of kv_len.
void run(const void* q, const void* k, const void* v, void* o, attncap::dtype type, int q_len, int kv_len, int heads,
         int kv_heads, int head_dim, int page_size, int threads) {
  const std::int32_t q_indptr[] = {0, q_len}, kv_indptr[] = {0, kv_len};
  ak::prefill_params p{.q = q,
                       .o = o,
                       .type = type,
                       .q_indptr = q_indptr,
                       .kv_indptr = kv_indptr,
                       .batch = 1,
                       .num_q_heads = heads,
                       .num_kv_heads = kv_heads,
                       .head_dim = head_dim,
                       .num_threads = threads};
  // Kept from call to call: the timed call allocates nothing, as the bench's rows.
  thread_local std::vector<std::int32_t> table;
  if (page_size > 0) {
    const int pages = (kv_len + page_size - 1) / page_size;
    if (static_cast<int>(table.size()) < pages) table = bench::identity_pages(pages);
    p.k_cache = k;
    p.v_cache = v;
    p.layout = ak::kv_layout::hnd;
    p.page_table = table.data();
    p.page_size = page_size;
    p.num_pages = pages;
    p.max_pages_per_seq = pages;
  } else {
    p.k = k;
    p.v = v;
  }
  ak::prefill(p);
}

/// Writes the message into err where the caller gave room for one.
void report(char* err, int err_len, const char* what) {
  if (err != nullptr && err_len > 0) std::snprintf(err, static_cast<std::size_t>(err_len), "%s", what);
}

}  // namespace

/// attncap's causal prefill of one sequence (see run); type 0: fp32, 1: bf16. Returns 0, or 1 with
/// the kernel's error in err (the kernels report bad shapes by exception, which must not cross
/// into Python).
extern "C" int attncap_peer_prefill(const void* q, const void* k, const void* v, void* o, int type, int q_len,
                                    int kv_len, int heads, int kv_heads, int head_dim, int page_size, int threads,
                                    char* err, int err_len) noexcept {
  if (type != 0 && type != 1) {
    char what[64];
    std::snprintf(what, sizeof what, "type %d: accepted 0 (fp32) or 1 (bf16)", type);
    report(err, err_len, what);
    return 1;
  }
  try {
    run(q, k, v, o, type == 0 ? attncap::dtype::fp32 : attncap::dtype::bf16, q_len, kv_len, heads, kv_heads, head_dim,
        page_size, threads);
    return 0;
  } catch (const std::exception& e) {
    report(err, err_len, e.what());
  } catch (...) {
    report(err, err_len, "an exception that is not a std::exception");
  }
  return 1;
}
