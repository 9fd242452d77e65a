// SPDX-License-Identifier: MIT
// The engine's ordering quirks, each reproduced and named: what sglang does because of the order
// its passes run in, not because a rule says so.
#include <doctest/doctest.h>

#include <attncap/check/validate.hpp>

using namespace attncap;

namespace {
std::string first_message(const launch_config& c) {
  const report r = validate(c);
  return r.first_error() ? r.message(*r.first_error()) : std::string("<accepted>");
}
bool rewrote(const report& r, const rewrite_info& info) {
  for (const auto& a : r.adjustments())
    if (a.rewrite == &info) return true;
  return false;
}
}  // namespace

TEST_CASE("quirk: a server-args error always beats a factory error") {
  launch_config c;
  c.attention_backend = id::trtllm_mla;
  c.hardware = hardware::sm90;
  c.model_arch = model_arch::gqa;  // also violates the factory's MLA-only check
  CHECK(first_message(c) ==
        "TRTLLM MLA backend is only supported on Blackwell GPUs (SM100/SM12x). Please use a different backend.");
  CHECK(validate(c).violates(rules::trtllm_mla::mla_only::info));
}

TEST_CASE("quirk: the decode backend is built before the prefill backend") {
  launch_config c;
  c.prefill_attention_backend = id::hpc_ops;
  c.decode_attention_backend = id::trtllm_mha;
  c.hardware = hardware::sm90;
  c.model_arch = model_arch::mla;
  const report r = validate(c);
  // Both factories reject MLA; trtllm_mha (decode) speaks first.
  REQUIRE(r.errors().size() >= 2);
  CHECK(r.message(r.errors()[0]) == "trtllm_mha backend can only be used with non-MLA models.");
  CHECK(r.message(r.errors()[1]) == "hpc_ops backend can only be used with non-MLA models.");
}

TEST_CASE("quirk: the base backend is still default-filled under a prefill/decode split") {
  launch_config c;
  c.prefill_attention_backend = id::flashinfer;
  c.decode_attention_backend = id::triton;
  c.hardware = hardware::sm100;
  c.model_arch = model_arch::gqa;
  const report r = validate(c);
  CHECK(r.resolved().attention_backend == id::trtllm_mha);
  // ... and the trtllm_mha page snap fires although neither phase uses trtllm_mha.
  CHECK(rewrote(r, rules::server_args::trtllm_mha_page_size::info));
  CHECK(r.resolved().page_size == 64);
}

TEST_CASE("quirk: trtllm_mla set only as the prefill backend is never hardware-checked at server args") {
  launch_config c;
  c.attention_backend = id::cutedsl_mla;  // fills prefill with trtllm_mla
  c.hardware = hardware::sm90;
  c.model_arch = model_arch::mla;
  const report r = validate(c);
  CHECK(r.resolved().prefill_attention_backend == id::trtllm_mla);
  CHECK(!r.violates(rules::server_args::trtllm_mla_blackwell::info));
  CHECK(r.violates(rules::server_args::cutedsl_mla_sm100::info));
}

TEST_CASE("quirk: NVFP4's prefill check rejects trtllm_mla although the KV4 MLA list names it") {
  launch_config c;
  c.attention_backend = id::trtllm_mla;
  c.hardware = hardware::sm100;
  c.model_arch = model_arch::mla;
  c.kv_cache_dtype = kv_cache_dtype::nvfp4;
  CHECK(first_message(c) ==
        "NVFP4 prefill supports an FP8 E4M3 workspace or native NVFP4, but backend 'trtllm_mla' provides neither.");
  c.kv_cache_dtype = kv_cache_dtype::fp4_mx_block16;  // the other KV4 format: the trtllm_mla whitelist
  CHECK(first_message(c) == "TensorRT-LLM MLA backend only supports kv-cache-dtype of fp8_e4m3, bf16, or auto.");
  CHECK(!validate(c).violates(rules::server_args::kv4_mla_backend::info));
}

TEST_CASE("quirk: a page snap before the page-size default reads None") {
  launch_config c;
  c.attention_backend = id::trtllm_mla;
  c.hardware = hardware::sm100;
  c.model_arch = model_arch::mla;
  const report r = validate(c);
  bool found = false;
  for (const auto& a : r.adjustments())
    found = found ||
            r.message(a) == "TensorRT-LLM MLA only supports page_size of 32 or 64, changing page_size from None to 64.";
  CHECK(found);
}

TEST_CASE("quirk: DeepSeek on SM100 in deterministic mode meets the override's trtllm_mla") {
  launch_config c;
  c.model = model_family::deepseek_v3;
  c.model_arch = model_arch::mla;
  c.hardware = hardware::sm100;
  c.enable_deterministic_inference = true;
  CHECK(first_message(c) ==
        "Currently only ['ascend', 'fa3', 'fa4', 'flashinfer', 'intel_xpu', 'triton'] attention backends are "
        "supported for deterministic inference, but you explicitly specified 'trtllm_mla'.");
}

TEST_CASE("quirk: fa4 keeps page 1 under EAGLE topk > 1, so the page-tree rule stays quiet") {
  launch_config c;
  c.attention_backend = id::fa4;
  c.hardware = hardware::sm100;
  c.model_arch = model_arch::gqa;
  c.page_size = 1;
  c.speculative_algorithm = speculative_algorithm::eagle;
  c.speculative_eagle_topk = 4;
  c.speculative_num_steps = 3;
  c.speculative_num_draft_tokens = 8;
  const report r = validate(c);
  CHECK(r.accepted());
  CHECK(r.resolved().page_size == 1);
}
