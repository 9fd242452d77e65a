// SPDX-License-Identifier: MIT
/// @file
/// Reading and writing launch configurations as JSON (the CLI's `--config` format: snake_case
/// keys, JSON booleans, absent = unset) with errors that name the key and what it accepts.
#pragma once

#include <attncap/attncap.hpp>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <istream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace attncap::cli {

/// Bad input: the message names the key and the accepted values.
class input_error : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// Where a configuration value came from: `origin` is one of "config" (--config), "flag",
/// "launch_line", "config.json", "machine"; `detail` says which flag, key or probe.
struct value_source {
  std::string origin;
  std::string detail;
};

/// A configuration as read, with the model class name kept for echoing it back and, for a
/// launch line, where each value came from.
struct input {
  launch_config config;
  std::string model_class;                      ///< the `model` key as given ("" when absent)
  std::map<std::string, value_source> sources;  ///< key -> where its value came from, for keys not at default
  std::vector<std::string> ignored;             ///< launch-line flags no attention check reads
  std::vector<std::string> notes;               ///< what the model's config.json says that the engine reads otherwise
  std::string machine;                          ///< how the hardware was detected ("" when given)
};

namespace detail {
/// `v` as JSON text for a message; bytes that are not UTF-8 (possible from flags) are replaced.
inline std::string shown(const nlohmann::json& v) {
  return v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

/// The hardware spellings a user may give: auto (detect this machine's), then every target.
inline std::string accepted_hardware() { return "auto, " + accepted_spellings<hardware>(); }

template <class E>
E enum_value(field f, const nlohmann::json& v) {
  if (!v.is_string())
    throw input_error(std::string(to_string(f)) + ": expected a string; accepted: " + accepted_spellings<E>());
  try {
    return parse<E>(v.get<std::string>());
  } catch (const parse_error& e) {
    if (f == field::hardware)  // auto (detect this machine's) is read before the spellings
      throw input_error("hardware: unknown hardware '" + v.get<std::string>() + "'; accepted: " + accepted_hardware());
    throw input_error(std::string(to_string(f)) + ": " + e.what());
  }
}

/// "[lo, hi]": the integers key `info` accepts.
inline std::string integer_range(const field_info& info) {
  return std::string("[").append(std::to_string(info.lo)).append(", ").append(std::to_string(info.hi)) + "]";
}

inline std::int32_t integer(const field_info& info, const nlohmann::json& v) {
  const std::string key(info.name);
  // A whole number past 64 bits reaches here as a float: it is out of range, not a fraction.
  if (v.is_number_float() && std::abs(v.get<double>()) >= 0x1p63 && std::trunc(v.get<double>()) == v.get<double>())
    throw input_error(key + ": " + shown(v) + " is out of range; accepted: integers in " + integer_range(info));
  if (!v.is_number_integer())
    throw input_error(key + ": expected an integer in " + integer_range(info) + ", got " + shown(v));
  // An unsigned JSON integer may lie past int64's range: compare it unsigned, echo it as given.
  const bool above = v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(info.hi);
  if (above || v.get<std::int64_t>() < info.lo || v.get<std::int64_t>() > info.hi)
    throw input_error(key + ": " + shown(v) + " is out of range; accepted: integers in " + integer_range(info));
  return static_cast<std::int32_t>(v.get<std::int64_t>());
}

inline bool boolean(field f, const nlohmann::json& v) {
  if (!v.is_boolean()) throw input_error(std::string(to_string(f)) + ": expected true or false, got " + shown(v));
  return v.get<bool>();
}

/// A path is recorded as given or not: a non-empty string or true gives one, null or false none.
inline bool path_given(field f, const nlohmann::json& v) {
  if (v.is_null()) return false;
  if (v.is_boolean()) return v.get<bool>();
  if (v.is_string() && !v.get<std::string>().empty()) return true;
  throw input_error(std::string(to_string(f)) + ": expected a path, true, false or null, got " + shown(v));
}

inline double number(field f, const nlohmann::json& v) {
  if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0)
    throw input_error(std::string(to_string(f)) + ": expected a non-negative number, got " + shown(v));
  return v.get<double>();
}

template <class Registry>
backend_id backend(field f, const nlohmann::json& v) {
  std::string names;
  for (auto n : Registry::names) names += (names.empty() ? "" : ", ") + std::string(n);
  if (!v.is_string()) throw input_error(std::string(to_string(f)) + ": expected a backend name; accepted: " + names);
  if (auto b = Registry::find(v.get<std::string>())) return *b;
  throw input_error(std::string(to_string(f)) + ": unknown backend '" + v.get<std::string>() + "'; accepted: " + names);
}

/// "12.4" -> 1204.
inline std::int32_t cuda_version(const nlohmann::json& v) {
  const std::string s = v.is_string() ? v.get<std::string>() : v.is_number() ? v.dump() : std::string{};
  const auto dot = s.find('.');
  auto digits = [](std::string_view d) {
    return !d.empty() && d.size() <= 3 && d.find_first_not_of("0123456789") == std::string_view::npos;
  };
  if (dot == std::string::npos || !digits(std::string_view(s).substr(0, dot)) ||
      !digits(std::string_view(s).substr(dot + 1)))
    throw input_error("cuda: expected a version MAJOR.MINOR such as \"12.4\", got " + shown(v));
  return std::stoi(s.substr(0, dot)) * 100 + std::stoi(s.substr(dot + 1));
}

/// The family of the class `v` names; the class is kept in `in` to be written back as given.
inline model_family model_from_class(input& in, const nlohmann::json& v) {
  if (!v.is_string() || v.get<std::string>().empty())
    throw input_error("model: expected an HF architecture class name such as \"DeepseekV3ForCausalLM\"");
  in.model_class = v.get<std::string>();
  return classify_model(in.model_class);
}

/// The value of key `F` (of type `T`) that JSON value `v` gives; throws input_error.
template <class Registry, class T, class F>
T read_value(input& in, F, const nlohmann::json& v) {
  constexpr field f = F::key;
  if constexpr (F::kind == field_kind::backend)
    return backend<Registry>(f, v);
  else if constexpr (F::kind == field_kind::choice)
    return enum_value<T>(f, v);
  else if constexpr (F::kind == field_kind::integer)
    return integer(schema_of(f), v);
  else if constexpr (F::kind == field_kind::flag)
    return boolean(f, v);
  else if constexpr (F::kind == field_kind::path)
    return path_given(f, v);
  else if constexpr (F::kind == field_kind::real)
    return number(f, v);
  else if constexpr (F::kind == field_kind::version)
    return cuda_version(v);
  else
    return model_from_class(in, v);
}

/// Key `F` (of type `T`) as JSON, null where the engine holds None.
template <class T, class F>
nlohmann::json write_value(const input& in, const T& v, F, backend_names names) {
  if constexpr (F::kind == field_kind::backend)
    return is_set(v) ? nlohmann::json(std::string(name_of(v, names))) : nullptr;
  else if constexpr (F::kind == field_kind::choice)  // an enumerator the engine spells None is None
    return to_string(v) == "None" ? nullptr : nlohmann::json(std::string(to_string(v)));
  else if constexpr (F::kind == field_kind::integer)
    return v == unset ? nullptr : nlohmann::json(v);
  else if constexpr (F::kind == field_kind::flag || F::kind == field_kind::real)
    return v;
  else if constexpr (F::kind == field_kind::path)
    return v ? nlohmann::json(true) : nullptr;
  else if constexpr (F::kind == field_kind::version)
    return v == unset ? nullptr : nlohmann::json(version_string(v));
  else
    return in.model_class.empty() ? nullptr : nlohmann::json(in.model_class);  // the class as given
}

/// Every key a user may give, comma separated.
inline std::string input_keys() {
  std::string keys;
  for (const auto& info : field_schema)
    if (is_input(info.key)) keys += (keys.empty() ? "" : ", ") + std::string(info.name);
  return keys;
}
}  // namespace detail

/// `--page-size` for key `page_size`.
inline std::string flag_name(std::string_view key) {
  std::string s = std::string("--").append(key);
  for (char& c : s)
    if (c == '_') c = '-';
  return s;
}

/// `--page-size` for `page_size`.
inline std::string flag_name(field f) { return flag_name(to_string(f)); }

/// How errors name the `--config` input `name` (a path, or "stdin" for '-').
inline std::string config_where(const std::string& name) {
  return "config: " + (name == "stdin" ? name : "'" + name + "'");
}

/// The deepest nesting of objects and arrays a JSON input may have (a config.json nests a few
/// levels); deeper input is refused while it is parsed, before anything recurses over it.
inline constexpr int max_json_depth = 64;

/// The largest JSON input read (a config.json is a few KiB).
inline constexpr std::size_t max_json_bytes = std::size_t{16} << 20;

/// What a JSON object with a key given twice means: the last one wins (as the engine reads
/// config.json), or it is refused (a file of the user's own, where it is a slip).
enum class repeated_keys { last_wins, refused };

/// `text` parsed as a JSON object; `where` names it and `what` says what it must hold.
inline nlohmann::json parse_object(const std::string& text, const std::string& where,
                                   const std::string& what = "a JSON object",
                                   repeated_keys repeated = repeated_keys::last_wins) {
  int objects = 0;                 // objects open around the parser
  bool top_object = false;         // whether the top-level value is an object
  std::set<std::string> top_keys;  // the keys it has given so far
  // nlohmann reports the top-level value at depth 0 and a container inside n others at depth n.
  const auto checked = [&](int depth, nlohmann::json::parse_event_t event, const nlohmann::json& parsed) {
    using event_t = nlohmann::json::parse_event_t;
    if ((event == event_t::object_start || event == event_t::array_start) && depth >= max_json_depth)
      throw input_error(where + " nests objects and arrays deeper than " + std::to_string(max_json_depth) +
                        " levels; accepted: " + what + " of at most that depth");
    objects += event == event_t::object_start ? 1 : event == event_t::object_end ? -1 : 0;
    top_object = top_object || (event == event_t::object_start && depth == 0);
    // The keys are flat: a nested object is a bad value, which the key's own check reports.
    if (repeated == repeated_keys::refused && event == event_t::key && top_object && objects == 1 &&
        !top_keys.insert(parsed.get<std::string>()).second)
      throw input_error(where + ": key '" + parsed.get<std::string>() + "' is given twice; accepted: " + what +
                        " with each key once");
    return true;
  };
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text, checked);
  } catch (const nlohmann::json::exception& e) {
    throw input_error(where + " is not valid JSON: " + e.what());
  }
  if (!j.is_object()) throw input_error(where + " must hold " + what);
  return j;
}

/// All of `in` (a file or stdin named `where`), refused past max_json_bytes.
inline std::string read_json_text(std::istream& in, const std::string& where) {
  std::string text;
  char chunk[65536];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    text.append(chunk, static_cast<std::size_t>(in.gcount()));
    if (text.size() > max_json_bytes)
      throw input_error(where + " is larger than " + std::to_string(max_json_bytes >> 20) +
                        " MiB; accepted: a JSON object of at most that size");
  }
  return text;
}

/// The text of JSON file `path` (`where` names it in errors): a directory or an unreadable path
/// is an input_error, which ends with `hint` when one is given.
inline std::string read_json_file(const std::filesystem::path& path, const std::string& where,
                                  const std::string& hint = {}) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw input_error(where + " is a folder; accepted: a JSON file" + (hint.empty() ? "" : " (" + hint + ")"));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw input_error(where + ": cannot read it" + (hint.empty() ? "" : "; " + hint));
  return read_json_text(in, where);
}

/// Sets key `f` of `in` from JSON value `v` (null = unset); throws input_error on bad values.
template <class Registry = builtin_registry>
void set_field(input& in, field f, const nlohmann::json& v) {
  if (v.is_null()) return;
  if (!is_input(f)) throw input_error(std::string(to_string(f)) + ": is set by resolution, not an input");
  visit_field(in.config, f,
              [&]<class T>(T& member, auto key) { member = detail::read_value<Registry, T>(in, key, v); });
}

/// The kind of value key `f` takes.
constexpr field_kind kind_of(field f) noexcept { return schema_of(f).kind; }

/// The JSON value a command-line word stands for when given for key `f`: a number for numeric
/// keys when the word is one (otherwise the word as a string, which set_field then rejects with
/// the same message as in a file), the word itself for every other key. An integer key takes
/// decimal digits with an optional '-' ("1e3" is no integer); digits past 64 bits are out of
/// range, echoed as given. A real key takes a finite decimal number with an optional '-' (".5",
/// "5." and "1e-3" as well as "0.5").
inline nlohmann::json from_word(field f, const std::string& word) {
  if (kind_of(f) == field_kind::integer) {
    const std::size_t sign = word.starts_with('-') ? 1 : 0;
    if (word.size() == sign || word.find_first_not_of("0123456789", sign) != std::string::npos) return word;
    std::int64_t n = 0;
    if (std::from_chars(word.data(), word.data() + word.size(), n).ec == std::errc{}) return n;
    throw input_error(std::string(to_string(f)) + ": " + word + " is out of range; accepted: integers in " +
                      detail::integer_range(schema_of(f)));
  }
  if (kind_of(f) != field_kind::real) return word;
  double x = 0;
  const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), x);
  const bool whole = end == word.data() + word.size() && !word.empty();
  // Python reads an underflow ("1e-400") as 0.0; strtod gives the same where from_chars refuses.
  if (whole && ec == std::errc::result_out_of_range) x = std::strtod(word.c_str(), nullptr);
  return whole && (ec == std::errc{} || ec == std::errc::result_out_of_range) && std::isfinite(x)
             ? nlohmann::json(x)
             : nlohmann::json(word);
}

/// Reads a JSON object of configuration keys; unknown keys are errors naming the accepted keys.
/// A model class whose family decides the architecture sets it unless `model_arch` is given.
template <class Registry = builtin_registry>
input from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw input_error("configuration: expected a JSON object of configuration keys");
  input in;
  for (const auto& [key, value] : j.items()) {
    const auto f = from_string<field>(key);
    if (!f || !is_input(*f))
      throw input_error("unknown configuration key '" + key + "'; accepted: " + detail::input_keys());
    set_field<Registry>(in, *f, value);
  }
  if (const auto arch = implied_arch(in.config.model); arch && !j.contains("model_arch")) in.config.model_arch = *arch;
  return in;
}

/// The JSON value of key `f` of `c` (null when unset), as the engine would hold it; the model
/// is the class name of `in`.
inline nlohmann::json field_json(const input& in, const launch_config& c, field f, backend_names names) {
  return visit_field(c, f, [&](const auto& v, auto key) { return detail::write_value(in, v, key, names); });
}

/// Every key of `c` as a JSON object.
inline nlohmann::json to_json(const input& in, const launch_config& c, backend_names names) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& info : field_schema) j[std::string(info.name)] = field_json(in, c, info.key, names);
  return j;
}

}  // namespace attncap::cli
