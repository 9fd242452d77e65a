// SPDX-License-Identifier: MIT
// Deterministic draws for the property tests: the same sequence with every standard library.
#pragma once

#include <attncap/vocabulary/launch_config.hpp>
#include <cstddef>
#include <cstdint>

namespace attncap::test {

/// splitmix64.
class prng {
 public:
  explicit prng(std::uint64_t seed) : s_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (s_ += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
  }
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }
  bool chance(unsigned percent) { return below(100) < percent; }
  template <class T, std::size_t N>
  T pick(const T (&values)[N]) {
    return values[below(N)];
  }
  template <class E>
  E any() {
    return static_cast<E>(below(enum_count<E>()));
  }

 private:
  std::uint64_t s_;
};

}  // namespace attncap::test
