// SPDX-License-Identifier: MIT
/// @file
/// A local Hugging Face model folder's config.json read into the library's flat key/values,
/// with `--json-model-override-args` applied as the engine applies it (top-level keys replace
/// the file's). attncap works offline: a hub id is refused with what to give instead.
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

/// The config.json of model folder `path`, with `overrides` (a JSON object text, "" for none)
/// on top. Throws input_error naming the path, the file or the flag.
inline nlohmann::json read_model_config(const std::string& path, const std::string& overrides) {
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
  nlohmann::json j =
      parse_object(read_json_file(file, file.string(), "a model folder holds its config.json"), file.string());
  if (!overrides.empty() && overrides != "{}") {
    const auto o = parse_object(overrides, "--json-model-override-args");
    for (const auto& [k, v] : o.items()) j[k] = v;
  }
  return j;
}

}  // namespace attncap::cli
