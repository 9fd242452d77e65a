// SPDX-License-Identifier: MIT
// Resolution: steps run in pipeline order over a configuration rewritten as they go.
#include <doctest/doctest.h>

#include <attncap/backends/all.hpp>
#include <attncap/check/validate.hpp>
#include <attncap/runtime/resolution.hpp>

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
