// SPDX-License-Identifier: MIT
/// @file
/// attncap::report: the outcome of validating a launch configuration — every violated rule in
/// the engine's order, every silent rewrite, and the resolved configuration.
#pragma once

#include <attncap/capabilities/rule.hpp>
#include <attncap/detail/fixed_vector.hpp>
#include <attncap/runtime/format.hpp>
#include <string>

namespace attncap {

/// A violated rule, with the configuration as the engine saw it when it checked the rule.
struct violation {
  const rule_info* rule = nullptr;
  launch_config at{};
  backend_id subject = backend_id::none;  ///< the backend being built, for backend-scoped rules
};

/// A silent rewrite, with the configuration before and after it.
struct adjustment {
  const rewrite_info* rewrite = nullptr;
  launch_config before{};
  launch_config after{};
};

/// Maximum violations and adjustments a report holds; more are counted in `dropped()`.
inline constexpr std::size_t report_capacity = 12;

/// The result of `validate`. Allocation-free; the string accessors format on demand.
class report {
 public:
  constexpr report() = default;
  constexpr explicit report(backend_names names) : names_(names) {}

  /// True when no rule is violated (adjustments may still be present).
  constexpr bool accepted() const noexcept { return errors_.empty() && errors_.overflow() == 0; }
  /// Violations in the engine's order: the first is the one the engine raises.
  constexpr const auto& errors() const noexcept { return errors_; }
  constexpr const auto& adjustments() const noexcept { return adjustments_; }
  /// The first violation, or nullptr when accepted.
  constexpr const violation* first_error() const noexcept { return errors_.empty() ? nullptr : &errors_.front(); }
  /// The configuration after every rewrite the engine performs.
  constexpr const launch_config& resolved() const noexcept { return resolved_; }
  /// Violations and adjustments beyond `report_capacity`.
  constexpr std::size_t dropped() const noexcept { return errors_.overflow() + adjustments_.overflow(); }
  constexpr backend_names names() const noexcept { return names_; }
  /// Names the model's HF class for messages that print it (`{architecture}`); without it they
  /// print the family's first class. `cls` must outlive the report's use.
  constexpr void name_model_class(std::string_view cls) noexcept { model_class_ = cls; }
  /// True when rule `r` is among the violations.
  constexpr bool violates(const rule_info& r) const noexcept {
    for (const auto& v : errors_)
      if (v.rule == &r) return true;
    return false;
  }

  /// The engine's exact text for `v` (`{allowed}` in a message is the rule's allowed set,
  /// `{allowed_list}` the same as the engine's sorted list).
  std::string message(const violation& v) const {
    std::string m = format_message(v.rule->message, v.at, v.subject, names_, nullptr, model_class_);
    replace_all(m, "{allowed}", v.rule->allowed);
    replace_all(m, "{allowed_list}", detail::python_sorted_list(v.rule->allowed));
    return m;
  }
  /// The offending value of `v`'s field.
  std::string value(const violation& v) const { return format_value(v.at, v.rule->field, names_); }
  /// The engine's warning for `a` (empty for a rewrite it does not log).
  std::string message(const adjustment& a) const {
    return format_message(a.rewrite->warning, a.before, backend_id::none, names_, &a.after, model_class_);
  }
  /// The rewritten field of `a`, before and after.
  std::string old_value(const adjustment& a) const { return format_value(a.before, a.rewrite->field, names_); }
  std::string new_value(const adjustment& a) const { return format_value(a.after, a.rewrite->field, names_); }

  // Filled by the resolution pipeline.
  constexpr void add(const rule_info& r, const launch_config& at, backend_id subject) noexcept {
    errors_.emplace_back(&r, at, subject);
  }
  constexpr void add(const rewrite_info& r, const launch_config& before, const launch_config& after) noexcept {
    adjustments_.emplace_back(&r, before, after);
  }
  constexpr void set_resolved(const launch_config& c) noexcept { resolved_ = c; }

 private:
  static void replace_all(std::string& m, std::string_view key, std::string_view text) {
    for (auto i = m.find(key); i != std::string::npos; i = m.find(key, i + text.size())) m.replace(i, key.size(), text);
  }

  launch_config resolved_{};
  detail::fixed_vector<violation, report_capacity> errors_;
  detail::fixed_vector<adjustment, report_capacity> adjustments_;
  backend_names names_{};
  std::string_view model_class_{};
};

}  // namespace attncap
