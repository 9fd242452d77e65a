// SPDX-License-Identifier: MIT
/// @file
/// attncap::detail::static_text: text computed at compile time (a list of names drawn from a
/// table) held in static storage, so that a rule's allowed set or message can be a
/// std::string_view constant.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace attncap::detail {

/// Where a text writer puts its characters: counts them, and copies them when given a buffer.
struct text_sink {
  char* out = nullptr;
  std::size_t len = 0;
  constexpr void put(std::string_view text) noexcept {
    for (char c : text) {
      if (out) out[len] = c;
      ++len;
    }
  }
};

/// How a list of names is written: "a, b" or as Python prints a list of strings, "['a', 'b']".
enum class list_style { plain, python };

/// Writes a list of names in `Style` into `sink`, one call of `put_name(name)` per name.
template <list_style Style>
struct list_writer {
  text_sink& sink;
  bool first = true;
  constexpr void open() noexcept {
    if constexpr (Style == list_style::python) sink.put("[");
  }
  constexpr void item(std::string_view name) noexcept {
    if (!first) sink.put(", ");
    first = false;
    if constexpr (Style == list_style::python) sink.put("'");
    sink.put(name);
    if constexpr (Style == list_style::python) sink.put("'");
  }
  constexpr void close() noexcept {
    if constexpr (Style == list_style::python) sink.put("]");
  }
};

/// A text writer: writes into the sink it is given.
using text_writer = void (*)(text_sink&) noexcept;

/// The text `Write` writes, in static storage.
template <text_writer Write>
struct static_text {
  static constexpr std::size_t size = [] {
    text_sink s;
    Write(s);
    return s.len;
  }();
  static constexpr std::array<char, size + 1> chars = [] {
    std::array<char, size + 1> a{};
    text_sink s{a.data()};
    Write(s);
    return a;
  }();
  static constexpr std::string_view value{chars.data(), size};
};

}  // namespace attncap::detail
