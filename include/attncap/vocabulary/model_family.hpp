// SPDX-License-Identifier: MIT
/// @file
/// attncap::model_family: the groups of HF architecture classes that the engine's model
/// overrides and default selection single out; every other class is `other`.
#pragma once

#include <attncap/detail/enum_names.hpp>
#include <attncap/vocabulary/model_arch.hpp>
#include <cstdint>
#include <optional>

namespace attncap {

/// A group of model classes the engine treats specially.
ATTNCAP_NAMED_ENUM(model_family, std::uint8_t,
                   other,               ///< every class attncap does not single out
                   deepseek_v3,         ///< DeepSeek V3/R1, Mistral Large 3, Pixtral: absorbed MLA, trtllm_mla on SM100
                   deepseek_v3_like,    ///< Kimi K2.5, Longcat Flash, …: trtllm_mla on SM100, not absorbed-MLA
                                        ///< deterministic
                   hyv4,                ///< HY V4: deepseek_v3_like, with learnable sinks and no context parallelism
                   deepseek_v2,         ///< DeepSeek V2, GLM-4 MoE Lite: absorbed MLA, no SM100 override
                   deepseek_dsa,        ///< DeepSeek sparse-attention family (V3.2)
                   glm_moe_dsa,         ///< GLM-5 (GlmMoeDsa): DSA, FlashInfer's sparse MLA for FP8 KV on SM12x
                   deepseek_v4,         ///< DeepSeek V4
                   gpt_oss,             ///< GPT-OSS
                   llama4,              ///< Llama 4
                   whisper,             ///< Whisper (encoder-decoder)
                   step3p,              ///< Step 3.5 / 3.7
                   hrm_text,            ///< HRM text
                   llama,               ///< Llama 2/3 (wider default speculative tree)
                   grok,                ///< Grok 1
                   minicpm,             ///< MiniCPM, MiniCPM SALA (sparse and lightning attention): their own backends
                   gemma4,              ///< Gemma 4: its own backend default and allow-list
                   diffusion_gemma,     ///< DiffusionGemma (block diffusion): Gemma 4's default, Triton
                   olmo2,               ///< OLMo 2 / 3: no FlashInfer
                   iquest_q1,           ///< IQuest Q1: FA3 only, sinks from the softmax LSE
                   moss_vl,             ///< MOSS-VL: FlashInfer prefill for its cross-attention mask
                   qwen3_5,             ///< Qwen 3.5: its QKV sharding keeps a DCP group's KV heads on every rank
                   beam,                ///< Beam: TRT-LLM MHA by default on Hopper and Blackwell
                   embedding_gemma2,    ///< EmbeddingGemma 2: Triton, no radix cache
                   exaone,              ///< EXAONE 4 / EXAONE MoE: FA3, Triton or TRT-LLM MHA only
                   falcon_h1,           ///< Falcon-H1, Jet-Nemotron: Triton on SM100
                   lfm2,                ///< LFM2 / LFM2-MoE (short-conv hybrid): FlashInfer on SM100, no Triton
                   minicpmv,            ///< MiniCPM-V 4.6 / 4.7: Triton on SM100
                   mimo_v2,             ///< MiMo V2: FA4 on SM100
                   inkling,             ///< Inkling: FA4 or Triton
                   granite_moe_hybrid,  ///< Granite MoE hybrid: FlashInfer on SM100 where it has Mamba layers
                   nemotron_h,          ///< Nemotron-H: TRT-LLM MHA or Triton on Blackwell
                   qwen3_vl,            ///< Qwen3-VL: FlashInfer decode on Hopper
                   kimi_k3,             ///< Kimi-K3: trtllm_mla on SM100, cutedsl_mla or aiter decode under DCP
                   minimax_m3,          ///< MiniMax-M3: FA4 / trtllm_mha, FA3 or Triton, 128-token pages
                   qwen3_5_text,        ///< Qwen 3.5 text-only classes: Qwen 3.5's QKV sharding, no provider
                   qwen3_next,          ///< Qwen3-Next, Intern-S2: Qwen 3.5's SM100 default
                   qwen4_exp            ///< Qwen4-Exp: Qwen 3.5's SM100 default, compressed QSA on 64-token pages
)

template <>
struct enum_spellings<model_family> {
  static constexpr std::string_view what = "model family";
  static constexpr auto table = named_spellings<model_family>();
};

/// The HF architecture classes attncap recognises, with their family.
inline constexpr std::array<spelling<model_family>, 69> known_model_classes{{
    {model_family::deepseek_v3, "DeepseekV3ForCausalLM"},
    {model_family::deepseek_v3, "MistralLarge3ForCausalLM"},
    {model_family::deepseek_v3, "PixtralForConditionalGeneration"},
    {model_family::deepseek_v3_like, "DeepseekV3ForCausalLMNextN"},
    {model_family::deepseek_v3_like, "KimiK25ForConditionalGeneration"},
    {model_family::hyv4, "HYV4ForCausalLM"},
    {model_family::hyv4, "HYV4ForCausalLMNextN"},
    {model_family::deepseek_v3_like, "LongcatFlashForCausalLM"},
    {model_family::deepseek_v3_like, "LongcatFlashForCausalLMNextN"},
    {model_family::deepseek_v3_like, "Dots3NoteForCausalLM"},
    {model_family::deepseek_v3_like, "Glm5NextForConditionalGeneration"},
    {model_family::deepseek_v2, "DeepseekV2ForCausalLM"},
    {model_family::deepseek_v2, "Glm4MoeLiteForCausalLM"},
    {model_family::deepseek_dsa, "DeepseekV32ForCausalLM"},
    {model_family::glm_moe_dsa, "GlmMoeDsaForCausalLM"},
    {model_family::deepseek_v4, "DeepseekV4ForCausalLM"},
    {model_family::gpt_oss, "GptOssForCausalLM"},
    {model_family::llama4, "Llama4ForConditionalGeneration"},
    {model_family::llama4, "Llama4ForCausalLM"},
    {model_family::whisper, "WhisperForConditionalGeneration"},
    {model_family::step3p, "Step3p5ForCausalLM"},
    {model_family::step3p, "Step3p7ForConditionalGeneration"},
    {model_family::hrm_text, "HrmTextForCausalLM"},
    {model_family::llama, "LlamaForCausalLM"},
    {model_family::grok, "Grok1ForCausalLM"},
    {model_family::grok, "Grok1VForCausalLM"},
    {model_family::minicpm, "MiniCPMForCausalLM"},
    {model_family::minicpm, "MiniCPMSALAForCausalLM"},
    {model_family::gemma4, "Gemma4ForConditionalGeneration"},
    {model_family::gemma4, "Gemma4ForCausalLM"},
    {model_family::gemma4, "Gemma4UnifiedForConditionalGeneration"},
    {model_family::diffusion_gemma, "DiffusionGemmaForBlockDiffusion"},
    {model_family::olmo2, "Olmo2ForCausalLM"},
    {model_family::iquest_q1, "IQuestQ1ForCausalLM"},
    {model_family::iquest_q1, "IQuestQ1MTP"},
    {model_family::moss_vl, "MossVLForConditionalGeneration"},
    {model_family::qwen3_5, "Qwen3_5ForConditionalGeneration"},
    {model_family::qwen3_5, "Qwen3_5MoeForConditionalGeneration"},
    {model_family::qwen3_5_text, "Qwen3_5ForCausalLM"},
    {model_family::qwen3_5_text, "Qwen3_5MoeForCausalLM"},
    {model_family::qwen3_next, "Qwen3NextForCausalLM"},
    {model_family::qwen3_next, "InternS2PreviewForConditionalGeneration"},
    {model_family::qwen3_next, "InternS2MobiusForConditionalGeneration"},
    {model_family::qwen4_exp, "Qwen4ExpForConditionalGeneration"},
    {model_family::beam, "BeamForCausalLM"},
    {model_family::embedding_gemma2, "EmbeddingGemma2Model"},
    {model_family::exaone, "Exaone4ForCausalLM"},
    {model_family::exaone, "ExaoneMoEForCausalLM"},
    {model_family::exaone, "ExaoneMoeForCausalLM"},
    {model_family::falcon_h1, "FalconH1ForCausalLM"},
    {model_family::falcon_h1, "JetNemotronForCausalLM"},
    {model_family::falcon_h1, "JetVLMForConditionalGeneration"},
    {model_family::lfm2, "Lfm2ForCausalLM"},
    {model_family::lfm2, "Lfm2MoeForCausalLM"},
    {model_family::minicpmv, "MiniCPMV4_6ForConditionalGeneration"},
    {model_family::minicpmv, "MiniCPMV4_7ForConditionalGeneration"},
    {model_family::mimo_v2, "MiMoV2ForCausalLM"},
    {model_family::mimo_v2, "MiMoV2FlashForCausalLM"},
    {model_family::inkling, "InklingForConditionalGeneration"},
    {model_family::inkling, "InklingForConditionalGenerationMTP"},
    {model_family::granite_moe_hybrid, "GraniteMoeHybridForCausalLM"},
    {model_family::nemotron_h, "NemotronHForCausalLM"},
    {model_family::nemotron_h, "NemotronHPuzzleForCausalLM"},
    {model_family::nemotron_h, "NemotronH_Omni_Reasoning_V3"},
    {model_family::qwen3_vl, "Qwen3VLForConditionalGeneration"},
    {model_family::qwen3_vl, "Qwen3VLMoeForConditionalGeneration"},
    {model_family::kimi_k3, "KimiK3ForConditionalGeneration"},
    {model_family::minimax_m3, "MiniMaxM3SparseForCausalLM"},
    {model_family::minimax_m3, "MiniMaxM3SparseForConditionalGeneration"},
}};

/// The family of an HF architecture class name; unknown classes are `other`.
constexpr model_family classify_model(std::string_view architecture) noexcept {
  for (const auto& m : known_model_classes)
    if (m.name == architecture) return m.value;
  return model_family::other;
}

/// The first HF class of family `m`, as messages that name the model's class print it; "the
/// model" for `other`, whose class attncap does not keep.
constexpr std::string_view class_name_of(model_family m) noexcept {
  for (const auto& c : known_model_classes)
    if (c.value == m) return c.name;
  return "the model";
}

/// The attention architecture every model of family `m` has, or nothing where the family does
/// not decide it. The DeepSeek families (V2, V3 and its kin, the sparse-attention models, V4)
/// are all multi-head latent attention models; a launch that names such a class without an
/// architecture is an MLA launch.
constexpr std::optional<model_arch> implied_arch(model_family m) noexcept {
  switch (m) {
    case model_family::deepseek_v3:
    case model_family::deepseek_v3_like:
    case model_family::hyv4:
    case model_family::deepseek_v2:
    case model_family::deepseek_dsa:
    case model_family::glm_moe_dsa:
    case model_family::deepseek_v4:
      return model_arch::mla;
    default:
      return std::nullopt;
  }
}

}  // namespace attncap
