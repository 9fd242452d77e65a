// SPDX-License-Identifier: MIT
/// @file
/// A config.json loaded as the engine loads it: transformers turns each config's `dtype` into a
/// torch dtype as it reads the file, then `--json-model-override-args` is applied on top.
#pragma once

#include <array>
#include <attncap/model/hf_config.hpp>
#include <attncap/model/model_classes.hpp>
#include <attncap/model/torch_dtypes.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace attncap {

namespace detail {
/// What a config.json's dtype may be, for the messages that refuse one.
inline constexpr std::string_view accepted_dtypes =
    "accepted: float16 (half), bfloat16, float32 (float, cast down for serving)";

/// The key the config at `prefix` ("" for the top level, "text_config." …) takes its dtype from,
/// as transformers reads it: one an override set, null included (`torch_dtype`'s setter writes
/// `dtype`); else `dtype` where present and not null (of any type), else `torch_dtype`; nothing
/// where neither is. With `file`, as the file states them, before overrides.
inline std::optional<std::string> dtype_key(const hf_config& c, const std::string& prefix, bool file = false) {
  constexpr std::array<const char*, 2> names{"dtype", "torch_dtype"};
  if (!file)
    for (const char* name : names)
      if (std::string key = prefix + name; c.overridden(key)) return key;
  for (const char* name : names) {
    std::string key = prefix + name;
    const hf_value* v = file ? c.file_value(key) : c.find(key);
    if ((v != nullptr && !std::holds_alternative<std::nullptr_t>(*v)) || c.has_object(key)) return key;
  }
  return std::nullopt;
}

/// Whether an object given for `key` updates the file's keys one level down rather than
/// replacing the whole value: a sub-config does (`PretrainedConfig.update`), and so do the rope
/// parameters, which the engine merges.
inline bool merged_override(std::string_view key) {
  return key == "rope_scaling" || key == "rope_parameters" || listed(text_sub_configs, key);
}

/// The top-level names of `c`'s keys ("text_config" for "text_config.num_attention_heads").
inline std::set<std::string> top_names(const hf_config& c, std::string_view under = {}) {
  std::set<std::string> names;
  const std::string prefix = under.empty() ? std::string() : std::string(under) + ".";
  for (const auto& [key, value] : c.values())
    if (key.starts_with(prefix)) names.insert(key.substr(0, key.find('.', prefix.size())));
  return names;
}

/// Throws model_config_error where the config at `prefix` names a dtype torch lacks; an
/// override's name counts only where the override gives the whole config (`overridden`).
inline void check_dtype_name(const hf_config& c, const std::string& prefix, bool overridden = false) {
  const auto key = dtype_key(c, prefix);
  const auto name = key ? c.text(*key) : std::nullopt;
  if (name && c.overridden(*key) == overridden && !is_torch_dtype_name(*name))
    throw model_config_error((overridden ? "--json-model-override-args " : "config.json: ") + *key +
                             ": torch has no dtype \"" + std::string(*name) + "\", so the engine cannot load the " +
                             (overridden ? "override; " : "file; ") + std::string(accepted_dtypes) +
                             " or another torch dtype");
}

/// Whether the engine builds the text sub-configs of class `architecture` from their plain
/// objects, converting their dtypes: all but its LLaVA classes, which it reads from the top level.
inline bool converts_sub_configs(const hf_config& c) { return !is_llava_class(c.text("architectures.0").value_or("")); }

/// Throws model_config_error where an object of the file, at any depth, holds a list as its
/// `dtype` (or the top level as its `torch_dtype` with no dtype: it becomes one): transformers writes
/// every `dtype` of the loaded config back as a name, and a list has none.
inline void check_dtype_lists(const hf_config& c) {
  const auto digits = [](std::string_view s) {
    return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
  };
  for (const auto& [key, value] : c.values()) {
    std::size_t at = 0;
    for (std::size_t dot = 0; dot != std::string::npos; at = dot + 1) {
      dot = key.find('.', at);
      const std::string_view segment = std::string_view(key).substr(at, dot - at);
      if (digits(segment)) break;  // inside a list: transformers does not look there
      const bool named = segment == "dtype" || (at == 0 && segment == "torch_dtype" && !c.has("dtype"));
      if (named && dot != std::string::npos &&
          digits(std::string_view(key).substr(dot + 1, key.find('.', dot + 1) - dot - 1)) && !c.overridden(key))
        throw model_config_error("config.json: " + key.substr(0, dot) +
                                 ": a list, not a dtype name, so the engine cannot load the file (transformers "
                                 "writes every dtype of the config back as a name); " +
                                 std::string(accepted_dtypes));
    }
  }
}
}  // namespace detail

/// Throws model_config_error where a config of the file (the top level, a text sub-config, a
/// thinker's text config) names a dtype torch lacks: transformers stops there
/// (`getattr(torch, name)`), whatever `--dtype` says; or where an object of the file holds a
/// list as its dtype. Each config reads `dtype`, else `torch_dtype`; keys set by an override
/// are not the file's.
inline void check_dtype_names(const hf_config& c) {
  detail::check_dtype_lists(c);
  detail::check_dtype_name(c, "");
  if (!detail::converts_sub_configs(c)) return;
  for (std::string_view sub : text_sub_configs) detail::check_dtype_name(c, std::string(sub) + ".");
  detail::check_dtype_name(c, "thinker_config.text_config.");
}

/// Applies `overrides` (a flat `--json-model-override-args`) to the file `c` as the engine does,
/// after checking the file's dtypes: each top-level key replaces the file's, except that an
/// object given for a sub-config or the rope parameters replaces their keys one level down.
/// Every key set is marked overridden. A text sub-config the file lacks is built from the
/// override's object, so its dtype name is converted as the file's are.
inline void apply_overrides(hf_config& c, const hf_config& overrides) {
  check_dtype_names(c);
  std::vector<std::string> created;
  for (std::string_view sub : text_sub_configs)
    if (overrides.has_object(sub) && !c.has_object(sub)) created.emplace_back(sub);
  for (const std::string& top : detail::top_names(overrides)) {
    if (overrides.has_object(top) && c.has_object(top) && detail::merged_override(top))
      for (const std::string& name : detail::top_names(overrides, top)) c.erase_tree(name);
    else
      c.erase_tree(top);
  }
  for (const auto& [key, value] : overrides.values()) c.set_override(key, value);
  if (detail::converts_sub_configs(c))
    for (const std::string& sub : created) detail::check_dtype_name(c, sub + ".", true);
}

}  // namespace attncap
