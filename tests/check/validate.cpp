// SPDX-License-Identifier: MIT
// validate(): usable in constant expressions and at run time, with the same report.
#include <doctest/doctest.h>

#include <attncap/check/validate.hpp>

using namespace attncap;

namespace {
constexpr launch_config hpc_ops_mla() {
  launch_config c;
  c.attention_backend = id::hpc_ops;
  c.model_arch = model_arch::mla;
  return c;
}
}  // namespace

static_assert(!validate(hpc_ops_mla()).accepted());
static_assert(validate(launch_config{}).accepted());

TEST_CASE("the first violation is the one the engine raises, and the resolved configuration is kept") {
  const report rep = validate(hpc_ops_mla());
  REQUIRE(rep.first_error() != nullptr);
  CHECK(rep.first_error()->rule->code == "hpc_ops.non_mla_only");
  CHECK(rep.resolved().page_size == 64);  // hpc_ops' page-size snap ran before the factory
  // Built in a constant expression, read at run time: the same items through the same accessors.
  constexpr report at_compile_time = validate(hpc_ops_mla());
  REQUIRE(at_compile_time.errors().size() == rep.errors().size());
  for (std::size_t i = 0; i < rep.errors().size(); ++i) {
    CHECK(at_compile_time.errors()[i].rule == rep.errors()[i].rule);
    CHECK(at_compile_time.errors().begin()[i].at == rep.errors()[i].at);
  }
  REQUIRE(at_compile_time.adjustments().size() == rep.adjustments().size());
  for (std::size_t i = 0; i < rep.adjustments().size(); ++i)
    CHECK(at_compile_time.adjustments()[i].after == rep.adjustments()[i].after);
  CHECK(at_compile_time.resolved() == rep.resolved());
}
