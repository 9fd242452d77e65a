// SPDX-License-Identifier: MIT
/// @file
/// Compile-time validation: a launch configuration given as types fails to compile with the
/// engine's exact message of every rule it violates, in the engine's order.
#pragma once

#include <array>
#include <attncap/check/validate.hpp>
#include <attncap/detail/mp11.hpp>

namespace attncap {

/// Settings that build a static configuration: `static_config<cfg::backend<backends::hpc_ops>,
/// cfg::on<hardware::sm90>, cfg::arch<model_arch::mla>>`.
namespace cfg {
/// Sets any member: `cfg::set<&launch_config::page_size, 64>`.
template <auto Member, auto Value>
struct set {
  template <class>
  static constexpr void apply(launch_config& c) noexcept {
    c.*Member = Value;
  }
};
/// Sets a backend member to the id of tag `B`.
template <class B, backend_id launch_config::*Field>
struct backend_field {
  template <class Registry>
  static constexpr void apply(launch_config& c) noexcept {
    c.*Field = Registry::template id<B>;
  }
};
// Distinct types rather than aliases, so that a diagnostic prints `cfg::on<hardware::sm90>`.
/// `--attention-backend`.
template <class B>
struct backend : backend_field<B, &launch_config::attention_backend> {};
template <class B>
struct prefill_backend : backend_field<B, &launch_config::prefill_attention_backend> {};
template <class B>
struct decode_backend : backend_field<B, &launch_config::decode_attention_backend> {};
template <class B>
struct draft_backend : backend_field<B, &launch_config::speculative_draft_attention_backend> {};
template <hardware H>
struct on : set<&launch_config::hardware, H> {};
template <model_arch A>
struct arch : set<&launch_config::model_arch, A> {};
template <model_trait T>
struct trait {
  template <class>
  static constexpr void apply(launch_config& c) noexcept {
    if (T == model_trait::encoder_decoder) c.encoder_decoder = true;
    if (T == model_trait::hybrid_gdn) c.hybrid_gdn = true;
    if (T == model_trait::dsa) c.dsa = true;
    if (T == model_trait::dual_chunk_attention) c.dual_chunk_attention = true;
    if (T == model_trait::minicpm_sparse) c.minicpm_sparse = true;
  }
};
template <speculative_algorithm A, int Topk = unset, int Steps = unset, int DraftTokens = unset>
struct speculative {
  template <class>
  static constexpr void apply(launch_config& c) noexcept {
    c.speculative_algorithm = A;
    c.speculative_eagle_topk = Topk;
    c.speculative_num_steps = Steps;
    c.speculative_num_draft_tokens = DraftTokens;
  }
};
}  // namespace cfg

/// A launch configuration given as types; `value<Registry>` is the launch_config.
template <class... Settings>
struct static_config {
  template <class Registry>
  static constexpr launch_config value = [] {
    launch_config c;
    (Settings::template apply<Registry>(c), ...);
    return c;
  }();
};

namespace detail {
/// What a pipeline step contributes to the rules (`Rewrites` false) or the rewrites (true) it
/// may apply: itself when it is one, else the list a composite step declares, else nothing.
template <class S, bool Rewrites>
struct step_part {
  using type = rule_list<>;
};
template <class S>
requires engine_rule<S>
struct step_part<S, false> {
  using type = rule_list<S>;
};
template <class S>
requires engine_rewrite<S>
struct step_part<S, true> {
  using type = rule_list<S>;
};
template <class S>
requires requires { typename S::rules; }
struct step_part<S, false> {
  using type = typename S::rules;
};
template <class S>
requires requires { typename S::rewrites; }
struct step_part<S, true> {
  using type = typename S::rewrites;
};
/// A gated group contributes its steps' parts, in their order.
template <auto Gate, class... Steps, bool Rewrites>
struct step_part<gated<Gate, Steps...>, Rewrites> {
  using type = mp::mp_append<rule_list<>, typename step_part<Steps, Rewrites>::type...>;
};
template <class S>
using step_rules_t = typename step_part<S, false>::type;
template <class S>
using step_rewrites_t = typename step_part<S, true>::type;
}  // namespace detail

/// Every rewrite `Pipeline` may apply, as one rule_list in its order (a step's own rewrites in
/// the step's place).
template <class Pipeline>
using all_rewrites_t =
    detail::mp::mp_apply<detail::mp::mp_append,
                         detail::mp::mp_push_front<
                             detail::mp::mp_transform<detail::step_rewrites_t, typename Pipeline::steps>, rule_list<>>>;

/// Every rule `Pipeline`'s own steps may check, as one rule_list in its order (a step's own
/// rules in the step's place); the backends' rules are not among them.
template <class Pipeline>
using pipeline_rules_t = detail::mp::mp_apply<
    detail::mp::mp_append,
    detail::mp::mp_push_front<detail::mp::mp_transform<detail::step_rules_t, typename Pipeline::steps>, rule_list<>>>;

/// Every rule `Pipeline` and the backends of `Registry` may check, as one rule_list (the
/// pipeline's in its order, then each backend's).
template <class Registry, class Pipeline>
using all_rules_t =
    detail::mp::mp_apply<detail::mp::mp_append,
                         detail::mp::mp_push_front<detail::mp::mp_transform<rules_of_t, typename Registry::list>,
                                                   pipeline_rules_t<Pipeline>>>;

namespace detail {

template <class Config, class Registry, class Pipeline>
struct static_report {
  static constexpr report value = validate<Registry, Pipeline>(Config::template value<Registry>);
};

template <class... Rs>
struct rule_infos {
  static constexpr std::array<const rule_info*, sizeof...(Rs)> value{&Rs::info...};
};

/// The position of rule `r` in `Rules`.
template <class Rules>
constexpr std::size_t rule_index(const rule_info* r) {
  constexpr auto infos = mp::mp_apply<rule_infos, Rules>::value;
  for (std::size_t i = 0; i < infos.size(); ++i)
    if (infos[i] == r) return i;
  return infos.size();
}

/// The violated rules of a static configuration, in the engine's order.
template <class Config, class Registry, class Pipeline>
struct violated_rules {
  using rules = ::attncap::all_rules_t<Registry, Pipeline>;
  using report_of = static_report<Config, Registry, Pipeline>;
  template <class I>
  using at = mp::mp_at_c<rules, rule_index<rules>(report_of::value.errors()[I::value].rule)>;
  using type = mp::mp_transform<at, mp::mp_iota_c<report_of::value.errors().size()>>;
};

// clang instantiates the pending definitions last-in first-out, g++ first-in first-out: the
// list is reversed for clang so that both print the messages in the engine's order.
#if defined(__clang__)
template <class List>
using in_print_order = mp::mp_reverse<List>;
#else
template <class List>
using in_print_order = List;
#endif

/// Names each rule's assertion: that instantiates its static_assert after the caller, so the
/// call stays a constant expression and adds no error of its own.
template <class... Rs>
consteval bool fire(mp::mp_list<Rs...>) {
  ((void)&Rs::template assertion<true>, ...);
  return true;
}
}  // namespace detail

/// The report of a static configuration, computed at compile time.
template <class Config, class Registry = builtin_registry, class Pipeline = sglang_pipeline>
inline constexpr const report& static_report_v = detail::static_report<Config, Registry, Pipeline>::value;

/// True when the engine accepts static configuration `Config`.
template <class Config, class Registry = builtin_registry, class Pipeline = sglang_pipeline>
inline constexpr bool accepted_v = static_report_v<Config, Registry, Pipeline>.accepted();

/// A static configuration the engine accepts.
template <class Config, class Registry = builtin_registry>
concept accepted_configuration = accepted_v<Config, Registry>;

/// Fails to compile, with the engine's message of each violated rule in the engine's order,
/// unless `Config` is accepted. Returns true so it can sit in a static_assert.
template <class Config, class Registry = builtin_registry, class Pipeline = sglang_pipeline>
consteval bool static_check() {
  using violated = detail::in_print_order<typename detail::violated_rules<Config, Registry, Pipeline>::type>;
  return detail::fire(violated{});
}

}  // namespace attncap
