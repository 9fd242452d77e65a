// SPDX-License-Identifier: MIT
/// @file
/// Compile-time validation: a launch configuration given as types fails to compile with the
/// engine's exact message of every rule it violates, in the engine's order.
#pragma once

#include <attncap/check/validate.hpp>

#include <array>
#include <tuple>
#include <utility>

namespace attncap {

/// Settings that build a static configuration: `static_config<cfg::backend<backends::hpc_ops>,
/// cfg::on<hardware::sm90>, cfg::arch<model_arch::mla>>`.
namespace cfg {
/// Sets any member: `cfg::set<&launch_config::page_size, 64>`.
template <auto Member, auto Value>
struct set {
  template <class>
  static constexpr void apply(launch_config& c) noexcept { c.*Member = Value; }
};
/// `--attention-backend` (or the prefill / decode / draft backend with the other members).
template <class B, backend_id launch_config::*Field = &launch_config::attention_backend>
struct backend {
  template <class Registry>
  static constexpr void apply(launch_config& c) noexcept { c.*Field = Registry::template id<B>; }
};
template <class B>
using prefill_backend = backend<B, &launch_config::prefill_attention_backend>;
template <class B>
using decode_backend = backend<B, &launch_config::decode_attention_backend>;
template <class B>
using draft_backend = backend<B, &launch_config::speculative_draft_attention_backend>;
template <hardware H>
using on = set<&launch_config::hardware, H>;
template <model_arch A>
using arch = set<&launch_config::model_arch, A>;
template <model_trait T>
struct trait {
  template <class>
  static constexpr void apply(launch_config& c) noexcept {
    if (T == model_trait::encoder_decoder) c.encoder_decoder = true;
    if (T == model_trait::hybrid_gdn) c.hybrid_gdn = true;
    if (T == model_trait::dsa) c.dsa = true;
    if (T == model_trait::dual_chunk_attention) c.dual_chunk_attention = true;
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
template <class... Ls>
struct concat;
template <>
struct concat<> {
  using type = rule_list<>;
};
template <class... As>
struct concat<rule_list<As...>> {
  using type = rule_list<As...>;
};
template <class... As, class... Bs, class... Rest>
struct concat<rule_list<As...>, rule_list<Bs...>, Rest...> {
  using type = typename concat<rule_list<As..., Bs...>, Rest...>::type;
};

template <class S>
struct step_rules {
  using type = rule_list<>;
};
template <class S>
  requires rule_type<S>
struct step_rules<S> {
  using type = rule_list<S>;
};
template <class S>
  requires requires { typename S::rules; }
struct step_rules<S> {
  using type = typename S::rules;
};

template <class Registry, class Pipeline>
struct all_rules;
template <class... Bs, class... Steps>
struct all_rules<backend_registry<Bs...>, pipeline<Steps...>> {
  using type = typename concat<typename step_rules<Steps>::type..., rules_of_t<Bs>...>::type;
};

template <class List>
struct rule_index;
template <class... Rs>
struct rule_index<rule_list<Rs...>> {
  static constexpr std::array<const rule_info*, sizeof...(Rs)> infos{&Rs::info...};
  static constexpr std::size_t of(const rule_info* r) {
    for (std::size_t i = 0; i < infos.size(); ++i)
      if (infos[i] == r) return i;
    return infos.size();
  }
  template <std::size_t I>
  using at = std::tuple_element_t<I, std::tuple<Rs...>>;
};

/// Instantiates the static_assert of the I-th violation (a no-op past the last one).
template <class Rules, const report& Rep, std::size_t I>
constexpr void fire() {
  if constexpr (I < Rep.errors().size()) {
    using R = typename rule_index<Rules>::template at<rule_index<Rules>::of(Rep.errors()[I].rule)>;
    static_assert(sizeof(typename R::template assertion<true>) > 0);
  }
}

template <class Config, class Registry, class Pipeline>
struct static_report {
  static constexpr report value = validate<Registry, Pipeline>(Config::template value<Registry>);
};
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
  using rules = typename detail::all_rules<Registry, Pipeline>::type;
  constexpr const report& rep = static_report_v<Config, Registry, Pipeline>;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (detail::fire<rules, rep, I>(), ...);
  }(std::make_index_sequence<report_capacity>{});
  return true;
}

}  // namespace attncap
