// SPDX-License-Identifier: MIT
// Suggestions: backends that serve the model and that the engine accepts,
// best first, each verified again here.
#include <doctest/doctest.h>

#include <attncap/check/suggest.hpp>

using namespace attncap;

TEST_CASE("a rejected hpc_ops+MLA launch on Hopper gets MLA backends that run on Hopper, fa3 first") {
  launch_config c;
  c.attention_backend = id::hpc_ops;
  c.hardware = hardware::sm90;
  c.model_arch = model_arch::mla;
  const auto s = suggest(c);
  REQUIRE(!s.empty());
  CHECK(s.front().backend == id::fa3);  // the engine's own default comes first
  for (const auto& x : s) {
    launch_config t = c;
    t.attention_backend = x.backend;
    CHECK(validate(t).accepted());
    CHECK(x.backend != id::hpc_ops);
    CHECK(x.backend != id::trtllm_mla);  // Blackwell only
    CHECK(serves_model(builtin_registry::caps[static_cast<std::size_t>(x.backend)], t));
  }
}

TEST_CASE("aliases and silently swapped backends are not suggested") {
  launch_config c;
  c.hardware = hardware::cpu;
  c.model_arch = model_arch::gqa;
  for (const auto& x : suggest(c)) {
    CHECK(x.backend != id::nsa);
    CHECK(x.backend != id::compressed);
    CHECK(x.backend != id::intel_amx);  // without AMX the engine swaps it for torch_native
  }
}

TEST_CASE("suggestions are ranked: default first, then fewer rewrites") {
  launch_config c;
  c.hardware = hardware::sm100;
  c.model_arch = model_arch::mla;
  const auto s = suggest(c);
  REQUIRE(s.size() >= 2);
  CHECK(s.front().backend == id::flashinfer);
  for (std::size_t i = 2; i < s.size(); ++i) CHECK(s[i - 1].adjustments <= s[i].adjustments);
}

TEST_CASE("fa4 is suggested off Blackwell only where its factory builds Triton (block diffusion)") {
  auto suggested = [](model_family m, backend_id b) {
    launch_config c;
    c.hardware = hardware::sm90;
    c.model = m;
    c.attention_backend = id::torch_native;
    for (const auto& x : suggest(c))
      if (x.backend == b) return true;
    return false;
  };
  CHECK(suggested(model_family::diffusion_gemma, id::fa4));
  CHECK_FALSE(suggested(model_family::llama, id::fa4));
  launch_config c;
  c.model = model_family::diffusion_gemma;
  CHECK(constructed_backend(builtin_registry::caps[static_cast<std::size_t>(id::fa4)], id::fa4, c) == id::triton);
  c.model = model_family::llama;
  CHECK(constructed_backend(builtin_registry::caps[static_cast<std::size_t>(id::fa4)], id::fa4, c) == id::fa4);
}
