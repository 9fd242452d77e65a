// SPDX-License-Identifier: MIT
// The backend registry: ids by position, names, aliases, extension, and rule dispatch by id.
#include <doctest/doctest.h>

#include <attncap/backends/all.hpp>
#include <attncap/runtime/registry.hpp>

using namespace attncap;

namespace {
struct extra {
  struct attncap_traits {
    static constexpr std::string_view name = "extra";
    static constexpr capabilities caps{};
  };
};
using extended = builtin_registry::extend<extra>;
}  // namespace

static_assert(builtin_registry::id<backends::hpc_ops> == id::hpc_ops);
static_assert(extended::id<backends::hpc_ops> == id::hpc_ops);  // built-ins keep their ids
static_assert(static_cast<std::size_t>(extended::id<extra>) == builtin_backend_count);
static_assert(extended::find("extra") == extended::id<extra>);
static_assert(!builtin_registry::find("cutlass").has_value());
static_assert(builtin_registry::canonical[static_cast<std::size_t>(id::nsa)] == id::dsa);
static_assert(builtin_registry::canonical[static_cast<std::size_t>(id::dsa)] == id::dsa);
// compressed and tokenspeed_mla are renamed during argument resolution; nsa keeps its name.
static_assert(builtin_registry::renamed_to(id::compressed) == id::dsv4);
static_assert(builtin_registry::renamed_to(id::tokenspeed_mla) == id::cutedsl_mla);
static_assert(builtin_registry::renamed_to(id::nsa) == backend_id::none);
static_assert(builtin_registry::renamed_to(id::triton) == backend_id::none);
static_assert(builtin_registry::renamed_to(backend_id::none) == backend_id::none);

TEST_CASE("every built-in backend is found by its own name") {
  for (std::size_t i = 0; i < builtin_registry::size; ++i) {
    CAPTURE(builtin_registry::names[i]);
    CHECK(builtin_registry::find(builtin_registry::names[i]) == static_cast<backend_id>(i));
  }
}
