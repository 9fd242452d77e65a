// SPDX-License-Identifier: MIT
// A config.json loaded as the engine loads it: its dtype names checked as transformers converts
// them, --json-model-override-args applied as sglang applies it.
#include <doctest/doctest.h>

#include <attncap/model/hf_load.hpp>
#include <cstdint>
#include <string>

using namespace attncap;

TEST_CASE("a dtype torch lacks stops the load: each config's dtype, else its torch_dtype") {
  hf_config c;
  c.set("torch_dtype", std::string("bfloat16"));
  CHECK_NOTHROW(check_dtype_names(c));
  c.set("torch_dtype", std::string("fp16"));
  CHECK_THROWS_WITH_AS(check_dtype_names(c),
                       "config.json: torch_dtype: torch has no dtype \"fp16\", so the engine cannot load the file; "
                       "accepted: float16 (half), bfloat16, float32 (float, cast down for serving) or another torch "
                       "dtype",
                       model_config_error);
  c.set("dtype", std::string("float16"));  // transformers keeps dtype and drops torch_dtype
  CHECK_NOTHROW(check_dtype_names(c));
  c.set("text_config.dtype", std::string("bf16"));
  CHECK_THROWS_WITH_AS(check_dtype_names(c), doctest::Contains("config.json: text_config.dtype: torch has no dtype"),
                       model_config_error);
  c.set_override("text_config.dtype", std::string("bf16"));  // an override is not converted
  CHECK_NOTHROW(check_dtype_names(c));
}

TEST_CASE("overrides replace top-level keys, and update a text sub-config or the rope parameters") {
  hf_config c;
  c.set("num_attention_heads", std::int64_t{32});
  c.set("architectures.0", std::string("A"));
  c.set("architectures.1", std::string("B"));
  c.set("text_config.num_attention_heads", std::int64_t{40});
  c.set("text_config.num_key_value_heads", std::int64_t{8});
  c.set("text_config.rope_scaling.factor", 8.0);
  c.set("text_config.rope_scaling.type", std::string("llama3"));
  c.set("rope_scaling.factor", 8.0);
  c.set("rope_scaling.rope_theta", 500000.0);
  c.set("sparse_config.block_size", std::int64_t{64});
  c.set("sparse_config.topk", std::int64_t{16});
  hf_config o;
  o.set("num_attention_heads", std::int64_t{16});
  o.set("architectures.0", std::string("C"));
  o.set("text_config.num_key_value_heads", std::int64_t{40});
  o.set("text_config.rope_scaling.factor", 4.0);
  o.set("rope_scaling.factor", 2.0);
  o.set("sparse_config.block_size", std::int64_t{32});
  apply_overrides(c, o);
  CHECK(c.integer("num_attention_heads") == 16);
  CHECK(c.overridden("num_attention_heads"));
  CHECK(c.text("architectures.0") == "C");
  CHECK_FALSE(c.find("architectures.1"));                     // a list is replaced whole
  CHECK(c.integer("text_config.num_attention_heads") == 40);  // a sub-config keeps the keys not given
  CHECK_FALSE(c.overridden("text_config.num_attention_heads"));
  CHECK(c.integer("text_config.num_key_value_heads") == 40);
  CHECK(c.number("text_config.rope_scaling.factor") == 4.0);
  CHECK_FALSE(c.find("text_config.rope_scaling.type"));  // one level down, a value is replaced whole
  CHECK(c.number("rope_scaling.factor") == 2.0);
  CHECK(c.number("rope_scaling.rope_theta") == 500000.0);  // the rope parameters are merged
  CHECK(c.integer("sparse_config.block_size") == 32);
  CHECK_FALSE(c.find("sparse_config.topk"));  // any other object is replaced whole
}

TEST_CASE("the file's dtype is checked before an override could replace it") {
  hf_config c;
  c.set("torch_dtype", std::string("fp16"));
  hf_config o;
  o.set("torch_dtype", std::string("bfloat16"));
  CHECK_THROWS_AS(apply_overrides(c, o), model_config_error);
}
