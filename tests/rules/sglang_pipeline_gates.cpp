// SPDX-License-Identifier: MIT
// The gated groups of the sglang pipeline (rules/sglang_pipeline.hpp): over configurations drawn
// from every key's kind, each step of a group whose gate fails does nothing on its own, and the
// pipeline reports exactly what the same steps report ungated.
#include <doctest/doctest.h>

#include <algorithm>
#include <attncap/check/validate.hpp>
#include <cstdint>
#include <string>

#include "prng.hpp"

using namespace attncap;
using attncap::test::prng;

namespace {

/// An integer of `f`'s range: its default a third of the time, else a small round value brought
/// into the range.
std::int32_t draw_integer(prng& d, const field_info& f, std::int32_t fallback) {
  if (d.below(3) == 0) return fallback;
  const std::int64_t v = d.pick({-1, 0, 1, 2, 3, 4, 8, 16, 32, 64, 128, 256});
  return static_cast<std::int32_t>(std::clamp(v, f.lo, f.hi));
}

/// A configuration with every key drawn by its kind, so that the steps behind a gate meet
/// combinations their cases never make.
launch_config drawn(prng& d) {
  launch_config c;
  for (const field_info& f : field_schema)
    visit_field(c, f.key, [&]<class T>(T& member, auto) {
      if constexpr (std::is_same_v<T, bool>)
        member = d.chance(50);
      else if constexpr (std::is_same_v<T, double>)
        member = 0.5 * static_cast<double>(d.below(3));
      else if constexpr (std::is_same_v<T, backend_id>)
        member = d.chance(25) ? backend_id::none : static_cast<backend_id>(d.below(builtin_registry::size));
      else if constexpr (std::is_enum_v<T>)
        member = d.any<T>();
      else if (f.kind == field_kind::version)
        member = d.chance(25) ? unset : d.pick({1108, 1200, 1204, 1208, 1300});
      else
        member = draw_integer(d, f, member);
    });
  return c;
}

/// The code of a rule or rewrite step, for messages.
template <class S>
std::string code_of() {
  if constexpr (requires { S::info.code; })
    return std::string(S::info.code);
  else
    return "a composite step";
}

/// Step `S` run alone over `c`: nothing reported, nothing rewritten.
template <class S>
void check_inert(const launch_config& c) {
  const report rep = validate<builtin_registry, pipeline<S>>(c);
  CHECK_MESSAGE((rep.errors().empty() && rep.adjustments().empty() && rep.resolved() == c),
                (code_of<S>() + " acted while its group's gate failed"));
}

/// Where a group's gate fails over `c`, each of its steps must be inert; other steps have no gate.
template <auto Gate, class... Steps>
int check_group(gated<Gate, Steps...>*, const launch_config& c) {
  report unused(builtin_registry::names);
  const resolution<builtin_registry> r{c, unused};
  if (gated<Gate, Steps...>::holds(r)) return 0;
  (check_inert<Steps>(c), ...);
  return 1;
}
int check_group(void*, const launch_config&) { return 0; }

/// Checks every gated group of a pipeline over `c`; returns how many gates failed.
template <class... Steps>
int check_groups(pipeline<Steps...>*, const launch_config& c) {
  return (check_group(static_cast<Steps*>(nullptr), c) + ... + 0);
}

// The pipeline with its groups' steps spliced in place of the groups.
template <class... Pipelines>
struct spliced;
template <class... A>
struct spliced<pipeline<A...>> {
  using type = pipeline<A...>;
};
template <class... A, class... B, class... Rest>
struct spliced<pipeline<A...>, pipeline<B...>, Rest...> : spliced<pipeline<A..., B...>, Rest...> {};
template <class S>
struct steps_of {
  using type = pipeline<S>;
};
template <auto Gate, class... S>
struct steps_of<gated<Gate, S...>> {
  using type = pipeline<S...>;
};
template <class... S>
typename spliced<pipeline<>, typename steps_of<S>::type...>::type ungated(pipeline<S...>*);
using ungated_pipeline = decltype(ungated(static_cast<sglang_pipeline*>(nullptr)));

bool same_findings(const report& a, const report& b) {
  if (a.errors().size() != b.errors().size() || a.adjustments().size() != b.adjustments().size() ||
      a.dropped() != b.dropped() || !(a.resolved() == b.resolved()))
    return false;
  for (std::size_t i = 0; i < a.errors().size(); ++i) {
    const violation &x = a.errors()[i], &y = b.errors()[i];
    if (x.rule != y.rule || x.subject != y.subject || !(x.at == y.at)) return false;
  }
  for (std::size_t i = 0; i < a.adjustments().size(); ++i) {
    const adjustment &x = a.adjustments()[i], &y = b.adjustments()[i];
    if (x.rewrite != y.rewrite || !(x.before == y.before) || !(x.after == y.after)) return false;
  }
  return true;
}

constexpr int samples = 20000;

}  // namespace

TEST_CASE("each step of a gated group does nothing while the group's gate fails") {
  prng d(0x5eed'6a7e);
  int failed_gates = 0;
  for (int i = 0; i < samples; ++i) failed_gates += check_groups(static_cast<sglang_pipeline*>(nullptr), drawn(d));
  // The draws exercise the gates: most fail most of the time, so most steps were probed.
  CHECK(failed_gates > samples * 10);
}

TEST_CASE("the gated pipeline reports what its steps report ungated") {
  prng d(0xca5e'5eed);
  int rejected = 0, rewritten = 0;
  for (int i = 0; i < samples; ++i) {
    const launch_config c = drawn(d);
    const report gated_report = validate(c), plain = validate<builtin_registry, ungated_pipeline>(c);
    CAPTURE(i);
    CHECK(same_findings(gated_report, plain));
    rejected += !plain.accepted();
    rewritten += !plain.adjustments().empty();
  }
  // Both outcomes occur, or the comparison would prove little.
  CHECK(rejected > samples / 10);
  CHECK(rewritten > samples / 10);
}
