// SPDX-License-Identifier: MIT
// Model classes, their families, and the facts a family decides.
#include <doctest/doctest.h>

#include <attncap/vocabulary/model_family.hpp>

using namespace attncap;

static_assert(classify_model("DeepseekV3ForCausalLM") == model_family::deepseek_v3);
static_assert(classify_model("NoSuchModelForCausalLM") == model_family::other);
static_assert(implied_arch(model_family::deepseek_v3) == model_arch::mla);
static_assert(implied_arch(model_family::deepseek_v3_like) == model_arch::mla);
static_assert(implied_arch(model_family::deepseek_v2) == model_arch::mla);
static_assert(implied_arch(model_family::deepseek_dsa) == model_arch::mla);
static_assert(implied_arch(model_family::deepseek_v4) == model_arch::mla);
static_assert(!implied_arch(model_family::other).has_value());
static_assert(!implied_arch(model_family::llama).has_value());

TEST_CASE("every DeepSeek class (HY V4 among them) is an MLA model, no other class decides its architecture") {
  for (const auto& m : known_model_classes) {
    CAPTURE(m.name);
    // GLM-5's DSA classes run DeepSeek's sparse MLA.
    const bool deepseek_family = to_string(m.value).starts_with("deepseek") || m.value == model_family::hyv4 ||
                                 m.value == model_family::glm_moe_dsa;
    CHECK(implied_arch(classify_model(m.name)) ==
          (deepseek_family ? std::optional<model_arch>{model_arch::mla} : std::nullopt));
  }
}

TEST_CASE("family spellings are the enumerator names") {
  CHECK(to_string(model_family::deepseek_v3_like) == "deepseek_v3_like");
  CHECK(from_string<model_family>("minicpm") == model_family::minicpm);
  CHECK(enum_count<model_family>() == 38);
  CHECK(classify_model("GlmMoeDsaForCausalLM") == model_family::glm_moe_dsa);
  CHECK(classify_model("HYV4ForCausalLMNextN") == model_family::hyv4);
  CHECK(classify_model("Qwen3_5MoeForCausalLM") == model_family::qwen3_5_text);
  CHECK(classify_model("Qwen3_5MoeForConditionalGeneration") == model_family::qwen3_5);
  CHECK(classify_model("InternS2MobiusForConditionalGeneration") == model_family::qwen3_next);
  CHECK(classify_model("Qwen4ExpForConditionalGeneration") == model_family::qwen4_exp);
  CHECK(classify_model("ExaoneMoeForCausalLM") == model_family::exaone);
  CHECK(classify_model("JetVLMForConditionalGeneration") == model_family::falcon_h1);
  CHECK(class_name_of(model_family::hyv4) == "HYV4ForCausalLM");
  CHECK(class_name_of(model_family::other) == "the model");
}
