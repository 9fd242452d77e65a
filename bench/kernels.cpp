// SPDX-License-Identifier: MIT
// Kernel benchmarks, registered from the kernel space, each reported against a roof measured in
// the same process: decode K+V bytes/s vs a streaming read of the same buffers (pct_read_roof),
// GFLOP/s vs FMA / vdpbf16ps / AMX peak loops (pct_fma_roof, pct_bf16_dot_roof, pct_amx_roof),
// and dispatch overhead vs a direct call.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <attncap/kernels/instantiate.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "allocation_count.hpp"
#include "memory.hpp"
#include "read_roof.hpp"

using namespace attncap;
using namespace attncap::kernels;

namespace {

/// Rows that failed: a kernel call threw, or the timed loop allocated. main() exits 1 when any did,
/// so a run to the end (the `bench` CTest label) checks every kernel row on the path it runs.
int failed_rows = 0;
void fail_row(benchmark::State& state, const std::string& why) {
  state.SkipWithError(why.c_str());
  ++failed_rows;
}

/// The benchmark loop over `call` (warmed up before): the row names the ISA path the kernels ran
/// and the pages the buffers asked for, counts the heap allocations per call (none is accepted)
/// and reports the MiB the OS put on huge pages.
template <class F>
void timed_loop(benchmark::State& state, F call) {
  state.SetLabel(std::string("isa:") + std::string(to_string(active_isa())) +
                 (bench::buffer_pages == bench::pages::huge ? " pages:2m" : " pages:4k"));
  long allocs = 0;
  try {
    call();
    const long before = test::heap_allocations.load();
    for (auto _ : state) call();
    allocs = test::heap_allocations.load() - before;
  } catch (const std::exception& e) {
    return fail_row(state, e.what());
  }
  state.counters["allocs_per_call"] = double(allocs) / double(state.iterations());
  if (allocs != 0) fail_row(state, std::to_string(allocs) + " heap allocations in the timed loop (0 accepted)");
  if (const double mib = bench::huge_page_mib(); mib >= 0) state.counters["huge_page_MiB"] = mib;
}

using clock_type = std::chrono::steady_clock;
double seconds_since(clock_type::time_point t0) {
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

#if defined(__x86_64__)
// 16 independent accumulators: the FMA pipes, not latency, are the limit.
__attribute__((target("avx512f"))) float fma_loop(long iters) {
  __m512 a[16];
  for (int i = 0; i < 16; ++i) a[i] = _mm512_set1_ps(float(i));
  const __m512 x = _mm512_set1_ps(0.999f), y = _mm512_set1_ps(1e-3f);
  for (long k = 0; k < iters; ++k)
    for (int i = 0; i < 16; ++i) a[i] = _mm512_fmadd_ps(a[i], x, y);
  __m512 s = a[0];
  for (int i = 1; i < 16; ++i) s = _mm512_add_ps(s, a[i]);
  float out[16];
  _mm512_storeu_ps(out, s);
  return out[0];
}
__attribute__((target("avx512f,avx512bf16"))) float dot_loop(long iters) {
  __m512 a[16];
  for (int i = 0; i < 16; ++i) a[i] = _mm512_set1_ps(float(i));
  const __m512i x = _mm512_set1_epi16(0x3f80), y = _mm512_set1_epi16(0x3a83);
  for (long k = 0; k < iters; ++k)
    for (int i = 0; i < 16; ++i)
      a[i] = _mm512_dpbf16_ps(a[i], reinterpret_cast<const __m512bh&>(x), reinterpret_cast<const __m512bh&>(y));
  __m512 s = a[0];
  for (int i = 1; i < 16; ++i) s = _mm512_add_ps(s, a[i]);
  float out[16];
  _mm512_storeu_ps(out, s);
  return out[0];
}
#if defined(__linux__)
// Four independent accumulator tiles, the operands loaded once: the tile unit's throughput, not a
// product's latency, is the limit. Only run where the kernels run AMX (the process has the state).
__attribute__((target("amx-tile,amx-bf16"))) float amx_loop(long iters) {
  struct alignas(64) {
    std::uint8_t palette = 1, start_row = 0, reserved[14] = {};
    std::uint16_t colsb[16] = {64, 64, 64, 64, 64, 64, 64, 64};
    std::uint8_t rows[16] = {16, 16, 16, 16, 16, 16, 16, 16};
  } config;
  alignas(64) std::uint16_t operand[16 * 32] = {};
  alignas(64) float out[16 * 16];
  _tile_loadconfig(&config);
  _tile_loadd(4, operand, 64);
  _tile_loadd(5, operand, 64);
  _tile_loadd(6, operand, 64);
  _tile_loadd(7, operand, 64);
  _tile_zero(0);
  _tile_zero(1);
  _tile_zero(2);
  _tile_zero(3);
  for (long k = 0; k < iters; ++k) {
    _tile_dpbf16ps(0, 4, 6);
    _tile_dpbf16ps(1, 4, 7);
    _tile_dpbf16ps(2, 5, 6);
    _tile_dpbf16ps(3, 5, 7);
  }
  _tile_stored(0, out, 64);
  _tile_release();
  return out[0];
}
#endif
constexpr int fma_avx2_chains = 12;
// The FMA roof of a CPU without AVX-512 (the AVX2 kernel path), 256 bits wide.
// 12 accumulators and the 2 operands in the 16 ymm registers: 16 accumulators spill, and the loop
// then measures loads and stores (about 55 % of the FMA pipes on Zen 3).
__attribute__((target("avx2,fma"))) float fma_loop_avx2(long iters) {
  __m256 a[fma_avx2_chains];
  for (int i = 0; i < fma_avx2_chains; ++i) a[i] = _mm256_set1_ps(float(i));
  const __m256 x = _mm256_set1_ps(0.999f), y = _mm256_set1_ps(1e-3f);
  for (long k = 0; k < iters; ++k)
    for (auto& v : a) v = _mm256_fmadd_ps(v, x, y);
  for (int i = 1; i < fma_avx2_chains; ++i) a[0] = _mm256_add_ps(a[0], a[i]);
  return _mm256_cvtss_f32(a[0]);
}
#endif

constexpr int portable_chains = 12;
// The scalar path's multiply-add roof, built as its kernels are (no target attributes): 12 chains
// of a multiply and an add on 128-bit vectors of the compiler's own (SSE2 on x86-64), enough to
// cover the multiply-then-add latency in the 16 registers; plain float chains left GCC to mix
// SSE, scalar and general registers.
using portable_vec = float __attribute__((vector_size(16)));
float fma_loop_portable(long iters) {
  portable_vec a[portable_chains];
  for (int i = 0; i < portable_chains; ++i) a[i] = portable_vec{} + float(i);
  const portable_vec x = portable_vec{} + 0.999f, y = portable_vec{} + 1e-3f;
  for (long k = 0; k < iters; ++k)
#pragma GCC unroll 16
    for (portable_vec& v : a) v = v * x + y;
  for (int i = 1; i < portable_chains; ++i) a[0] += a[i];
  return a[0][0];
}

/// The multiply-add loop of the kernel path that runs, and its FLOPs an iteration.
struct fma_roof_loop {
  float (*loop)(long);
  double flop_per_iter;
};
fma_roof_loop fma_roof_of_path() {
#if defined(__x86_64__)
  if (active_isa() >= isa::avx512) return {fma_loop, 16.0 * 32};
  if (active_isa() >= isa::avx2) return {fma_loop_avx2, fma_avx2_chains * 16.0};
#endif
  return {fma_loop_portable, portable_chains * 4 * 2.0};
}

using buffer = bench::buffer;

/// Fills a buffer of dtype t with values in [-1, 1] (realistic magnitudes: no subnormal products).
void fill(buffer& buf, dtype t) {
  const std::size_t n = buf.size() / size_of(t);
  for (std::size_t i = 0; i < n; ++i)
    kernels::store_from_float(buf.data(), t, i, float(int(i * 7919 % 2001) - 1000) / 1000.0f);
}

/// The loops compute_roof times.
enum class roof_loop { fma, bf16_dot, amx };

/// Best-of-3 GFLOP/s of a roof loop on `threads` threads (bf16_dot only where the CPU has it, amx
/// only on the AMX path: flop_roofs_of).
double compute_roof(roof_loop loop, int threads) {
  constexpr long iters = 2'000'000;
  const fma_roof_loop fma = fma_roof_of_path();
  double best = 0;
  for (int rep = 0; rep < 3; ++rep) {
    const auto t0 = clock_type::now();
    parallel_for(std::size_t(threads), threads, [&](std::size_t) {
#if defined(__x86_64__)
#if defined(__linux__)
      if (loop == roof_loop::amx) return benchmark::DoNotOptimize(amx_loop(iters));
#endif
      if (loop == roof_loop::bf16_dot) return benchmark::DoNotOptimize(dot_loop(iters));
#endif
      benchmark::DoNotOptimize(fma.loop(iters));
    });
    const double flop_per_iter = loop == roof_loop::amx        ? 4.0 * 16 * 16 * 32 * 2
                                 : loop == roof_loop::bf16_dot ? 16.0 * 64
                                                               : fma.flop_per_iter;
    best = std::max(best, iters * flop_per_iter * threads / seconds_since(t0) / 1e9);
  }
  return best;
}

/// The roofs of a row, measured before it runs: the FMA peak, and for bf16 on a CPU with
/// `vdpbf16ps` the peak of the bf16 products (prefill and extend on the AMX path: AMX tiles;
/// otherwise vdpbf16ps, against which the goals of an AVX-512 bf16 host are set, also where its
/// default path multiplies with FMAs), with its counter's name.
struct flop_roofs {
  double fma = 0, bf16 = 0;
  const char* bf16_name = nullptr;
};
flop_roofs flop_roofs_of(dtype type, int threads, bool tiles) {
  flop_roofs r{compute_roof(roof_loop::fma, threads)};
  if (type != dtype::bf16) return r;
  if (active_isa() < isa::avx512 || !available(isa::avx512_bf16)) return r;
  const bool amx = tiles && active_isa() == isa::avx512_amx;
  r.bf16 = compute_roof(amx ? roof_loop::amx : roof_loop::bf16_dot, threads);
  r.bf16_name = amx ? "pct_amx_roof" : "pct_bf16_dot_roof";
  return r;
}
flop_roofs prefill_roofs(dtype type, int threads) { return flop_roofs_of(type, threads, true); }
/// GFLOP/s of a row doing `flops` a call, and its share of each roof.
void flop_counters(benchmark::State& state, double flops, const flop_roofs& r) {
  using counter = benchmark::Counter;
  state.counters["GFLOPps"] = counter(flops / 1e9, counter::kIsIterationInvariantRate);
  state.counters["pct_fma_roof"] = counter(flops * 100.0 / (r.fma * 1e9), counter::kIsIterationInvariantRate);
  if (r.bf16 > 0)
    state.counters[r.bf16_name] = counter(flops * 100.0 / (r.bf16 * 1e9), counter::kIsIterationInvariantRate);
}

std::string cfg_name(const decode_config& c) {
  std::string s = "D";
  s += std::to_string(c.head_dim);
  s += '/';
  s += to_string(c.kv);
  s += "/G";
  s += std::to_string(c.group);
  return s;
}

/// The fields both decode benchmarks share: batch 1, one sequence of lens[0] tokens in pages
/// 0, 1, ... of `page` tokens (table).
decode_params paged_params(const std::vector<std::int32_t>& table, const std::vector<std::int32_t>& lens, int page,
                           int threads, bool bf16_products) {
  decode_params p;
  p.page_table = table.data();
  p.seq_lens = lens.data();
  p.batch = 1;
  p.page_size = page;
  p.num_pages = static_cast<int>(table.size());
  p.max_pages_per_seq = p.num_pages;
  p.num_threads = threads;
  p.allow_bf16_products = bf16_products;
  return p;
}

/// Bytes/s and GFLOP/s of a decode benchmark, and both as a percentage of the roofs measured
/// before its loop.
void report_decode(benchmark::State& state, double bytes, double flops, double read_roof, const flop_roofs& roofs) {
  using counter = benchmark::Counter;
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes) * state.iterations());
  state.counters["read_roof_GBps"] = read_roof / 1e9;
  state.counters["pct_read_roof"] = counter(bytes * 100.0 / read_roof, counter::kIsIterationInvariantRate);
  flop_counters(state, flops, roofs);
}

/// The shape of a decode benchmark: kernel, heads, q dtype, cached tokens of the whole batch.
struct decode_shape {
  decode_config c;
  int hq, hkv;
  dtype q_dtype;
  double tokens;
  int threads;
};

/// Points p at the buffers (an HND cache), runs the timed loop and reports the K+V bytes of the
/// cached tokens against the roofs measured just before.
void run_decode(benchmark::State& state, decode_params& p, const decode_shape& s, buffer& q, buffer& o, const buffer& k,
                const buffer& v) {
  p.q = q.data();
  p.o = o.data();
  p.q_dtype = s.q_dtype;
  p.k_cache = k.data();
  p.v_cache = v.data();
  p.kv_dtype = s.c.kv;
  p.layout = kv_layout::hnd;
  p.num_q_heads = s.hq;
  p.num_kv_heads = s.hkv;
  p.head_dim = s.c.head_dim;
  const double roof = bench::read_roof({{k.data(), k.size()}, {v.data(), v.size()}}, s.threads);
  const flop_roofs roofs = flop_roofs_of(s.c.kv, s.threads, false);
  timed_loop(state, [&] { decode(p); });
  const double bytes = 2.0 * s.tokens * s.hkv * s.c.head_dim * double(size_of(s.c.kv));
  report_decode(state, bytes, 4.0 * s.tokens * s.hq * s.c.head_dim, roof, roofs);
}

void bench_decode(benchmark::State& state, decode_config c, int seq, int threads, int kv_heads, dtype q_dtype,
                  bool bf16_products) {
  const int hkv = kv_heads, hq = hkv * c.group, page = 16, pages = seq / page;
  const std::size_t row = std::size_t(hkv) * std::size_t(c.head_dim) * size_of(c.kv);
  buffer k(std::size_t(seq) * row), v(k.size());
  fill(k, c.kv);
  fill(v, c.kv);
  const std::size_t nq = std::size_t(hq) * std::size_t(c.head_dim);
  buffer q(nq * size_of(q_dtype)), o(q.size());
  for (std::size_t i = 0; i < nq; ++i) kernels::store_from_float(q.data(), q_dtype, i, 0.01f);
  const std::vector<std::int32_t> table = bench::identity_pages(pages), lens{seq};
  decode_params p = paged_params(table, lens, page, threads, bf16_products);
  run_decode(state, p, {c, hq, hkv, q_dtype, double(seq), threads}, q, o, k, v);
}

void bench_prefill(benchmark::State& state, prefill_config c, int seq, int threads, bool products) {
  const int heads = 4;
  const std::size_t n = std::size_t(seq) * heads * std::size_t(c.head_dim) * size_of(c.type);
  buffer q(n), k(n), v(n), o(n);
  fill(q, c.type);
  fill(k, c.type);
  fill(v, c.type);
  std::vector<std::int32_t> indptr{0, seq};
  prefill_params p;
  p.q = q.data();
  p.k = k.data();
  p.v = v.data();
  p.o = o.data();
  p.type = c.type;
  p.q_indptr = indptr.data();
  p.kv_indptr = indptr.data();
  p.batch = 1;
  p.num_q_heads = heads;
  p.num_kv_heads = heads;
  p.head_dim = c.head_dim;
  p.num_threads = threads;
  p.allow_bf16_products = products;
  const flop_roofs roofs = prefill_roofs(c.type, threads);
  timed_loop(state, [&] { prefill(p); });
  // Causal: query i sees i + 1 keys; 2 FLOP per MAC, QK^T and PV.
  flop_counters(state, 4.0 * c.head_dim * heads * (double(seq) * (seq + 1) / 2), roofs);
}

void bench_mla(benchmark::State& state, mla_config c, int seq, int heads, int threads, bool bf16_products) {
  const int page = 64;
  buffer kv(std::size_t(seq) * std::size_t(c.qk_dim) * size_of(c.kv));
  fill(kv, c.kv);
  std::vector<float> q(std::size_t(heads) * std::size_t(c.qk_dim), 0.01f), o(std::size_t(heads) * std::size_t(c.v_dim));
  const std::vector<std::int32_t> table = bench::identity_pages(seq / page), lens{seq};
  decode_params p = paged_params(table, lens, page, threads, bf16_products);
  p.q = q.data();
  p.o = o.data();
  p.k_cache = kv.data();
  p.kv_dtype = c.kv;
  p.num_q_heads = heads;
  p.num_kv_heads = 1;
  p.head_dim = c.qk_dim;
  p.v_head_dim = c.v_dim;
  const double roof = bench::read_roof({{kv.data(), kv.size()}}, threads);
  const flop_roofs roofs = flop_roofs_of(c.kv, threads, false);
  timed_loop(state, [&] { mla_decode(p); });
  report_decode(state, double(kv.size()), 2.0 * seq * heads * (c.qk_dim + c.v_dim), roof, roofs);
}

/// Serving decode: `batch` sequences of mixed lengths spread over 256 to 8K tokens, one page
/// table into one shared cache (pages of 16, HND), 8 KV heads, q and o bf16 (a bf16 model's).
void bench_decode_serving(benchmark::State& state, decode_config c, int batch, int threads) {
  const int hkv = 8, hq = hkv * c.group, page = 16, max_pages = 8192 / page;
  std::vector<std::int32_t> lens(static_cast<std::size_t>(batch)),
      table(static_cast<std::size_t>(batch) * max_pages, 0);
  int pages = 0;
  long long tokens = 0;
  for (int b = 0; b < batch; ++b) {
    lens[std::size_t(b)] = 256 + int((long long)(b)*2654435761LL % (8192 - 256 + 1));
    tokens += lens[std::size_t(b)];
    for (int i = 0; i * page < lens[std::size_t(b)]; ++i) table[std::size_t(b) * max_pages + std::size_t(i)] = pages++;
  }
  const std::size_t page_bytes = std::size_t(page) * hkv * std::size_t(c.head_dim) * size_of(c.kv);
  buffer k(std::size_t(pages) * page_bytes), v(k.size());
  fill(k, c.kv);
  fill(v, c.kv);
  const std::size_t nq = std::size_t(batch) * std::size_t(hq) * std::size_t(c.head_dim);
  buffer q(nq * 2), o(q.size());
  fill(q, dtype::bf16);
  decode_params p = paged_params(table, lens, page, threads, false);
  p.batch = batch;
  p.num_pages = pages;
  p.max_pages_per_seq = max_pages;
  run_decode(state, p, {c, hq, hkv, dtype::bf16, double(tokens), threads}, q, o, k, v);
}

/// Chunked extend: `chunk` new tokens over a `prefix` of cached tokens, K/V in the paged cache
/// (pages of 16, HND, the chunk's own K/V already written), causal, 8 q / 2 KV heads.
void bench_extend(benchmark::State& state, prefill_config c, int prefix, int chunk, int threads, bool products) {
  const int hq = 8, hkv = 2, page = 16, kv_len = prefix + chunk, pages = (kv_len + page - 1) / page;
  const std::size_t elt = size_of(c.type), d = std::size_t(c.head_dim);
  buffer k(std::size_t(pages) * page * hkv * d * elt), v(k.size()), q(std::size_t(chunk) * hq * d * elt), o(q.size());
  fill(k, c.type);
  fill(v, c.type);
  fill(q, c.type);
  const std::vector<std::int32_t> table = bench::identity_pages(pages), q_indptr{0, chunk}, kv_indptr{0, kv_len};
  const prefill_params p{.q = q.data(),
                         .o = o.data(),
                         .type = c.type,
                         .q_indptr = q_indptr.data(),
                         .kv_indptr = kv_indptr.data(),
                         .k_cache = k.data(),
                         .v_cache = v.data(),
                         .layout = kv_layout::hnd,
                         .page_table = table.data(),
                         .page_size = page,
                         .num_pages = pages,
                         .max_pages_per_seq = pages,
                         .batch = 1,
                         .num_q_heads = hq,
                         .num_kv_heads = hkv,
                         .head_dim = c.head_dim,
                         .num_threads = threads,
                         .allow_bf16_products = products};
  const flop_roofs roofs = prefill_roofs(c.type, threads);
  timed_loop(state, [&] { prefill(p); });
  // Query i of the chunk sees prefix + i + 1 keys; 2 FLOP per MAC, QK^T and PV.
  flop_counters(state, 4.0 * c.head_dim * hq * (double(chunk) * prefix + double(chunk) * (chunk + 1) / 2), roofs);
}

// Dispatch: the table lookup for a runtime key (a decode_kernel resolved) vs reading one resolved
// beforehand.
std::vector<decode_config> keys() {
  std::vector<decode_config> k(decode_space.configs.begin(), decode_space.configs.end());
  std::reverse(k.begin(), k.end());
  return k;
}
void bench_dispatch_lookup(benchmark::State& state) {
  const auto k = keys();
  std::size_t i = 0;
  for (auto _ : state) {
    const decode_kernel kernel(k[i]);
    benchmark::DoNotOptimize(kernel);
    i = i + 1 == k.size() ? 0 : i + 1;  // no division: it would outweigh the lookup
  }
}
void bench_direct_pointer(benchmark::State& state) {
  const auto k = keys();
  const std::vector<decode_kernel> resolved(k.begin(), k.end());
  std::size_t i = 0;
  for (auto _ : state) {
    const decode_kernel kernel = resolved[i];  // the same object as the lookup row's, copied
    benchmark::DoNotOptimize(kernel);
    i = i + 1 == resolved.size() ? 0 : i + 1;
  }
}

/// --attncap_isa=<path>: every row runs on that kernel path, its roofs on that vector width (the
/// AVX2 path on an AVX-512 host, say); the flag is taken out of argv before Google Benchmark's.
/// An unknown path throws attncap::parse_error, which names the accepted ones.
std::optional<isa> isa_flag(int& argc, char** argv) {
  if (const std::optional<std::string_view> path = bench::take_flag(argc, argv, "attncap_isa"))
    return parse<isa>(*path);
  return std::nullopt;
}

/// --attncap_smoke: every row once (one call after the warm-up), a run to the end rather than a
/// timing (the `bench` CTest label).
bool smoke = false;

/// Registers a row; one iteration under --attncap_smoke.
template <class... A>
benchmark::internal::Benchmark* row(const char* name, A&&... args) {
  benchmark::internal::Benchmark* b = benchmark::RegisterBenchmark(name, std::forward<A>(args)...);
  return smoke ? b->Iterations(1) : b;
}
/// Rows of a few calls a second (prefill, extend) run 2 s for a stable median (not under --attncap_smoke).
void settled(benchmark::internal::Benchmark* b) {
  if (!smoke) b->MinTime(2.0);
}

}  // namespace

int main(int argc, char** argv) {
  std::optional<scoped_isa> forced;
  try {
    if (const std::optional<isa> path = isa_flag(argc, argv)) forced.emplace(*path);
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "--attncap_isa: %s\n", e.what());
    return 2;
  }
  try {
    bench::pages_flag(argc, argv);
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "--attncap_pages: %s\n", e.what());
    return 2;
  }
  smoke = bench::take_flag(argc, argv, "attncap_smoke", false).has_value();
  benchmark::Initialize(&argc, argv);
  // Decode: every configuration of this build's space at S = 32K, on 1 and 2 threads.
  for (const decode_config& c : decode_space.configs)
    for (int threads : {1, 2})
      row(("decode/" + cfg_name(c) + "/S32768/threads:" + std::to_string(threads)).c_str(), bench_decode, c, 32768,
          threads, 8, dtype::fp32, false)
          ->UseRealTime()
          ->Unit(benchmark::kMillisecond);
  // D128 bf16 KV with a bf16 q (what a bf16 model passes): q needs no lo part, so the bf16 dot
  // path runs half the QK dot products of the fp32-q rows above (0.01f is not exact in bf16).
  // ... and with allow_bf16_products (q and the weights rounded to bf16 for the products).
  for (const decode_config& c : decode_space.configs)
    if (c.head_dim == 128 && c.kv == dtype::bf16)
      for (bool products : {false, true})
        for (int threads : {1, 2})
          row(("decode/" + cfg_name(c) + "/q:bf16" + (products ? "/bf16_products" : "") +
               "/S32768/threads:" + std::to_string(threads))
                  .c_str(),
              bench_decode, c, 32768, threads, 8, dtype::bf16, products)
              ->UseRealTime()
              ->Unit(benchmark::kMillisecond);
  // The same kernels on one KV head and 2K keys (1 MiB of K+V: in L2 where a core has 1 MiB or
  // more, in L3 on the 512 KiB L2 of Zen 2 and Zen 3): the compute ceiling that the DRAM-bound
  // runs above have to stay clear of. Rates here use CPU time.
  for (const decode_config& c : decode_space.configs)
    if (c.head_dim == 128 && c.kv != dtype::fp32)
      for (dtype qt : {dtype::fp32, dtype::bf16})
        for (bool products : {false, true})
          if ((qt == dtype::fp32 && !products) || (c.kv == dtype::bf16 && qt == dtype::bf16))
            row(("decode_in_cache/" + cfg_name(c) + (qt == dtype::bf16 ? "/q:bf16" : "") +
                 (products ? "/bf16_products" : "") + "/S2048/kv_heads:1/threads:1")
                    .c_str(),
                bench_decode, c, 2048, 1, 1, qt, products)
                ->Unit(benchmark::kMicrosecond);
  for (const prefill_config& c : prefill_space.configs)
    for (bool products : {false, true})
      if (c.head_dim == 128 && (!products || c.type == dtype::bf16))
        for (int threads : {1, 2})
          row(("prefill_causal/D128/" + std::string(to_string(c.type)) + (products ? "/bf16_products" : "") +
               "/S4096/threads:" + std::to_string(threads))
                  .c_str(),
              bench_prefill, c, 4096, threads, products)
              ->UseRealTime()
              ->Unit(benchmark::kMillisecond)
              ->Apply(settled);
  for (const mla_config& c : mla_space.configs)
    for (bool products : {false, true}) {
      if (products && c.kv != dtype::bf16) continue;
      for (int threads : {1, 2})
        row(("mla_decode/" + std::string(to_string(c.kv)) + (products ? "/bf16_products" : "") +
             "/H16/S32768/threads:" + std::to_string(threads))
                .c_str(),
            bench_mla, c, 32768, 16, threads, products)
            ->UseRealTime()
            ->Unit(benchmark::kMillisecond);
    }
  // Serving: batches of mixed lengths at decode (G4 tuned; G7, as 28 q / 4 KV heads, general),
  // and a 512-token chunk over a 16K cached prefix at extend.
  for (int group : {4, 7})
    for (int batch : {32, 64})
      for (int threads : {1, 2})
        if (decode_space.compiled(128, dtype::bf16, group))
          row(("decode_serving/D128/bf16/G" + std::to_string(group) + "/batch:" + std::to_string(batch) +
               "/S256-8K/threads:" + std::to_string(threads))
                  .c_str(),
              bench_decode_serving, decode_config{128, dtype::bf16, group}, batch, threads)
              ->UseRealTime()
              ->Unit(benchmark::kMillisecond);
  for (const prefill_config& c : prefill_space.configs)
    for (bool products : {false, true})
      if (c.head_dim == 128 && (!products || c.type == dtype::bf16))
        for (int threads : {1, 2})
          row(("extend_paged/D128/" + std::string(to_string(c.type)) + (products ? "/bf16_products" : "") +
               "/chunk:512/prefix:16384/H8-KV2/threads:" + std::to_string(threads))
                  .c_str(),
              bench_extend, c, 16384, 512, threads, products)
              ->UseRealTime()
              ->Unit(benchmark::kMillisecond)
              ->Apply(settled);
  row("dispatch/table_lookup", bench_dispatch_lookup);
  row("dispatch/direct_pointer", bench_direct_pointer);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  if (failed_rows == 0) return 0;
  std::fprintf(stderr, "attncap_bench_kernels: rows failed: %d (each one's error above)\n", failed_rows);
  return 1;
}
