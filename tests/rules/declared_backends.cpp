// SPDX-License-Identifier: MIT
// The backends that declare a capability (rules/declared_backends.hpp): membership and names.
#include <doctest/doctest.h>

#include <attncap/rules/declared_backends.hpp>

using namespace attncap;
using namespace attncap::rules;

namespace {
struct outside {
  struct attncap_traits {
    static constexpr std::string_view name = "outside";
    static constexpr capabilities caps{.eagle_draft = support::yes, .deterministic = support::yes};
  };
};
}  // namespace

TEST_CASE("a backend declares a capability only when it is one of the engine's and says yes") {
  CHECK(declares<&capabilities::deterministic>(id::fa3));
  CHECK_FALSE(declares<&capabilities::deterministic>(id::torch_native));
  CHECK(declares<&capabilities::eagle_draft>(id::nsa));  // an alias declares its target's
  CHECK_FALSE(declares<&capabilities::eagle_draft>(backend_id::none));
  using extended = builtin_registry::extend<outside>;
  CHECK_FALSE(declares<&capabilities::eagle_draft>(extended::id<outside>));
}

TEST_CASE("the names come sorted or in registry order, without the aliases resolution renames") {
  CHECK(declaring_names<&capabilities::deterministic, true>::value ==
        "ascend, fa3, fa4, flashinfer, intel_xpu, triton");
  constexpr std::string_view in_order = declaring_names<&capabilities::eagle_draft, false>::value;
  CHECK(in_order.starts_with("triton, dsa, nsa, dsv4, "));
  CHECK(in_order.find("compressed") == std::string_view::npos);
  CHECK(in_order.find("tokenspeed_mla") == std::string_view::npos);
}
