// SPDX-License-Identifier: MIT
// derive_model_facts' dtype: the key each config reads it from, float32 cast down, the torch
// dtypes attncap does not model, names torch lacks, values that name none, and overrides.
#include <doctest/doctest.h>

#include <attncap/model/model_facts.hpp>
#include <string>

#include "model/model_facts_fixture.hpp"

using namespace attncap;
using attncap::test::llama;
using attncap::test::source_of;

TEST_CASE("dtype for auto: the file's, float32 or none cast down (to bfloat16 for Gemma)") {
  auto c = llama();
  c.set("torch_dtype", std::string("float32"));
  CHECK(derive_model_facts(c).values.dtype == model_dtype::float16);
  c.set("model_type", std::string("gemma2"));
  CHECK(derive_model_facts(c).values.dtype == model_dtype::bfloat16);
  c.set("dtype", std::string("float16"));  // the newer key wins
  CHECK(derive_model_facts(c).values.dtype == model_dtype::float16);
  c.set("dtype", std::string("half"));  // torch's other names: half is float16 also for Gemma
  CHECK(derive_model_facts(c).values.dtype == model_dtype::float16);
  c.set("dtype", std::string("float"));
  CHECK(derive_model_facts(c).values.dtype == model_dtype::bfloat16);
  CHECK(source_of(derive_model_facts(c), field::dtype) == "config.json dtype (float32 cast down for serving)");
}

TEST_CASE("a torch dtype attncap does not model is listed out of range, a name torch lacks is an error") {
  for (const char* name : {"float64", "float8_e4m3fn", "int8"}) {
    CAPTURE(name);
    auto c = llama();
    c.set("torch_dtype", std::string(name));
    const auto m = derive_model_facts(c);
    CHECK(source_of(m, field::dtype) == "<not derived>");
    REQUIRE(m.out_of_range.size() == 1);
    CHECK(m.out_of_range[0].key == field::dtype);
    CHECK(m.out_of_range[0].from == "config.json: dtype: \"" + std::string(name) +
                                        "\" (from config.json torch_dtype) is a torch dtype attncap does not model; "
                                        "accepted: float16 (half), bfloat16, float32 (float, cast down for serving)");
  }
  auto both = llama();
  both.set("dtype", std::string("float16"));  // transformers keeps dtype, drops torch_dtype
  both.set("torch_dtype", std::string("fp16"));
  CHECK(derive_model_facts(both).values.dtype == model_dtype::float16);
  for (const char* name : {"fp16", "auto", "Float16"}) {
    CAPTURE(name);
    auto c = llama();
    c.set("dtype", std::string(name));
    CHECK_THROWS_WITH_AS(derive_model_facts(c),
                         ("config.json: dtype: torch has no dtype \"" + std::string(name) +
                          "\", so the engine cannot load the file; accepted: float16 (half), bfloat16, float32 "
                          "(float, cast down for serving) or another torch dtype")
                             .c_str(),
                         model_config_error);
  }
}

TEST_CASE("an override's dtype is read as the engine reads a string: a name it does not know is float32") {
  for (const auto& given : {std::pair{"fp16", model_dtype::float16}, std::pair{"float64", model_dtype::float16},
                            std::pair{"auto", model_dtype::float16}, std::pair{"half", model_dtype::float16},
                            std::pair{"bfloat16", model_dtype::bfloat16}}) {
    const std::string name = given.first;
    CAPTURE(name);
    auto c = llama();
    hf_config o;
    o.set("torch_dtype", name);
    apply_overrides(c, o);
    const auto m = derive_model_facts(c);
    CHECK(m.out_of_range.empty());
    CHECK(m.values.dtype == given.second);
    CHECK(source_of(m, field::dtype).rfind("--json-model-override-args torch_dtype", 0) == 0);
  }
}

TEST_CASE("a dtype that names none (a number, a boolean, an object) is out of range, not passed over") {
  const std::string accepted = "accepted: float16 (half), bfloat16, float32 (float, cast down for serving)";
  const auto stated = [](hf_config c) {
    const auto m = derive_model_facts(c);
    CHECK(source_of(m, field::dtype) == "<not derived>");
    REQUIRE(m.out_of_range.size() == 1);
    CHECK(m.out_of_range[0].key == field::dtype);
    return m.out_of_range[0].from;
  };
  const auto with = [](const char* key, hf_value v) {
    auto c = llama();
    c.set(key, std::move(v));
    return c;
  };
  CHECK(stated(with("torch_dtype", std::int64_t{5})) ==
        "config.json: dtype: 5 (from config.json torch_dtype) is not a dtype name, which the engine would take for "
        "the model's dtype; " +
            accepted);
  CHECK(stated(with("dtype", true)).rfind("config.json: dtype: true (from config.json dtype) is not a dtype name", 0) ==
        0);
  CHECK(stated(with("dtype", 1.5)).rfind("config.json: dtype: 1.5 (from", 0) == 0);
  // transformers keeps a dtype that is present and not null, whatever its type, over torch_dtype
  auto mapped = with("dtype.text_config", std::string("bfloat16"));  // an object of names per sub-config
  CHECK(stated(mapped).rfind("config.json: dtype: a list or an object (from config.json dtype) is not", 0) == 0);
  mapped.set("torch_dtype", std::string("fp16"));
  CHECK_NOTHROW(derive_model_facts(mapped));  // the torch_dtype transformers drops is not converted
  // a null dtype is none: torch_dtype gives it
  auto null = with("dtype", nullptr);
  CHECK(derive_model_facts(null).values.dtype == model_dtype::bfloat16);
  null.set("torch_dtype", nullptr);
  CHECK(source_of(derive_model_facts(null), field::dtype) == "no dtype in config.json (float32 cast down for serving)");
}

TEST_CASE("a text sub-config's own dtype, else the top level's, as the engine fills it in") {
  auto c = llama();
  c.set("text_config.num_attention_heads", std::int64_t{32});
  c.set("text_config.hidden_size", std::int64_t{4096});
  CHECK(source_of(derive_model_facts(c), field::dtype) == "config.json torch_dtype");
  c.set("text_config.torch_dtype", std::string("float16"));
  CHECK(derive_model_facts(c).values.dtype == model_dtype::float16);
  CHECK(source_of(derive_model_facts(c), field::dtype) == "config.json text_config.torch_dtype");
  c.set("text_config.dtype", std::int64_t{5});  // its own, though the top level names one
  const auto m = derive_model_facts(c);
  REQUIRE(m.out_of_range.size() == 1);
  CHECK(m.out_of_range[0].from.rfind("config.json: dtype: 5 (from config.json text_config.dtype) is not", 0) == 0);
}

TEST_CASE("a thinker's text model takes the thinker's dtype, the engine's LLaVA classes float16") {
  hf_config omni;
  omni.set("architectures.0", std::string("Qwen2_5OmniModel"));
  omni.set("torch_dtype", std::string("float32"));
  omni.set("thinker_config.text_config.num_attention_heads", std::int64_t{28});
  omni.set("thinker_config.text_config.hidden_size", std::int64_t{3584});
  omni.set("thinker_config.text_config.torch_dtype", std::string("float16"));  // replaced by the thinker's
  CHECK(source_of(derive_model_facts(omni), field::dtype) == "config.json torch_dtype (float32 cast down for serving)");
  omni.set("thinker_config.torch_dtype", std::string("bfloat16"));
  CHECK(derive_model_facts(omni).values.dtype == model_dtype::bfloat16);
  CHECK(source_of(derive_model_facts(omni), field::dtype) == "config.json thinker_config.torch_dtype");
  omni.set("thinker_config.text_config.torch_dtype", std::string("bf16"));  // still converted, so still refused
  CHECK_THROWS_WITH_AS(derive_model_facts(omni),
                       doctest::Contains("config.json: thinker_config.text_config.torch_dtype: torch has no dtype"),
                       model_config_error);

  auto llava = llama();
  llava.set("architectures.0", std::string("LlavaLlamaForCausalLM"));
  llava.set("torch_dtype", std::string("bfloat16"));
  auto m = derive_model_facts(llava);
  CHECK(m.values.dtype == model_dtype::float16);
  CHECK(source_of(m, field::dtype) == "the class LlavaLlamaForCausalLM (the engine loads it in float16)");
  llava.set("architectures.0", std::string("LlavaForConditionalGeneration"));  // the HF class: the file's
  CHECK(derive_model_facts(llava).values.dtype == model_dtype::bfloat16);
}

TEST_CASE("a sub-config with no dtype takes the file's top-level one, which a later override does not reach") {
  hf_config c;
  c.set("architectures.0", std::string("LlamaForCausalLM"));
  c.set("llm_config.num_attention_heads", std::int64_t{16});
  c.set("llm_config.hidden_size", std::int64_t{2048});
  c.set("torch_dtype", std::string("bfloat16"));
  hf_config o;
  o.set("torch_dtype", std::string("float32"));
  auto loaded = c;
  apply_overrides(loaded, o);
  CHECK(derive_model_facts(loaded).values.dtype == model_dtype::bfloat16);
  CHECK(source_of(derive_model_facts(loaded), field::dtype) == "config.json torch_dtype");
  hf_config none;  // where the file states none, the engine copies the override's in
  for (const auto& [key, value] : c.values())
    if (key != "torch_dtype") none.set(key, value);
  apply_overrides(none, o);
  CHECK(source_of(derive_model_facts(none), field::dtype) ==
        "--json-model-override-args torch_dtype (float32 cast down for serving)");
  hf_config mine;  // an override of the sub-config itself reaches it
  mine.set("llm_config.dtype", std::string("float16"));
  apply_overrides(loaded, mine);
  CHECK(derive_model_facts(loaded).values.dtype == model_dtype::float16);
}

TEST_CASE("Gemma's bfloat16 for float32 goes by the text model's own type") {
  auto c = llama();
  c.set("model_type", std::string("gemma2"));
  c.set("torch_dtype", std::string("float32"));
  CHECK(derive_model_facts(c).values.dtype == model_dtype::bfloat16);
  c.set("text_config.num_attention_heads", std::int64_t{8});  // a plain text config: no type of its own
  c.set("text_config.hidden_size", std::int64_t{2048});
  CHECK(derive_model_facts(c).values.dtype == model_dtype::float16);
  c.set("text_config.model_type", std::string("gemma3_text"));
  CHECK(derive_model_facts(c).values.dtype == model_dtype::bfloat16);
}

TEST_CASE("sub-config dtype names: not converted for the engine's LLaVA, converted where an override builds one") {
  auto llava = llama();
  llava.set("architectures.0", std::string("LlavaLlamaForCausalLM"));
  llava.set("text_config.dtype", std::string("fp16"));  // left a plain object: never converted
  CHECK_NOTHROW(derive_model_facts(llava));
  llava.set("torch_dtype", std::string("fp16"));
  CHECK_THROWS_AS(derive_model_facts(llava), model_config_error);

  auto c = llama();
  hf_config o;
  o.set("text_config.torch_dtype", std::string("fp16"));
  CHECK_THROWS_WITH_AS(apply_overrides(c, o),
                       "--json-model-override-args text_config.torch_dtype: torch has no dtype \"fp16\", so the "
                       "engine cannot load the override; accepted: float16 (half), bfloat16, float32 (float, cast "
                       "down for serving) or another torch dtype",
                       model_config_error);
  auto with_text = llama();  // a sub-config the file has is updated in place: the name stays a string
  with_text.set("text_config.num_attention_heads", std::int64_t{32});
  with_text.set("text_config.hidden_size", std::int64_t{4096});
  CHECK_NOTHROW(apply_overrides(with_text, o));
}

TEST_CASE("an override sets the dtype whichever key it names, null included") {
  auto c = llama();
  c.set("dtype", std::string("bfloat16"));  // which the file's torch_dtype gives way to
  hf_config o;
  o.set("torch_dtype", std::string("float16"));  // torch_dtype's setter writes dtype
  auto loaded = c;
  apply_overrides(loaded, o);
  CHECK(derive_model_facts(loaded).values.dtype == model_dtype::float16);
  CHECK(source_of(derive_model_facts(loaded), field::dtype) == "--json-model-override-args torch_dtype");
  hf_config null;
  null.set("dtype", nullptr);  // no dtype: float32, cast down
  loaded = c;
  apply_overrides(loaded, null);
  CHECK(derive_model_facts(loaded).values.dtype == model_dtype::float16);
  CHECK(source_of(derive_model_facts(loaded), field::dtype) ==
        "--json-model-override-args dtype (float32 cast down for serving)");
}

TEST_CASE("a text config an override creates takes the top level's dtype after the override") {
  auto c = llama();  // torch_dtype bfloat16, no sub-config
  hf_config o;
  o.set("text_config.num_attention_heads", std::int64_t{8});
  o.set("text_config.hidden_size", std::int64_t{1024});
  o.set("torch_dtype", std::string("float16"));
  apply_overrides(c, o);
  CHECK(derive_model_facts(c).values.num_q_heads_per_rank == 8);
  CHECK(derive_model_facts(c).values.dtype == model_dtype::float16);
  CHECK(source_of(derive_model_facts(c), field::dtype) == "--json-model-override-args torch_dtype");
}

TEST_CASE("a list as an object's dtype, at any depth, stops the load, one inside a list does not") {
  const auto with = [](std::initializer_list<std::pair<const char*, hf_value>> keys) {
    hf_config c;
    const hf_config base = llama();
    for (const auto& [key, value] : base.values())
      if (key != "torch_dtype") c.set(key, value);
    for (const auto& [key, value] : keys) c.set(key, value);
    return c;
  };
  const std::string bf16 = "bfloat16";
  CHECK_THROWS_WITH_AS(derive_model_facts(with({{"dtype.0", bf16}})),
                       "config.json: dtype: a list, not a dtype name, so the engine cannot load the file (transformers "
                       "writes every dtype of the config back as a name); accepted: float16 (half), bfloat16, "
                       "float32 (float, cast down for serving)",
                       model_config_error);
  CHECK_THROWS_WITH_AS(derive_model_facts(with({{"vision_config.tower.dtype.0", bf16}})),
                       doctest::Contains("config.json: vision_config.tower.dtype: a list"), model_config_error);
  CHECK_THROWS_WITH_AS(derive_model_facts(with({{"torch_dtype.0", bf16}})),
                       doctest::Contains("config.json: torch_dtype: a list"), model_config_error);
  CHECK_NOTHROW(derive_model_facts(with({{"torch_dtype.0", bf16}, {"dtype", bf16}})));  // dtype wins
  CHECK_NOTHROW(derive_model_facts(with({{"layers.0.dtype.0", bf16}})));                // not looked at
  CHECK_NOTHROW(derive_model_facts(with({{"text_config_x.torch_dtype.0", bf16}})));     // a plain object's
}
