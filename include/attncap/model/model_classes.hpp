// SPDX-License-Identifier: MIT
/// @file
/// The engine's facts about HF model classes and config types that decide attention: which
/// classes are MLA, encoder-decoder, sparse-attention or have sinks, which config types mix in
/// gated-delta-net linear attention, and the attribute aliases of config types whose keys
/// differ from the common names. Lists as of the catalogue's sglang release.
#pragma once

#include <algorithm>
#include <array>
#include <string_view>

namespace attncap {

/// The sub-configs a multimodal model's config.json holds its text model in, in the order the
/// engine looks for one (a thinker's own `text_config`, as Qwen2.5-Omni's, is read in its place).
inline constexpr std::array<std::string_view, 4> text_sub_configs{"thinker_config", "llm_config", "language_config",
                                                                  "text_config"};

namespace detail {
template <std::size_t N>
constexpr bool listed(const std::array<std::string_view, N>& list, std::string_view name) noexcept {
  return std::find(list.begin(), list.end(), name) != list.end();
}

/// MLA classes for which the engine fixes the head dim at 256.
inline constexpr std::array<std::string_view, 24> mla_256_classes{"DeepseekV2ForCausalLM",
                                                                  "DeepseekV32ForCausalLM",
                                                                  "DeepseekV3ForCausalLM",
                                                                  "DeepseekV3ForCausalLMNextN",
                                                                  "Glm4MoeLiteForCausalLM",
                                                                  "Glm4MoeLiteForCausalLMNextN",
                                                                  "GlmMoeDsaForCausalLM",
                                                                  "GlmMoeDsaForCausalLMNextN",
                                                                  "Glm5NextForConditionalGeneration",
                                                                  "Glm5NextForConditionalGenerationNextN",
                                                                  "LongcatFlashForCausalLM",
                                                                  "LongcatFlashForCausalLMNextN",
                                                                  "HYV4ForCausalLM",
                                                                  "HYV4ForCausalLMNextN",
                                                                  "DotsVLMForCausalLM",
                                                                  "Dots3NoteForCausalLM",
                                                                  "Dots3NoteForCausalLMNextN",
                                                                  "MistralLarge3ForCausalLM",
                                                                  "MistralLarge3ForCausalLMEagle",
                                                                  "KimiK25ForConditionalGeneration",
                                                                  "Eagle3DeepseekV2ForCausalLM",
                                                                  "GigaChat35ForCausalLM",
                                                                  "GigaChat35ForCausalLMNextN",
                                                                  "KimiVLForConditionalGeneration"};

/// MLA classes with another fixed head dim.
struct fixed_head_dim_row {
  std::string_view architecture;
  int head_dim;
};
inline constexpr std::array<fixed_head_dim_row, 6> mla_fixed_head_dims{{
    {"MiniCPM3ForCausalLM", 128},
    {"BailingMoeV3ForCausalLM", 128},
    {"BailingMoeV3VLForConditionalGeneration", 128},
    {"KimiLinearForCausalLM", 72},
    {"KimiK3LinearForCausalLM", 72},
    {"KimiK3ForConditionalGeneration", 72},
}};

/// Other classes the engine runs as MLA.
inline constexpr std::array<std::string_view, 11> mla_other_classes{
    "DeepseekV4ForCausalLM",       "DeepseekV4ForCausalLMNextN",
    "DeepseekV4ForCausalLMDSpark", "KimiLinearForCausalLM",
    "KimiK3LinearForCausalLM",     "KimiK3ForConditionalGeneration",
    "SarvamMLAForCausalLM",        "BailingMoeV2_5ForCausalLM",
    "BailingMoeV3ForCausalLM",     "BailingMoeV3VLForConditionalGeneration",
    "MiniCPM3ForCausalLM"};

/// Classes that are MLA only when their config has `kv_lora_rank` (the engine asks DeepSeek-VL2's
/// `use_mla`, which its MLA checkpoints pair with `kv_lora_rank`).
inline constexpr std::array<std::string_view, 3> mla_if_lora_classes{
    "PixtralForConditionalGeneration", "BailingMoeForCausalLMNextN", "DeepseekVL2ForCausalLM"};

inline constexpr std::array<std::string_view, 3> encoder_decoder_classes{
    "WhisperForConditionalGeneration", "MllamaForConditionalGeneration", "MossVLForConditionalGeneration"};

inline constexpr std::array<std::string_view, 5> sink_classes{
    "GptOssForCausalLM", "GraniteSWAForCausalLM", "GraniteMoeSWAForCausalLM", "IQuestQ1ForCausalLM", "IQuestQ1MTP"};

inline constexpr std::array<std::string_view, 15> dsa_classes{"DeepseekV3ForCausalLM",
                                                              "DeepseekV32ForCausalLM",
                                                              "DeepseekV3ForCausalLMNextN",
                                                              "MistralLarge3ForCausalLM",
                                                              "PixtralForConditionalGeneration",
                                                              "GlmMoeDsaForCausalLM",
                                                              "GlmMoeDsaForCausalLMNextN",
                                                              "Glm5NextForConditionalGenerationNextN",
                                                              "Glm5NextForConditionalGeneration",
                                                              "LongcatFlashForCausalLM",
                                                              "LongcatFlashForCausalLMNextN",
                                                              "Dots3NoteForCausalLM",
                                                              "Dots3NoteForCausalLMNextN",
                                                              "HYV4ForCausalLM",
                                                              "HYV4ForCausalLMNextN"};

/// Classes the engine runs on its hybrid sliding-window pool (BeamForCausalLM only with sliding
/// layers and LagunaForCausalLM only with a window, see is_hybrid_swa_class).
inline constexpr std::array<std::string_view, 28> hybrid_swa_classes{"BeamForCausalLM",
                                                                     "Llama4ForConditionalGeneration",
                                                                     "DeepseekV4ForCausalLM",
                                                                     "DeepseekV4ForCausalLMNextN",
                                                                     "DeepseekV4ForCausalLMDSpark",
                                                                     "GptOssForCausalLM",
                                                                     "GraniteSWAForCausalLM",
                                                                     "GraniteMoeSWAForCausalLM",
                                                                     "IQuestQ1ForCausalLM",
                                                                     "IQuestQ1MTP",
                                                                     "MiMoV2ForCausalLM",
                                                                     "MiMoV2FlashForCausalLM",
                                                                     "MiMoV2MTP",
                                                                     "Step3p5ForCausalLM",
                                                                     "Step3p5MTP",
                                                                     "Step3p7ForConditionalGeneration",
                                                                     "Gemma4ForCausalLM",
                                                                     "Gemma4ForConditionalGeneration",
                                                                     "EmbeddingGemma2Model",
                                                                     "Gemma4UnifiedForConditionalGeneration",
                                                                     "DiffusionGemmaForBlockDiffusion",
                                                                     "LagunaForCausalLM",
                                                                     "MellumForCausalLM",
                                                                     "MuseGlimmerForCausalLM",
                                                                     "MuseGlimmerForConditionalGeneration",
                                                                     "InklingForConditionalGeneration",
                                                                     "InklingForConditionalGenerationMTP",
                                                                     "UnlimitedOCRForCausalLM"};

/// Classes whose Mamba (linear-attention) state the radix cache holds (GraniteMoeHybridForCausalLM
/// too where its config has Mamba layers, see is_mamba_radix_cache_class); the classes of
/// Inkling run the same path (their provider declares it).
inline constexpr std::array<std::string_view, 29> mamba_radix_cache_classes{"KimiLinearForCausalLM",
                                                                            "KimiK3ForConditionalGeneration",
                                                                            "BailingMoeV2_5ForCausalLM",
                                                                            "BailingMoeV3ForCausalLM",
                                                                            "BailingMoeV3VLForConditionalGeneration",
                                                                            "Qwen3NextForCausalLM",
                                                                            "Qwen3_5MoeForConditionalGeneration",
                                                                            "InternS2PreviewForConditionalGeneration",
                                                                            "InternS2MobiusForConditionalGeneration",
                                                                            "Qwen3_5ForConditionalGeneration",
                                                                            "Qwen3_5MoeForCausalLM",
                                                                            "Qwen3_5ForCausalLM",
                                                                            "Qwen4ExpForConditionalGeneration",
                                                                            "MiniCPMV4_6ForConditionalGeneration",
                                                                            "MiniCPMV4_7ForConditionalGeneration",
                                                                            "NemotronHForCausalLM",
                                                                            "NemotronHPuzzleForCausalLM",
                                                                            "NemotronH_Omni_Reasoning_V3",
                                                                            "FalconH1ForCausalLM",
                                                                            "JetNemotronForCausalLM",
                                                                            "JetVLMForConditionalGeneration",
                                                                            "Lfm2ForCausalLM",
                                                                            "Lfm2MoeForCausalLM",
                                                                            "ZayaForCausalLM",
                                                                            "Glm5NextForConditionalGeneration",
                                                                            "GigaChat35ForCausalLM",
                                                                            "GigaChat35ForCausalLMNextN",
                                                                            "InklingForConditionalGeneration",
                                                                            "InklingForConditionalGenerationMTP"};

/// Classes whose Mamba state the extra_buffer strategy can snapshot.
inline constexpr std::array<std::string_view, 22> mamba_extra_buffer_classes{"KimiLinearForCausalLM",
                                                                             "Qwen3_5ForConditionalGeneration",
                                                                             "Qwen3_5MoeForConditionalGeneration",
                                                                             "Qwen3_5MoeForCausalLM",
                                                                             "Qwen3_5ForCausalLM",
                                                                             "Qwen3NextForCausalLM",
                                                                             "Qwen4ExpForConditionalGeneration",
                                                                             "InternS2PreviewForConditionalGeneration",
                                                                             "MiniCPMV4_6ForConditionalGeneration",
                                                                             "MiniCPMV4_7ForConditionalGeneration",
                                                                             "BailingMoeV2_5ForCausalLM",
                                                                             "BailingMoeV3ForCausalLM",
                                                                             "BailingMoeV3VLForConditionalGeneration",
                                                                             "FalconH1ForCausalLM",
                                                                             "GraniteMoeHybridForCausalLM",
                                                                             "Glm5NextForConditionalGeneration",
                                                                             "NemotronHForCausalLM",
                                                                             "NemotronHPuzzleForCausalLM",
                                                                             "NemotronH_Omni_Reasoning_V3",
                                                                             "KimiK3ForConditionalGeneration",
                                                                             "InklingForConditionalGeneration",
                                                                             "InklingForConditionalGenerationMTP"};

inline constexpr std::array<std::string_view, 10> hybrid_gdn_types{
    "qwen3_next",        "qwen3_5",      "qwen3_5_text", "qwen3_5_moe", "qwen3_5_moe_text",
    "intern_s2_preview", "jet_nemotron", "jet_vlm",      "qwen4_exp",   "qwen4_exp_text"};

/// Draft classes the engine drafts with as Gemma 4 assistants (frozen-KV MTP).
inline constexpr std::array<std::string_view, 2> gemma4_assistant_classes{"Gemma4AssistantForCausalLM",
                                                                          "Gemma4UnifiedAssistantForCausalLM"};

/// The engine's DeepSeek V4 classes (its is_deepseek_v4): a DSPARK draft of one runs the MoE draft.
inline constexpr std::array<std::string_view, 3> deepseek_v4_classes{
    "DeepseekV4ForCausalLM", "DeepseekV4ForCausalLMNextN", "DeepseekV4ForCausalLMDSpark"};

/// Config types whose linear layers are short convolutions.
inline constexpr std::array<std::string_view, 4> short_conv_types{"lfm2", "lfm2_moe", "lfm2_vl", "zaya"};

/// A config type's own name for a common attribute.
struct attribute_alias_row {
  std::string_view model_type, name, key;
};
inline constexpr std::array<attribute_alias_row, 7> attribute_aliases{{
    {"whisper", "num_attention_heads", "encoder_attention_heads"},
    {"whisper", "hidden_size", "d_model"},
    {"whisper", "num_hidden_layers", "encoder_layers"},
    {"t5", "num_attention_heads", "num_heads"},
    {"t5", "hidden_size", "d_model"},
    {"t5", "num_hidden_layers", "num_layers"},
    {"t5", "head_dim", "d_kv"},
}};
}  // namespace detail

/// Whether the engine runs class `architecture` as multi-head latent attention;
/// `has_kv_lora_rank` is whether its config has `kv_lora_rank`.
constexpr bool is_mla_class(std::string_view architecture, bool has_kv_lora_rank) noexcept {
  return detail::listed(detail::mla_256_classes, architecture) ||
         detail::listed(detail::mla_other_classes, architecture) ||
         (has_kv_lora_rank && detail::listed(detail::mla_if_lora_classes, architecture));
}

/// The head dim the engine fixes for MLA class `architecture`, or 0 where it reads the config.
constexpr int mla_fixed_head_dim(std::string_view architecture) noexcept {
  if (detail::listed(detail::mla_256_classes, architecture)) return 256;
  for (const auto& r : detail::mla_fixed_head_dims)
    if (r.architecture == architecture) return r.head_dim;
  return 0;
}

/// Whether class `architecture` is one of the engine's own LLaVA classes ("Llava…ForCausalLM"),
/// which it reads from the top level of config.json, in float16 whatever the file says.
constexpr bool is_llava_class(std::string_view architecture) noexcept {
  return architecture.starts_with("Llava") && architecture.ends_with("ForCausalLM");
}

/// Whether class `architecture` has cross attention over encoder outputs.
constexpr bool is_encoder_decoder_class(std::string_view architecture) noexcept {
  return detail::listed(detail::encoder_decoder_classes, architecture);
}

/// Whether class `architecture` has learned attention sinks.
constexpr bool has_attention_sinks(std::string_view architecture) noexcept {
  return detail::listed(detail::sink_classes, architecture);
}

/// Whether class `architecture` uses DeepSeek sparse attention when its config has `index_topk`.
constexpr bool is_dsa_class(std::string_view architecture) noexcept {
  return detail::listed(detail::dsa_classes, architecture);
}

/// Whether the engine runs class `architecture` on its hybrid sliding-window pool, given whether
/// its config has sliding-attention layers (`layer_types`) and a sliding window.
constexpr bool is_hybrid_swa_class(std::string_view architecture, bool has_sliding_layers, bool has_window) noexcept {
  if (!detail::listed(detail::hybrid_swa_classes, architecture)) return false;
  if (architecture == "BeamForCausalLM") return has_sliding_layers;
  if (architecture == "LagunaForCausalLM") return has_window;
  return true;
}

/// Whether the radix cache holds the Mamba state of class `architecture`, given whether its config
/// has Mamba layers (`layer_types`).
constexpr bool is_mamba_radix_cache_class(std::string_view architecture, bool has_mamba_layers) noexcept {
  if (architecture == "GraniteMoeHybridForCausalLM") return has_mamba_layers;
  return detail::listed(detail::mamba_radix_cache_classes, architecture);
}

/// Whether the extra_buffer strategy can snapshot the Mamba state of class `architecture`.
constexpr bool has_mamba_extra_buffer(std::string_view architecture) noexcept {
  return detail::listed(detail::mamba_extra_buffer_classes, architecture);
}

/// Whether config type `model_type` mixes in gated-delta-net linear attention.
constexpr bool is_hybrid_gdn_type(std::string_view model_type) noexcept {
  return detail::listed(detail::hybrid_gdn_types, model_type);
}

/// Whether draft class `architecture` is a Gemma 4 assistant.
constexpr bool is_gemma4_assistant_class(std::string_view architecture) noexcept {
  return detail::listed(detail::gemma4_assistant_classes, architecture);
}

/// Whether class `architecture` is a DeepSeek V4 (the engine tells a DSPARK draft's MoE by it).
constexpr bool is_deepseek_v4_class(std::string_view architecture) noexcept {
  return detail::listed(detail::deepseek_v4_classes, architecture);
}

/// Whether config type `model_type` mixes in short-convolution layers.
constexpr bool is_short_conv_type(std::string_view model_type) noexcept {
  return detail::listed(detail::short_conv_types, model_type);
}

/// The key config type `model_type` stores attribute `name` under.
constexpr std::string_view attribute_alias(std::string_view model_type, std::string_view name) noexcept {
  for (const auto& a : detail::attribute_aliases)
    if (a.model_type == model_type && a.name == name) return a.key;
  return name;
}

}  // namespace attncap
