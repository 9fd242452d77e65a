// SPDX-License-Identifier: MIT
// Resolution: steps run in pipeline order over a configuration rewritten as they go.
#include <doctest/doctest.h>

#include <attncap/backends/all.hpp>
#include <attncap/check/static_check.hpp>
#include <attncap/check/validate.hpp>
#include <attncap/runtime/resolution.hpp>
#include <type_traits>

using namespace attncap;

namespace {
struct double_page {
  static constexpr rewrite_info info{"test.double_page", field::page_size, ""};
  static constexpr bool applies(const rule_context& ctx) noexcept { return ctx.cfg.page_size < 64; }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept { cfg.page_size *= 2; }
};
ATTNCAP_RULE(small_page, "test.small_page", server_args, value_error, page_size, ">= 32", "page {page_size}") {
  return ctx.cfg.page_size < 32;
}
/// A step that is neither: it records which backend it saw.
struct build_step {
  template <class Registry>
  static constexpr void run(resolution<Registry>& r) {
    r.template run_backend_rules<stage::factory>(r.cfg.attention_backend);
  }
};

constexpr report resolve(launch_config c, auto p) { return validate<builtin_registry, decltype(p)>(c); }

// Gates of each form: a predicate of the configuration, of the rule context, and a flag.
constexpr bool small_pages(const launch_config& c) noexcept { return c.page_size < 64; }
constexpr bool on_npu(const rule_context& ctx) noexcept { return ctx.hw.is_npu(); }
using gated_by_pages = pipeline<gated<small_pages, small_page, double_page>>;
using gated_by_npu = pipeline<gated<on_npu, small_page, double_page>>;
using gated_by_flag = pipeline<gated<&launch_config::enable_lmcache, small_page, double_page>>;
}  // namespace

TEST_CASE("a rule sees the configuration as the rewrites before it left it") {
  launch_config c;
  c.page_size = 16;
  // Checked before the rewrite: 16 < 32 is a violation.
  constexpr auto before = [] {
    launch_config k;
    k.page_size = 16;
    return resolve(k, pipeline<small_page, double_page>{});
  }();
  CHECK(before.errors().size() == 1);
  CHECK(before.resolved().page_size == 32);
  // Checked after it: 32 passes.
  const report after = resolve(c, pipeline<double_page, small_page>{});
  CHECK(after.accepted());
  CHECK(after.adjustments().size() == 1);
}

TEST_CASE("a backend-scoped step runs only that backend's rules of that stage") {
  launch_config c;
  c.attention_backend = id::hpc_ops;
  c.model_arch = model_arch::mla;
  const report rep = resolve(c, pipeline<build_step>{});
  REQUIRE(!rep.accepted());
  for (const auto& v : rep.errors()) {
    CHECK(v.rule->stage == stage::factory);
    CHECK(v.subject == id::hpc_ops);
  }
  c.attention_backend = id::triton;
  CHECK(resolve(c, pipeline<build_step>{}).accepted());
}

TEST_CASE("a gated group runs its steps in order while its gate holds, and none of them otherwise") {
  launch_config c;
  c.page_size = 16;
  // Holds: the same findings as the steps ungated.
  const report open = resolve(c, gated_by_pages{});
  CHECK(open.errors().size() == 1);
  CHECK(open.adjustments().size() == 1);
  CHECK(open.resolved().page_size == 32);
  // Fails: the steps' own predicates would fire, yet the group is skipped whole.
  const report shut = resolve(c, gated_by_npu{});
  CHECK(shut.accepted());
  CHECK(shut.adjustments().size() == 0);
  CHECK(shut.resolved().page_size == 16);
  c.hardware = hardware::npu;
  CHECK(resolve(c, gated_by_npu{}).errors().size() == 1);
  CHECK(resolve(c, gated_by_flag{}).accepted());
  c.enable_lmcache = true;
  CHECK(resolve(c, gated_by_flag{}).resolved().page_size == 32);
  // In a constant expression too.
  static_assert(!validate<builtin_registry, gated_by_pages>([] {
                   launch_config k;
                   k.page_size = 16;
                   return k;
                 }())
                     .accepted());
}

TEST_CASE("a gated group lists its steps' rules and rewrites in its place") {
  using rules = pipeline_rules_t<pipeline<double_page, gated<small_pages, small_page>>>;
  using rewrites = all_rewrites_t<pipeline<gated<small_pages, small_page, double_page>>>;
  static_assert(std::is_same_v<rules, rule_list<small_page>>);
  static_assert(std::is_same_v<rewrites, rule_list<double_page>>);
}
