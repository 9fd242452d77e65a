// SPDX-License-Identifier: MIT
// The worker pool: every index runs exactly once, nested and concurrent regions run inline.
#include <doctest/doctest.h>

#include <atomic>
#include <attncap/kernels/threading.hpp>
#include <thread>
#include <vector>

using namespace attncap;
using namespace attncap::kernels;

TEST_CASE("parallel_for runs every index exactly once") {
  for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{1000}}) {
    std::vector<std::atomic<int>> hits(n);
    parallel_for(n, 0, [&](std::size_t i) { hits[i].fetch_add(1); });
    for (auto& h : hits) REQUIRE(h.load() == 1);
  }
}

TEST_CASE("parallel_for_slots: every index once, slots in range and never shared at once") {
  for (int threads : {0, 1, 2, 3}) {
    const int slots = resolve_threads(threads);
    std::vector<std::atomic<int>> hits(500), busy(std::size_t(slots) + 1);
    std::atomic<int> out_of_range{0}, shared{0};
    parallel_for_slots(hits.size(), threads, [&](std::size_t i, int slot) {
      if (slot < 0 || slot >= slots) {
        out_of_range.fetch_add(1);
        slot = slots;
      }
      if (busy[std::size_t(slot)].fetch_add(1) != 0) shared.fetch_add(1);
      std::this_thread::yield();  // let another thread reach the same slot if it could
      busy[std::size_t(slot)].fetch_sub(1);
      hits[i].fetch_add(1);
    });
    CAPTURE(threads);
    CHECK(out_of_range.load() == 0);
    CHECK(shared.load() == 0);
    for (auto& h : hits) REQUIRE(h.load() == 1);
  }
}

TEST_CASE("nested and concurrent regions complete") {
  std::atomic<int> total{0};
  auto work = [&] {
    parallel_for(16, 0, [&](std::size_t) { parallel_for(8, 0, [&](std::size_t) { total.fetch_add(1); }); });
  };
  std::thread other(work);
  work();
  other.join();
  CHECK(total.load() == 2 * 16 * 8);
}

TEST_CASE("resolve_threads: 0 or less is every pool thread, a count is capped at the pool") {
  const int all = resolve_threads(0);
  CHECK(all >= 1);
  CHECK(resolve_threads(-1) == all);
  CHECK(resolve_threads(1) == 1);
  CHECK(resolve_threads(all + 1) == all);
}
