// SPDX-License-Identifier: MIT
/// @file
/// attncap::detail::fixed_vector: an allocation-free vector of bounded capacity, usable in
/// constant expressions, that counts what did not fit instead of dropping it silently.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace attncap::detail {

template <class T, std::size_t N>
class fixed_vector {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "attncap::detail::fixed_vector keeps trivially copyable items in raw storage");

 public:
  /// At run time the storage stays raw and each item begins its life when pushed: a report's
  /// slots hold 36 launch configurations, whose initialisation cost more than most of its checks. A constant
  /// expression reads only live objects, so there every item starts value-initialised.
  constexpr fixed_vector() noexcept {
    if (std::is_constant_evaluated()) std::construct_at(&slots_.items);
  }

  constexpr bool push_back(const T& v) noexcept { return emplace_back(v); }
  /// Appends `T{args...}`, built in place at run time (no temporary: a report's items each hold
  /// whole configurations).
  template <class... Args>
  constexpr bool emplace_back(Args&&... args) noexcept {
    if (size_ == N) {
      ++overflow_;
      return false;
    }
    if (std::is_constant_evaluated())
      slots_.items[size_] = T{std::forward<Args>(args)...};
    else
      ::new (static_cast<void*>(&slots_.items[size_])) T{std::forward<Args>(args)...};
    ++size_;
    return true;
  }
  constexpr std::size_t size() const noexcept { return size_; }
  constexpr bool empty() const noexcept { return size_ == 0; }
  /// Items that arrived after the vector was full.
  constexpr std::size_t overflow() const noexcept { return overflow_; }
  constexpr const T& operator[](std::size_t i) const noexcept { return slots_.items[i]; }
  constexpr const T* begin() const noexcept { return slots_.items.data(); }
  constexpr const T* end() const noexcept { return slots_.items.data() + size_; }
  constexpr const T& front() const noexcept { return slots_.items[0]; }

 private:
  union slots {
    constexpr slots() noexcept {}
    std::array<T, N> items;
  } slots_;
  std::size_t size_ = 0;
  std::size_t overflow_ = 0;
};

}  // namespace attncap::detail
