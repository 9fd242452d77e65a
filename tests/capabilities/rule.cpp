// SPDX-License-Identifier: MIT
// ATTNCAP_RULE: one declaration is the row validate() evaluates and the static_assert text.
#include <doctest/doctest.h>

#include <attncap/capabilities/rule.hpp>

using namespace attncap;

namespace {
ATTNCAP_RULE(even_tp, "test.even_tp", factory, assertion_error, tp_size, "even sizes",
             "tp_size must be even, got {tp_size}.") {
  return ctx.cfg.tp_size % 2 != 0;
}
struct not_a_rule {};
}  // namespace

static_assert(engine_rule<even_tp> && !engine_rule<not_a_rule> && !engine_rewrite<even_tp>);
static_assert(even_tp::info.code == "test.even_tp" && even_tp::info.stage == stage::factory);
static_assert(even_tp::info.exception == exception_kind::assertion_error && even_tp::info.field == field::tp_size);
static_assert(even_tp::info.message == "tp_size must be even, got {tp_size}.");

TEST_CASE("the predicate reads the configuration it is given") {
  launch_config c;
  c.tp_size = 3;
  CHECK(even_tp::violated({c, platform(c.hardware)}));
  c.tp_size = 4;
  CHECK_FALSE(even_tp::violated({c, platform(c.hardware)}));
}
