// SPDX-License-Identifier: MIT
// Times ggml's CPU flash attention (ggml_flash_attn_ext) on the shapes bench/kernels.cpp runs,
// so the two can be measured back to back on one machine. Built against a ggml checkout given
// to CMake as ATTNCAP_GGML_DIR (ggml itself is not part of this project).
//
//   attncap_peer_ggml decode  S Hq Hkv D f16|bf16 THREADS REPS
//   attncap_peer_ggml prefill S Hq Hkv D f16|bf16 THREADS REPS   (causal, S queries over S keys)
#include <ggml-cpu.h>
#include <ggml.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {
struct shape {
  bool prefill;
  int s, hq, hkv, d;
  ggml_type kv;
  int threads, reps;
};

void fill(ggml_tensor* t, std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  const auto n = static_cast<std::size_t>(ggml_nelements(t));
  if (t->type == GGML_TYPE_F32) {
    auto* p = static_cast<float*>(t->data);
    for (std::size_t i = 0; i < n; ++i) p[i] = u(rng);
  } else if (t->type == GGML_TYPE_F16) {
    auto* p = static_cast<ggml_fp16_t*>(t->data);
    for (std::size_t i = 0; i < n; ++i) p[i] = ggml_fp32_to_fp16(u(rng));
  } else {
    auto* p = static_cast<ggml_bf16_t*>(t->data);
    for (std::size_t i = 0; i < n; ++i) p[i] = ggml_fp32_to_bf16(u(rng));
  }
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

int run(const shape& sh) {
  const int nq = sh.prefill ? sh.s : 1;
  const std::size_t kv_bytes = static_cast<std::size_t>(sh.s) * sh.hkv * sh.d * 2 * 2;
  const std::size_t q_bytes = static_cast<std::size_t>(nq) * sh.hq * sh.d * 4 * 2;
  const std::size_t mask_bytes = sh.prefill ? static_cast<std::size_t>(sh.s) * nq * 2 : 0;
  ggml_init_params params{kv_bytes + q_bytes + mask_bytes + (64u << 20), nullptr, false};
  ggml_context* ctx = ggml_init(params);
  ggml_tensor* q = ggml_new_tensor_4d(ctx, GGML_TYPE_F32, sh.d, nq, sh.hq, 1);
  ggml_tensor* k = ggml_new_tensor_4d(ctx, sh.kv, sh.d, sh.s, sh.hkv, 1);
  ggml_tensor* v = ggml_new_tensor_4d(ctx, sh.kv, sh.d, sh.s, sh.hkv, 1);
  ggml_tensor* mask = nullptr;
  std::mt19937 rng(1);
  fill(q, rng);
  fill(k, rng);
  fill(v, rng);
  if (sh.prefill) {
    mask = ggml_new_tensor_4d(ctx, GGML_TYPE_F16, sh.s, nq, 1, 1);
    auto* m = static_cast<ggml_fp16_t*>(mask->data);
    for (int i = 0; i < nq; ++i)
      for (int j = 0; j < sh.s; ++j)
        m[static_cast<std::size_t>(i) * sh.s + j] = ggml_fp32_to_fp16(j <= i ? 0.0f : -INFINITY);
  }
  ggml_tensor* out = ggml_flash_attn_ext(ctx, q, k, v, mask, 1.0f / std::sqrt(static_cast<float>(sh.d)), 0.0f, 0.0f);
  ggml_cgraph* graph = ggml_new_graph(ctx);
  ggml_build_forward_expand(graph, out);
  std::vector<double> seconds;
  for (int r = 0; r < sh.reps + 2; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    ggml_graph_compute_with_ctx(ctx, graph, sh.threads);
    const std::chrono::duration<double> dt = std::chrono::steady_clock::now() - t0;
    if (r >= 2) seconds.push_back(dt.count());
  }
  const double t = median(seconds);
  const double flops = sh.prefill ? 2.0 * 2.0 * sh.hq * sh.d * (static_cast<double>(sh.s) * (sh.s + 1) / 2.0)
                                  : 2.0 * 2.0 * sh.hq * sh.d * static_cast<double>(sh.s);
  std::printf("ggml %s S=%d Hq=%d Hkv=%d D=%d kv=%s threads=%d: %.3f ms, %.1f GB/s, %.1f GFLOP/s\n",
              sh.prefill ? "prefill" : "decode", sh.s, sh.hq, sh.hkv, sh.d, ggml_type_name(sh.kv), sh.threads, t * 1e3,
              static_cast<double>(kv_bytes) / t / 1e9, flops / t / 1e9);
  ggml_free(ctx);
  return 0;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc != 9 || (std::strcmp(argv[1], "decode") != 0 && std::strcmp(argv[1], "prefill") != 0) ||
      (std::strcmp(argv[6], "f16") != 0 && std::strcmp(argv[6], "bf16") != 0)) {
    std::fprintf(stderr, "usage: %s decode|prefill S Hq Hkv D f16|bf16 THREADS REPS\n", argv[0]);
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
  if (sh.s <= 0 || sh.hq <= 0 || sh.hkv <= 0 || sh.hq % sh.hkv != 0 || sh.d <= 0 || sh.threads <= 0 || sh.reps <= 0) {
    std::fprintf(stderr, "S, Hq, Hkv, D, THREADS and REPS must be positive, and Hq a multiple of Hkv\n");
    return 2;
  }
  return run(sh);
}
