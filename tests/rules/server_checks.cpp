// SPDX-License-Identifier: MIT
// The launch's checks of the resolved arguments (rules/server_checks.hpp).
#include "rules/server_checks_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("server checks: trigger and near miss") { check_rules(server_checks_rules); }

TEST_CASE("a chunk left to the engine divides every power-of-two page up to its smallest default") {
  for (const std::int32_t page : {1, 16, 64, 256, 2048}) {
    CAPTURE(page);
    CHECK_FALSE(validate(on(H::sm90).backend(id::fa3).page(page)).violates(sa::chunked_prefill_page_size::info));
  }
  CHECK(validate(on(H::sm90).backend(id::fa3).page(48)).violates(sa::chunked_prefill_page_size::info));
}

TEST_CASE("a decode server and an unchunked prefill skip the chunk check") {
  const auto odd = on(H::sm90).backend(id::fa3).page(48).with(&launch_config::chunked_prefill_size, 8192);
  CHECK_FALSE(validate(odd.with(&launch_config::disaggregation_mode, disaggregation_mode::decode))
                  .violates(sa::chunked_prefill_page_size::info));
  CHECK_FALSE(validate(odd.flag(&launch_config::enable_mis).backend(id::flashinfer))
                  .violates(sa::chunked_prefill_page_size::info));
}
