// SPDX-License-Identifier: MIT
/// @file
/// The configuration options every command shares: one flag per configuration key, generated
/// from the `field` spelling table, plus `--config FILE|-`; flags override the file.
#pragma once

#include "config_io.hpp"

#include <CLI/CLI.hpp>

#include <array>
#include <fstream>
#include <istream>
#include <iterator>
#include <sstream>
#include <string>

namespace attncap::cli {

/// `--page-size` for `page_size`.
inline std::string flag_name(field f) {
  std::string s = "--" + std::string(to_string(f));
  for (char& c : s)
    if (c == '_') c = '-';
  return s;
}

/// True for keys a user may give (the resolved-only keys are not inputs).
constexpr bool is_input(field f) noexcept { return f != field::disable_radix_cache && f != field::disable_cuda_graph; }

/// Every backend name of `Registry`, comma separated.
template <class Registry = builtin_registry>
std::string backend_list() {
  std::string out;
  for (auto n : Registry::names) out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

namespace detail {
/// What a key accepts, for --help.
inline std::string accepted_for(field f) {
  switch (f) {
    case field::attention_backend:
    case field::prefill_attention_backend:
    case field::decode_attention_backend:
    case field::speculative_draft_attention_backend: return backend_list();
    case field::kv_cache_dtype: return accepted_spellings<kv_cache_dtype>();
    case field::dtype: return accepted_spellings<model_dtype>();
    case field::speculative_algorithm: return accepted_spellings<speculative_algorithm>();
    case field::hardware: return accepted_spellings<hardware>();
    case field::model_arch: return accepted_spellings<model_arch>();
    case field::cuda: return "MAJOR.MINOR, e.g. 12.4";
    case field::model: return "an HF architecture class, e.g. DeepseekV3ForCausalLM";
    default: return kind_of(f) == value_kind::number ? "a number" : "";
  }
}
}  // namespace detail

/// The configuration flags of one command, bound to a CLI11 app.
class config_options {
 public:
  static constexpr std::size_t count = enum_spellings<field>::table.size();

  explicit config_options(CLI::App& app) {
    app.add_option("--config", config_path_, "JSON object of configuration keys (snake_case); '-' reads stdin")
        ->group("Input");
    for (std::size_t i = 0; i < count; ++i) {
      const field f = enum_spellings<field>::table[i].value;
      if (!is_input(f)) continue;
      const std::string name = flag_name(f);
      if (kind_of(f) == value_kind::boolean) {
        options_[i] = app.add_flag(name, flags_[i], "sets " + std::string(to_string(f)) + " (=false to clear)");
      } else {
        std::string help = "sets " + std::string(to_string(f));
        if (auto a = detail::accepted_for(f); !a.empty()) help += "; accepted: " + a;
        options_[i] = app.add_option(name, words_[i], help)
                          ->type_name(f == field::cuda                           ? "X.Y"
                                      : kind_of(f) == value_kind::number         ? "N"
                                      : f == field::model                        ? "CLASS"
                                                                                 : "NAME");
      }
      options_[i]->group(f == field::hardware ? "Machine (--hardware is required)" : "Configuration");
    }
  }

  /// The configuration: the file (if any) with the given flags on top. Throws input_error.
  input read(std::istream& stdin_stream) const {
    nlohmann::json j = nlohmann::json::object();
    if (!config_path_.empty()) j = load(stdin_stream);
    for (std::size_t i = 0; i < count; ++i) {
      if (options_[i] == nullptr || options_[i]->count() == 0) continue;
      const field f = enum_spellings<field>::table[i].value;
      const std::string key(to_string(f));
      j[key] = kind_of(f) == value_kind::boolean ? nlohmann::json(flags_[i]) : from_word(f, words_[i]);
    }
    input in = from_json(j);
    if (!j.contains("hardware") || j["hardware"].is_null())
      throw input_error("hardware: required (it decides every default; give --hardware or \"hardware\"); accepted: " +
                        accepted_spellings<hardware>());
    return in;
  }

 private:
  nlohmann::json load(std::istream& stdin_stream) const {
    std::string text;
    if (config_path_ == "-") {
      text.assign(std::istreambuf_iterator<char>(stdin_stream), std::istreambuf_iterator<char>());
    } else {
      std::ifstream file(config_path_, std::ios::binary);
      if (!file) throw input_error("config: cannot read '" + config_path_ + "'");
      std::ostringstream s;
      s << file.rdbuf();
      text = s.str();
    }
    const std::string where = config_path_ == "-" ? "stdin" : config_path_;
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
      throw input_error("config: " + where + " is not valid JSON: " + e.what());
    }
    if (!j.is_object()) throw input_error("config: " + where + " must hold a JSON object of configuration keys");
    return j;
  }

  std::string config_path_;
  std::array<std::string, count> words_{};
  std::array<bool, count> flags_{};
  std::array<CLI::Option*, count> options_{};
};

}  // namespace attncap::cli
