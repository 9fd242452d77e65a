// SPDX-License-Identifier: MIT
// backend_traits: specialised or opted into, the rules a backend lists, and aliases.
#include <doctest/doctest.h>

#include <attncap/backends/all.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <boost/mp11/algorithm.hpp>
#include <type_traits>

using namespace attncap;

namespace {
struct undeclared {};
struct nested {
  struct attncap_traits {
    static constexpr std::string_view name = "nested";
    static constexpr capabilities caps{};
  };
};
}  // namespace

static_assert(!has_backend_traits_v<undeclared> && has_backend_traits_v<nested>);
// The opted-in traits are the nested type's declaration: its name, and the default capabilities.
static_assert(backend_traits<nested>::name == "nested" &&
              backend_traits<nested>::caps.architectures == capabilities{}.architectures);
static_assert(has_backend_name_v<backends::hpc_ops> && has_capabilities_v<backends::hpc_ops>);
static_assert(std::is_same_v<rules_of_t<nested>, rule_list<>>);
static_assert(!std::is_same_v<rules_of_t<backends::hpc_ops>, rule_list<>>);
static_assert(std::is_same_v<canonical_backend_t<backends::nsa>, backends::dsa>);
static_assert(std::is_same_v<canonical_backend_t<backends::dsa>, backends::dsa>);

TEST_CASE("a backend's rules are its own, and start with the engine's first check") {
  using hpc = rules_of_t<backends::hpc_ops>;
  CHECK(std::is_same_v<boost::mp11::mp_front<hpc>, rules::hpc_ops::non_mla_only>);
}
