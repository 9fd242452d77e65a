// SPDX-License-Identifier: MIT
// The engine's class lists: MLA (with and without a fixed head dim, and conditional on
// kv_lora_rank), encoder-decoder, sinks, DSA, gated-delta-net types, draft classes, attribute aliases.
#include <doctest/doctest.h>

#include <attncap/model/model_classes.hpp>

using namespace attncap;

static_assert(is_mla_class("DeepseekV3ForCausalLM", false));
static_assert(is_mla_class("DeepseekV4ForCausalLM", false));
static_assert(!is_mla_class("PixtralForConditionalGeneration", false));
static_assert(is_mla_class("PixtralForConditionalGeneration", true));
static_assert(!is_mla_class("LlamaForCausalLM", true));

TEST_CASE("fixed MLA head dims") {
  CHECK(mla_fixed_head_dim("DeepseekV3ForCausalLM") == 256);
  CHECK(mla_fixed_head_dim("MiniCPM3ForCausalLM") == 128);
  CHECK(mla_fixed_head_dim("KimiLinearForCausalLM") == 72);
  CHECK(mla_fixed_head_dim("DeepseekV4ForCausalLM") == 0);
  CHECK(mla_fixed_head_dim("LlamaForCausalLM") == 0);
}

TEST_CASE("traits by class and by config type") {
  CHECK(is_encoder_decoder_class("WhisperForConditionalGeneration"));
  CHECK(is_encoder_decoder_class("MllamaForConditionalGeneration"));
  CHECK_FALSE(is_encoder_decoder_class("T5ForConditionalGeneration"));
  CHECK(has_attention_sinks("GptOssForCausalLM"));
  CHECK_FALSE(has_attention_sinks("LlamaForCausalLM"));
  CHECK(is_dsa_class("DeepseekV32ForCausalLM"));
  CHECK_FALSE(is_dsa_class("DeepseekV2ForCausalLM"));
  CHECK(is_hybrid_gdn_type("qwen3_next"));
  CHECK(is_hybrid_gdn_type("qwen3_5_moe_text"));
  CHECK(is_hybrid_gdn_type("qwen4_exp_text"));
  CHECK_FALSE(is_hybrid_gdn_type("qwen3"));
  CHECK(is_gemma4_assistant_class("Gemma4UnifiedAssistantForCausalLM"));
  CHECK_FALSE(is_gemma4_assistant_class("Gemma4ForCausalLM"));
  CHECK(is_deepseek_v4_class("DeepseekV4ForCausalLMDSpark"));
  CHECK(is_deepseek_v4_class("DeepseekV4ForCausalLMNextN"));
  CHECK_FALSE(is_deepseek_v4_class("DeepseekV32ForCausalLM"));
}

TEST_CASE("attribute aliases of config types") {
  CHECK(attribute_alias("whisper", "num_attention_heads") == "encoder_attention_heads");
  CHECK(attribute_alias("t5", "head_dim") == "d_kv");
  CHECK(attribute_alias("llama", "num_attention_heads") == "num_attention_heads");
  CHECK(attribute_alias("whisper", "head_dim") == "head_dim");
}
