// SPDX-License-Identifier: MIT
/// @file
/// The scratch memory of a kernel call, laid out once and carved from one block: the caller's
/// workspace, or else the calling thread's own scratch, which grows on first need and is reused,
/// so that a call after warm-up allocates nothing.
#pragma once

#include <attncap/kernels/shapes.hpp>
#include <cstddef>
#include <cstdint>
#include <new>
#include <span>
#include <string>

namespace attncap::kernels::detail {

/// One piece of a call's scratch: `count` elements at byte `offset` of the block.
struct piece {
  std::size_t offset = 0, count = 0;
};

/// Lays pieces out one after the other, each on its own cache line.
class scratch_layout {
 public:
  static constexpr std::size_t align = 64;
  template <class T>
  piece add(std::size_t count) {
    static_assert(alignof(T) <= align, "attncap::detail: scratch pieces are aligned to a cache line");
    const piece p{end_, count};
    end_ = (end_ + count * sizeof(T) + align - 1) / align * align;
    return p;
  }
  /// Bytes a block needs for every piece, with the slack to align an unaligned block.
  std::size_t bytes() const noexcept { return end_ + align; }

 private:
  std::size_t end_ = 0;
};

/// Piece p of the block at base (aligned to scratch_layout::align) as a span of T.
template <class T>
std::span<T> view(std::byte* base, piece p) noexcept {
  return {reinterpret_cast<T*>(base + p.offset), p.count};
}

/// A calling thread's scratch block: grown when a call needs more, never shrunk.
struct thread_scratch {
  std::byte* data = nullptr;
  std::size_t size = 0;
  bool busy = false;  // a call of this thread holds it
  thread_scratch() = default;
  thread_scratch(const thread_scratch&) = delete;
  thread_scratch& operator=(const thread_scratch&) = delete;
  ~thread_scratch() { ::operator delete (data, std::align_val_t{scratch_layout::align}); }
  void reserve(std::size_t bytes) {
    if (bytes <= size) return;
    ::operator delete (data, std::align_val_t{scratch_layout::align});
    data = nullptr;
    size = 0;
    data = static_cast<std::byte*>(::operator new (bytes, std::align_val_t{scratch_layout::align}));
    size = bytes;
  }
  static thread_scratch& mine() {
    thread_local thread_scratch s;
    return s;
  }
};

/// The block of one call: the caller's workspace when it gave one (shape_error when it is smaller
/// than the call needs, before any tensor is touched), else the thread's scratch. A call made while
/// the thread's scratch is held (a kernel reached from inside another) gets a block of its own.
class call_scratch {
 public:
  call_scratch(const char* api, void* workspace, std::size_t workspace_bytes, std::size_t bytes) {
    if (workspace != nullptr) {
      if (workspace_bytes < bytes)
        reject(api, "workspace_bytes (" + std::to_string(workspace_bytes) + ") is less than the " +
                        std::to_string(bytes) + " bytes this call needs (see *_workspace_bytes)");
      base_ = static_cast<std::byte*>(workspace);
    } else if (thread_scratch& s = thread_scratch::mine(); !s.busy) {
      s.reserve(bytes);
      s.busy = true;
      held_ = &s;
      base_ = s.data;
    } else {
      own_.reserve(bytes);
      base_ = own_.data;
    }
    const auto addr = reinterpret_cast<std::uintptr_t>(base_);
    base_ += (scratch_layout::align - addr % scratch_layout::align) % scratch_layout::align;
  }
  ~call_scratch() {
    if (held_ != nullptr) held_->busy = false;
  }
  call_scratch(const call_scratch&) = delete;
  call_scratch& operator=(const call_scratch&) = delete;
  std::byte* base() const noexcept { return base_; }

 private:
  std::byte* base_ = nullptr;
  thread_scratch* held_ = nullptr;
  thread_scratch own_;
};

}  // namespace attncap::kernels::detail
