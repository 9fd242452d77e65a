// SPDX-License-Identifier: MIT
// The benchmarks' buffers: page-aligned as an engine's KV cache is, on 4 KiB pages or, with
// --attncap_pages=2m, on 2 MiB transparent huge pages (Linux). The page size moves the decode rows
// and the read roof alike: with 4 KiB pages every 4 KiB of a streamed cache costs a page walk,
// which the kernels' software prefetches wait on (bench/README.md).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace bench {

/// Takes `--<name>=<value>` out of argv (before Google Benchmark reads it) and returns the value;
/// with `has_value = false`, takes `--<name>` and returns an empty value.
inline std::optional<std::string_view> take_flag(int& argc, char** argv, std::string_view name, bool has_value = true) {
  const std::string prefix = "--" + std::string(name) + (has_value ? "=" : "");
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (has_value ? arg.substr(0, prefix.size()) != prefix : arg != prefix) continue;
    std::copy(argv + i + 1, argv + argc, argv + i);
    --argc;
    return arg.substr(prefix.size());
  }
  return std::nullopt;
}

/// The page size the buffers ask for.
enum class pages { small, huge };
inline pages buffer_pages = pages::small;

inline constexpr std::size_t huge_page = std::size_t{2} << 20;

/// --attncap_pages=4k|2m; throws std::invalid_argument naming the accepted values otherwise, and
/// for 2m where the platform has no madvise(MADV_HUGEPAGE) to ask with.
inline void pages_flag(int& argc, char** argv) {
  const std::optional<std::string_view> v = take_flag(argc, argv, "attncap_pages");
  if (!v || *v == "4k") return;
  if (*v != "2m") throw std::invalid_argument("unknown page size '" + std::string(*v) + "'; accepted: 4k, 2m");
#if !defined(__linux__) || !defined(MADV_HUGEPAGE)
  throw std::invalid_argument("2m needs Linux transparent huge pages (madvise MADV_HUGEPAGE)");
#else
  buffer_pages = pages::huge;
#endif
}

/// Page-aligned storage, as an engine's KV cache is (a plain std::vector sits 16 bytes past a page
/// boundary, so every row would straddle cache lines and every page of the cache two pages); with
/// pages::huge, buffers of 2 MiB or more are 2 MiB-aligned and advised onto huge pages.
template <class T>
struct page_aligned {
  using value_type = T;
  page_aligned() = default;
  template <class U>
  page_aligned(const page_aligned<U>&) noexcept {}
  T* allocate(std::size_t n) {
    const bool huge = buffer_pages == pages::huge && n * sizeof(T) >= huge_page;
    const std::size_t align = huge ? huge_page : 4096, bytes = (n * sizeof(T) + align - 1) / align * align;
    void* p = std::aligned_alloc(align, bytes);
    if (p == nullptr) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (huge && madvise(p, bytes, MADV_HUGEPAGE) != 0) std::perror("madvise(MADV_HUGEPAGE)");
#endif
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t) noexcept { std::free(p); }
  friend bool operator==(page_aligned, page_aligned) { return true; }
};

/// The bytes of a benchmark's tensor, page-aligned.
using buffer = std::vector<std::byte, page_aligned<std::byte>>;

/// MiB of this process's memory on transparent huge pages (/proc/self/smaps_rollup), or -1 where
/// that cannot be read: what the OS granted, whatever was asked.
inline double huge_page_mib() {
  std::FILE* f = std::fopen("/proc/self/smaps_rollup", "r");
  if (f == nullptr) return -1;
  char line[256];
  double kib = -1;
  while (std::fgets(line, sizeof line, f))
    if (std::sscanf(line, "AnonHugePages: %lf kB", &kib) == 1) break;
  std::fclose(f);
  return kib < 0 ? -1 : kib / 1024;
}

/// The page table of one sequence whose KV pages lie in order (0, 1, …, count - 1), as the
/// bench's paged rows and the peers lay their caches out.
inline std::vector<std::int32_t> identity_pages(int count) {
  std::vector<std::int32_t> table(static_cast<std::size_t>(count > 0 ? count : 0));
  for (std::size_t i = 0; i < table.size(); ++i) table[i] = static_cast<std::int32_t>(i);
  return table;
}

}  // namespace bench
