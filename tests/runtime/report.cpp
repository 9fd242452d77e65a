// SPDX-License-Identifier: MIT
// The report: violations in order, adjustments, the engine's texts, and what overflows.
#include <doctest/doctest.h>

#include <attncap/backends/all.hpp>
#include <attncap/runtime/report.hpp>

using namespace attncap;

namespace {
ATTNCAP_RULE(page_rule, "test.page", server_args, value_error, page_size, "multiples of {{16}}",
             "page_size must be a multiple of 16, got {page_size} ({allowed}).") {
  return ctx.cfg.page_size % 16 != 0;
}
constexpr rewrite_info snap{"test.snap", field::page_size, "page_size {page_size} becomes {new_page_size}."};
}  // namespace

TEST_CASE("a report keeps violations and adjustments in order and formats the engine's texts") {
  report rep(builtin_registry::names);
  CHECK(rep.accepted());
  CHECK(rep.first_error() == nullptr);
  launch_config before;
  before.page_size = 8;
  launch_config after = before;
  after.page_size = 16;
  rep.add(snap, before, after);
  CHECK(rep.accepted());  // a rewrite alone rejects nothing
  rep.add(page_rule::info, before, backend_id::none);
  REQUIRE(!rep.accepted());
  CHECK(rep.first_error()->rule == &page_rule::info);
  CHECK(rep.violates(page_rule::info));
  CHECK(rep.message(*rep.first_error()) == "page_size must be a multiple of 16, got 8 (multiples of {{16}}).");
  CHECK(rep.value(*rep.first_error()) == "8");
  const adjustment& a = rep.adjustments().front();
  CHECK(rep.message(a) == "page_size 8 becomes 16.");
  CHECK(rep.old_value(a) == "8");
  CHECK(rep.new_value(a) == "16");
}

TEST_CASE("violations beyond the capacity are counted, not lost silently") {
  report rep(builtin_registry::names);
  const launch_config c;
  for (std::size_t i = 0; i < report_capacity + 3; ++i) rep.add(page_rule::info, c, backend_id::none);
  CHECK(rep.errors().size() == report_capacity);
  CHECK(rep.dropped() == 3);
  CHECK(!rep.accepted());
}
