// SPDX-License-Identifier: MIT
// derive_model_facts: each fact derived as the engine derives it, with its source; explicit
// keys missing or of the wrong type are errors naming the key.
#include <doctest/doctest.h>

#include <algorithm>
#include <attncap/model/model_facts.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "model/model_facts_fixture.hpp"

using namespace attncap;
using attncap::test::llama;
using attncap::test::source_of;

TEST_CASE("a GQA model: head dim from hidden size, heads split over tensor-parallel ranks") {
  const auto m = derive_model_facts(llama(), {4, 1});
  CHECK(m.architecture == "LlamaForCausalLM");
  CHECK(m.values.model == model_family::llama);
  CHECK(m.values.model_arch == model_arch::gqa);
  CHECK(m.values.head_dim == 128);
  CHECK(source_of(m, field::head_dim) == "config.json hidden_size / num_attention_heads");
  CHECK(m.values.num_q_heads_per_rank == 8);
  CHECK(m.values.num_kv_heads_per_rank == 2);
  CHECK(m.values.num_kv_heads == 8);
  CHECK(m.values.dtype == model_dtype::bfloat16);
  CHECK(m.values.sliding_window == unset);
  CHECK(source_of(m, field::sliding_window) == "<not derived>");
}

TEST_CASE("an integer outside its key's range is listed with the key and the file's key, not wrapped") {
  const auto refused = [](const char* key, std::int64_t value, field f, const std::string& message) {
    CAPTURE(key);
    hf_config c = llama();
    c.set(key, value);
    const auto m = derive_model_facts(c, {1, 1});
    const auto listed =
        std::find_if(m.out_of_range.begin(), m.out_of_range.end(), [f](const fact_source& s) { return s.key == f; });
    REQUIRE(listed != m.out_of_range.end());
    CHECK(listed->from == message);
    CHECK(source_of(m, f) == "<not derived>");
    launch_config defaults;
    m.apply(f, defaults);
    CHECK(defaults == launch_config{});  // left at its default, not wrapped
  };
  // 2^32 + 8 would wrap to 8 KV heads in a 32-bit member, 2^32 + 128 to a head dim of 128.
  refused("num_key_value_heads", 4294967304, field::num_kv_heads_per_rank,
          "config.json: num_kv_heads_per_rank: 4294967304 (from config.json num_key_value_heads / tp_size) is out of "
          "range; accepted: integers in [1, 65536]");
  refused("head_dim", 4294967424, field::head_dim,
          "config.json: head_dim: 4294967424 (from config.json head_dim) is out of range; accepted: integers in [1, "
          "65536]");
  refused("sliding_window", 4294971392, field::sliding_window,
          "config.json: sliding_window: 4294971392 (from config.json sliding_window) is out of range; accepted: "
          "integers in [-1, 1073741824]");
  // A stated head dim is taken as it is, as the engine takes it: 0 and negatives are not derived instead.
  refused("head_dim", 0, field::head_dim,
          "config.json: head_dim: 0 (from config.json head_dim) is out of range; accepted: integers in [1, 65536]");
  refused("head_dim", -128, field::head_dim,
          "config.json: head_dim: -128 (from config.json head_dim) is out of range; accepted: integers in [1, 65536]");
  hf_config c = llama();
  c.set("sliding_window", std::int64_t{1} << 30);  // the range's end is accepted
  const auto m = derive_model_facts(c, {1, 1});
  CHECK(m.out_of_range.empty());
  CHECK(m.values.sliding_window == 1 << 30);
}

TEST_CASE("data-parallel attention splits heads over tp / attn_dp, KV heads never go below one") {
  const auto m = derive_model_facts(llama(), {16, 2});
  CHECK(m.values.num_q_heads_per_rank == 4);
  CHECK(m.values.num_kv_heads_per_rank == 1);
  CHECK(source_of(m, field::num_q_heads_per_rank) == "config.json num_attention_heads / (tp_size / attn_dp_size)");
}

TEST_CASE("context-parallel attention divides the attention ranks further") {
  const auto m = derive_model_facts(llama(), {16, 2, 2});
  CHECK(m.values.num_q_heads_per_rank == 8);
  CHECK(m.values.num_kv_heads_per_rank == 2);
  CHECK(source_of(m, field::num_q_heads_per_rank) ==
        "config.json num_attention_heads / (tp_size / attn_dp_size / attn_cp_size)");
  CHECK(source_of(derive_model_facts(llama(), {8, 1, 2}), field::num_kv_heads_per_rank) ==
        "config.json num_key_value_heads / (tp_size / attn_cp_size)");
}

TEST_CASE("heads the ranks do not split are noted, as the engine's model classes refuse them") {
  using notes_t = std::vector<std::string>;
  const auto notes = [](hf_config c, rank_layout layout) { return derive_model_facts(c, layout).notes; };
  const std::string most = "; most of the engine's model classes refuse this split when they load";
  CHECK(notes(llama(), {8, 1}).empty());   // 32 query and 8 KV heads over 8 ranks
  CHECK(notes(llama(), {16, 1}).empty());  // KV heads replicated twice
  CHECK(notes(llama(), {3, 1}) ==
        notes_t{"config.json num_attention_heads (32) does not split evenly over 3 ranks (tp_size)" + most});
  hf_config six = llama();
  six.set("num_attention_heads", std::int64_t{48});
  six.set("num_key_value_heads", std::int64_t{6});
  CHECK(notes(six, {6, 1}).empty());
  CHECK(notes(six, {12, 1}).empty());
  CHECK(notes(six, {8, 1}) == notes_t{"the 6 KV heads (config.json num_key_value_heads) neither split evenly nor "
                                      "replicate evenly over 8 ranks (tp_size)" +
                                      most});
  CHECK(notes(six, {4, 1}).size() == 1);  // 6 KV heads over 4 ranks
  // Under data- or context-parallel attention some classes split over tp_size, others over the rest.
  const std::string by_tp =
      "; the model classes that split heads over tp_size (Llama, Qwen2 and most others, not DeepSeek, Qwen3 or "
      "GPT-OSS) refuse this split when they load";
  const std::string by_attn =
      "; the model classes that split heads over the attention ranks (DeepSeek, Qwen3, GPT-OSS and others) refuse "
      "this split when they load";
  hf_config forty = llama();
  forty.set("num_attention_heads", std::int64_t{40});
  CHECK(notes(forty, {16, 2}) ==
        notes_t{"config.json num_attention_heads (40) does not split evenly over 16 ranks (tp_size)" + by_tp});
  CHECK(notes(llama(), {12, 2}) ==
        notes_t{"config.json num_attention_heads (32) does not split evenly over 12 ranks (tp_size)" + by_tp,
                "config.json num_attention_heads (32) does not split evenly over 6 ranks (tp_size / attn_dp_size)" +
                    by_attn});
  CHECK(notes(six, {16, 1, 2}) == notes_t{"the 6 KV heads (config.json num_key_value_heads) neither split evenly nor "
                                          "replicate evenly over 16 ranks (tp_size)" +
                                              by_tp,
                                          "the 6 KV heads (config.json num_key_value_heads) neither split evenly nor "
                                          "replicate evenly over 8 ranks (tp_size / attn_cp_size)" +
                                              by_attn});
  CHECK(notes(forty, {16, 1, 2}).size() == 1);  // 40 heads over 16 ranks, but over 8 attention ranks they split
  six.set("architectures.0", std::string("DeepseekV3ForCausalLM"));
  CHECK(notes(six, {8, 1}).empty());  // MLA's latent head is shared by every rank
}

TEST_CASE("a stated head_dim of null is derived, as the engine derives a None") {
  auto c = llama();
  c.set("head_dim", nullptr);
  const auto m = derive_model_facts(c);
  CHECK(m.values.head_dim == 128);
  CHECK(m.out_of_range.empty());
}

TEST_CASE("MHA and MQA by KV head count, an explicit head_dim wins") {
  auto c = llama();
  c.set("num_key_value_heads", std::int64_t{32});
  c.set("head_dim", std::int64_t{64});
  auto m = derive_model_facts(c);
  CHECK(m.values.model_arch == model_arch::mha);
  CHECK(m.values.head_dim == 64);
  CHECK(source_of(m, field::head_dim) == "config.json head_dim");
  c.set("multi_query", true);
  m = derive_model_facts(c);
  CHECK(m.values.model_arch == model_arch::mqa);
  CHECK(m.values.num_kv_heads_per_rank == 1);
}

TEST_CASE("MLA classes: the engine's head dim, MLA whatever the KV heads") {
  auto c = llama();
  c.set("architectures.0", std::string("DeepseekV3ForCausalLM"));
  c.set("num_key_value_heads", std::int64_t{32});
  c.set("kv_lora_rank", std::int64_t{512});
  auto m = derive_model_facts(c);
  CHECK(m.values.model_arch == model_arch::mla);
  CHECK(m.values.head_dim == 256);
  CHECK(m.values.model == model_family::deepseek_v3);
  CHECK_FALSE(m.values.dsa);
  c.set("index_topk", std::int64_t{2048});
  CHECK(derive_model_facts(c).values.dsa);
  CHECK(derive_model_facts(c).values.index_kpool == 1);
  c.set("index_kpool", std::int64_t{4});
  CHECK(derive_model_facts(c).values.index_kpool == 4);
  c.set("architectures.0", std::string("DeepseekV4ForCausalLM"));
  c.set("qk_nope_head_dim", std::int64_t{448});
  c.set("qk_rope_head_dim", std::int64_t{64});
  m = derive_model_facts(c);
  CHECK(m.values.head_dim == 512);
  CHECK_FALSE(m.values.dsa);  // V4 is not in the sparse-attention class list
  CHECK_FALSE(m.values.deepseek_v41);
  c.set("model_type", std::string("deepseek_v41"));
  m = derive_model_facts(c);
  CHECK(m.values.deepseek_v41);
  CHECK(source_of(m, field::deepseek_v41) == "config.json model_type deepseek_v41");
}

TEST_CASE("Qwen4-Exp: gated-delta-net layers by its config type, a QSA profile by its indexer's heads") {
  auto c = llama();
  c.set("architectures.0", std::string("Qwen4ExpForConditionalGeneration"));
  c.set("model_type", std::string("qwen4_exp"));
  auto m = derive_model_facts(c);
  CHECK(m.values.model == model_family::qwen4_exp);
  CHECK(m.values.hybrid_gdn);
  CHECK_FALSE(m.values.qsa_profile);
  c.set("indexer_n_heads", std::int64_t{8});
  m = derive_model_facts(c);
  CHECK(m.values.qsa_profile);
  CHECK(source_of(m, field::qsa_profile) == "config.json indexer_n_heads");
}

TEST_CASE("sliding window: the window keys in order, unless use_sliding_window is false") {
  auto c = llama();
  c.set("sliding_window", std::int64_t{4096});
  CHECK(derive_model_facts(c).values.sliding_window == 4096);
  c.set("sliding_window_size", std::int64_t{1024});
  CHECK(derive_model_facts(c).values.sliding_window == 1024);
  c.set("use_sliding_window", false);
  CHECK(derive_model_facts(c).values.sliding_window == unset);
}

TEST_CASE("soft cap, scale from query_pre_attn_scalar, sinks by class or flag") {
  auto c = llama();
  c.set("attn_logit_softcapping", 50.0);
  c.set("query_pre_attn_scalar", std::int64_t{144});
  auto m = derive_model_facts(c);
  CHECK(m.values.logit_cap == 50.0);
  CHECK(m.values.softmax_scale == doctest::Approx(1.0 / 12.0));
  CHECK_FALSE(m.values.attention_sinks);
  c.set("learnable_sink", true);
  CHECK(derive_model_facts(c).values.attention_sinks);
  auto g = llama();
  g.set("architectures.0", std::string("GptOssForCausalLM"));
  m = derive_model_facts(g);
  CHECK(m.values.attention_sinks);
  CHECK(source_of(m, field::attention_sinks) == "the class GptOssForCausalLM");
}

TEST_CASE("encoder-decoder by class, a T5 file's flag is only a note") {
  hf_config w;
  w.set("architectures.0", std::string("WhisperForConditionalGeneration"));
  w.set("model_type", std::string("whisper"));
  w.set("d_model", std::int64_t{1280});
  w.set("encoder_attention_heads", std::int64_t{20});
  auto m = derive_model_facts(w);
  CHECK(m.values.encoder_decoder);
  CHECK(m.values.head_dim == 64);
  CHECK(m.values.model_arch == model_arch::mha);
  hf_config t;
  t.set("architectures.0", std::string("T5ForConditionalGeneration"));
  t.set("model_type", std::string("t5"));
  t.set("d_model", std::int64_t{768});
  t.set("num_heads", std::int64_t{12});
  t.set("d_kv", std::int64_t{64});
  t.set("is_encoder_decoder", true);
  m = derive_model_facts(t);
  CHECK_FALSE(m.values.encoder_decoder);
  CHECK(m.values.head_dim == 64);
  CHECK(source_of(m, field::head_dim) == "config.json d_kv");
  REQUIRE(m.notes.size() == 1);
  CHECK(m.notes[0].find("T5ForConditionalGeneration is not one of its encoder-decoder classes") != std::string::npos);
}

TEST_CASE("Mamba state and short-conv layers: from the class, Granite's layer types, the config type") {
  auto c = llama();
  CHECK_FALSE(derive_model_facts(c).values.mamba_radix_cache);
  c.set("architectures.0", std::string("MiniCPMV4_6ForConditionalGeneration"));
  auto m = derive_model_facts(c);
  CHECK(m.values.mamba_radix_cache);
  CHECK(m.values.mamba_extra_buffer);
  CHECK(source_of(m, field::mamba_radix_cache) == "the class MiniCPMV4_6ForConditionalGeneration");
  c.set("architectures.0", std::string("JetNemotronForCausalLM"));
  m = derive_model_facts(c);
  CHECK(m.values.mamba_radix_cache);
  CHECK_FALSE(m.values.mamba_extra_buffer);
  c.set("architectures.0", std::string("GraniteMoeHybridForCausalLM"));
  c.set("layer_types.0", std::string("attention"));
  CHECK_FALSE(derive_model_facts(c).values.mamba_radix_cache);
  c.set("layer_types.1", std::string("mamba"));
  CHECK(derive_model_facts(c).values.mamba_radix_cache);
  auto l = llama();
  l.set("model_type", std::string("lfm2_moe"));
  m = derive_model_facts(l);
  CHECK(m.values.short_conv);
  CHECK(source_of(m, field::short_conv) == "config.json model_type lfm2_moe");
}

TEST_CASE("the Mamba chunk: the config class's own, its default, else the file's key") {
  auto c = llama();
  CHECK(derive_model_facts(c).values.mamba_chunk_size == unset);
  CHECK(derive_model_facts(c).values.mamba_chunk() == 64);  // the FLA kernels' chunk
  c.set("mamba_chunk_size", std::int64_t{128});
  auto m = derive_model_facts(c);
  CHECK(m.values.mamba_chunk_size == 128);
  CHECK(source_of(m, field::mamba_chunk_size) == "config.json mamba_chunk_size");
  c.set("model_type", std::string("lfm2"));  // LFM2 does not chunk, whatever the file says
  CHECK(derive_model_facts(c).values.mamba_chunk_size == 1);
  auto n = llama();
  n.set("model_type", std::string("nemotron_h"));
  CHECK(derive_model_facts(n).values.mamba_chunk_size == 256);
  n.set("chunk_size", std::int64_t{32});  // the legacy key
  CHECK(derive_model_facts(n).values.mamba_chunk_size == 32);
  n.set("mamba_chunk_size", std::int64_t{64});
  CHECK(derive_model_facts(n).values.mamba_chunk_size == 64);
  n.set("model_type", std::string("mamba2"));
  CHECK(derive_model_facts(n).values.mamba_chunk_size == 32);
  n.set("model_type", std::string("inkling_mm_model"));
  CHECK(derive_model_facts(n).values.mamba_chunk_size == 64);
  n.set("model_type", std::string("falcon_h1"));
  CHECK(derive_model_facts(n).values.mamba_chunk_size == 64);
}

TEST_CASE("MiniCPM SALA's sparse parameters and the context they need") {
  auto c = llama();
  c.set("architectures.0", std::string("MiniCPMSALAForCausalLM"));
  c.set("model_type", std::string("minicpm_sala"));
  c.set("sparse_config.kernel_size", std::int64_t{32});
  c.set("sparse_config.kernel_stride", std::int64_t{16});
  c.set("sparse_config.block_size", std::int64_t{64});
  c.set("sparse_config.window_size", std::int64_t{2048});
  c.set("sparse_config.topk", std::int64_t{64});
  c.set("sparse_config.dense_len", std::int64_t{8192});
  auto m = derive_model_facts(c);
  CHECK(m.values.minicpm_sparse);
  CHECK(m.values.minicpm_kernel_stride == 16);
  CHECK(m.values.minicpm_window_size == 2048);
  CHECK(m.values.minicpm_sparse_context == 8192);  // the dense prefix
  c.set("sparse_config.dense_len", std::int64_t{1024});
  CHECK(derive_model_facts(c).values.minicpm_sparse_context == 64 * (64 + 2048 / 64));  // the top-k and window blocks
}

TEST_CASE("asymmetric K and V head dims") {
  auto c = llama();
  c.set("v_head_dim", std::int64_t{64});
  CHECK(derive_model_facts(c).values.asymmetric_kv);
  c.set("v_head_dim", std::int64_t{128});
  CHECK_FALSE(derive_model_facts(c).values.asymmetric_kv);
}

TEST_CASE("hybrid sliding-window models by class, Beam with sliding layers, Laguna with a window, or by flag") {
  auto with_class = [](std::string cls) {
    hf_config c = llama();
    c.set("architectures.0", std::move(cls));
    return c;
  };
  CHECK_FALSE(derive_model_facts(llama()).values.hybrid_swa);
  const auto gpt_oss = derive_model_facts(with_class("GptOssForCausalLM"));
  CHECK(gpt_oss.values.hybrid_swa);
  CHECK(source_of(gpt_oss, field::hybrid_swa) == "the class GptOssForCausalLM");
  hf_config beam = with_class("BeamForCausalLM");
  beam.set("layer_types.0", std::string("full_attention"));
  CHECK_FALSE(derive_model_facts(beam).values.hybrid_swa);
  beam.set("layer_types.1", std::string("sliding_attention"));
  CHECK(derive_model_facts(beam).values.hybrid_swa);
  hf_config laguna = with_class("LagunaForCausalLM");
  CHECK_FALSE(derive_model_facts(laguna).values.hybrid_swa);
  laguna.set("sliding_window", std::int64_t{4096});
  CHECK(derive_model_facts(laguna).values.hybrid_swa);
  hf_config flagged = llama();
  flagged.set("is_hybrid_swa", true);
  CHECK(source_of(derive_model_facts(flagged), field::hybrid_swa) == "config.json is_hybrid_swa");
}

TEST_CASE("errors name the key the engine needs") {
  hf_config none;
  CHECK_THROWS_WITH_AS(derive_model_facts(none), doctest::Contains("config.json: architectures: missing or empty;"),
                       model_config_error);
  none.set("architectures", std::string("LlamaForCausalLM"));
  CHECK_THROWS_WITH_AS(derive_model_facts(none), doctest::Contains("config.json: architectures: not a list;"),
                       model_config_error);
  for (hf_value first : {hf_value(std::int64_t{1}), hf_value(nullptr), hf_value(std::string())}) {
    hf_config odd;
    odd.set("architectures.0", first);
    CHECK_THROWS_WITH_AS(derive_model_facts(odd),
                         doctest::Contains("config.json: architectures: its first item is not a class name;"),
                         model_config_error);
  }
  hf_config nested;
  nested.set("architectures.0.0", std::string("LlamaForCausalLM"));
  CHECK_THROWS_WITH_AS(derive_model_facts(nested),
                       doctest::Contains("config.json: architectures: its first item is not a class name;"),
                       model_config_error);
  auto c = llama();
  c.set("num_attention_heads", std::string("32"));
  CHECK_THROWS_WITH_AS(derive_model_facts(c), doctest::Contains("num_attention_heads"), model_config_error);
  auto d = llama();
  d.set("hidden_size", nullptr);
  CHECK_THROWS_WITH_AS(derive_model_facts(d), doctest::Contains("config.json: hidden_size: missing"),
                       model_config_error);
  auto e = llama();
  e.set("num_key_value_heads", 0.5);
  CHECK_THROWS_WITH_AS(derive_model_facts(e), doctest::Contains("num_key_value_heads: expected an integer"),
                       model_config_error);
}

TEST_CASE("apply copies one fact into a configuration") {
  const auto m = derive_model_facts(llama());
  launch_config cfg;
  m.apply(field::head_dim, cfg);
  CHECK(cfg.head_dim == 128);
  CHECK(cfg.model_arch == model_arch::mha);  // not applied
  m.apply(field::model_arch, cfg);
  CHECK(cfg.model_arch == model_arch::gqa);
}

TEST_CASE("MiniCPM SALA: sparse layers where a sparse_config meets standard layers, lightning layers by mixer type") {
  auto c = llama();
  c.set("architectures.0", std::string("MiniCPMSALAForCausalLM"));
  c.set("model_type", std::string("minicpm_sala"));
  auto m = derive_model_facts(c);
  CHECK(m.values.model == model_family::minicpm);
  CHECK_FALSE(m.values.minicpm_sparse);
  c.set("sparse_config.block_size", std::int64_t{64});
  m = derive_model_facts(c);
  CHECK(m.values.minicpm_sparse);  // no mixer_types: every layer is a standard one
  CHECK_FALSE(m.values.minicpm_lightning);
  CHECK(source_of(m, field::minicpm_sparse) == "config.json sparse_config");
  c.set("mixer_types.0", std::string("lightning"));
  m = derive_model_facts(c);
  CHECK_FALSE(m.values.minicpm_sparse);
  CHECK(m.values.minicpm_lightning);
  c.set("mixer_types.1", std::string("attn"));
  m = derive_model_facts(c);
  CHECK(m.values.minicpm_sparse);
  CHECK(m.values.minicpm_lightning);
  c.set("model_type", std::string("minicpm"));
  m = derive_model_facts(c);
  CHECK_FALSE(m.values.minicpm_sparse);  // the engine's MiniCPMHybridConfig is minicpm_sala's
  CHECK_FALSE(m.values.minicpm_lightning);
}
