// SPDX-License-Identifier: MIT
/// @file
/// A local Hugging Face model folder's config.json read into the library's flat key/values,
/// with `--json-model-override-args` applied as the engine applies it (see apply_overrides). attncap works offline: a
/// hub id is refused with what to give instead.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "config_io.hpp"

namespace attncap::cli {

namespace detail {
inline void flatten(const nlohmann::json& j, const std::string& key, hf_config& out) {
  if (j.is_object()) {
    for (const auto& [k, v] : j.items()) flatten(v, key.empty() ? k : key + "." + k, out);
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i) flatten(j[i], key + "." + std::to_string(i), out);
  } else if (j.is_boolean()) {
    out.set(key, j.get<bool>());
  } else if (j.is_number_integer() && !(j.is_number_unsigned() && j.get<std::uint64_t>() > INT64_MAX)) {
    out.set(key, j.get<std::int64_t>());
  } else if (j.is_number()) {
    out.set(key, j.get<double>());
  } else if (j.is_string()) {
    out.set(key, j.get<std::string>());
  } else {
    out.set(key, nullptr);
  }
}

}  // namespace detail

/// `j` as flat key/values.
inline hf_config flat_config(const nlohmann::json& j) {
  hf_config c;
  detail::flatten(j, "", c);
  return c;
}

/// The config.json of model folder `path`. Throws input_error naming the path or the file.
inline nlohmann::json read_model_config(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(path, ec)) {
    const bool hub_id =
        !fs::exists(path, ec) && path.find('/') != std::string::npos && path.front() != '/' && path.front() != '.';
    throw input_error(std::string("--model-path ").append(path).append(": ") +
                      (hub_id ? std::string("not a local folder, and attncap works offline (it reads no hub)")
                              : std::string("not a folder")) +
                      "; accepted: a local model folder holding config.json, or the model fact flags before '--' "
                      "(--model, --model-arch, --head-dim, --num-q-heads-per-rank, …)");
  }
  const fs::path file = fs::path(path) / "config.json";
  return parse_object(read_json_file(file, file.string(), "a model folder holds its config.json"), file.string());
}

/// The config.json of model folder `path` as the engine holds it, `overrides` (a JSON object
/// text, "" for none) applied on top. Throws input_error naming the path, the file or the flag,
/// and model_config_error for a file the engine cannot load.
inline hf_config read_model_facts_config(const std::string& path, const std::string& overrides) {
  hf_config c = flat_config(read_model_config(path));
  if (!overrides.empty() && overrides != "{}")
    apply_overrides(c, flat_config(parse_object(overrides, "--json-model-override-args")));
  return c;
}

}  // namespace attncap::cli
