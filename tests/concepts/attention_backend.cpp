// SPDX-License-Identifier: MIT
// The capability concepts: minimal archetypes, one archetype per missing requirement, and the
// built-in backends' declared sets.
#include <doctest/doctest.h>

#include <attncap/backends/all.hpp>
#include <attncap/concepts/attention_backend.hpp>

using namespace attncap;

namespace archetypes {
struct minimal {
  struct attncap_traits {
    static constexpr std::string_view name = "minimal";
    static constexpr capabilities caps{};
  };
};
struct no_traits {};
struct no_name {
  struct attncap_traits {
    static constexpr capabilities caps{};
  };
};
struct no_caps {
  struct attncap_traits {
    static constexpr std::string_view name = "no_caps";
  };
};
struct specialised {};
}  // namespace archetypes
using namespace archetypes;

template <>
struct attncap::backend_traits<specialised> {
  static constexpr std::string_view name = "specialised";
  static constexpr capabilities caps{.architectures = {model_arch::mla}, .targets = {hardware::sm100}};
};

static_assert(attention_backend<minimal>);
static_assert(attention_backend<specialised>);
static_assert(!attention_backend<no_traits>);
static_assert(!attention_backend<no_name>);
static_assert(!attention_backend<no_caps>);
static_assert(!has_backend_traits_v<no_traits> && has_backend_traits_v<no_name>);
static_assert(mla_backend<specialised> && !non_mla_backend<specialised>);
static_assert(runs_on<specialised, hardware::sm100> && !runs_on<specialised, hardware::sm90>);
static_assert(std::is_same_v<rules_of_t<minimal>, rule_list<>>);

// The built-in declarations, as the engine states them.
static_assert(mla_backend<backends::trtllm_mla> && !non_mla_backend<backends::trtllm_mla>);
static_assert(non_mla_backend<backends::hpc_ops> && !mla_backend<backends::hpc_ops>);
static_assert(non_mla_backend<backends::trtllm_mha> && !mla_backend<backends::trtllm_mha>);
static_assert(mla_backend<backends::flashinfer> && non_mla_backend<backends::flashinfer>);
static_assert(cross_attention_backend<backends::flashinfer>);
static_assert(!cross_attention_backend<backends::triton> && !cross_attention_backend<backends::hpc_ops>);
static_assert(!speculative_backend<backends::hpc_ops> && !speculative_backend<backends::flex_attention>);
static_assert(speculative_backend<backends::fa3> && speculative_backend<backends::trtllm_mha>);
static_assert(runs_on<backends::hpc_ops, hardware::sm90> && !runs_on<backends::hpc_ops, hardware::sm100>);
static_assert(runs_on<backends::trtllm_mla, hardware::sm120> && !runs_on<backends::trtllm_mla, hardware::sm90>);
static_assert(std::is_same_v<canonical_backend_t<backends::nsa>, backends::dsa>);
static_assert(std::is_same_v<canonical_backend_t<backends::compressed>, backends::dsv4>);
static_assert(check_backend<backends::hpc_ops>());

TEST_CASE_TEMPLATE("every built-in backend is an attention backend with its engine name", B, backends::triton,
                   backends::hpc_ops, backends::trtllm_mla, backends::nsa, backends::intel_xpu, backends::ascend) {
  CHECK(attention_backend<B>);
  CHECK(builtin_registry::names[static_cast<std::size_t>(builtin_id<B>)] == backend_traits<B>::name);
}

TEST_CASE("the registry knows the engine's 27 backend names (25 argparse choices, 2 retired) in its order") {
  CHECK(builtin_registry::size == 27);
  CHECK(builtin_registry::names.front() == "triton");
  CHECK(builtin_registry::names.back() == "intel_xpu");
  CHECK(builtin_registry::find("hpc_ops") == id::hpc_ops);
  CHECK(!builtin_registry::find("hpc").has_value());
  CHECK(builtin_registry::canonical[static_cast<std::size_t>(id::nsa)] == id::dsa);
  CHECK(builtin_registry::canonical[static_cast<std::size_t>(id::fa3)] == id::fa3);
  using extended = builtin_registry::extend<minimal>;
  CHECK(extended::size == 28);
  CHECK(extended::id<minimal> == static_cast<backend_id>(27));
  CHECK(extended::id<backends::hpc_ops> == id::hpc_ops);
}
