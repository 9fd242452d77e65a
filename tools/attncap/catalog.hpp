// SPDX-License-Identifier: MIT
/// @file
/// `attncap explain` and `attncap matrix`: each backend's declared capabilities and rules, read
/// from the registry's constexpr tables and rule lists.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "check_command.hpp"

namespace attncap::cli {

namespace detail {
template <class E>
std::vector<std::string> members(enum_set<E> s) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < enum_count<E>(); ++i)
    if (s.contains(static_cast<E>(i))) out.emplace_back(to_string(static_cast<E>(i)));
  return out;
}

inline std::string join(const std::vector<std::string>& v, const char* sep = ", ") {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : sep) + s;
  return out;
}

inline nlohmann::json sizes_json(const size_set& p) {
  if (p.any) return "any";
  nlohmann::json out = nlohmann::json::array();
  for (auto v : p.values)
    if (v != 0) out.push_back(v);
  return out;
}

/// Where the kernels exist: "any", "sm90, sm100", or "mla on sm100, sm103".
inline std::string kernels_text(const capabilities& c) {
  const std::string where = c.kernel_targets.to_string();
  return c.kernel_architectures == enum_set<model_arch>::all() ? where
                                                               : c.kernel_architectures.to_string() + " on " + where;
}

inline std::string sizes_text(const size_set& p) {
  std::string out(p.spell(nullptr), '\0');
  p.spell(out.data());
  return out;
}

template <class... Rs>
std::vector<const rule_info*> rule_infos(rule_list<Rs...>) {
  return {&Rs::info...};
}
template <class... Rs>
std::vector<const rewrite_info*> rewrite_infos(rule_list<Rs...>) {
  return {&Rs::info...};
}

/// Each backend's own rules (an alias lists its target's), indexed by backend id.
template <class... Bs>
std::vector<std::vector<const rule_info*>> backend_rules(backend_registry<Bs...>*) {
  return {rule_infos(rules_of_t<canonical_backend_t<Bs>>{})...};
}

/// The top-level rules and rewrites of a pipeline.
struct pipeline_steps {
  std::vector<const rule_info*> rules;
  std::vector<const rewrite_info*> rewrites;
};
template <class Pipeline>
pipeline_steps steps_of() {
  return {rule_infos(pipeline_rules_t<Pipeline>{}), rewrite_infos(all_rewrites_t<Pipeline>{})};
}

inline nlohmann::json rule_json(const rule_info& r) {
  return {{"code", std::string(r.code)},
          {"stage", std::string(to_string(r.stage))},
          {"exception", std::string(to_string(r.exception))},
          {"field", std::string(to_string(r.field))},
          {"allowed", std::string(r.allowed)},
          {"message", std::string(r.message)}};
}
}  // namespace detail

/// Capabilities of backend `b` as JSON.
inline nlohmann::json capabilities_json(const capabilities& c) {
  using detail::members;
  return {{"architectures", members(c.architectures)},
          {"hardware", members(c.targets)},
          {"kernel_architectures", members(c.kernel_architectures)},
          {"kernel_hardware", members(c.kernel_targets)},
          {"kv_cache_dtypes", members(c.kv_cache_dtypes)},
          {"page_sizes", detail::sizes_json(c.pages)},
          {"head_dims", detail::sizes_json(c.head_dims)},
          {"phases", members(c.phases)},
          {"speculative", std::string(to_string(c.speculative))},
          {"cross_attention", std::string(to_string(c.cross_attention))},
          {"sliding_window", std::string(to_string(c.sliding_window))},
          {"window_with_cross_attention", std::string(to_string(c.window_with_cross_attention))},
          {"logit_cap", std::string(to_string(c.logit_cap))},
          {"attention_sinks", std::string(to_string(c.attention_sinks))},
          {"deterministic", std::string(to_string(c.deterministic))}};
}

/// Everything declared about backend `b`: capabilities, its own rules, and the engine's
/// argument rules and rewrites about it (codes prefixed with its name).
template <class Registry = builtin_registry, class Pipeline = sglang_pipeline>
nlohmann::json explain_json(backend_id b) {
  const auto i = static_cast<std::size_t>(b);
  const std::string name(Registry::names[i]);
  const auto canonical = Registry::canonical[i];
  const std::string target(Registry::names[static_cast<std::size_t>(canonical)]);
  nlohmann::json j;
  j["backend"] = name;
  j["alias_of"] = canonical == b ? nlohmann::json(nullptr) : nlohmann::json(target);
  j["capabilities"] = capabilities_json(Registry::caps[i]);
  j["rules"] = nlohmann::json::array();
  const auto own = detail::backend_rules(static_cast<Registry*>(nullptr));
  for (const rule_info* r : own[i]) j["rules"].push_back(detail::rule_json(*r));
  const auto steps = detail::steps_of<Pipeline>();
  const auto about = [&](std::string_view code) { return code.starts_with(target + "."); };
  j["engine_rules"] = nlohmann::json::array();
  for (const rule_info* r : steps.rules)
    if (about(r->code)) j["engine_rules"].push_back(detail::rule_json(*r));
  j["rewrites"] = nlohmann::json::array();
  for (const rewrite_info* w : steps.rewrites)
    if (about(w->code))
      j["rewrites"].push_back({{"code", std::string(w->code)},
                               {"field", std::string(to_string(w->field))},
                               {"warning", std::string(w->warning)}});
  return j;
}

/// `explain_json`'s result for people.
inline std::string explain_text(const nlohmann::json& j) {
  std::string s = j.at("backend").get<std::string>();
  if (!j.at("alias_of").is_null()) s += " (deprecated alias of " + j.at("alias_of").get<std::string>() + ")";
  s += "\n";
  for (const auto& [key, value] : j.at("capabilities").items()) {
    std::string v;
    if (value.is_array())
      for (const auto& x : value) v += (v.empty() ? "" : ", ") + detail::plain(x);
    else
      v = detail::plain(value);
    s += "  " + key + ": " + (v.empty() ? "none" : v) + "\n";
  }
  const auto rules = [&](const char* title, const nlohmann::json& list) {
    if (list.empty()) return;
    s += std::string(title) + ":\n";
    for (const auto& r : list)
      s += "  " + r.at("code").get<std::string>() + " (" + r.at("stage").get<std::string>() + ", " +
           r.at("exception").get<std::string>() + "; " + r.at("field").get<std::string>() +
           " allowed: " + r.at("allowed").get<std::string>() + ")\n    " + r.at("message").get<std::string>() + "\n";
  };
  rules("rules", j.at("rules"));
  rules("engine argument rules", j.at("engine_rules"));
  if (!j.at("rewrites").empty()) {
    s += "rewrites:\n";
    for (const auto& w : j.at("rewrites"))
      s += "  " + w.at("code").get<std::string>() + " (" + w.at("field").get<std::string>() + ")" +
           (w.at("warning").get<std::string>().empty() ? "" : ": " + w.at("warning").get<std::string>()) + "\n";
  }
  return s;
}

/// The capability matrix as JSON: one object per backend, in registry order.
template <class Registry = builtin_registry>
nlohmann::json matrix_json() {
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t i = 0; i < Registry::size; ++i) {
    nlohmann::json row = capabilities_json(Registry::caps[i]);
    row["backend"] = std::string(Registry::names[i]);
    const auto c = static_cast<std::size_t>(Registry::canonical[i]);
    row["alias_of"] = c == i ? nlohmann::json(nullptr) : nlohmann::json(std::string(Registry::names[c]));
    out.push_back(std::move(row));
  }
  return out;
}

/// The capability matrix as a Markdown table: one row per backend, in registry order.
template <class Registry = builtin_registry>
std::string matrix_markdown() {
  std::string s =
      "| Backend | Architectures | Hardware | Kernels for | KV cache dtypes | Page sizes | Head dims | Phases | "
      "Speculative | Cross-attention | Sliding window | Logit cap | Attention sinks | Deterministic |\n"
      "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (std::size_t i = 0; i < Registry::size; ++i) {
    const capabilities& c = Registry::caps[i];
    const auto canonical = static_cast<std::size_t>(Registry::canonical[i]);
    std::string name = "`" + std::string(Registry::names[i]) + "`";
    if (canonical != i) name += " (alias of `" + std::string(Registry::names[canonical]) + "`)";
    const std::vector<std::string> cells{name,
                                         c.architectures.to_string(),
                                         c.targets.to_string(),
                                         detail::kernels_text(c),
                                         c.kv_cache_dtypes.to_string(),
                                         detail::sizes_text(c.pages),
                                         detail::sizes_text(c.head_dims),
                                         detail::join(detail::members(c.phases)),
                                         std::string(to_string(c.speculative)),
                                         std::string(to_string(c.cross_attention)),
                                         std::string(to_string(c.sliding_window)),
                                         std::string(to_string(c.logit_cap)),
                                         std::string(to_string(c.attention_sinks)),
                                         std::string(to_string(c.deterministic))};
    s += "| " + detail::join(cells, " | ") + " |\n";
  }
  return s;
}

}  // namespace attncap::cli
