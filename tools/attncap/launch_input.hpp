// SPDX-License-Identifier: MIT
/// @file
/// One configuration from everything a user gives: `--config`, attncap's flags, an sglang
/// launch line after `--`, the config.json of its `--model-path` and the machine. Flags
/// override the file; a value given both before and after `--` must agree; explicit facts
/// override config.json's; every value remembers where it came from.
#pragma once

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "config_io.hpp"
#include "launch_line.hpp"
#include "machine.hpp"
#include "model_folder.hpp"
#include "python_number.hpp"

namespace attncap::cli {

/// The keys that are facts about the model or the machine rather than engine options.
inline constexpr field fact_keys[] = {field::hardware,
                                      field::cuda,
                                      field::model,
                                      field::model_arch,
                                      field::encoder_decoder,
                                      field::hybrid_gdn,
                                      field::hybrid_swa,
                                      field::dsa,
                                      field::dual_chunk_attention,
                                      field::head_dim,
                                      field::num_q_heads_per_rank,
                                      field::num_kv_heads_per_rank,
                                      field::sliding_window,
                                      field::logit_cap,
                                      field::softmax_scale,
                                      field::attention_sinks,
                                      field::asymmetric_kv,
                                      field::dtype,
                                      field::dspark_draft_bundled,
                                      field::gemma4_assistant_draft,
                                      field::deepseek_v4_draft,
                                      field::draft_block_size,
                                      field::qsa_profile,
                                      field::mamba_chunk_size};

/// The configuration key an sglang server argument sets, if any: the same name, or the
/// engine's own name for it.
inline std::optional<field> config_key_of(std::string_view dest) {
  if (dest == "context_length") return field::context_len;
  const auto f = from_string<field>(dest);
  return f && is_input(*f) ? f : std::nullopt;
}

/// What a user gave, before it is one configuration.
struct given_input {
  nlohmann::json file = nlohmann::json::object();   ///< `--config`'s keys
  std::string file_name;                            ///< where they came from
  nlohmann::json flags = nlohmann::json::object();  ///< attncap's own flags, by key
  std::optional<std::vector<std::string>> launch;   ///< the words after `--`, if given
};

namespace detail {
/// Server arguments the launch line uses without a configuration key of their own.
inline constexpr std::string_view read_for_facts[] = {"model_path", "json_model_override_args"};

struct assembly {
  nlohmann::json config = nlohmann::json::object();
  input result;

  void put(const std::string& key, nlohmann::json v, std::string origin, std::string from) {
    config[key] = std::move(v);
    result.sources[key] = {std::move(origin), std::move(from)};
  }
};

/// The last word given to launch-line flag `f`, numbers in the plain form (argparse has already
/// read them as Python does: "08", "+8" and "1_024" are numbers).
inline std::string launch_word(const launch_flag& f) {
  const std::string word = f.values.empty() ? std::string{} : f.values.back();
  const bool number = f.flag->type == flag_type::integer || f.flag->type == flag_type::real;
  return number ? python_number(word, f.flag->type == flag_type::real).value_or(word) : word;
}

inline nlohmann::json launch_value(field key, const launch_flag& f) {
  if (f.flag->arity == flag_arity::none) return !f.negated;
  return from_word(key, launch_word(f));
}

/// argparse's refusal of a value outside a flag's choices that attncap cannot hold either; one
/// it can hold (a retired backend, say) goes on to the catalogue's own argparse-stage rule.
inline void refuse_unknown_choice(field key, const launch_flag& f) {
  if (f.values.empty()) return;
  input scratch;
  try {
    set_field(scratch, key, from_word(key, launch_word(f)));
  } catch (const input_error&) {
    check_choice(f, f.values.back());
    throw;
  }
}

/// The value an environment variable of the server gives key `f`, read as the engine reads it:
/// booleans as true/1/yes/y or false/0/no/n in any case, the layouts in any case, a number at or
/// below 0 (the engine's unset -1 among them) as off.
inline nlohmann::json environment_value(field f, const launch_variable& v) {
  std::string lower = v.value;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  if (f == field::sglang_aiter_kv_cache_layout || f == field::sglang_dsv4_kv_layout) return from_word(f, lower);
  if (const bool real = kind_of(f) == field_kind::real; real || kind_of(f) == field_kind::integer) {
    // The engine reads its numeric variables with Python's float() and int().
    const auto n = from_word(f, python_number(v.value, real).value_or(v.value));
    return real && n.is_number() && n.get<double>() < 0 ? nlohmann::json(0.0) : n;
  }
  if (kind_of(f) != field_kind::flag) return from_word(f, v.value);
  for (const char* yes : {"true", "1", "yes", "y"})
    if (lower == yes) return true;
  for (const char* no : {"false", "0", "no", "n"})
    if (lower == no) return false;
  throw input_error(v.name + "=" + v.value +
                    " in the launch line: not a boolean; accepted (any case): true, 1, yes, "
                    "y, false, 0, no, n");
}

/// The keys the launch line's environment sets; the variables no check reads go to
/// `a.result.ignored`.
inline void read_environment(const launch_line& line, assembly& a, nlohmann::json& keys) {
  for (const auto& v : line.environment) {
    std::string key = v.name;
    std::transform(key.begin(), key.end(), key.begin(), [](unsigned char c) { return std::tolower(c); });
    const auto f = from_string<field>(key);
    if (!f || !is_environment(*f) || v.name.rfind("SGLANG_", 0) != 0) {
      a.result.ignored.push_back(v.name);
      continue;
    }
    keys[key] = environment_value(*f, v);
    a.result.sources[key] = {"launch_line", v.name + "=" + v.value};
  }
}

/// The keys the launch line sets; the flags it does not use go to `a.result.ignored`.
inline nlohmann::json read_launch(const launch_line& line, assembly& a) {
  nlohmann::json keys = nlohmann::json::object();
  read_environment(line, a, keys);
  for (const auto& f : line.flags) {
    if (f.flag->dest == "config")
      throw input_error(std::string("--config ")
                            .append(f.values.empty() ? std::string{} : f.values.back())
                            .append(" in the launch line: sglang's YAML config file is not read; give its flags on "
                                    "the line"));
    if (const auto key = config_key_of(f.flag->dest)) {
      keys[std::string(to_string(*key))] = launch_value(*key, f);
      refuse_unknown_choice(*key, f);
      a.result.sources[std::string(to_string(*key))] = {"launch_line", f.spelling};
    } else if (std::find(std::begin(read_for_facts), std::end(read_for_facts), f.flag->dest) ==
                   std::end(read_for_facts) &&
               std::find(a.result.ignored.begin(), a.result.ignored.end(), f.spelling) == a.result.ignored.end()) {
      a.result.ignored.push_back(f.spelling);
    }
  }
  return keys;
}

inline std::string flag_words(const std::string& key, const nlohmann::json& v) {
  return flag_name(key) + " " + (v.is_string() ? v.get<std::string>() : shown(v));
}

/// The attention data-parallel groups the engine splits heads by, in either spelling
/// (launch_config::attn_dp_groups); a size that is not a positive integer counts as one here and is
/// refused with the configuration.
inline std::int32_t attn_dp_groups(const nlohmann::json& c) {
  const auto size = [&](const char* key) {
    const auto it = c.find(key);
    return it != c.end() && it->is_number_integer() ? static_cast<std::int32_t>(std::clamp<std::int64_t>(*it, 1, 65536))
                                                    : 1;
  };
  launch_config l;
  l.enable_dp_attention = c.value("enable_dp_attention", false);
  l.dp_size = size("dp_size");
  l.attn_dp_size = size("attn_dp_size");
  return l.attn_dp_groups();
}

/// The facts of the launch line's model folder, where nothing explicit gives them.
inline void read_model_facts(const launch_line& line, assembly& a) {
  const launch_flag* path = line.last("model_path");
  if (path == nullptr || path->values.empty()) return;
  const launch_flag* overrides_flag = line.last("json_model_override_args");
  const std::string overrides = overrides_flag && !overrides_flag->values.empty() ? overrides_flag->values.back() : "";
  const rank_layout layout{a.config.value("tp_size", 1), attn_dp_groups(a.config), a.config.value("attn_cp_size", 1)};
  model_facts facts;
  try {
    facts = derive_model_facts(read_model_facts_config(path->values.back(), overrides), layout);
  } catch (const model_config_error& e) {
    throw input_error(path->values.back() + "/" + e.what());
  }
  const auto given = [&](field f) {
    const std::string key(to_string(f));
    return a.config.contains(key) && !(f == field::dtype && a.config[key] == "auto");
  };
  for (const auto& bad : facts.out_of_range)  // a fact given explicitly replaces the file's
    if (!given(bad.key)) throw input_error(path->values.back() + "/" + bad.from);
  input named;
  named.model_class = facts.architecture;
  for (const auto& s : facts.sources)
    if (!given(s.key))
      a.put(std::string(to_string(s.key)), field_json(named, facts.values, s.key, builtin_registry::names),
            "config.json", s.from);
  a.result.notes = facts.notes;
  // A DSPARK draft may also ship as the checkpoint's dspark/ folder, with a config.json of its own.
  const auto draft = std::filesystem::path(path->values.back()) / "dspark" / "config.json";
  if (!a.config.contains("dspark_draft_bundled") && std::filesystem::is_regular_file(draft))
    a.put("dspark_draft_bundled", true, "model folder", draft.string());
}

/// The block a DFLASH or DSPARK draft's config.json declares, and the key it came from: DSPARK
/// reads `dspark_block_size` first, then both read `dflash_config.block_size`, then `block_size`
/// (speculative/dflash_utils.py, speculative/dspark_components/dspark_config.py).
inline std::optional<std::pair<std::int64_t, std::string>> declared_draft_block(const nlohmann::json& cfg,
                                                                                bool dspark) {
  const auto number = [](const nlohmann::json& v) { return v.is_number_integer() ? v.get<std::int64_t>() : 0; };
  if (dspark && cfg.contains("dspark_block_size") && number(cfg["dspark_block_size"]) > 0)
    return std::pair{number(cfg["dspark_block_size"]), std::string("dspark_block_size")};
  const auto nested = cfg.find("dflash_config");
  if (nested != cfg.end() && nested->is_object() && nested->contains("block_size"))
    return std::pair{number((*nested)["block_size"]), std::string("dflash_config.block_size")};
  if (cfg.contains("block_size")) return std::pair{number(cfg["block_size"]), std::string("block_size")};
  return std::nullopt;
}

/// The draft model's folder: a local `--speculative-draft-model-path`, or the dspark/ folder of a
/// checkpoint that carries its DSPARK draft. A path that is no local folder (a hub id) says
/// nothing here; the fact flags give it.
inline std::optional<std::string> draft_folder(const launch_line& line, const assembly& a) {
  const launch_flag* path = line.last("speculative_draft_model_path");
  if (path != nullptr && !path->values.empty()) return path->values.back();
  const launch_flag* model = line.last("model_path");
  if (a.config.value("dspark_draft_bundled", false) && model != nullptr && !model->values.empty())
    return (std::filesystem::path(model->values.back()) / "dspark").string();
  return std::nullopt;
}

/// The draft model's facts, from its config.json: its class (the engine tells a Gemma 4
/// assistant draft and a DeepSeek V4 (MoE) DSPARK draft by it) and the block a DFLASH or DSPARK
/// draft declares.
inline void read_draft_facts(const launch_line& line, assembly& a) {
  const auto folder = draft_folder(line, a);
  if (!folder) return;
  const auto file = std::filesystem::path(*folder) / "config.json";
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) return;
  const nlohmann::json cfg = read_model_config(*folder);
  const auto algorithm = a.config.value("speculative_algorithm", std::string());
  if (algorithm == "DFLASH" || algorithm == "DSPARK") {
    const auto block = declared_draft_block(cfg, algorithm == "DSPARK");
    if (block && block->first > 0 && !a.config.contains("draft_block_size"))
      a.put("draft_block_size", block->first, "config.json", file.string() + " " + block->second);
  }
  const auto arch = cfg.value("architectures", nlohmann::json::array());
  if (arch.empty() || !arch[0].is_string()) return;
  const std::string cls = arch[0].get<std::string>();
  const auto put = [&](const char* key, bool fact) {
    if (fact && !a.config.contains(key)) a.put(key, true, "config.json", file.string() + " architectures[0]");
  };
  put("gemma4_assistant_draft", is_gemma4_assistant_class(cls));
  put("deepseek_v4_draft", is_deepseek_v4_class(cls));
}

/// The hardware, detected where it is "auto" or (on a machine with a GPU) not given.
inline void read_machine(assembly& a, const std::function<machine_probe()>& probe) {
  const bool asked = a.config.contains("hardware") && a.config["hardware"] == "auto";
  if (a.config.contains("hardware") && !asked) return;
  const detected_machine m = detect_machine(probe());
  if (!asked && !m.gpu) return;
  a.put("hardware", std::string(to_string(m.target)), "machine", m.evidence);
  if (m.cuda && !a.config.contains("cuda")) a.put("cuda", version_string(*m.cuda), "machine", m.evidence);
  a.result.machine = m.evidence;
}
}  // namespace detail

/// The configuration `given` describes. Throws input_error naming the key, flag or file.
inline input assemble_input(const given_input& given, const std::function<machine_probe()>& probe = probe_machine) {
  detail::assembly a;
  // Every value of the file is checked, also those a flag overrides ("auto" hardware is detected below).
  nlohmann::json file = given.file;
  if (file.contains("hardware") && file["hardware"] == "auto") file.erase("hardware");
  try {
    (void)from_json(file);
  } catch (const input_error& e) {
    throw input_error(config_where(given.file_name) + ": " + e.what());
  }
  for (const auto& [key, value] : given.file.items())
    if (!value.is_null()) a.put(key, value, "config", given.file_name);  // null: unset, as absent
  nlohmann::json from_line = nlohmann::json::object();
  launch_line line;
  if (given.launch) {
    line = parse_launch_line(*given.launch);
    from_line = detail::read_launch(line, a);
  }
  for (const auto& [key, value] : from_line.items()) {
    if (given.flags.contains(key) && given.flags[key] != value) {
      // A flag is named, then its value; an environment variable already reads `NAME=value`.
      const std::string& there = a.result.sources[key].detail;
      throw input_error(key + ": " + detail::flag_words(key, given.flags[key]) + " before '--' contradicts " +
                        (there.find('=') == std::string::npos ? there + " " + detail::shown(value) : there) +
                        " in the launch line; give it once");
    }
    a.config[key] = value;
  }
  for (const auto& [key, value] : given.flags.items()) a.put(key, value, "flag", detail::flag_words(key, value));
  if (given.launch) {
    detail::read_model_facts(line, a);
    detail::read_draft_facts(line, a);
  }
  detail::read_machine(a, probe);
  input in = from_json(a.config);
  in.sources = std::move(a.result.sources);
  in.ignored = std::move(a.result.ignored);
  in.notes = std::move(a.result.notes);
  in.machine = std::move(a.result.machine);
  return in;
}

}  // namespace attncap::cli
