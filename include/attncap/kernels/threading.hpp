// SPDX-License-Identifier: MIT
/// @file
/// attncap::kernels::parallel_for: a bounded process-wide worker pool the kernels split work over.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <thread>
#include <vector>

namespace attncap::kernels {

namespace detail {

/// At most hardware_concurrency() - 1 workers, started on first use. One parallel region runs at a
/// time: a region started while another is running (another caller, or a kernel called from inside
/// a region) runs on the calling thread instead of queueing, so it can neither deadlock nor
/// oversubscribe.
class thread_pool {
 public:
  static thread_pool& instance() {
    static thread_pool pool;
    return pool;
  }
  int max_threads() const noexcept { return static_cast<int>(workers_.size()) + 1; }

  /// Calls f(i, slot) for every i in [0, n) on up to `threads` threads; slot, in [0, threads),
  /// names the thread of the region that runs i (0 the caller), so that f can use per-thread
  /// storage sized by `threads`.
  template <class F>
  void run(std::size_t n, int threads, F& f) {
    const auto body = [](void* ctx, std::size_t i, int slot) { (*static_cast<F*>(ctx))(i, slot); };
    std::unique_lock<std::mutex> region(region_, std::try_to_lock);
    const int helpers = std::min<int>(threads, static_cast<int>(std::min<std::size_t>(n, 1u << 20))) - 1;
    if (!region.owns_lock() || helpers <= 0 || workers_.empty()) {
      for (std::size_t i = 0; i < n; ++i) f(i, 0);
      return;
    }
    {
      std::lock_guard<std::mutex> lock(m_);
      fn_ = body;
      ctx_ = &f;
      n_ = n;
      next_.store(0);
      helpers_ = std::min(helpers, static_cast<int>(workers_.size()));
      pending_ = helpers_;
      ++generation_;
    }
    wake_.notify_all();
    drain(0);
    std::unique_lock<std::mutex> lock(m_);
    done_.wait(lock, [&] { return pending_ == 0; });
  }

  thread_pool(const thread_pool&) = delete;
  thread_pool& operator=(const thread_pool&) = delete;
  ~thread_pool() {
    {
      std::lock_guard<std::mutex> lock(m_);
      stop_ = true;
    }
    wake_.notify_all();
    for (auto& t : workers_) t.join();
  }

 private:
  thread_pool() {
    const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
    for (unsigned i = 0; i + 1 < hw; ++i) workers_.emplace_back([this, i] { loop(static_cast<int>(i)); });
  }
  void drain(int slot) {
    for (std::size_t i = next_.fetch_add(1); i < n_; i = next_.fetch_add(1)) fn_(ctx_, i, slot);
  }
  void loop(int index) {
    unsigned long seen = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(m_);
        wake_.wait(lock, [&] { return stop_ || (generation_ != seen && index < helpers_); });
        if (stop_) return;
        seen = generation_;
      }
      drain(index + 1);  // index < helpers_ <= threads - 1
      std::lock_guard<std::mutex> lock(m_);
      if (--pending_ == 0) done_.notify_one();
    }
  }

  std::mutex region_, m_;
  std::condition_variable wake_, done_;
  std::vector<std::thread> workers_;
  void (*fn_)(void*, std::size_t, int) = nullptr;
  void* ctx_ = nullptr;
  std::size_t n_ = 0;
  std::atomic<std::size_t> next_{0};
  int helpers_ = 0, pending_ = 0;
  unsigned long generation_ = 0;
  bool stop_ = false;
};

}  // namespace detail

/// Threads a kernel uses when asked for `requested` (0 = all the pool has).
inline int resolve_threads(int requested) noexcept {
  const int cap = detail::thread_pool::instance().max_threads();
  return requested <= 0 ? cap : std::min(requested, cap);
}

/// Calls `f(i)` for every i in [0, n) on up to `threads` threads (0 = all); returns when all are done.
/// `f` must not throw.
template <class F>
void parallel_for(std::size_t n, int threads, F&& f) {
  auto g = [&f](std::size_t i, int) { f(i); };
  detail::thread_pool::instance().run(n, resolve_threads(threads), g);
}

/// Same, calling `f(i, slot)`: slot in [0, resolve_threads(threads)) is the running thread's, and
/// no two calls run at once with the same slot (per-thread scratch of a call).
template <class F>
void parallel_for_slots(std::size_t n, int threads, F&& f) {
  detail::thread_pool::instance().run(n, resolve_threads(threads), f);
}

}  // namespace attncap::kernels
