// SPDX-License-Identifier: MIT
/// @file
/// attncap::detail::hf_view: a config.json read as the engine reads a model's attributes.
#pragma once

#include <attncap/model/hf_config.hpp>
#include <attncap/model/model_classes.hpp>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace attncap::detail {

/// config.json read as the engine reads it: through the text sub-config of multimodal models
/// and the attribute aliases of the model type.
class hf_view {
 public:
  /// `c` read for class `architecture`: through the first text sub-config the file has, unless
  /// the class is read from the top level.
  explicit hf_view(const hf_config& c, std::string_view architecture = {}) : c_(c) {
    if (!is_llava_class(architecture))
      for (const std::string_view sub : text_sub_configs)
        if (c.has_object(sub)) {
          dtype_prefix_ = prefix_ = std::string(sub) + ".";
          if (sub == "thinker_config" && c.has_object("thinker_config.text_config")) prefix_ += "text_config.";
          break;
        }
    const auto type = c.text(prefix_ + "model_type");
    model_type_ = type ? std::string(*type) : std::string(c.text("model_type").value_or(""));
  }

  /// The text model's config ("text_config.", "llm_config.", "thinker_config.text_config." …),
  /// "" for the top level.
  const std::string& prefix() const noexcept { return prefix_; }
  /// The config whose dtype the text model takes, where it states one (else the top level's): the
  /// text sub-config's own, but a thinker's text model takes the thinker's.
  const std::string& dtype_prefix() const noexcept { return dtype_prefix_; }
  /// The dotted key the engine's attribute `name` reads.
  std::string key(std::string_view name) const { return prefix_ + std::string(attribute_alias(model_type_, name)); }
  bool has(std::string_view name) const { return c_.has(key(name)); }
  std::optional<std::int64_t> integer(std::string_view name) const {
    const std::string k = key(name);
    if (!c_.has(k)) return std::nullopt;
    if (auto v = c_.integer(k)) return v;
    if (auto d = c_.number(k); d && std::trunc(*d) == *d)
      throw model_config_error("config.json: " + k + ": a whole number past the 64-bit integers is out of range");
    throw model_config_error("config.json: " + k + ": expected an integer");
  }
  std::optional<double> number(std::string_view name) const {
    const std::string k = key(name);
    if (!c_.has(k)) return std::nullopt;
    if (auto v = c_.number(k)) return v;
    throw model_config_error("config.json: " + k + ": expected a number");
  }
  std::int64_t required(std::string_view name, std::string_view why) const {
    if (auto v = integer(name); v && *v > 0) return *v;
    throw model_config_error("config.json: " + key(name) + ": missing or not a positive integer; the engine needs it " +
                             std::string(why) + " (or give the fact flags)");
  }
  /// Whether `layer_types` lists a layer of kind `kind`.
  bool has_layers(std::string_view kind) const {
    for (int i = 0;; ++i) {
      const auto t = c_.text(key("layer_types") + "." + std::to_string(i));
      if (!t || *t == kind) return t.has_value();
    }
  }
  bool has_sliding_layers() const { return has_layers("sliding_attention"); }
  const std::string& model_type() const noexcept { return model_type_; }
  /// The text model's own `model_type`: a sub-config's states none where the engine builds it
  /// from a plain object (model_type() falls back to the top level's for the attribute names).
  std::string_view text_model_type() const {
    return prefix_.empty() ? model_type_ : c_.text(prefix_ + "model_type").value_or("");
  }
  const hf_config& file() const noexcept { return c_; }

 private:
  const hf_config& c_;
  std::string prefix_;
  std::string dtype_prefix_;
  std::string model_type_;
};

}  // namespace attncap::detail
