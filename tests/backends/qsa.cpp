// SPDX-License-Identifier: MIT
// The qsa backend (backends/qsa.hpp): nothing about it is checked at launch, but the engine's
// lists that do not name it (deterministic inference, the KV4 backends) still reject it.
#include <doctest/doctest.h>

#include "rules/rule_table.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("qsa is accepted on every CUDA and ROCm target and architecture") {
  for (auto h : {H::sm80, H::sm90, H::sm100, H::sm121, H::gfx942})
    for (auto a : {model_arch::mha, model_arch::gqa, model_arch::mqa, model_arch::mla}) {
      CAPTURE(to_string(h));
      CAPTURE(to_string(a));
      CHECK(validate(on(h).arch(a).backend(id::qsa)).accepted());
    }
}

TEST_CASE("qsa is not among the deterministic backends") {
  const report rep = validate(on(H::sm90).backend(id::qsa).flag(&launch_config::enable_deterministic_inference));
  REQUIRE(rep.first_error() != nullptr);
  CHECK(rep.message(*rep.first_error()).starts_with("Currently only ['ascend', 'fa3', 'fa4', 'flashinfer', "));
}

TEST_CASE("the NPU hook replaces qsa with ascend") {
  CHECK(validate(on(H::npu).backend(id::qsa)).resolved().decode_backend() == id::ascend);
}
