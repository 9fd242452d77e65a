// SPDX-License-Identifier: MIT
// Calls the kernels through runtime dispatch; with ATTNCAP_KERNELS_EXTERN this TU compiles no kernel.
#include "layer.hpp"

#include <attncap/kernels/decode.hpp>
#include <attncap/kernels/prefill.hpp>

using namespace attncap;
using namespace attncap::kernels;

std::vector<float> run_layer(int prompt_len) {
  constexpr int heads = 8, kv_heads = 2, dim = 128, page = 16;
  const int n = prompt_len * heads * dim, nkv = prompt_len * kv_heads * dim;
  std::vector<bf16_t> q(static_cast<std::size_t>(n), from_float<bf16_t>(0.5f)), o(static_cast<std::size_t>(n));
  std::vector<bf16_t> k(static_cast<std::size_t>(nkv)), v(static_cast<std::size_t>(nkv));
  for (int i = 0; i < nkv; ++i) {
    k[std::size_t(i)] = from_float<bf16_t>(float(i % 17) / 17.0f);
    v[std::size_t(i)] = from_float<bf16_t>(float(i % 5) - 2.0f);
  }
  std::vector<std::int32_t> indptr{0, prompt_len};
  prefill_params pre;
  pre.q = q.data();
  pre.k = k.data();
  pre.v = v.data();
  pre.o = o.data();
  pre.type = dtype::bf16;
  pre.q_indptr = indptr.data();
  pre.kv_indptr = indptr.data();
  pre.batch = 1;
  pre.num_q_heads = heads;
  pre.num_kv_heads = kv_heads;
  pre.head_dim = dim;
  prefill(pre);

  // The same K/V viewed as a paged cache (pages in order), decoding one new query.
  const int pages = (prompt_len + page - 1) / page;
  std::vector<bf16_t> kc(static_cast<std::size_t>(pages * page * kv_heads * dim)), vc(kc.size());
  std::copy(k.begin(), k.end(), kc.begin());
  std::copy(v.begin(), v.end(), vc.begin());
  std::vector<std::int32_t> table(static_cast<std::size_t>(pages)), lens{prompt_len};
  for (int i = 0; i < pages; ++i) table[std::size_t(i)] = i;
  std::vector<float> dq(heads * dim, 0.25f), out(heads * dim);
  decode_params dec;
  dec.q = dq.data();
  dec.o = out.data();
  dec.q_dtype = dtype::fp32;
  dec.k_cache = kc.data();
  dec.v_cache = vc.data();
  dec.kv_dtype = dtype::bf16;
  dec.page_table = table.data();
  dec.seq_lens = lens.data();
  dec.batch = 1;
  dec.num_q_heads = heads;
  dec.num_kv_heads = kv_heads;
  dec.head_dim = dim;
  dec.page_size = page;
  dec.num_pages = pages;
  dec.max_pages_per_seq = pages;
  decode(dec);
  return out;
}
