// SPDX-License-Identifier: MIT
// The command line's parser (rules/argparse.hpp): names sglang 0.5.23's argparse no longer
// offers are its rejection, first, with its own message; its choice list is the registry's.
#include <string>

#include "rules/argparse_cases.hpp"

using namespace attncap;
using namespace attncap::test;
namespace ap = attncap::rules::argparse;

TEST_CASE("argparse rules: trigger and near miss") { check_rules(argparse_rules); }

TEST_CASE("an argparse rejection comes before every resolution error") {
  // trtllm_mla off Blackwell fails in resolution; the dropped KV dtype fails before it.
  const report rep = validate(on(H::sm90).mla().backend(id::trtllm_mla).kv(K::fp4_e2m1));
  REQUIRE(rep.first_error() != nullptr);
  CHECK(rep.first_error()->rule == &ap::kv_cache_dtype_choice::info);
  CHECK(rep.errors().size() > 1);
}

TEST_CASE("the choice list is the registry's argparse choices in registry order") {
  // Every registry name the engine offers appears, quoted, in registry order; the dropped ones
  // do not. (The list also names backends attncap does not declare yet.)
  const std::string list = ATTNCAP_ARGPARSE_BACKEND_CHOICES;
  std::size_t at = 0;
  for (std::size_t i = 0; i < builtin_registry::size; ++i) {
    std::string quoted(1, '\'');
    quoted.append(builtin_registry::names[i]).push_back('\'');
    const auto pos = list.find(quoted);
    if (builtin_registry::argparse_choices[i]) {
      CHECK_MESSAGE(pos != std::string::npos, quoted);
      CHECK_MESSAGE(pos >= at, quoted);
      at = pos == std::string::npos ? at : pos;
    } else {
      CHECK_MESSAGE(pos == std::string::npos, quoted);
    }
  }
  CHECK_FALSE(builtin_registry::accepted_by_argparse(id::cutlass_mla));
  CHECK(builtin_registry::accepted_by_argparse(id::triton));
  CHECK(builtin_registry::accepted_by_argparse(backend_id::none));
}
