// SPDX-License-Identifier: MIT
// ggml's CPU flash attention (ggml_flash_attn_ext) and attncap's kernels on the same shapes in one
// process, calls alternated (ggml then attncap in even pairs, attncap then ggml in odd ones), so that
// what the shared machine does to one call it does to its neighbour, and the ratio of a pair is
// measured across the same noise.
// Built against a ggml checkout given to CMake as ATTNCAP_GGML_DIR (ggml itself is not part of
// this project).
//
//   attncap_peer_ggml decode  S Hq Hkv D f16|bf16 THREADS PAIRS
//   attncap_peer_ggml prefill S Hq Hkv D f16|bf16 THREADS PAIRS   (causal, S queries over S keys)
//
// Decode: q fp32, one sequence of S cached tokens; attncap reads them from a paged cache (pages of
// 16 tokens, HND, the pages in order), as the bench's decode rows do; after each pair a plain
// read of attncap's K and V (as many bytes as ggml's) gives the read roof both calls are set
// against. Prefill: ggml takes an
// fp32 q and a causal mask, attncap q, k and v of the KV type, contiguous.
#include <ggml-cpu.h>
#include <ggml.h>

#include <algorithm>
#include <attncap/kernels/instantiate.hpp>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "../memory.hpp"
#include "../read_roof.hpp"

namespace {

namespace ak = attncap::kernels;

struct shape {
  bool prefill;
  int s, hq, hkv, d;
  ggml_type kv;
  int threads, pairs;
  int queries() const { return prefill ? s : 1; }
  /// K and V of S tokens, two bytes an element (f16 and bf16 alike).
  std::size_t kv_bytes() const { return std::size_t(s) * std::size_t(hkv) * std::size_t(d) * 2 * 2; }
  attncap::dtype kv_dtype() const { return kv == GGML_TYPE_F16 ? attncap::dtype::fp16 : attncap::dtype::bf16; }
};

float draw(std::mt19937& rng) { return std::uniform_real_distribution<float>(-1.0f, 1.0f)(rng); }

void fill(ggml_tensor* t, std::mt19937& rng) {
  const auto n = static_cast<std::size_t>(ggml_nelements(t));
  if (t->type == GGML_TYPE_F32) {
    auto* p = static_cast<float*>(t->data);
    for (std::size_t i = 0; i < n; ++i) p[i] = draw(rng);
  } else if (t->type == GGML_TYPE_F16) {
    auto* p = static_cast<ggml_fp16_t*>(t->data);
    for (std::size_t i = 0; i < n; ++i) p[i] = ggml_fp32_to_fp16(draw(rng));
  } else {
    auto* p = static_cast<ggml_bf16_t*>(t->data);
    for (std::size_t i = 0; i < n; ++i) p[i] = ggml_fp32_to_bf16(draw(rng));
  }
}

/// ggml's graph for the shape: one flash-attention node, its tensors filled.
class ggml_case {
 public:
  explicit ggml_case(const shape& sh) : threads_(sh.threads) {
    const int nq = sh.queries();
    const std::size_t kv_bytes = sh.kv_bytes();
    const std::size_t q_bytes = std::size_t(nq) * std::size_t(sh.hq) * std::size_t(sh.d) * 4 * 2;
    const std::size_t mask_bytes = sh.prefill ? std::size_t(sh.s) * std::size_t(nq) * 2 : 0;
    ctx_ = ggml_init({kv_bytes + q_bytes + mask_bytes + (64u << 20), nullptr, false});
    ggml_tensor* q = ggml_new_tensor_4d(ctx_, GGML_TYPE_F32, sh.d, nq, sh.hq, 1);
    ggml_tensor* k = ggml_new_tensor_4d(ctx_, sh.kv, sh.d, sh.s, sh.hkv, 1);
    ggml_tensor* v = ggml_new_tensor_4d(ctx_, sh.kv, sh.d, sh.s, sh.hkv, 1);
    std::mt19937 rng(1);
    fill(q, rng);
    fill(k, rng);
    fill(v, rng);
    ggml_tensor* mask = nullptr;
    if (sh.prefill) {
      mask = ggml_new_tensor_4d(ctx_, GGML_TYPE_F16, sh.s, nq, 1, 1);
      auto* m = static_cast<ggml_fp16_t*>(mask->data);
      for (int i = 0; i < nq; ++i)
        for (int j = 0; j < sh.s; ++j)
          m[std::size_t(i) * std::size_t(sh.s) + std::size_t(j)] = ggml_fp32_to_fp16(j <= i ? 0.0f : -INFINITY);
    }
    ggml_tensor* out = ggml_flash_attn_ext(ctx_, q, k, v, mask, 1.0f / std::sqrt(float(sh.d)), 0.0f, 0.0f);
    graph_ = ggml_new_graph(ctx_);
    ggml_build_forward_expand(graph_, out);
  }
  ggml_case(const ggml_case&) = delete;
  ggml_case& operator=(const ggml_case&) = delete;
  ~ggml_case() { ggml_free(ctx_); }
  void run() { ggml_graph_compute_with_ctx(ctx_, graph_, threads_); }

 private:
  ggml_context* ctx_ = nullptr;
  ggml_cgraph* graph_ = nullptr;
  int threads_;
};

using buffer = bench::buffer;

buffer filled(std::size_t elements, attncap::dtype t, std::mt19937& rng) {
  buffer b(elements * attncap::size_of(t));
  for (std::size_t i = 0; i < elements; ++i) ak::store_from_float(b.data(), t, i, draw(rng));
  return b;
}

/// attncap's problem for the shape, with its buffers.
class attncap_case {
 public:
  explicit attncap_case(const shape& sh) : sh_(sh) {
    std::mt19937 rng(1);
    // Decode reads whole pages of 16 tokens: in HND the last page's later heads lie past S rows.
    const int tokens = sh.prefill ? sh.s : (sh.s + page - 1) / page * page;
    const std::size_t d = std::size_t(sh.d), rows = std::size_t(tokens) * std::size_t(sh.hkv);
    const attncap::dtype q_type = sh.prefill ? sh.kv_dtype() : attncap::dtype::fp32;
    q_ = filled(std::size_t(sh.queries()) * std::size_t(sh.hq) * d, q_type, rng);
    o_ = buffer(q_.size());
    k_ = filled(rows * d, sh.kv_dtype(), rng);
    v_ = filled(rows * d, sh.kv_dtype(), rng);
    if (sh.prefill)
      set_prefill();
    else
      set_decode();
  }
  attncap_case(const attncap_case&) = delete;  // the params point into the buffers
  attncap_case& operator=(const attncap_case&) = delete;
  void run() {
    if (sh_.prefill)
      ak::prefill(prefill_);
    else
      ak::decode(decode_);
  }
  /// Best bandwidth of a plain read of K and V on the shape's threads, one pass of each read loop.
  double read_roof() const {
    return bench::read_roof({{k_.data(), k_.size()}, {v_.data(), v_.size()}}, sh_.threads, 1);
  }

 private:
  static constexpr int page = 16;
  void set_decode() {
    table_ = bench::identity_pages((sh_.s + page - 1) / page);
    lens_ = {sh_.s};
    decode_ = {.q = q_.data(),
               .o = o_.data(),
               .q_dtype = attncap::dtype::fp32,
               .k_cache = k_.data(),
               .v_cache = v_.data(),
               .kv_dtype = sh_.kv_dtype(),
               .layout = ak::kv_layout::hnd,
               .page_table = table_.data(),
               .seq_lens = lens_.data(),
               .batch = 1,
               .num_q_heads = sh_.hq,
               .num_kv_heads = sh_.hkv,
               .head_dim = sh_.d,
               .page_size = page,
               .num_pages = int(table_.size()),
               .max_pages_per_seq = int(table_.size()),
               .num_threads = sh_.threads};
  }
  void set_prefill() {
    lens_ = {0, sh_.s};
    prefill_ = {.q = q_.data(),
                .k = k_.data(),
                .v = v_.data(),
                .o = o_.data(),
                .type = sh_.kv_dtype(),
                .q_indptr = lens_.data(),
                .kv_indptr = lens_.data(),
                .batch = 1,
                .num_q_heads = sh_.hq,
                .num_kv_heads = sh_.hkv,
                .head_dim = sh_.d,
                .num_threads = sh_.threads};
  }

  shape sh_;
  buffer q_, o_, k_, v_;
  std::vector<std::int32_t> table_, lens_;
  ak::decode_params decode_;
  ak::prefill_params prefill_;
};

template <class F>
double seconds(F&& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

double quantile(std::vector<double> v, double at) {
  std::sort(v.begin(), v.end());
  return v[std::size_t(at * double(v.size() - 1) + 0.5)];
}

void print(const char* who, const shape& sh, double t) {
  const double kv_bytes = double(sh.kv_bytes());
  const double macs = sh.prefill ? double(sh.s) * (sh.s + 1) / 2.0 : double(sh.s);
  std::printf("%s %s S=%d Hq=%d Hkv=%d D=%d kv=%s threads=%d: %.3f ms, %.1f GB/s, %.1f GFLOP/s\n", who,
              sh.prefill ? "prefill" : "decode", sh.s, sh.hq, sh.hkv, sh.d, ggml_type_name(sh.kv), sh.threads, t * 1e3,
              kv_bytes / t / 1e9, 4.0 * sh.hq * sh.d * macs / t / 1e9);
}

int run(const shape& sh) {
  ggml_case peer(sh);
  attncap_case own(sh);
  std::vector<double> g, a, ratio, g_roof, a_roof;
  const double kv_bytes = double(sh.kv_bytes());
  for (int r = 0; r < sh.pairs + 2; ++r) {  // the first two pairs warm up
    // ggml first in even pairs, attncap first in odd ones: neither always follows the other.
    double tg = 0, ta = 0;
    if (r % 2 == 0) {
      tg = seconds([&] { peer.run(); });
      ta = seconds([&] { own.run(); });
    } else {
      ta = seconds([&] { own.run(); });
      tg = seconds([&] { peer.run(); });
    }
    if (r < 2) continue;
    g.push_back(tg);
    a.push_back(ta);
    ratio.push_back(tg / ta);
    if (sh.prefill) continue;
    // Decode streams K and V: each call's share of a plain read of attncap's (the same bytes as
    // ggml's), measured after the pair.
    const double roof = own.read_roof();
    g_roof.push_back(kv_bytes / tg / roof * 100);
    a_roof.push_back(kv_bytes / ta / roof * 100);
  }
  print("ggml", sh, quantile(g, 0.5));
  print("attncap", sh, quantile(a, 0.5));
  std::printf("ggml / attncap, %d alternated pairs: median %.2f, quartiles %.2f-%.2f, range %.2f-%.2f (isa:%s)\n",
              sh.pairs, quantile(ratio, 0.5), quantile(ratio, 0.25), quantile(ratio, 0.75), quantile(ratio, 0.0),
              quantile(ratio, 1.0), std::string(attncap::to_string(ak::active_isa())).c_str());
  if (!sh.prefill)
    std::printf(
        "%% of the read roof (a plain read of K and V after each pair), medians: ggml %.0f %%, attncap %.0f %%\n",
        quantile(g_roof, 0.5), quantile(a_roof, 0.5));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 9 || (std::strcmp(argv[1], "decode") != 0 && std::strcmp(argv[1], "prefill") != 0) ||
      (std::strcmp(argv[6], "f16") != 0 && std::strcmp(argv[6], "bf16") != 0)) {
    std::fprintf(stderr, "usage: %s decode|prefill S Hq Hkv D f16|bf16 THREADS PAIRS\n", argv[0]);
    return 2;
  }
  const shape sh{std::strcmp(argv[1], "prefill") == 0,
                 std::atoi(argv[2]),
                 std::atoi(argv[3]),
                 std::atoi(argv[4]),
                 std::atoi(argv[5]),
                 std::strcmp(argv[6], "f16") == 0 ? GGML_TYPE_F16 : GGML_TYPE_BF16,
                 std::atoi(argv[7]),
                 std::atoi(argv[8])};
  if (sh.s <= 0 || sh.hq <= 0 || sh.hkv <= 0 || sh.hq % sh.hkv != 0 || sh.d <= 0 || sh.threads <= 0 || sh.pairs <= 0) {
    std::fprintf(stderr, "S, Hq, Hkv, D, THREADS and PAIRS must be positive, and Hq a multiple of Hkv\n");
    return 2;
  }
  try {
    return run(sh);
  } catch (const std::exception& e) {  // a shape the kernels refuse: shape_error, kernel_unsupported
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}
