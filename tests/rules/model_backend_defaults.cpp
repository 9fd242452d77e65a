// SPDX-License-Identifier: MIT
// The providers that choose a model's default backend (rules/model_backend_defaults.hpp).
#include "rules/model_backend_defaults_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("model default-backend rules: trigger and near miss") { check_rules(model_backend_defaults_rules); }
TEST_CASE("model default-backend rewrites: applied and near miss") { check_rewrites(model_backend_defaults_rewrites); }

TEST_CASE("each provider's default is accepted where the engine serves it") {
  for (const auto& [m, hw] : {std::pair{M::beam, H::sm100},
                              {M::embedding_gemma2, H::sm90},
                              {M::exaone, H::sm100},
                              {M::exaone, H::sm90},
                              {M::falcon_h1, H::sm100},
                              {M::lfm2, H::sm100},
                              {M::minicpmv, H::sm100},
                              {M::mimo_v2, H::sm100},
                              {M::inkling, H::sm90}}) {
    // The Mamba facts the classes' configs give.
    const bool mamba = m == M::lfm2 || m == M::minicpmv || m == M::inkling;
    const bool snapshots = m == M::minicpmv || m == M::inkling;
    const report rep = validate(on(hw)
                                    .model(m)
                                    .flag(&launch_config::mamba_radix_cache, mamba)
                                    .flag(&launch_config::mamba_extra_buffer, snapshots));
    // Named outside the message: clang 14 does not let doctest's lambda capture a structured binding.
    const auto model = to_string(m), machine = to_string(hw);
    CHECK_MESSAGE(rep.accepted(), model << " on " << machine);
  }
}

TEST_CASE("off SM100 the hybrid models keep the engine's default") {
  CHECK(validate(on(H::sm90).model(M::lfm2)).resolved().attention_backend == id::fa3);
  CHECK(validate(on(H::sm90).model(M::mimo_v2)).resolved().attention_backend == id::fa3);
}
