// SPDX-License-Identifier: MIT
// Runs a layer and shows what the narrowed build supports; exits non-zero on any surprise.
#include <attncap/kernels/decode.hpp>
#include <cmath>
#include <cstdio>

#include "layer.hpp"

using namespace attncap;
using namespace attncap::kernels;

static_assert(decode_space.check(128, dtype::bf16, 4) == support::ok);
static_assert(decode_space.check(64, dtype::bf16, 4) == support::excluded_by_build);  // narrowed away

int main() {
  const auto out = run_layer(1000);
  for (float x : out)
    if (!std::isfinite(x) || std::fabs(x) > 2.0f) return 1;
  std::printf("decode out[0] = %.5f on the %s path\n", double(out[0]), to_string(active_isa()).data());

  decode_params p;  // a request this build does not compile is refused, with the reason
  std::int32_t lens[1] = {1}, table[1] = {0};
  float q[64 * 4] = {}, o[64 * 4] = {};
  std::uint16_t kv[64] = {};
  p.q = q;
  p.o = o;
  p.k_cache = p.v_cache = kv;
  p.page_table = table;
  p.seq_lens = lens;
  p.batch = p.num_kv_heads = p.page_size = p.num_pages = p.max_pages_per_seq = 1;
  p.num_q_heads = 4;
  p.head_dim = 64;
  try {
    decode(p);
    return 1;
  } catch (const kernel_unsupported& e) {
    std::printf("%s\n", e.what());
    return e.reason() == support::excluded_by_build ? 0 : 1;
  }
}
