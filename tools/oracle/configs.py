"""attncap configurations as sglang launches, and seeded random ones biased to rule boundaries.

An attncap configuration (the JSON `attncap check --config` reads) becomes what a user of
sglang would have: command-line arguments, a local model directory holding a generated
`config.json`, and a machine (hardware and CUDA toolkit) the worker simulates. Keys the
translation cannot express yet are reported by `unexpressible()`, never silently dropped.
"""

from __future__ import annotations

import random

# Keys passed straight to sglang's command line: attncap key -> flag.
FLAGS = {
    "attention_backend": "--attention-backend",
    "prefill_attention_backend": "--prefill-attention-backend",
    "decode_attention_backend": "--decode-attention-backend",
    "speculative_draft_attention_backend": "--speculative-draft-attention-backend",
    "page_size": "--page-size",
    "kv_cache_dtype": "--kv-cache-dtype",
    "prefill_kv_cache_dequant_dtype": "--prefill-kv-cache-dequant-dtype",
    "dtype": "--dtype",
    "speculative_algorithm": "--speculative-algorithm",
    "speculative_eagle_topk": "--speculative-eagle-topk",
    "speculative_num_steps": "--speculative-num-steps",
    "speculative_num_draft_tokens": "--speculative-num-draft-tokens",
    "speculative_ngram_max_bfs_breadth": "--speculative-ngram-max-bfs-breadth",
    "speculative_accept_threshold_single": "--speculative-accept-threshold-single",
    "speculative_accept_threshold_acc": "--speculative-accept-threshold-acc",
    "speculative_attention_mode": "--speculative-attention-mode",
    "tp_size": "--tp-size",
    "dp_size": "--dp-size",
    "attn_dp_size": "--attn-dp-size",
    "pp_size": "--pp-size",
    "disaggregation_mode": "--disaggregation-mode",
    "attn_cp_size": "--attn-cp-size",
    "dcp_size": "--dcp-size",
    "cp_strategy": "--cp-strategy",
    "cuda_graph_backend_prefill": "--cuda-graph-backend-prefill",
    "cuda_graph_backend_decode": "--cuda-graph-backend-decode",
    "moe_a2a_backend": "--moe-a2a-backend",
    "speculative_moe_a2a_backend": "--speculative-moe-a2a-backend",
    "context_len": "--context-length",
    "chunked_prefill_size": "--chunked-prefill-size",
    "dsv4_attn_backend": "--dsv4-attn-backend",
    "dsa_prefill_backend": "--dsa-prefill-backend",
    "dsa_decode_backend": "--dsa-decode-backend",
    "mamba_radix_cache_strategy": "--mamba-radix-cache-strategy",
    "mamba_track_interval": "--mamba-track-interval",
    "speculative_dflash_block_size": "--speculative-dflash-block-size",
    "speculative_dspark_block_size": "--speculative-dspark-block-size",
    "speculative_draft_window_size": "--speculative-draft-window-size",
}
SWITCHES = {
    "speculative_use_rejection_sampling": "--speculative-use-rejection-sampling",
    "enable_dp_attention": "--enable-dp-attention",
    "enable_deterministic_inference": "--enable-deterministic-inference",
    "enable_mis": "--enable-mis",
    "prefill_only_disable_kv_cache": "--prefill-only-disable-kv-cache",
    "is_embedding": "--is-embedding",
    "disable_radix_cache": "--disable-radix-cache",
    "enable_unified_memory": "--enable-unified-memory",
    "enable_page_major_kv_layout": "--enable-page-major-kv-layout",
    "disable_overlap_schedule": "--disable-overlap-schedule",
    "enable_dp_lm_head": "--enable-dp-lm-head",
    "enable_hierarchical_cache": "--enable-hierarchical-cache",
    "enable_lmcache": "--enable-lmcache",
    "enable_hisparse": "--enable-hisparse",
    "enable_prefill_cp": "--enable-prefill-cp",
    "disable_cuda_graph": "--disable-cuda-graph",
}
# Environment variables of the server process: the key in upper case, set in the engine's process.
ENVIRONMENT = {
    "sglang_enable_dp_spec_prefill_coordination", "sglang_ragged_verify_mode",
    "sglang_skip_softmax_prefill_threshold_scale_factor", "sglang_aiter_kv_cache_layout", "sglang_minicpm_force_dense",
    "sglang_minicpm_fuse_topk", "sglang_use_aiter_unified_attn", "sglang_simulate_acc_len", "sglang_dsv4_kv_layout",
    "sglang_enable_pp_spec", "sglang_disable_lazy_compaction",
}  # fmt: skip
# Checkpoint paths the configuration records as given or not; the target's own stands in.
PATHS = {"speculative_draft_model_path": "--speculative-draft-model-path"}
# Model and machine facts the generated config.json or the simulated machine carries.
FACTS = {
    "hardware", "cuda", "model_arch", "model", "head_dim", "num_q_heads_per_rank", "num_kv_heads_per_rank",
    "num_kv_heads", "dsa", "index_kpool", "mamba_radix_cache", "mamba_extra_buffer", "gemma4_assistant_draft",
    "qsa_profile", "draft_block_size", "mamba_chunk_size",
}  # fmt: skip
# Model facts with no generated checkpoint yet (each needs its own model family's config).
UNEXPRESSED = {
    "encoder_decoder": "needs an encoder-decoder checkpoint (Whisper) config",
    "hybrid_gdn": "decided by the config type: give the model Qwen3_5ForConditionalGeneration, whose checkpoint is generated",
    "deepseek_v41": "needs a DeepSeek V4.1 checkpoint config",
    "dual_chunk_attention": "needs a dual-chunk checkpoint config",
    "dspark_draft_bundled": "needs a checkpoint carrying a DSPARK draft (dspark_* keys or a dspark/ folder)",
    "deepseek_v4_draft": "needs a DeepSeek V4 draft checkpoint config",
    "chunked_local_attention": "needs a checkpoint config with attention_chunk_size (Llama 4's text config)",
    "sliding_window": "read by layers at the first forward pass, which the oracle does not run",
    "logit_cap": "read by layers at the first forward pass, which the oracle does not run",
    "softmax_scale": "read by layers at the first forward pass, which the oracle does not run",
    "attention_sinks": "read by layers at the first forward pass, which the oracle does not run",
    "asymmetric_kv": "needs a checkpoint with distinct K and V head dims",
    "hybrid_swa": "decided by the model class, which the generated config.json names",
}
SIMULATED = (
    "sm80", "sm86", "sm89", "sm90", "sm100", "sm103", "sm110", "sm120", "sm121",
    "gfx90a", "gfx942", "gfx950", "cpu", "cpu_amx", "cpu_arm64", "xpu", "xpu_xmx",
)  # fmt: skip
# The classes of MODELS that the engine runs on its hybrid sliding-window pool, and those with
# cross attention.
HYBRID_SWA = {
    "GptOssForCausalLM", "Llama4ForConditionalGeneration", "Gemma4ForCausalLM", "IQuestQ1ForCausalLM",
    "DiffusionGemmaForBlockDiffusion", "EmbeddingGemma2Model", "MiMoV2ForCausalLM", "InklingForConditionalGeneration",
    "BeamForCausalLM",
}  # fmt: skip
ENCODER_DECODER = {"MossVLForConditionalGeneration"}
MLA_FAMILIES = {
    "DeepseekV3ForCausalLM", "DeepseekV2ForCausalLM", "KimiK25ForConditionalGeneration", "MistralLarge3ForCausalLM",
    "HYV4ForCausalLM",
}  # fmt: skip
# The sparse-attention (DSA) classes, whose config.json carries the indexer's index_topk; a
# DeepSeek V3 class with `dsa` gets one too.
DSA_CLASSES = {"DeepseekV32ForCausalLM", "GlmMoeDsaForCausalLM"}
DSA_KERNELS = [
    "flashmla_sparse", "flashmla_sparse_q8", "flashmla_kv", "flashinfer_sparse_mla", "triton_sparse_mla", "fa3",
    "tilelang", "triton", "aiter", "trtllm",
]  # fmt: skip
# The algorithms that load a draft model. UNO drafts with a LoRA over the target and rejects a
# draft model path; NGRAM drafts from the prompt.
DRAFTED = {"EAGLE", "EAGLE3", "NEXTN", "STANDALONE", "DFLASH", "DSPARK", "FROZEN_KV_MTP"}


def unexpressible(cfg: dict) -> list[str]:
    """The keys of `cfg` (with a non-default value) the translation does not carry, with why."""
    out = []
    for k, v in cfg.items():
        if k in UNEXPRESSED and v not in (None, False, 0, -1):
            out.append(f"{k}: {UNEXPRESSED[k]}")
        elif not any(k in keys for keys in (FLAGS, SWITCHES, PATHS, FACTS, UNEXPRESSED, ENVIRONMENT)):
            out.append(f"{k}: not translated")
    if cfg.get("hardware") not in SIMULATED:
        out.append(f"hardware: {cfg.get('hardware')} is not simulated")
    return out


# A configuration without a model names no class: these are classes that no rule of the engine
# names, so the launch is the same to sglang as to attncap, which sees no model at all.
NEUTRAL_MHA = "MistralForCausalLM"
NEUTRAL_MLA = "MiniCPM3ForCausalLM"


def _attn_dp_groups(cfg: dict) -> int:
    """The attention DP groups: --attn-dp-size, or the deprecated --dp-size with
    --enable-dp-attention where none is given (the engine moves it there first)."""
    groups = int(cfg.get("attn_dp_size", 1))
    if cfg.get("enable_dp_attention") and groups == 1:
        groups = int(cfg.get("dp_size", 1))
    return groups


def _head_ranks(cfg: dict) -> int:
    """The ranks a model's heads are split over: the attention tensor-parallel group's, as attention
    DP splits the tensor-parallel ranks into groups that each hold every head (attncap's per-rank
    head facts count them so)."""
    return max(int(cfg.get("tp_size", 1)) // _attn_dp_groups(cfg), 1)


def hf_config(cfg: dict) -> dict:
    """The config.json of a small model with the architecture, heads and head dim of `cfg`."""
    arch = cfg.get("model_arch", "mha")
    tp = _head_ranks(cfg)
    q = int(cfg.get("num_q_heads_per_rank") or 8) * tp
    head_dim = int(cfg.get("head_dim") or 128)
    model = cfg.get("model")
    if arch == "mla":
        dsa = model in DSA_CLASSES or bool(cfg.get("dsa"))
        body = {
            "architectures": [model if model in MLA_FAMILIES | DSA_CLASSES else NEUTRAL_MLA],
            "model_type": "deepseek_v3",
            "hidden_size": 2048,
            "num_attention_heads": q,
            "num_key_value_heads": q,
            "num_hidden_layers": 2,
            "intermediate_size": 4096,
            "moe_intermediate_size": 512,
            "n_routed_experts": 8,
            "num_experts_per_tok": 2,
            "n_shared_experts": 1,
            "first_k_dense_replace": 1,
            "kv_lora_rank": 512,
            "q_lora_rank": 1536,
            "qk_nope_head_dim": 128,
            "qk_rope_head_dim": 64,
            "v_head_dim": 128,
            "vocab_size": 32000,
            "max_position_embeddings": 1 << 20,
            "torch_dtype": "bfloat16",
        }
        if dsa:
            body.update(index_topk=2048, index_n_heads=64, index_head_dim=128)
            if cfg.get("index_kpool", 1) > 1:
                body["index_kpool"] = cfg["index_kpool"]
        return body
    kv = {"mha": q, "mqa": 1}.get(arch)
    if cfg.get("num_kv_heads"):
        kv = int(cfg["num_kv_heads"])
    elif kv is None:
        kv = int(cfg.get("num_kv_heads_per_rank") or max(1, q // tp // 4)) * tp
    elif cfg.get("num_kv_heads_per_rank"):
        kv = int(cfg["num_kv_heads_per_rank"]) * tp
    text = LAYER_KEYS.get(model, {}) | {
        "architectures": [model or NEUTRAL_MHA],
        "model_type": MODEL_TYPES.get(model, "llama"),
        "hidden_size": q * head_dim,
        "num_attention_heads": q,
        "num_key_value_heads": kv,
        "head_dim": head_dim,
        "num_hidden_layers": 2,
        "intermediate_size": 4096,
        "vocab_size": 32000,
        "max_position_embeddings": 1 << 20,
        "torch_dtype": "bfloat16",
    }
    if cfg.get("qsa_profile"):
        text |= QSA_PROFILE | {"indexer_head_dim": max(QSA_PROFILE["indexer_head_dim"], head_dim)}
    # The engine reads the Mamba chunk from the top-level config.
    chunk = {"mamba_chunk_size": cfg["mamba_chunk_size"]} if cfg.get("mamba_chunk_size") else {}
    if model not in WRAPPED_TEXT:
        return text | chunk
    # A vision-language checkpoint: the language model's keys sit in text_config.
    outer, inner = WRAPPED_TEXT[model]
    return {"architectures": [model], "model_type": outer, "torch_dtype": "bfloat16", "vision_config": {},
            "text_config": text | {"model_type": inner}} | chunk


def written_facts(cfg: dict) -> dict:
    """The class the generated config.json names, the per-rank head facts it gives a non-MLA model
    (none for MLA, whose head dims are fixed by its class), and what its class decides: the
    hybrid-SWA pool, cross attention."""
    h = hf_config(cfg)
    named = {"model": h["architectures"][0]}
    h = h.get("text_config", h)
    if cfg.get("model_arch", "mha") == "mla":
        return named
    tp = _head_ranks(cfg)
    facts = {**named, "head_dim": h["head_dim"], "num_q_heads_per_rank": h["num_attention_heads"] // tp,
             "num_kv_heads_per_rank": max(1, h["num_key_value_heads"] // tp), "num_kv_heads": h["num_key_value_heads"]}
    if cfg.get("model") in HYBRID_SWA:
        facts["hybrid_swa"] = True
    if cfg.get("model") in ENCODER_DECODER:
        facts["encoder_decoder"] = True
    if cfg.get("model") in HYBRID_GDN:
        facts["hybrid_gdn"] = True
    if cfg.get("model") in MAMBA_RADIX_CACHE:
        facts["mamba_radix_cache"] = True
    if cfg.get("model") in MAMBA_EXTRA_BUFFER:
        facts["mamba_extra_buffer"] = True
    if MODEL_TYPES.get(cfg.get("model")) == "nemotron_h":
        facts["mamba_chunk_size"] = 256  # its config class's default
    return facts


# Values of FLAGS that are the engine's own defaults, left off the command line.
ENGINE_DEFAULTS = {"moe_a2a_backend": "none", "kv_cache_dtype": "auto", "dtype": "auto", "prefill_kv_cache_dequant_dtype": "auto",
                   "disaggregation_mode": "null", "mamba_radix_cache_strategy": "auto", "mamba_track_interval": 256}


def argv(cfg: dict) -> list[str]:
    """sglang's command line for `cfg`; `{model}` stands for the model directory."""
    out = ["--model-path", "{model}", "--skip-tokenizer-init"]
    for k, flag in FLAGS.items():
        v = cfg.get(k)
        if v is None or ENGINE_DEFAULTS.get(k) == v:
            continue
        out += [flag, str(v)]
    for k, flag in SWITCHES.items():
        if cfg.get(k):
            out.append(flag)
    for k, flag in PATHS.items():
        if cfg.get(k):
            out += [flag, "{draft}" if draft_hf_config(cfg) else "{model}"]
    return out


def environment(cfg: dict) -> dict[str, str]:
    """The server's environment variables `cfg` sets, as a shell would give them."""
    def word(v) -> str:
        return ("1" if v else "0") if isinstance(v, bool) else str(v)

    return {k.upper(): word(cfg[k]) for k in sorted(ENVIRONMENT) if k in cfg}


def draft_hf_config(cfg: dict) -> dict | None:
    """The config.json of a draft model of its own (a Gemma 4 assistant, or the target's config
    declaring a DFLASH or DSPARK block), or None where the target's folder stands in for the
    draft's."""
    if cfg.get("draft_block_size") and not cfg.get("gemma4_assistant_draft"):
        # DSPARK reads its own key first; both read block_size (here nested as published drafts do).
        key = "dspark_block_size" if cfg.get("speculative_algorithm") == "DSPARK" and cfg["draft_block_size"] % 2 else None
        block = {key: cfg["draft_block_size"]} if key else {"dflash_config": {"block_size": cfg["draft_block_size"]}}
        return hf_config(cfg) | block
    if not cfg.get("gemma4_assistant_draft"):
        return None
    return {"architectures": ["Gemma4AssistantForCausalLM"], "model_type": "llama", "hidden_size": 1024,
            "num_attention_heads": 8, "num_key_value_heads": 8, "head_dim": 128, "num_hidden_layers": 1,
            "intermediate_size": 2048, "vocab_size": 32000, "torch_dtype": "bfloat16"}


def machine_of(cfg: dict) -> tuple[str, str]:
    """(hardware, CUDA toolkit) of the simulated machine; CUDA 12.8 where `cfg` names none."""
    return cfg["hardware"], str(cfg.get("cuda") or "12.8")


# ----------------------------------------------------------------------------------------------
# Random configurations, biased to where rules change their answer.

BACKENDS = [
    "triton", "torch_native", "flex_attention", "dsa", "nsa", "dsv4", "compressed", "fa3", "fa4", "flashinfer",
    "flashmla", "trtllm_mla", "cutedsl_mla", "tokenspeed_mla", "trtllm_mha", "hpc_ops", "aiter", "wave",
    "intel_amx", "intel_xpu", "ascend", "cutlass_mla", "dual_chunk_flash_attn", "qsa", "llada2_cfg_flashinfer",
    "minicpm_flashattn", "minicpm_flashinfer",
]  # fmt: skip
KV_DTYPES = ["auto", "bf16", "bfloat16", "fp8_e4m3", "fp8_e5m2", "fp4_e2m1", "nvfp4", "fp4_mx_block16", "mxfp8"]
ALGORITHMS = ["EAGLE", "EAGLE3", "NEXTN", "STANDALONE", "NGRAM", "DFLASH", "DSPARK", "UNO", "FROZEN_KV_MTP"]
# The MoE all-to-alls whose own checks (arg_groups/moe_hook.py) pass on every simulated machine,
# and megamoe where they pass (SM90 and the SM100 class, CUDA 12.8): those checks are no attention rules,
# and flashinfer, deepep_v2, pplx, flashinfer_megamoe and mori (its dispatch budget) have more.
MOE_A2A = ["none", "deepep", "mooncake", "nixl", "ascend_fuseep", "ascend_tp"]
MEGAMOE_MACHINES = {"sm90", "sm100", "sm103"}
PAGES = [1, 16, 32, 48, 64, 100, 128, 256]
MODELS = [
    None, "LlamaForCausalLM", "Qwen2ForCausalLM", "GptOssForCausalLM", "Llama4ForConditionalGeneration",
    "Gemma4ForCausalLM", "DiffusionGemmaForBlockDiffusion", "Olmo2ForCausalLM", "IQuestQ1ForCausalLM",
    "MossVLForConditionalGeneration",
]  # fmt: skip
# Classes whose providers only choose a default backend.
PROVIDER_MODELS = [
    "BeamForCausalLM", "EmbeddingGemma2Model", "Exaone4ForCausalLM", "ExaoneMoEForCausalLM", "FalconH1ForCausalLM",
    "JetNemotronForCausalLM", "Lfm2ForCausalLM", "Lfm2MoeForCausalLM", "MiniCPMV4_6ForConditionalGeneration",
    "MiMoV2ForCausalLM", "InklingForConditionalGeneration", "NemotronHForCausalLM", "Qwen3VLForConditionalGeneration",
    "MiniMaxM3SparseForCausalLM", "Qwen3_5ForConditionalGeneration", "Qwen4ExpForConditionalGeneration",
]  # fmt: skip
# The non-MLA classes with rules of their own for prefill context parallelism.
PREFILL_CP_MODELS = ["Qwen4ExpForConditionalGeneration", "MiMoV2ForCausalLM", "IQuestQ1ForCausalLM"]
# The classes of PROVIDER_MODELS whose Mamba state the radix cache holds, and those whose state
# the extra_buffer strategy snapshots.
MAMBA_RADIX_CACHE = {
    "Qwen3_5ForConditionalGeneration", "Qwen4ExpForConditionalGeneration", "FalconH1ForCausalLM", "JetNemotronForCausalLM", "Lfm2ForCausalLM", "Lfm2MoeForCausalLM",
    "MiniCPMV4_6ForConditionalGeneration", "InklingForConditionalGeneration", "NemotronHForCausalLM",
}  # fmt: skip
MAMBA_EXTRA_BUFFER = {
    "Qwen3_5ForConditionalGeneration", "Qwen4ExpForConditionalGeneration", "FalconH1ForCausalLM", "MiniCPMV4_6ForConditionalGeneration", "InklingForConditionalGeneration",
    "NemotronHForCausalLM",
}  # fmt: skip
# The classes of PROVIDER_MODELS with gated-delta-net linear attention (their config type decides it).
HYBRID_GDN = {"Qwen3_5ForConditionalGeneration", "Qwen4ExpForConditionalGeneration"}
# The config type a class loads with (a Llama config otherwise), and the keys its hybrid layer
# split reads: one sliding-window layer and one full-attention layer.
MODEL_TYPES = {"Exaone4ForCausalLM": "exaone4", "ExaoneMoEForCausalLM": "exaone_moe", "NemotronHForCausalLM": "nemotron_h"}
# Vision-language classes whose language model's keys sit in text_config: (model_type, its text
# config's model_type).
WRAPPED_TEXT = {"Qwen3VLForConditionalGeneration": ("qwen3_vl", "qwen3_vl_text"),
                "Qwen3_5ForConditionalGeneration": ("qwen3_5", "qwen3_5_text"),
                "Qwen4ExpForConditionalGeneration": ("qwen4_exp", "qwen4_exp_text")}
LAYER_KEYS = {
    "BeamForCausalLM": {"layer_types": ["sliding_attention", "full_attention"]},
    "MiMoV2ForCausalLM": {"hybrid_layer_pattern": [1, 0]},
    "InklingForConditionalGeneration": {"local_layer_ids": [0]},
    "NemotronHForCausalLM": {"hybrid_override_pattern": "M*"},
    "Qwen3_5ForConditionalGeneration": {"layer_types": ["linear_attention", "full_attention"], "full_attention_interval": 2},
    "Qwen4ExpForConditionalGeneration": {"layer_types": ["linear_attention", "full_attention"], "full_attention_interval": 2},
}
# The compressed QSA indexer a Qwen4-Exp checkpoint may declare (its text config); its index head
# is widened to the attention's head dim, as the rotary dimensions must fit it.
QSA_PROFILE = {"indexer_n_heads": 8, "indexer_kv_heads": 1, "indexer_head_dim": 128, "indexer_budget": 2048,
               "indexer_compress_ratio": 4}


def _dcp_shape(cfg: dict, rng: random.Random) -> None:
    """Decode context parallelism where its own checks decide: Intel XPU's kernel limits (few KV
    heads, GQA groups near 16), or an MLA pair on Blackwell with drafts."""
    cfg["dcp_size"] = rng.choice([2, 4])
    cfg["tp_size"] = rng.choice([d for d in (2, 4, 8) if d >= cfg["dcp_size"]] + [3])
    if rng.random() < 0.6:
        cfg["hardware"] = "xpu_xmx"
        if rng.random() < 0.8:
            cfg["attention_backend"] = "intel_xpu"
        cfg["model_arch"] = rng.choice(["mqa", "gqa", "gqa", "mha"])
        cfg["num_q_heads_per_rank"] = rng.choice([2, 4, 8, 16])
        if cfg["model_arch"] == "gqa":
            # KV heads replicated over the ranks (the DCP group holds them all), or one a rank.
            cfg["num_kv_heads"] = rng.choice([1, 2, cfg["tp_size"]])
    else:
        cfg["hardware"], cfg["model_arch"] = "sm100", "mla"
        cfg["attention_backend"] = rng.choice(["trtllm_mla", "cutedsl_mla", "flashinfer"])
        if rng.random() < 0.6:
            cfg["speculative_algorithm"] = "EAGLE"


def random_config(rng: random.Random) -> dict:
    """One configuration: each key given with a probability, its values from the boundaries."""
    cfg: dict = {"hardware": rng.choice(SIMULATED), "model_arch": rng.choice(["mha", "gqa", "mqa", "mla"])}
    # The toolkit decides only where a rule reads it (Ampere/Hopper >= 12.3, Blackwell >= 12.8);
    # each distinct machine costs a worker start, so only those are varied.
    if cfg["hardware"] in ("sm80", "sm90", "sm100") and rng.random() < 0.25:
        cfg["cuda"] = rng.choice(["12.2", "12.4"])
    if rng.random() < 0.7:
        cfg["attention_backend"] = rng.choice(BACKENDS)
    if rng.random() < 0.12:
        cfg["prefill_attention_backend"] = rng.choice(BACKENDS)
    if rng.random() < 0.12:
        cfg["decode_attention_backend"] = rng.choice(BACKENDS)
    if rng.random() < 0.4:
        cfg["page_size"] = rng.choice(PAGES)
    if rng.random() < 0.35:
        cfg["kv_cache_dtype"] = rng.choice(KV_DTYPES)
    if rng.random() < 0.1:
        cfg["dtype"] = rng.choice(["float16", "bfloat16"])
    if rng.random() < (0.5 if cfg.get("kv_cache_dtype") == "nvfp4" else 0.03):
        cfg["prefill_kv_cache_dequant_dtype"] = rng.choice(["nvfp4", "fp8_e4m3"])
    if rng.random() < 0.25:
        cfg["speculative_algorithm"] = rng.choice(ALGORITHMS)
        if rng.random() < 0.6:
            cfg["speculative_eagle_topk"] = rng.choice([1, 1, 2, 4, 8])
        if rng.random() < 0.5:
            cfg["speculative_num_steps"] = rng.choice([1, 2, 3, 5])
        if rng.random() < 0.4:
            cfg["speculative_num_draft_tokens"] = rng.choice([2, 4, 8, 16])
        if rng.random() < 0.15:
            cfg["speculative_draft_attention_backend"] = rng.choice(BACKENDS)
        if rng.random() < 0.15:
            cfg["speculative_use_rejection_sampling"] = True
        if rng.random() < 0.06:
            cfg[rng.choice(["speculative_accept_threshold_single", "speculative_accept_threshold_acc"])] = 0.5
        if rng.random() < 0.1:
            cfg["speculative_attention_mode"] = "decode"
        if rng.random() < 0.12:
            cfg["speculative_dflash_block_size"] = rng.choice([-1, 0, 4, 8, 16])
        if rng.random() < 0.12:
            cfg["speculative_dspark_block_size"] = rng.choice([0, 3, 7])
        if rng.random() < 0.08:
            cfg["speculative_draft_window_size"] = rng.choice([0, 4, 8, 32])
        # A draft model's checkpoint, given as drafting launches give it (the target's own stands
        # in), and sometimes left out or given where none is read.
        cfg["speculative_draft_model_path"] = rng.random() < (0.9 if cfg["speculative_algorithm"] in DRAFTED else 0.1)
        if rng.random() < 0.06:
            cfg["gemma4_assistant_draft"] = True
        elif cfg["speculative_algorithm"] in ("DFLASH", "DSPARK") and cfg["speculative_draft_model_path"] and rng.random() < 0.4:
            # The block (DSPARK's gamma) the draft checkpoint declares.
            cfg["draft_block_size"] = rng.choice([3, 4, 7, 8, 16])
    if rng.random() < 0.15:
        cfg["tp_size"] = rng.choice([1, 2, 4, 8])
    if rng.random() < 0.1:
        # Decode context parallelism: usually within the tensor-parallel ranks, so that the checks
        # past the size's own ones are reached.
        cfg["dcp_size"] = rng.choice([2, 4])
        if rng.random() < 0.8:
            cfg["tp_size"] = rng.choice([d for d in (2, 4, 8) if d >= cfg["dcp_size"]])
    if rng.random() < 0.05:
        _dcp_shape(cfg, rng)
    if rng.random() < 0.06:
        # Attention data parallelism in either spelling (--attn-dp-size, or the deprecated --dp-size
        # with --enable-dp-attention), sometimes beside replicas or over ranks it does not divide;
        # its LM head, and context parallelism inside it.
        cfg["tp_size"] = rng.choice([2, 4])
        if rng.random() < 0.5:
            cfg["attn_dp_size"] = 2
            if rng.random() < 0.15:
                cfg["dp_size"] = 2
        else:
            cfg["dp_size"] = 2
            cfg["enable_dp_attention"] = rng.random() < 0.8
            if rng.random() < 0.1:
                cfg["attn_dp_size"] = 2
        if rng.random() < 0.1:
            cfg["tp_size"] = 3
        cfg["enable_dp_lm_head"] = rng.random() < 0.6
        if rng.random() < 0.2:
            # The tensor-parallel ranks hold the attention DP groups times the CP ranks.
            cfg["attn_cp_size"], cfg["tp_size"] = 2, 4
    if rng.random() < 0.06:
        # Prefill context parallelism: a strategy usually given, sometimes a CP group of its own.
        cfg["enable_prefill_cp"] = True
        if rng.random() < 0.8:
            cfg["cp_strategy"] = rng.choice(["zigzag", "interleave"])
        if rng.random() < 0.3:
            cfg["attn_cp_size"], cfg["tp_size"] = 2, rng.choice([2, 4])
    dspark_dp = cfg.get("speculative_algorithm") == "DSPARK" and _attn_dp_groups(cfg) > 1
    for key in ("moe_a2a_backend", "speculative_moe_a2a_backend"):
        # The MoE all-to-all, where attention rules read it: DSPARK's dp attention, the CP layouts.
        if rng.random() < (0.4 if dspark_dp else 0.04):
            cfg[key] = rng.choice(MOE_A2A + (["megamoe"] * 2 if cfg["hardware"] in MEGAMOE_MACHINES and not cfg.get("cuda") else []))
    if rng.random() < 0.04:
        cfg["pp_size"] = 2
    if rng.random() < 0.04:
        cfg["disaggregation_mode"] = rng.choice(["prefill", "decode"])
    if rng.random() < 0.08:
        cfg["enable_deterministic_inference"] = True
    if rng.random() < 0.06:
        # Prefill-only serving: each precondition met with a probability, so each one fails alone.
        cfg["prefill_only_disable_kv_cache"] = True
        cfg["is_embedding"] = rng.random() < 0.85
        if rng.random() < 0.7:
            cfg["chunked_prefill_size"] = -1
        if rng.random() < 0.7:
            cfg["disable_radix_cache"] = True
        if rng.random() < 0.2:
            cfg["attn_cp_size"] = 2
    elif rng.random() < 0.08:
        cfg["chunked_prefill_size"] = rng.choice([-1, 2048, 8192])
    if rng.random() < 0.05:
        cfg["disable_radix_cache"] = True
    if rng.random() < (0.3 if cfg.get("dcp_size", 1) > 1 else 0.05):
        # The radix cache's host tiers: HiCache (often under DCP, where its own checks are), LMCache.
        cfg["enable_hierarchical_cache"] = True
    if rng.random() < 0.04:
        cfg["enable_lmcache"] = True
    if rng.random() < 0.1:
        cfg["enable_unified_memory"] = True
    if rng.random() < 0.03:
        cfg["enable_page_major_kv_layout"] = True
    if rng.random() < 0.04:
        cfg["disable_cuda_graph"] = True
    for phase in ("prefill", "decode"):
        # A phase's CUDA-graph capture, given; FULL prefill more often under the unified pool.
        if rng.random() < (0.3 if phase == "prefill" and cfg.get("enable_unified_memory") else 0.04):
            cfg[f"cuda_graph_backend_{phase}"] = rng.choice(["full", "full", "breakable", "disabled"])
    if cfg["model_arch"] != "mla":
        if rng.random() < 0.25:
            cfg["head_dim"] = rng.choice([64, 96, 128, 256])
        if rng.random() < 0.2:
            cfg["num_q_heads_per_rank"] = rng.choice([4, 8, 16, 32, 64])
        if cfg["model_arch"] == "gqa" and rng.random() < 0.3:
            q = cfg.get("num_q_heads_per_rank", 8)
            cfg["num_kv_heads_per_rank"] = rng.choice([d for d in (1, 2, 4, 8) if q % d == 0 and d < q] or [1])
        if rng.random() < 0.2:
            m = rng.choice(MODELS + PROVIDER_MODELS)
            if m:
                cfg["model"] = m
            if m == "Qwen4ExpForConditionalGeneration" and rng.random() < 0.5:
                cfg["qsa_profile"] = True
    elif rng.random() < 0.25:
        cfg["model"] = rng.choice(sorted(MLA_FAMILIES | DSA_CLASSES))
        if cfg["model"] == "DeepseekV3ForCausalLM" and rng.random() < 0.3:
            cfg["dsa"] = True
        if cfg.get("dsa") or cfg["model"] in DSA_CLASSES:
            if rng.random() < 0.2:
                cfg["index_kpool"] = rng.choice([2, 4])
            for key in ("dsa_prefill_backend", "dsa_decode_backend"):
                if rng.random() < 0.3:
                    cfg[key] = rng.choice(DSA_KERNELS)
    if cfg.get("enable_prefill_cp") and "model" not in cfg and rng.random() < 0.5:
        # The classes whose rules read prefill CP.
        cfg["model"] = rng.choice(sorted(MLA_FAMILIES | DSA_CLASSES) if cfg["model_arch"] == "mla" else PREFILL_CP_MODELS)
    sparse = cfg.get("dsa") or cfg.get("model") in DSA_CLASSES | {"MiniMaxM3SparseForCausalLM"}
    if rng.random() < (0.35 if sparse else 0.02):
        # Hierarchical sparse attention, usually with the radix cache off as it asks.
        cfg["enable_hisparse"] = True
        if rng.random() < 0.75:
            cfg["disable_radix_cache"] = True
    if rng.random() < 0.04 or (cfg.get("model") in MAMBA_RADIX_CACHE and rng.random() < 0.4):
        # The Mamba radix cache: a strategy, the snapshot interval, the overlap schedule.
        if rng.random() < 0.6:
            cfg["mamba_radix_cache_strategy"] = rng.choice(["no_buffer", "extra_buffer", "extra_buffer_lazy"])
        if rng.random() < 0.3:
            cfg["mamba_track_interval"] = rng.choice([4, 64, 100])
        if rng.random() < 0.4:
            cfg["disable_overlap_schedule"] = True
        if rng.random() < 0.2:
            cfg["mamba_chunk_size"] = rng.choice([64, 128, 256])
    _environment(cfg, rng)
    return cfg


def _environment(cfg: dict, rng: random.Random) -> None:
    """The server's environment variables, most often where a rule reads them."""
    algorithm, hip = cfg.get("speculative_algorithm"), cfg["hardware"].startswith("gfx")
    dp_draft = algorithm in ("DFLASH", "DSPARK") and _attn_dp_groups(cfg) > 1
    if rng.random() < (0.4 if dp_draft else 0.02):
        cfg["sglang_enable_dp_spec_prefill_coordination"] = rng.random() < 0.8
    if rng.random() < (0.3 if algorithm == "DSPARK" else 0.02):
        cfg["sglang_ragged_verify_mode"] = rng.choice(["static", "cap-accept", "compact"])
    trtllm = "trtllm_mha" in (cfg.get("attention_backend"), cfg.get("prefill_attention_backend"))
    if rng.random() < (0.4 if trtllm and cfg["hardware"] == "sm120" else 0.02):
        cfg["sglang_skip_softmax_prefill_threshold_scale_factor"] = rng.choice([0, 0.5, 2.0])
    if rng.random() < (0.3 if hip else 0.02):
        cfg["sglang_aiter_kv_cache_layout"] = rng.choice(["nhd", "vectorized_5d"])
    if rng.random() < (0.4 if hip and cfg.get("model") == "Qwen3VLForConditionalGeneration" else 0.02):
        cfg["sglang_use_aiter_unified_attn"] = True
    if rng.random() < (0.4 if algorithm and cfg.get("pp_size", 1) > 1 else 0.01):
        cfg["sglang_enable_pp_spec"] = True
    unified_pd = cfg.get("enable_unified_memory") and cfg.get("disaggregation_mode")
    if rng.random() < (0.4 if unified_pd else 0.01):
        cfg["sglang_disable_lazy_compaction"] = True
    if rng.random() < (0.3 if hip and algorithm in ("EAGLE", "NEXTN") else 0.01):
        cfg["sglang_simulate_acc_len"] = rng.choice([0, 2.5])
    for key in ("sglang_minicpm_force_dense", "sglang_minicpm_fuse_topk"):
        if rng.random() < 0.01:
            cfg[key] = True
