// SPDX-License-Identifier: MIT
// Cost of validate(): an accepted launch (must not allocate) and a rejected one with a full
// report, next to a hand-written check of the same single rule as the floor.
#include <benchmark/benchmark.h>

#include <atomic>
#include <attncap/attncap.hpp>
#include <cstdlib>
#include <new>

namespace {
std::atomic<std::size_t> allocations{0};
}  // namespace

void* operator new(std::size_t n) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {
using namespace attncap;

launch_config accepted_launch() {
  launch_config c;
  c.attention_backend = id::hpc_ops;
  c.hardware = hardware::sm90;
  c.model_arch = model_arch::gqa;
  c.page_size = 64;
  c.kv_cache_dtype = kv_cache_dtype::bfloat16;
  c.head_dim = 128;
  c.num_q_heads_per_rank = 32;
  c.num_kv_heads_per_rank = 8;
  return c;
}

launch_config rejected_launch() {
  launch_config c = accepted_launch();
  c.model_arch = model_arch::mla;
  c.encoder_decoder = true;
  c.speculative_algorithm = speculative_algorithm::eagle;
  c.speculative_eagle_topk = 1;
  c.page_size = 16;
  return c;
}

void run(benchmark::State& state, const launch_config& cfg) {
  const std::size_t before = allocations.load();
  std::size_t errors = 0;
  for (auto _ : state) {
    launch_config c = cfg;
    benchmark::DoNotOptimize(c);
    const report r = validate(c);
    errors = r.errors().size();
    benchmark::DoNotOptimize(errors);
  }
  state.counters["errors"] = static_cast<double>(errors);
  state.counters["allocs_per_call"] =
      static_cast<double>(allocations.load() - before) / static_cast<double>(state.iterations());
}

void validate_accepted(benchmark::State& s) { run(s, accepted_launch()); }
void validate_rejected_full_report(benchmark::State& s) { run(s, rejected_launch()); }

// The floor: one rule, hand-written, no report.
void hand_written_single_check(benchmark::State& state) {
  launch_config c = rejected_launch();
  for (auto _ : state) {
    benchmark::DoNotOptimize(c);
    bool bad = c.attention_backend == id::hpc_ops && c.model_arch == model_arch::mla;
    benchmark::DoNotOptimize(bad);
  }
}

void suggest_rejected(benchmark::State& state) {
  const launch_config c = rejected_launch();
  for (auto _ : state) benchmark::DoNotOptimize(suggest(c));
}
}  // namespace

BENCHMARK(validate_accepted);
BENCHMARK(validate_rejected_full_report);
BENCHMARK(hand_written_single_check);
BENCHMARK(suggest_rejected);
BENCHMARK_MAIN();
