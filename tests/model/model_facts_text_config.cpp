// SPDX-License-Identifier: MIT
// derive_model_facts through a multimodal model's text config: which sub-config the engine reads,
// in its order, and the facts read there.
#include <doctest/doctest.h>

#include <attncap/model/model_facts.hpp>
#include <cstdint>
#include <string>

#include "model/model_facts_fixture.hpp"

using namespace attncap;
using attncap::test::llama;
using attncap::test::source_of;

TEST_CASE("multimodal models are read through their text config, chunked, linear and dual-chunk attention") {
  hf_config c;
  c.set("architectures.0", std::string("Llama4ForConditionalGeneration"));
  c.set("model_type", std::string("llama4"));
  c.set("text_config.num_attention_heads", std::int64_t{40});
  c.set("text_config.num_key_value_heads", std::int64_t{8});
  c.set("text_config.head_dim", std::int64_t{128});
  c.set("vision_config.num_attention_heads", std::int64_t{16});
  auto m = derive_model_facts(c, {8, 1});
  CHECK_FALSE(m.values.chunked_local_attention);
  c.set("text_config.attention_chunk_size", std::int64_t{8192});
  m = derive_model_facts(c, {8, 1});
  CHECK(m.values.chunked_local_attention);
  CHECK(source_of(m, field::chunked_local_attention) == "config.json text_config.attention_chunk_size");
  CHECK(m.values.num_q_heads_per_rank == 5);
  CHECK(m.values.num_kv_heads_per_rank == 1);
  CHECK(source_of(m, field::head_dim) == "config.json text_config.head_dim");
  CHECK(m.values.model == model_family::llama4);
  auto q = llama();
  q.set("model_type", std::string("qwen3_next"));
  q.set("dual_chunk_attention_config.chunk_size", std::int64_t{262144});
  m = derive_model_facts(q);
  CHECK(m.values.hybrid_gdn);
  CHECK(m.values.dual_chunk_attention);
}

TEST_CASE("the text config in the engine's order: a thinker's own text config first, the top level for its LLaVA") {
  hf_config omni;  // Qwen2.5-Omni: the text model is thinker_config.text_config
  omni.set("architectures.0", std::string("Qwen2_5OmniModel"));
  omni.set("thinker_config.text_config.num_attention_heads", std::int64_t{28});
  omni.set("thinker_config.text_config.num_key_value_heads", std::int64_t{4});
  omni.set("thinker_config.text_config.hidden_size", std::int64_t{3584});
  omni.set("talker_config.num_attention_heads", std::int64_t{12});
  auto m = derive_model_facts(omni, {4, 1});
  CHECK(m.values.num_q_heads_per_rank == 7);
  CHECK(m.values.num_kv_heads_per_rank == 1);
  CHECK(source_of(m, field::head_dim) ==
        "config.json thinker_config.text_config.hidden_size / thinker_config.text_config.num_attention_heads");
  hf_config thinker;  // a thinker with no text config of its own is the text model
  thinker.set("architectures.0", std::string("X"));
  thinker.set("thinker_config.num_attention_heads", std::int64_t{16});
  thinker.set("thinker_config.hidden_size", std::int64_t{2048});
  thinker.set("text_config.num_attention_heads", std::int64_t{8});
  CHECK(derive_model_facts(thinker).values.num_q_heads_per_rank == 16);
  hf_config both;  // language_config before text_config
  both.set("architectures.0", std::string("X"));
  both.set("language_config.num_attention_heads", std::int64_t{16});
  both.set("language_config.hidden_size", std::int64_t{2048});
  both.set("text_config.num_attention_heads", std::int64_t{8});
  CHECK(derive_model_facts(both).values.num_q_heads_per_rank == 16);
  both.set("llm_config.num_attention_heads", std::int64_t{4});
  both.set("llm_config.hidden_size", std::int64_t{512});
  CHECK(derive_model_facts(both).values.num_q_heads_per_rank == 4);
  auto llava = llama();  // the engine's own LLaVA classes read the top level, whatever sub-config the file holds
  llava.set("architectures.0", std::string("LlavaQwenForCausalLM"));
  llava.set("text_config.num_attention_heads", std::int64_t{8});
  CHECK(derive_model_facts(llava).values.num_q_heads_per_rank == 32);
}
