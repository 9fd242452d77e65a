// SPDX-License-Identifier: MIT
/// @file
/// attncap::hf_config: a Hugging Face model's `config.json` as flat key/values, the form the
/// model facts read. Nested objects are joined with '.', list items are indexed
/// ("text_config.num_attention_heads", "architectures.0"); whoever parses the file fills it,
/// so the library needs no JSON parser.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace attncap {

/// A config.json that lacks a key the engine needs, holds one of the wrong type, or that the
/// engine cannot load.
class model_config_error : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// One scalar of a config.json: null, a boolean, an integer, a number or a string.
using hf_value = std::variant<std::nullptr_t, bool, std::int64_t, double, std::string>;

/// A config.json as flat key/values.
class hf_config {
 public:
  /// Sets `key` (dotted path) to `value`; a later set replaces an earlier one.
  void set(std::string key, hf_value value) { values_.insert_or_assign(std::move(key), std::move(value)); }

  /// Sets `key` as `--json-model-override-args` does: after the file was loaded.
  void set_override(std::string key, hf_value value) {
    keep_file_value(key);
    overridden_.insert(key);
    set(std::move(key), std::move(value));
  }

  /// Whether `key` was set by `set_override` rather than read from the file.
  bool overridden(std::string_view key) const { return overridden_.find(key) != overridden_.end(); }

  /// Removes `key` and every key under it (`key.…`), as an override that replaces an object does;
  /// file_value still reads what the file held there.
  void erase_tree(std::string_view key) {
    const auto drop = [this](auto it) {
      keep_file_value(it->first);
      overridden_.erase(it->first);
      return values_.erase(it);
    };
    // Two ranges: keys such as "key-x" sort between "key" and "key.".
    const std::string sub = std::string(key) + ".";
    for (auto it = values_.lower_bound(sub); it != values_.end() && it->first.starts_with(sub);) it = drop(it);
    if (const auto it = values_.find(key); it != values_.end()) drop(it);
  }

  /// Whether the file itself holds keys under `prefix` (an object or a list), whatever an
  /// override changed since.
  bool file_has_object(std::string_view prefix) const {
    const std::string sub = std::string(prefix) + ".";
    for (auto it = values_.lower_bound(sub); it != values_.end() && it->first.starts_with(sub); ++it)
      if (!overridden(it->first)) return true;
    for (auto it = file_values_.lower_bound(sub); it != file_values_.end() && it->first.starts_with(sub); ++it)
      if (it->second) return true;
    return false;
  }

  /// The value the file itself holds at `key`, before set_override or erase_tree changed it;
  /// nothing where the file had none.
  const hf_value* file_value(std::string_view key) const {
    const auto it = file_values_.find(key);
    if (it == file_values_.end()) return find(key);
    return it->second ? &*it->second : nullptr;
  }

  /// The value at `key`, or nothing when the file has no such key.
  const hf_value* find(std::string_view key) const {
    const auto it = values_.find(key);
    return it == values_.end() ? nullptr : &it->second;
  }

  /// Whether `key` is present and not null.
  bool has(std::string_view key) const {
    const hf_value* v = find(key);
    return v != nullptr && !std::holds_alternative<std::nullptr_t>(*v);
  }

  /// Whether any key starts with `prefix` followed by '.' (a sub-object or list is present).
  bool has_object(std::string_view prefix) const {
    const std::string p = std::string(prefix) + ".";
    const auto it = values_.lower_bound(p);
    return it != values_.end() && std::string_view(it->first).substr(0, p.size()) == p;
  }

  /// The integer at `key` (a number with no fraction counts, inside the 64-bit range), or nothing.
  std::optional<std::int64_t> integer(std::string_view key) const {
    const hf_value* v = find(key);
    if (v == nullptr) return std::nullopt;
    if (const auto* i = std::get_if<std::int64_t>(v)) return *i;
    // -2^63 <= d < 2^63: converting a double outside that range is undefined.
    if (const auto* d = std::get_if<double>(v);
        d && *d >= -0x1p63 && *d < 0x1p63 && *d == static_cast<double>(static_cast<std::int64_t>(*d)))
      return static_cast<std::int64_t>(*d);
    return std::nullopt;
  }

  /// The number at `key`, or nothing.
  std::optional<double> number(std::string_view key) const {
    const hf_value* v = find(key);
    if (v == nullptr) return std::nullopt;
    if (const auto* d = std::get_if<double>(v)) return *d;
    if (const auto* i = std::get_if<std::int64_t>(v)) return static_cast<double>(*i);
    return std::nullopt;
  }

  /// The string at `key`, or nothing.
  std::optional<std::string_view> text(std::string_view key) const {
    const hf_value* v = find(key);
    if (v == nullptr) return std::nullopt;
    if (const auto* s = std::get_if<std::string>(v)) return std::string_view(*s);
    return std::nullopt;
  }

  /// The boolean at `key`, or nothing.
  std::optional<bool> boolean(std::string_view key) const {
    const hf_value* v = find(key);
    if (v == nullptr) return std::nullopt;
    if (const auto* b = std::get_if<bool>(v)) return *b;
    return std::nullopt;
  }

  /// Every key and value, in key order.
  const std::map<std::string, hf_value, std::less<>>& values() const noexcept { return values_; }

 private:
  std::map<std::string, hf_value, std::less<>> values_;
  std::set<std::string, std::less<>> overridden_;
  std::map<std::string, std::optional<hf_value>, std::less<>> file_values_;  ///< of the keys changed

  void keep_file_value(const std::string& key) {
    if (file_values_.find(key) != file_values_.end()) return;
    const hf_value* v = find(key);
    file_values_.emplace(key, v ? std::optional(*v) : std::nullopt);
  }
};

}  // namespace attncap
