// SPDX-License-Identifier: MIT
/// @file
/// An sglang launch command line read as the engine's argparse reads it: every flag of the
/// catalogue's sglang release (the table in sglang_flags.inc) with its arity, value type and
/// choices, `--flag=value` and `--flag value`, unique prefixes, and argparse's own error texts.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config_io.hpp"
#include "python_number.hpp"

namespace attncap::cli {

/// How many values a flag takes (argparse's nargs).
enum class flag_arity : std::uint8_t { none, one, optional, any, at_least_one };
/// What argparse converts a flag's value to.
enum class flag_type : std::uint8_t { text, integer, real };

/// One flag of the engine's argparse.
struct sglang_flag {
  std::string_view options;  ///< its spellings, space separated ("--tp-size --tensor-parallel-size")
  std::string_view dest;     ///< the server argument it sets
  flag_arity arity;
  flag_type type;
  std::string_view choices;  ///< accepted values, space separated; empty: any
};

/// Every flag of the catalogue's sglang release, in the order its argparse defines them.
inline constexpr sglang_flag sglang_flags[] = {
#include "sglang_flags.inc"
};

/// One flag as a launch line gave it.
struct launch_flag {
  const sglang_flag* flag = nullptr;
  std::string spelling;             ///< the option string it matched ("--page-size")
  std::vector<std::string> values;  ///< its values, as given
  bool negated = false;             ///< given as the `--no-…` spelling of a boolean
};

/// An environment variable a launch line sets before its command (`NAME=value sglang serve …`).
struct launch_variable {
  std::string name;
  std::string value;
};

/// A parsed launch line: the environment it sets and the flags, in the order given.
struct launch_line {
  std::vector<launch_variable> environment;
  std::vector<launch_flag> flags;

  /// The last occurrence of the flag that sets `dest` (argparse keeps the last), or null.
  const launch_flag* last(std::string_view dest) const {
    for (auto it = flags.rbegin(); it != flags.rend(); ++it)
      if (it->flag->dest == dest) return &*it;
    return nullptr;
  }
};

namespace detail {
inline std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  while (!s.empty()) {
    const auto space = s.find(' ');
    out.push_back(s.substr(0, space));
    s = space == std::string_view::npos ? std::string_view{} : s.substr(space + 1);
  }
  return out;
}

/// argparse's message for a launch line it refuses.
inline input_error argparse_error(const std::string& what) {
  return input_error(std::string("sglang serve: error: ").append(what));
}

inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

/// The known option string nearest to `option`.
inline std::string_view nearest_option(std::string_view option) {
  std::string_view best;
  std::size_t best_distance = std::string_view::npos;
  for (const auto& f : sglang_flags)
    for (auto o : words(f.options))
      if (const auto d = edit_distance(option, o); d < best_distance) {
        best = o;
        best_distance = d;
      }
  return best;
}

/// argparse's test for a word that is a value, not an option: not dashed, a negative number,
/// or containing a space.
inline bool is_value_word(std::string_view w) {
  if (w.size() < 2 || w[0] != '-' || w.find(' ') != std::string_view::npos) return true;
  char* end = nullptr;
  const std::string s(w);
  std::strtod(s.c_str(), &end);
  return end == s.c_str() + s.size();
}

/// The flag whose option string is `option` or, as argparse allows, starts with it uniquely.
inline std::pair<const sglang_flag*, std::string_view> match_option(std::string_view option) {
  std::vector<std::pair<const sglang_flag*, std::string_view>> prefixed;
  for (const auto& f : sglang_flags)
    for (auto o : words(f.options)) {
      if (o == option) return {&f, o};
      if (option.size() > 2 && o.substr(0, option.size()) == option) prefixed.emplace_back(&f, o);
    }
  if (prefixed.size() == 1) return prefixed.front();
  if (prefixed.empty()) return {nullptr, {}};
  std::string matches;
  for (const auto& [f, o] : prefixed) matches.append(matches.empty() ? "" : ", ").append(o);
  throw argparse_error("ambiguous option: " + std::string(option) + " could match " + matches);
}

inline std::string python_repr(std::string_view s) { return std::string("'").append(s).append("'"); }

/// "argument --tp-size/--tensor-parallel-size", as argparse names a flag in its errors.
inline std::string argument_name(const sglang_flag& f) {
  std::string names;
  for (auto o : words(f.options)) names.append(names.empty() ? "" : "/").append(o);
  return std::string("argument ").append(names);
}

/// argparse's conversion check of one value.
inline void check_value(const launch_flag& f, const std::string& v) {
  if (f.flag->type == flag_type::text) return;
  const bool real = f.flag->type == flag_type::real;
  if (!python_number(v, real))
    throw argparse_error(argument_name(*f.flag) + (real ? ": invalid float value: " : ": invalid int value: ") +
                         python_repr(v));
}

inline void check_choice(const launch_flag& f, const std::string& v) {
  if (f.flag->choices.empty()) return;
  const auto choices = words(f.flag->choices);
  if (std::find(choices.begin(), choices.end(), v) != choices.end()) return;
  std::string listed;
  for (auto c : choices) listed.append(listed.empty() ? "" : ", ").append(python_repr(c));
  throw argparse_error(argument_name(*f.flag) + ": invalid choice: " + python_repr(v) + " (choose from " + listed +
                       ")");
}

/// The values `f` takes from `args[i...]`; `explicit_value` is the part after '='.
inline void take_values(launch_flag& f, const std::optional<std::string>& explicit_value,
                        const std::vector<std::string>& args, std::size_t& i) {
  const std::string names = argument_name(*f.flag);
  const flag_arity n = f.flag->arity;
  if (n == flag_arity::none) {
    if (explicit_value) throw argparse_error(names + ": ignored explicit argument " + python_repr(*explicit_value));
    return;
  }
  if (explicit_value) {
    f.values.push_back(*explicit_value);
    return;
  }
  const bool many = n == flag_arity::any || n == flag_arity::at_least_one;
  while (i < args.size() && args[i] != "--" && is_value_word(args[i]) && (many || f.values.empty()))
    f.values.push_back(args[i++]);
  if (f.values.empty() && n == flag_arity::one) throw argparse_error(names + ": expected one argument");
  if (f.values.empty() && n == flag_arity::at_least_one)
    throw argparse_error(names + ": expected at least one argument");
}

/// `args` without `sglang serve`'s own `--model-type NAME`, which it takes before argparse.
inline std::vector<std::string> without_model_type(std::vector<std::string> args) {
  for (std::size_t i = 0; i < args.size();) {
    if (args[i] == "--model-type" && i + 1 < args.size())
      args.erase(args.begin() + static_cast<std::ptrdiff_t>(i), args.begin() + static_cast<std::ptrdiff_t>(i) + 2);
    else if (args[i].rfind("--model-type=", 0) == 0)
      args.erase(args.begin() + static_cast<std::ptrdiff_t>(i));
    else
      ++i;
  }
  return args;
}

/// `args` without a leading `python -m sglang.launch_server` or `sglang serve`.
inline std::vector<std::string> without_launcher(std::vector<std::string> args) {
  const auto base = [](const std::string& s) { return s.substr(s.find_last_of('/') + 1); };
  if (args.size() >= 3 && base(args[0]).rfind("python", 0) == 0 && args[1] == "-m" && args[2] == "sglang.launch_server")
    args.erase(args.begin(), args.begin() + 3);
  else if (args.size() >= 2 && base(args[0]) == "sglang" && args[1] == "serve")
    return without_model_type({args.begin() + 2, args.end()});
  return args;
}

/// True for a shell's `NAME=value` assignment word.
inline bool is_assignment(std::string_view w) {
  const auto eq = w.find('=');
  if (eq == 0 || eq == std::string_view::npos || (w[0] >= '0' && w[0] <= '9')) return false;
  return std::all_of(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(eq),
                     [](char c) { return c == '_' || std::isalnum(static_cast<unsigned char>(c)); });
}

/// The leading `[env] NAME=value …` words of `args`, taken off it.
inline std::vector<launch_variable> take_environment(std::vector<std::string>& args) {
  std::size_t i = !args.empty() && args[0] == "env" ? 1 : 0;
  std::vector<launch_variable> out;
  for (; i < args.size() && is_assignment(args[i]); ++i) {
    const auto eq = args[i].find('=');
    out.push_back({args[i].substr(0, eq), args[i].substr(eq + 1)});
  }
  if (!out.empty() || i == 1) args.erase(args.begin(), args.begin() + static_cast<std::ptrdiff_t>(i));
  return out;
}

/// The integer argparse reads from `word` (already checked by check_value).
inline std::int64_t python_int(const std::string& word) {
  return std::strtoll(python_number(word, false).value_or("0").c_str(), nullptr, 10);
}
}  // namespace detail

/// Parses an sglang launch line (optionally led by environment assignments, `env NAME=value …`,
/// and by `python -m sglang.launch_server` or `sglang serve`) as the engine's argparse does;
/// throws input_error with argparse's message for an unknown flag (naming the nearest known
/// one), a missing value or a bad value.
inline launch_line parse_launch_line(std::vector<std::string> given) {
  launch_line line;
  line.environment = detail::take_environment(given);
  const std::vector<std::string> args = detail::without_launcher(std::move(given));
  std::vector<std::string> unknown;
  for (std::size_t i = 0; i < args.size();) {
    const std::string& word = args[i++];
    if (detail::is_value_word(word) || word == "--") {
      unknown.push_back(word);
      continue;
    }
    std::optional<std::string> explicit_value;
    std::string option = word;
    if (const auto eq = word.find('='); eq != std::string::npos && word.rfind("--", 0) == 0) {
      option = word.substr(0, eq);
      explicit_value = word.substr(eq + 1);
    }
    const auto [flag, spelling] = detail::match_option(option);
    if (flag == nullptr) {
      unknown.push_back(word);
      continue;
    }
    launch_flag f{
        flag,
        std::string(spelling),
        {},
        spelling.rfind("--no-", 0) == 0 && flag->arity == flag_arity::none && detail::words(flag->options).size() > 1};
    detail::take_values(f, explicit_value, args, i);
    for (const auto& v : f.values) detail::check_value(f, v);
    line.flags.push_back(std::move(f));
  }
  if (!unknown.empty()) {
    std::string list;
    for (const auto& u : unknown) list.append(list.empty() ? "" : " ").append(u);
    std::string hint;
    for (const auto& u : unknown)
      if (!detail::is_value_word(u)) {
        const std::string option = u.substr(0, u.find('='));
        hint = std::string(" (nearest known flag to ").append(option).append(": ");
        hint.append(detail::nearest_option(option)).append(")");
        break;
      }
    throw detail::argparse_error(std::string("unrecognized arguments: ").append(list).append(hint));
  }
  return line;
}

}  // namespace attncap::cli
