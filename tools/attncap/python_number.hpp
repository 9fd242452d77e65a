// SPDX-License-Identifier: MIT
/// @file
/// A launch-line word read as Python's int() and float() read it (argparse's `type=int` and
/// `type=float`), reduced to the plain form attncap's own reading takes.
#pragma once

#include <cctype>
#include <optional>
#include <string>
#include <string_view>

namespace attncap::cli::detail {

/// Digits with single underscores between them, from `i` on; false when there are none.
inline bool python_digits(std::string_view s, std::size_t& i, std::string& out) {
  const std::size_t first = i;
  while (i < s.size()) {
    if (std::isdigit(static_cast<unsigned char>(s[i])) != 0) {
      out += s[i++];
    } else if (s[i] == '_' && i > first && i + 1 < s.size() &&
               std::isdigit(static_cast<unsigned char>(s[i + 1])) != 0) {
      ++i;
    } else {
      break;
    }
  }
  return i > first;
}

/// Python's float() names for the non-finite values, in any case.
inline bool python_non_finite(std::string_view s) {
  std::string lower(s);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower == "inf" || lower == "infinity" || lower == "nan";
}

/// `word` in the plain form when Python's int() (`real` false) or float() (`real` true) reads it,
/// else nullopt: surrounding whitespace, underscores between digits and a leading '+' dropped
/// (" +1_024" -> "1024", "1_0.5e1_0" -> "10.5e10", ".5" stays). Python refuses "1__0", "_1", "1_",
/// "0x10" and "1e", and so does this; its non-finite floats ("inf", "-NaN") are returned as given.
inline std::optional<std::string> python_number(std::string_view word, bool real) {
  constexpr std::string_view space = " \t\n\v\f\r";
  const std::size_t begin = word.find_first_not_of(space);
  if (begin == std::string_view::npos) return std::nullopt;
  std::string_view s = word.substr(begin, word.find_last_not_of(space) + 1 - begin);
  std::string out = s[0] == '-' ? "-" : "";
  if (s[0] == '-' || s[0] == '+') s.remove_prefix(1);
  if (real && python_non_finite(s)) return out.append(s);
  std::size_t i = 0;
  bool digits = python_digits(s, i, out);
  if (real && i < s.size() && s[i] == '.') {
    out += s[i++];
    digits = python_digits(s, i, out) || digits;
  }
  if (!digits) return std::nullopt;
  if (real && i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    out += s[i++];
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) out += s[i++];
    if (!python_digits(s, i, out)) return std::nullopt;
  }
  return i == s.size() ? std::optional(out) : std::nullopt;
}

}  // namespace attncap::cli::detail
