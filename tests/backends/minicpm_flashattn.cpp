// SPDX-License-Identifier: MIT
// The MiniCPM sparse backends (backends/minicpm_flashattn.hpp, minicpm_flashinfer.hpp): their
// shared rules, and the order the engine checks them in.
#include "backends/minicpm_flashattn_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("MiniCPM sparse backend rules: trigger and near miss") { check_rules(minicpm_sparse_rules); }

TEST_CASE("a MiniCPM SALA sparse model is accepted on either sparse backend") {
  CHECK(validate(minicpm::flashattn).accepted());
  CHECK(validate(minicpm::flashinfer).accepted());
}

TEST_CASE("the fused top-k checks run only for the FlashInfer variant") {
  CHECK(validate(minicpm::flashinfer.backend(id::minicpm_flashattn).with(&launch_config::dtype, model_dtype::float32))
            .accepted());
}

TEST_CASE("the sparse model check comes first, after the FlashAttention backend it builds") {
  const report rep = validate(on(H::sm100)
                                  .backend(id::minicpm_flashinfer)
                                  .heads(32, 4)
                                  .with(&launch_config::sliding_window, 4096)
                                  .flag(&launch_config::encoder_decoder));
  REQUIRE(rep.errors().size() >= 2);
  CHECK(rep.errors()[0].rule == &minicpm::fi::window_cross_attention::info);
  CHECK(rep.errors()[1].rule == &minicpm::fi::sparse_model::info);
}
