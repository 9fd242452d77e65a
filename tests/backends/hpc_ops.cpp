// SPDX-License-Identifier: MIT
// The hpc_ops backend (backends/hpc_ops.hpp): its rules, and the order the engine checks them in.
#include "backends/hpc_ops_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("hpc_ops rules: trigger and near miss") { check_rules(hpc_ops_rules); }

TEST_CASE("hpc_ops on SM90 with the kernels' shapes is accepted") {
  CHECK(validate(hpc::base).accepted());
  CHECK(
      validate(
          hpc::base.kv(K::fp8_e4m3).heads(64, 8).head_dim(128).with(&launch_config::softmax_scale, 0.08838834764831845))
          .accepted());
  CHECK(validate(hpc::base.kv(K::fp8_e4m3).heads(8, 1).head_dim(128)).accepted());
}

TEST_CASE("hpc_ops factory order: non-MLA, then cross attention, then speculative decoding") {
  const report rep = validate(hpc::base.mla().flag(&launch_config::encoder_decoder).spec(S::eagle));
  REQUIRE(rep.errors().size() >= 3);
  CHECK(rep.errors()[0].rule == &hpc::r::non_mla_only::info);
  CHECK(rep.errors()[1].rule == &hpc::r::no_cross_attention::info);
  CHECK(rep.errors()[2].rule == &hpc::r::no_speculative_decoding::info);
  CHECK(rep.message(*rep.first_error()) == "hpc_ops backend can only be used with non-MLA models.");
  for (const auto& v : rep.errors()) CHECK(v.subject == id::hpc_ops);
}

TEST_CASE("hpc_ops constructor order: the FP8 head-shape check before the head_dim check") {
  const report rep = validate(hpc::base.kv(K::fp8_e4m3).heads(16, 2).head_dim(64));
  CHECK(codes(rep) == "hpc_ops.init_fp8_head_shape, hpc_ops.init_head_dim_and_group");
}

TEST_CASE(
    "hpc_ops constructor order as a draft backend: SM90, speculative, page size, KV dtype, then EAGLE's "
    "draft factory, which has no builder for it") {
  const report rep =
      validate(on(H::sm100).backend(id::triton).spec(S::eagle).draft(id::hpc_ops).page(16).kv(K::fp8_e5m2));
  CHECK(codes(rep) ==
        "hpc_ops.speculative, hpc_ops.init_sm90, hpc_ops.init_speculative, hpc_ops.init_page_size, "
        "hpc_ops.init_kv_cache_dtype, eagle_draft.decode_backend, eagle_draft.extend_backend");
}

TEST_CASE("hpc_ops layer checks run at the first forward, after construction, in declaration order") {
  const report rep = validate(hpc::base.on(H::sm100)
                                  .head_dim(128)
                                  .with(&launch_config::sliding_window, 64)
                                  .with(&launch_config::logit_cap, 50.0)
                                  .with(&launch_config::softmax_scale, 0.125));
  CHECK(codes(rep) == "hpc_ops.init_sm90, hpc_ops.sliding_window, hpc_ops.logit_cap, hpc_ops.softmax_scale");
  REQUIRE(rep.errors().size() == 4);
  CHECK(rep.message(rep.errors()[3]) ==
        "The hpc_ops attention backend only supports the default softmax scaling head_dim ** -0.5, got 0.125.");
}
