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
  // A trivial copy constructor and destructor make T an implicit-lifetime type: the array the raw
  // bytes create holds live items from the start, which std::launder needs even when empty.
  static_assert(std::is_trivially_copy_constructible_v<T> && std::is_trivially_copyable_v<T> &&
                    std::is_trivially_destructible_v<T>,
                "attncap::detail::fixed_vector keeps trivially copyable, implicit-lifetime items in raw storage");
  // Both union members must start with the items, and a zero-length array creates none.
  static_assert(N > 0 && sizeof(std::array<T, N>) == sizeof(T) * N,
                "attncap::detail::fixed_vector needs a capacity and std::array without padding");

 public:
  /// At run time the storage stays raw bytes and each item begins its life when pushed: a
  /// report's slots hold 36 launch configurations, whose initialisation cost more than most of its
  /// checks. A constant expression reads only live objects, so there every item starts
  /// value-initialised.
  constexpr fixed_vector() noexcept {
    if (std::is_constant_evaluated())
      std::construct_at(&slots_.items);
    else  // no code; the bytes' lifetime creates a T[N] implicitly, which the `+ i` below needs
      ::new (static_cast<void*>(slots_.raw)) std::byte[sizeof slots_.raw];
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
    else  // in place: a temporary and its copy cost more than most checks
      ::new (static_cast<void*>(std::launder(reinterpret_cast<T*>(slots_.raw)) + size_)) T{std::forward<Args>(args)...};
    ++size_;
    return true;
  }
  constexpr std::size_t size() const noexcept { return size_; }
  constexpr bool empty() const noexcept { return size_ == 0; }
  /// Items that arrived after the vector was full.
  constexpr std::size_t overflow() const noexcept { return overflow_; }
  constexpr const T& operator[](std::size_t i) const noexcept { return data()[i]; }
  constexpr const T* begin() const noexcept { return data(); }
  constexpr const T* end() const noexcept { return data() + size_; }
  constexpr const T& front() const noexcept { return data()[0]; }

 private:
  /// The items. At run time the live member is `raw` (its T[N]), or `items` for a vector built in
  /// a constant expression; a member access could name the wrong one, std::launder finds the items
  /// at this address in both.
  constexpr const T* data() const noexcept {
    if (std::is_constant_evaluated()) return slots_.items.data();
    return std::launder(reinterpret_cast<const T*>(slots_.raw));
  }

  union slots {
    constexpr slots() noexcept {}
    std::array<T, N> items;
    alignas(T) std::byte raw[sizeof(T) * N];
  } slots_;
  std::size_t size_ = 0;
  std::size_t overflow_ = 0;
};

}  // namespace attncap::detail
