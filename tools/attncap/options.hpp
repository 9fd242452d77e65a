// SPDX-License-Identifier: MIT
/// @file
/// The configuration options every command shares: one flag per configuration key a user may
/// give, with its help, generated from the configuration schema, plus `--config FILE|-`; flags
/// override the file.
#pragma once

#include <CLI/CLI.hpp>
#include <array>
#include <istream>
#include <optional>
#include <string>
#include <vector>

#include "launch_input.hpp"

namespace attncap::cli {

/// Every backend name of `Registry`, comma separated.
template <class Registry = builtin_registry>
std::string backend_list() {
  std::string out;
  for (auto n : Registry::names) out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

/// Every configuration flag, comma separated, in key order.
inline std::string input_flags() {
  std::string flags;
  for (const auto& info : field_schema)
    if (is_input(info.key)) flags += (flags.empty() ? "" : ", ") + flag_name(info.key);
  return flags;
}

namespace detail {
/// What key `f` accepts, for --help.
inline std::string accepted_for(field f) {
  static constexpr launch_config defaults{};
  const field_info& info = schema_of(f);
  switch (info.kind) {
    case field_kind::backend:
      return backend_list();
    case field_kind::choice:
      return visit_field(defaults, f, [f]<class T>(const T&, auto) -> std::string {
        if constexpr (spelled_enum<T>)
          return (f == field::hardware ? "auto (detect this machine's), " : "") + accepted_spellings<T>();
        else
          return {};
      });
    case field_kind::integer:
      return "integers in " + integer_range(info);
    case field_kind::real:
      return "a non-negative number";
    case field_kind::version:
      return "MAJOR.MINOR, e.g. 12.4";
    case field_kind::model:
      return "an HF architecture class, e.g. DeepseekV3ForCausalLM";
    case field_kind::path:
      return "a path (attncap records that one is given)";
    case field_kind::flag:
      break;
  }
  return {};
}

/// A flag's value: `--flag` (true) or `--flag=false`; CLI11 alone would also take 2, -1, on, off, …
inline const CLI::Validator true_or_false(
    [](const std::string& v) {
      return v == "true" || v == "false" ? std::string{} : "expected true or false, got '" + v + "'";
    },
    "true|false");

/// The placeholder --help shows for the value of key `f`.
constexpr const char* value_name(field f) noexcept {
  switch (kind_of(f)) {
    case field_kind::integer:
    case field_kind::real:
      return "N";
    case field_kind::version:
      return "X.Y";
    case field_kind::model:
      return "CLASS";
    case field_kind::path:
      return "PATH";
    default:
      return "NAME";
  }
}
}  // namespace detail

/// The configuration flags of one command, bound to a CLI11 app.
class config_options {
 public:
  static constexpr std::size_t count = field_schema.size();

  explicit config_options(CLI::App& app) {
    config_option_ =
        app.add_option("--config", config_path_, "JSON object of configuration keys (snake_case); '-' reads stdin")
            ->group("Input");
    for (const auto& info : field_schema) {
      if (!is_input(info.key)) continue;
      const auto i = static_cast<std::size_t>(info.key);
      if (info.kind == field_kind::flag)
        options_[i] = app.add_flag(flag_name(info.key), flags_[i], std::string(info.doc) + " (=false to clear)")
                          ->check(detail::true_or_false)
                          ->multi_option_policy(CLI::MultiOptionPolicy::Throw);
      else
        options_[i] = app.add_option(flag_name(info.key), words_[i],
                                     std::string(info.doc) + "; accepted: " + detail::accepted_for(info.key))
                          ->type_name(detail::value_name(info.key));
      options_[i]->group(info.key == field::hardware ? "Machine (--hardware, or a GPU here; auto detects it)"
                         : is_environment(info.key)  ? "Server environment (the SGLANG_* variable of the flag's name)"
                                                     : "Configuration");
    }
  }

  /// The configuration: the file (if any), the launch line (if any) and the given flags, with
  /// the facts of the launch line's model folder and the machine. Throws input_error.
  input read(std::istream& stdin_stream, const std::optional<std::vector<std::string>>& launch) const {
    given_input given;
    given.launch = launch;
    if (config_option_->count() > 0) {
      given.file = load(stdin_stream);
      given.file_name = config_name();
    }
    for (const auto& info : field_schema) {
      const auto i = static_cast<std::size_t>(info.key);
      if (options_[i] == nullptr || options_[i]->count() == 0) continue;
      given.flags[std::string(info.name)] =
          info.kind == field_kind::flag ? nlohmann::json(flags_[i]) : from_word(info.key, words_[i]);
    }
    input in = assemble_input(given);
    if (!in.sources.contains("hardware"))
      throw input_error(
          "hardware: required (it decides every default; give --hardware, \"hardware\" or --hardware auto); "
          "accepted: " +
          detail::accepted_hardware());
    return in;
  }

 private:
  nlohmann::json load(std::istream& stdin_stream) const {
    if (config_path_.empty()) throw input_error("config: an empty path; accepted: a JSON file, or '-' for stdin");
    const std::string where = config_where(config_name());
    const std::string text =
        config_path_ == "-" ? read_json_text(stdin_stream, where) : read_json_file(config_path_, where);
    return parse_object(text, where, "a JSON object of configuration keys", repeated_keys::refused);
  }

  std::string config_name() const { return config_path_ == "-" ? "stdin" : config_path_; }

  CLI::Option* config_option_ = nullptr;
  std::string config_path_;
  std::array<std::string, count> words_{};
  std::array<bool, count> flags_{};
  std::array<CLI::Option*, count> options_{};
};

}  // namespace attncap::cli
