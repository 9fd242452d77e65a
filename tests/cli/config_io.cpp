// SPDX-License-Identifier: MIT
// The JSON reader and writer of the command line over every kind of key: values read back as
// written, None as null, the model family's architecture, and errors that name the key.
#include "config_io.hpp"

#include <doctest/doctest.h>

using namespace attncap;

namespace {
cli::input read(const char* text) { return cli::from_json(nlohmann::json::parse(text)); }
}  // namespace

TEST_CASE("a DeepSeek-family class makes an MLA model unless model_arch is given") {
  CHECK(read(R"({"model": "DeepseekV3ForCausalLM"})").config.model_arch == model_arch::mla);
  CHECK(read(R"({"model": "KimiK25ForConditionalGeneration"})").config.model_arch == model_arch::mla);
  CHECK(read(R"({"model": "DeepseekV3ForCausalLM", "model_arch": "gqa"})").config.model_arch == model_arch::gqa);
  CHECK(read(R"({"model": "LlamaForCausalLM"})").config.model_arch == model_arch::mha);
  const auto in = read(R"({"model": "DeepseekV32ForCausalLM"})");
  CHECK(in.config.model == model_family::deepseek_dsa);
  CHECK(in.model_class == "DeepseekV32ForCausalLM");
}

TEST_CASE("every kind of key is written as it is read, None is null") {
  const auto in = read(R"({"attention_backend": "fa3", "page_size": 16, "kv_cache_dtype": "bfloat16",
                           "speculative_algorithm": "EAGLE", "enable_mis": true, "cuda": "12.4",
                           "logit_cap": 30.0, "sliding_window": -1, "model": "Foo"})");
  const auto j = cli::to_json(in, in.config, builtin_registry::names);
  CHECK(j.at("attention_backend") == "fa3");
  CHECK(j.at("prefill_attention_backend").is_null());
  CHECK(j.at("page_size") == 16);
  CHECK(j.at("head_dim").is_null());
  CHECK(j.at("sliding_window") == -1);  // a value of its own, not None
  CHECK(j.at("tp_size") == 1);
  CHECK(j.at("kv_cache_dtype") == "bfloat16");
  CHECK(j.at("speculative_algorithm") == "EAGLE");
  CHECK(j.at("enable_mis") == true);
  CHECK(j.at("cuda") == "12.4");
  CHECK(j.at("logit_cap") == 30.0);
  CHECK(j.at("model") == "Foo");
  CHECK(j.at("disable_radix_cache") == false);
  CHECK(j.size() == field_schema.size());
  CHECK(cli::to_json(cli::input{}, launch_config{}, builtin_registry::names).at("speculative_algorithm").is_null());
}

TEST_CASE("bad values name the key and what it accepts") {
  CHECK_THROWS_WITH_AS(read(R"({"page_size": 0})"),
                       "page_size: 0 is out of range; accepted: integers in [1, 1073741824]", cli::input_error);
  CHECK_THROWS_WITH_AS(read(R"({"sliding_window": "x"})"),
                       "sliding_window: expected an integer in [-1, 1073741824], got \"x\"", cli::input_error);
  CHECK_THROWS_WITH_AS(read(R"({"logit_cap": -1})"), "logit_cap: expected a non-negative number, got -1",
                       cli::input_error);
  CHECK_THROWS_WITH_AS(read(R"({"dsa": 1})"), "dsa: expected true or false, got 1", cli::input_error);
  CHECK_THROWS_AS(read(R"({"enable_multi_layer_eagle": true})"), cli::input_error);
  CHECK(read(R"({"page_size": null, "hardware": null})").config == launch_config{});
}

TEST_CASE("a command-line word for a number key") {
  using cli::from_word;
  CHECK(from_word(field::page_size, "08") == 8);
  CHECK(from_word(field::page_size, "-1") == -1);
  CHECK(from_word(field::page_size, "1e3") == "1e3");  // no integer: set_field names it
  CHECK(from_word(field::page_size, "+8") == "+8");
  for (const auto& number :
       {std::pair{"0.5", 0.5}, {".5", 0.5}, {"5.", 5.0}, {"-.5", -0.5}, {"1e-3", 1e-3}, {"1e-400", 0.0}}) {
    CAPTURE(number.first);
    CHECK(from_word(field::logit_cap, number.first) == number.second);
  }
  for (const char* word : {"inf", "nan", "-inf", "1e999", "+1", "0x10", "1.5x", "", "."}) {
    CAPTURE(word);
    CHECK(from_word(field::logit_cap, word) == word);
  }
  cli::input in;
  CHECK_THROWS_WITH_AS(cli::set_field(in, field::logit_cap, from_word(field::logit_cap, "inf")),
                       "logit_cap: expected a non-negative number, got \"inf\"", cli::input_error);
  CHECK(from_word(field::model, "1.5") == "1.5");
}
