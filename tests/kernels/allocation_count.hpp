// SPDX-License-Identifier: MIT
// Counts every heap allocation of the program, on every thread, by replacing the global operator
// new (include it in exactly one TU of a program: the test of no per-call allocation, the bench).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

namespace attncap::kernels::test {
inline std::atomic<long> heap_allocations{0};
inline void* counted_allocation(std::size_t n, std::size_t align) {
  heap_allocations.fetch_add(1, std::memory_order_relaxed);
  const std::size_t size = (n + align - 1) / align * align;
  if (void* p = align > alignof(std::max_align_t) ? std::aligned_alloc(align, size) : std::malloc(size ? size : 1))
    return p;
  throw std::bad_alloc();
}
/// Heap allocations made by f(), on every thread.
template <class F>
long allocations_of(F f) {
  const long before = heap_allocations.load();
  f();
  return heap_allocations.load() - before;
}
}  // namespace attncap::kernels::test

void* operator new(std::size_t n) { return attncap::kernels::test::counted_allocation(n, 1); }
void* operator new(std::size_t n, std::align_val_t a) {
  return attncap::kernels::test::counted_allocation(n, static_cast<std::size_t>(a));
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
