// SPDX-License-Identifier: MIT
/// @file
/// `attncap select`: what the engine's default table picks for a configuration and why, and
/// which backends serve prefill, decode and the draft once every rewrite has run.
#pragma once

#include "check_command.hpp"

namespace attncap::cli {

/// The selection for `in` as JSON: verdict, default {backend, reason}, the steps that set the
/// base backend {code, from, to, reason}, resolved backends, adjustments and the first error
/// (null when accepted).
template <class Registry = builtin_registry>
nlohmann::json select_json(const input& in) {
  const selection_trace trace = explain_selection(in.config, validate<Registry>(in.config));
  const report& rep = trace.rep;
  const selection pick = default_backend(in.config);
  const launch_config& r = rep.resolved();
  const auto name = [&](backend_id b) {
    return is_set(b) ? nlohmann::json(std::string(name_of(b, rep.names()))) : nlohmann::json(nullptr);
  };
  nlohmann::json j;
  j["verdict"] = rep.accepted() ? "accept" : "reject";
  j["given"] = name(in.config.attention_backend);
  j["default"] = {{"backend", name(pick.backend)}, {"reason", std::string(pick.reason)}};
  j["resolved"] = {{"attention_backend", name(r.attention_backend)},
                   {"prefill", name(r.prefill_backend())},
                   {"decode", name(r.decode_backend())},
                   {"draft", r.speculative() ? name(r.speculative_draft_attention_backend) : nlohmann::json(nullptr)}};
  j["steps"] = nlohmann::json::array();
  for (const auto& step : trace.steps) {
    std::string why(step.reason);
    if (why.empty() && step.adjustment != selection_step::no_adjustment)
      why = rep.message(rep.adjustments()[step.adjustment]);
    j["steps"].push_back(
        {{"code", std::string(step.code)}, {"from", name(step.from)}, {"to", name(step.to)}, {"reason", why}});
  }
  j["adjustments"] = nlohmann::json::array();
  for (const auto& a : rep.adjustments()) j["adjustments"].push_back(adjustment_json(in, rep, a));
  j["error"] = nullptr;
  if (const violation* e = rep.first_error()) j["error"] = violation_json(in, rep, *e);
  return j;
}

/// `select_json`'s result for people.
inline std::string select_text(const nlohmann::json& j) {
  using detail::plain;
  std::string s;
  const auto& d = j.at("default");
  if (j.at("given").is_null())
    s += "default table: " + plain(d.at("backend")) + " (" + d.at("reason").get<std::string>() + ")\n";
  else
    s += "given: " + plain(j.at("given")) + "; the default table would pick " + plain(d.at("backend")) + " (" +
         d.at("reason").get<std::string>() + ")\n";
  if (!j.at("steps").empty()) {
    s += "chosen by:\n";
    for (const auto& step : j.at("steps"))
      s += "  - " + step.at("code").get<std::string>() + ": " + plain(step.at("from")) + " -> " + plain(step.at("to")) +
           (step.at("reason").get<std::string>().empty() ? "" : " (" + step.at("reason").get<std::string>() + ")") +
           "\n";
  }
  const auto& r = j.at("resolved");
  s += "resolved: attention_backend=" + plain(r.at("attention_backend")) + " prefill=" + plain(r.at("prefill")) +
       " decode=" + plain(r.at("decode"));
  if (!r.at("draft").is_null()) s += " draft=" + plain(r.at("draft"));
  s += "\n" + detail::adjustments_text(j);
  if (j.at("verdict") == "accept")
    s += "accepted\n";
  else
    s += "rejected: " + j.at("error").at("message").get<std::string>() + "  [" +
         j.at("error").at("code").get<std::string>() + "]\n";
  return s;
}

}  // namespace attncap::cli
