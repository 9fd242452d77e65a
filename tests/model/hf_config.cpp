// SPDX-License-Identifier: MIT
// hf_config: dotted keys, typed reads that refuse the wrong type, sub-object presence.
#include <doctest/doctest.h>

#include <attncap/model/hf_config.hpp>
#include <cstdint>

using attncap::hf_config;

TEST_CASE("typed reads return the value of the right type and nothing otherwise") {
  hf_config c;
  c.set("num_attention_heads", std::int64_t{32});
  c.set("rope_theta", 500000.0);
  c.set("model_type", std::string("llama"));
  c.set("tie_word_embeddings", false);
  c.set("rope_scaling", nullptr);
  CHECK(c.integer("num_attention_heads") == 32);
  CHECK(c.number("num_attention_heads") == 32.0);
  CHECK(c.integer("rope_theta") == 500000);  // a whole number written as 500000.0
  CHECK(c.text("model_type") == "llama");
  CHECK(c.boolean("tie_word_embeddings") == false);
  CHECK_FALSE(c.text("num_attention_heads"));
  CHECK_FALSE(c.integer("model_type"));
  CHECK_FALSE(c.boolean("absent"));
  CHECK(c.find("rope_scaling") != nullptr);
  CHECK_FALSE(c.has("rope_scaling"));  // null is present but not set
  CHECK(c.has("model_type"));
}

TEST_CASE("a fraction is not an integer") {
  hf_config c;
  c.set("partial_rotary_factor", 0.25);
  CHECK_FALSE(c.integer("partial_rotary_factor"));
  CHECK(c.number("partial_rotary_factor") == 0.25);
}

TEST_CASE("a whole number outside the 64-bit range is not an integer") {
  hf_config c;
  c.set("huge", 1e300);
  c.set("two_to_63", 0x1p63);
  c.set("minus_two_to_63", -0x1p63);
  c.set("trillion", 1e12);
  CHECK_FALSE(c.integer("huge"));
  CHECK_FALSE(c.integer("two_to_63"));
  CHECK(c.integer("minus_two_to_63") == INT64_MIN);
  CHECK(c.integer("trillion") == 1'000'000'000'000);
  CHECK(c.number("huge") == 1e300);
}

TEST_CASE("sub-objects and lists are found by their prefix only") {
  hf_config c;
  c.set("text_config.num_attention_heads", std::int64_t{40});
  c.set("architectures.0", std::string("Llama4ForConditionalGeneration"));
  c.set("text_configuration", std::int64_t{1});
  CHECK(c.has_object("text_config"));
  CHECK(c.has_object("architectures"));
  CHECK_FALSE(c.has_object("text"));
  CHECK_FALSE(c.has_object("vision_config"));
  c.set("architectures.0", std::string("Other"));
  CHECK(c.text("architectures.0") == "Other");
  CHECK(c.values().size() == 3);
}

TEST_CASE("overrides are marked, and a key's whole tree can be erased") {
  hf_config c;
  c.set("text_config.num_attention_heads", std::int64_t{40});
  c.set("text_config.rope.factor", 8.0);
  c.set("text_config_extra", true);
  c.set("text_config-x", true);  // sorts between "text_config" and "text_config."
  c.set_override("text_config.head_dim", std::int64_t{128});
  CHECK(c.overridden("text_config.head_dim"));
  CHECK_FALSE(c.overridden("text_config.num_attention_heads"));
  c.erase_tree("text_config.rope");
  CHECK_FALSE(c.has_object("text_config.rope"));
  CHECK(c.has("text_config.num_attention_heads"));
  c.erase_tree("text_config");
  CHECK(c.values().size() == 2);  // only the keys that merely start with the same letters are left
  CHECK(c.has("text_config_extra"));
  CHECK(c.has("text_config-x"));
  CHECK_FALSE(c.overridden("text_config.head_dim"));
}

TEST_CASE("the file's own value stays readable after an override replaced or removed it") {
  hf_config c;
  c.set("torch_dtype", std::string("bfloat16"));
  c.set("text_config.head_dim", std::int64_t{64});
  c.set_override("torch_dtype", std::string("float32"));
  c.set_override("torch_dtype", std::string("float16"));  // a second override keeps the file's
  c.set_override("dtype", std::string("float32"));
  CHECK(c.text("torch_dtype") == "float16");
  REQUIRE(c.file_value("torch_dtype") != nullptr);
  CHECK(std::get<std::string>(*c.file_value("torch_dtype")) == "bfloat16");
  CHECK(c.file_value("dtype") == nullptr);  // the file had none
  c.erase_tree("text_config");
  c.set_override("text_config.head_dim", std::int64_t{128});
  REQUIRE(c.file_value("text_config.head_dim") != nullptr);
  CHECK(std::get<std::int64_t>(*c.file_value("text_config.head_dim")) == 64);
  CHECK(c.file_value("hidden_size") == nullptr);
  c.set("hidden_size", std::int64_t{8});  // a key no override touched reads as it is
  CHECK(c.file_value("hidden_size") == c.find("hidden_size"));
}
