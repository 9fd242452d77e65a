// SPDX-License-Identifier: MIT
/// @file
/// `attncap check`: a validation report as one JSON object (the stable scripting format) and
/// the same object rendered for people.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "launch_input.hpp"

namespace attncap::cli {

/// Exit codes of every command.
inline constexpr int exit_accepted = 0;
inline constexpr int exit_rejected = 1;
inline constexpr int exit_bad_input = 2;

/// What `attncap --version` prints: the tool's version and the engine release its rules are.
inline std::string version_text() {
  return "attncap " + std::to_string(ATTNCAP_VERSION_MAJOR) + "." + std::to_string(ATTNCAP_VERSION_MINOR) + "." +
         std::to_string(ATTNCAP_VERSION_PATCH) + " (rules of " + std::string(engine) + ")";
}

/// `j` indented, one line per member; bytes that are not UTF-8 (possible from flags) are replaced.
inline std::string pretty(const nlohmann::json& j) {
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

/// A violated rule as JSON: message, exception, stage, code, field, value, allowed.
inline nlohmann::json violation_json(const input& in, const report& rep, const violation& v) {
  return {{"message", rep.message(v)},
          {"exception", std::string(to_string(v.rule->exception))},
          {"stage", std::string(to_string(v.rule->stage))},
          {"code", std::string(v.rule->code)},
          {"field", std::string(to_string(v.rule->field))},
          {"value", field_json(in, v.at, v.rule->field, rep.names())},
          {"allowed", std::string(v.rule->allowed)}};
}

/// A silent rewrite as JSON: code, field, from, to, warning ("" when the engine logs none).
inline nlohmann::json adjustment_json(const input& in, const report& rep, const adjustment& a) {
  const field f = a.rewrite->field;
  return {{"code", std::string(a.rewrite->code)},
          {"field", std::string(to_string(f))},
          {"from", field_json(in, a.before, f, rep.names())},
          {"to", field_json(in, a.after, f, rep.names())},
          {"warning", rep.message(a)}};
}

/// The names of the backends that accept `cfg` on its hardware, best first.
template <class Registry = builtin_registry>
nlohmann::json suggestions_json(const launch_config& cfg) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& s : suggest<Registry>(cfg))
    out.push_back(std::string(Registry::names[static_cast<std::size_t>(s.backend)]));
  return out;
}

/// The model and machine facts of `in`: each key's value and where it came from (a flag, the
/// launch line, a config.json key, the machine, or the default).
inline nlohmann::json facts_json(const input& in, backend_names names) {
  nlohmann::json facts = nlohmann::json::object();
  for (const field f : fact_keys) {
    const std::string key(to_string(f));
    const auto from = in.sources.find(key);
    const value_source src = from == in.sources.end() ? value_source{"default", ""} : from->second;
    facts[key] = {{"value", field_json(in, in.config, f, names)}, {"origin", src.origin}, {"source", src.detail}};
  }
  return facts;
}

/// The full result of checking `in`.
template <class Registry = builtin_registry>
nlohmann::json check_json(const input& in) {
  report rep = validate<Registry>(in.config);
  rep.name_model_class(in.model_class);
  nlohmann::json j;
  j["engine"] = std::string(engine);
  j["verdict"] = rep.accepted() ? "accept" : "reject";
  j["error"] = nullptr;
  if (const violation* e = rep.first_error()) {
    const auto v = violation_json(in, rep, *e);
    j["error"] = {{"message", v["message"]}, {"exception", v["exception"]}, {"stage", v["stage"]}, {"code", v["code"]}};
  }
  j["errors"] = nlohmann::json::array();
  for (const auto& v : rep.errors()) j["errors"].push_back(violation_json(in, rep, v));
  j["warnings"] = nlohmann::json::array();
  j["adjustments"] = nlohmann::json::array();
  for (const auto& a : rep.adjustments()) {
    auto aj = adjustment_json(in, rep, a);
    if (!aj["warning"].get<std::string>().empty()) j["warnings"].push_back(aj["warning"]);
    j["adjustments"].push_back(std::move(aj));
  }
  if (rep.dropped() != 0) j["dropped"] = rep.dropped();
  j["resolved"] = to_json(in, rep.resolved(), rep.names());
  j["suggestions"] = suggestions_json<Registry>(in.config);
  j["facts"] = facts_json(in, rep.names());
  j["ignored"] = in.ignored;
  j["notes"] = in.notes;
  return j;
}

namespace detail {
/// A JSON scalar as a person reads it: strings bare, null as None.
inline std::string plain(const nlohmann::json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_null()) return "None";
  return shown(v);
}

inline std::string resolved_line(const nlohmann::json& r) {
  const auto& base = r.at("attention_backend");
  const auto or_base = [&](const char* key) { return plain(r.at(key).is_null() ? base : r.at(key)); };
  std::string s = "attention_backend=" + plain(base) + " prefill=" + or_base("prefill_attention_backend") +
                  " decode=" + or_base("decode_attention_backend");
  for (const char* key : {"page_size", "kv_cache_dtype"}) s += std::string(" ") + key + "=" + plain(r.at(key));
  if (!r.at("speculative_algorithm").is_null()) {
    s += " speculative_algorithm=" + plain(r.at("speculative_algorithm"));
    s += " speculative_draft_attention_backend=" + plain(r.at("speculative_draft_attention_backend"));
  }
  if (r.at("disable_radix_cache").get<bool>()) s += " disable_radix_cache=true";
  return s;
}

inline std::string adjustments_text(const nlohmann::json& j) {
  if (j.at("adjustments").empty()) return {};
  std::string s = "adjustments:\n";
  for (const auto& a : j.at("adjustments")) {
    s += "  - " + a.at("field").get<std::string>() + ": " + plain(a.at("from")) + " -> " + plain(a.at("to")) + "  [" +
         a.at("code").get<std::string>() + "]\n";
    if (!a.at("warning").get<std::string>().empty()) s += "    " + a.at("warning").get<std::string>() + "\n";
  }
  return s;
}

/// The model facts read from a model folder, the notes and the launch-line flags left unread.
inline std::string launch_text(const nlohmann::json& j) {
  std::string s;
  for (const auto& [key, fact] : j.at("facts").items()) {
    const auto& origin = fact.at("origin");
    if (origin == "config.json" || origin == "machine")
      s += "  " + key + "=" + plain(fact.at("value")) + "  (" + fact.at("source").get<std::string>() + ")\n";
  }
  if (!s.empty()) s = "facts read from the model and the machine:\n" + s;
  for (const auto& n : j.at("notes")) s += "note: " + n.get<std::string>() + "\n";
  if (!j.at("ignored").empty()) {
    s += "ignored (no attention check reads them):";
    for (const auto& f : j.at("ignored")) s.append(" ").append(f.get<std::string>());
    s += "\n";
  }
  return s;
}

inline std::string suggestions_text(const nlohmann::json& j) {
  const std::string hw = plain(j.at("resolved").at("hardware"));
  if (j.at("suggestions").empty()) return "no backend accepts this configuration on " + hw + "\n";
  std::string s = "backends that accept this configuration on " + hw + ", best first:";
  for (const auto& n : j.at("suggestions")) s.append(" ").append(n.get<std::string>());
  return s + "\n";
}
}  // namespace detail

/// `check_json`'s result for people: the first error's exact message on the first line (or
/// "accepted: …"), then the other reasons, the adjustments and the suggestions.
inline std::string check_text(const nlohmann::json& j) {
  using detail::plain;
  std::string s;
  if (j.at("verdict") == "accept") {
    s = "accepted: " + detail::resolved_line(j.at("resolved")) + "\n";
  } else {
    const auto& errors = j.at("errors");
    const auto& first = errors.at(0);
    s = first.at("message").get<std::string>() + "\n";
    s += "  " + first.at("exception").get<std::string>() + " at " + first.at("stage").get<std::string>() + " [" +
         first.at("code").get<std::string>() + "]; " + first.at("field").get<std::string>() + "=" +
         plain(first.at("value")) + ", allowed: " + first.at("allowed").get<std::string>() + "\n";
    if (errors.size() > 1) {
      s += "also violated:\n";
      for (std::size_t i = 1; i < errors.size(); ++i)
        s += "  - " + errors[i].at("message").get<std::string>() + "  [" + errors[i].at("code").get<std::string>() +
             "]\n";
    }
  }
  if (j.contains("dropped")) s += "(" + j.at("dropped").dump() + " more findings not listed)\n";
  s += detail::adjustments_text(j);
  s += detail::suggestions_text(j);
  s += detail::launch_text(j);
  return s;
}

}  // namespace attncap::cli
