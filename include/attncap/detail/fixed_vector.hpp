// SPDX-License-Identifier: MIT
/// @file
/// attncap::detail::fixed_vector: an allocation-free vector of bounded capacity, usable in
/// constant expressions, that counts what did not fit instead of dropping it silently.
#pragma once

#include <array>
#include <cstddef>

namespace attncap::detail {

template <class T, std::size_t N>
class fixed_vector {
 public:
  constexpr bool push_back(const T& v) noexcept {
    if (size_ == N) {
      ++overflow_;
      return false;
    }
    items_[size_++] = v;
    return true;
  }
  constexpr std::size_t size() const noexcept { return size_; }
  constexpr bool empty() const noexcept { return size_ == 0; }
  /// Items that arrived after the vector was full.
  constexpr std::size_t overflow() const noexcept { return overflow_; }
  constexpr const T& operator[](std::size_t i) const noexcept { return items_[i]; }
  constexpr const T* begin() const noexcept { return items_.data(); }
  constexpr const T* end() const noexcept { return items_.data() + size_; }
  constexpr const T& front() const noexcept { return items_[0]; }

 private:
  std::array<T, N> items_{};
  std::size_t size_ = 0;
  std::size_t overflow_ = 0;
};

}  // namespace attncap::detail
