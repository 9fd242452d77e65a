// SPDX-License-Identifier: MIT
// explain_selection(): every step that sets the base backend, in the engine's order.
#include <doctest/doctest.h>

#include <attncap/check/validate.hpp>
#include <attncap/select/explain.hpp>

using namespace attncap;

TEST_CASE("the default table's row explains a plain default") {
  launch_config c;
  c.hardware = hardware::sm90;
  c.model_arch = model_arch::gqa;
  const auto t = explain_selection(c, validate(c));
  CHECK(t.backend() == id::fa3);
  REQUIRE(t.steps.size() == 1);
  CHECK(t.steps[0].code == "default.fill");
  CHECK(t.steps[0].reason == default_backend(c).reason);
}

TEST_CASE("a model override wins over the table, and a later swap is a step too") {
  launch_config c;
  c.hardware = hardware::sm100;
  c.model = model_family::deepseek_v3;
  c.model_arch = model_arch::mla;
  auto t = explain_selection(c, validate(c));
  CHECK(t.backend() == id::trtllm_mla);
  REQUIRE(t.steps.size() == 1);
  CHECK(t.steps[0].code == "model.deepseek_trtllm_mla");

  launch_config f;
  f.attention_backend = id::fa3;
  f.hardware = hardware::sm90;
  f.kv_cache_dtype = kv_cache_dtype::fp8_e5m2;
  t = explain_selection(f, validate(f));
  CHECK(t.backend() == id::triton);
  REQUIRE(t.steps.size() == 2);
  CHECK(t.steps[0].code == "user");
  CHECK(t.steps[1].code == "fa3.fp8_e5m2_fallback");
  CHECK(t.steps[1].from == id::fa3);
}

TEST_CASE("platform hooks choose before the table") {
  launch_config c;
  c.hardware = hardware::npu;
  const auto t = explain_selection(c, validate(c));
  CHECK(t.backend() == id::ascend);
  REQUIRE(!t.steps.empty());
  CHECK(t.steps[0].code == "platform.npu_ascend");
}
