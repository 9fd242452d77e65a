"""The model-facts differential: seeded random config.json files, each loaded by sglang 0.5.23's
own ModelConfig and read by `attncap check` from the same launch line.

    python facts.py --attncap build/tools/attncap --python VENV/bin/python --random 400 --seed 1

The files vary what decides the facts attncap derives from a config.json before any rule runs:
where the text model sits (the top level, text_config, language_config, llm_config,
thinker_config, a thinker's own text_config, several at once), the dtype (dtype or torch_dtype,
on which config, torch's names and others, null, numbers, booleans), head_dim (stated, null,
absent, zero) and the KV heads (stated or not); MLA's latent keys, a window, a local-attention chunk, and
classes whose name decides MLA, sinks, hybrid sliding-window memory or cross attention; the
launch adds --tp-size, --dtype and --json-model-override-args. Compared: whether the model loads
(an exception in sglang; for attncap, a refusal naming config.json), and where it does its dtype,
head dim, query and KV heads per rank, MLA, cross attention, sinks, hybrid SWA and chunked local
attention. A value sglang takes but cannot serve (a dtype it does not know, a head dim of 0) must
be a refusal in attncap, which names the fact. Any difference fails the run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SERVABLE_DTYPES = ("float16", "bfloat16", "float32")
BOOLEAN_FACTS = ("mla", "encoder_decoder", "attention_sinks", "hybrid_swa", "chunked_local_attention")
PLACES = ("", "text_config", "language_config", "llm_config", "thinker_config", "thinker_config.text_config")
DTYPE_NAMES = ("float16", "bfloat16", "float32", "half", "float", "float64", "fp16", None)  # and null
SCALAR_DTYPES = DTYPE_NAMES + (5, True)
DTYPES = SCALAR_DTYPES + (["bfloat16"],)
CLASSES = (("LlamaForCausalLM", "llama"), ("Qwen2ForCausalLM", "qwen2"), ("Gemma2ForCausalLM", "gemma2"),
           ("LlavaLlamaForCausalLM", "llama"), ("MistralForCausalLM", "mistral"), ("DeepseekV3ForCausalLM", "llama"),
           ("DeepseekV2ForCausalLM", "llama"), ("MiniCPM3ForCausalLM", "llama"), ("GptOssForCausalLM", "llama"),
           ("Llama4ForCausalLM", "llama"), ("Gemma3ForCausalLM", "llama"), ("Qwen3ForCausalLM", "llama"),
           ("MossVLForConditionalGeneration", "llama"), ("GraniteSWAForCausalLM", "llama"))
# Their latent keys are always stated: the engine's config class for a DeepSeek type fills in
# missing ones, a plain config does not, and attncap reads neither.
MLA_CLASSES = ("DeepseekV3ForCausalLM", "DeepseekV2ForCausalLM", "MiniCPM3ForCausalLM")
# Keys of the attention variants a class may read: MLA's latent ranks, a window, a local chunk.
EXTRAS = ({"kv_lora_rank": 512, "qk_rope_head_dim": 64, "qk_nope_head_dim": 128, "v_head_dim": 128},
          {"sliding_window": 4096}, {"attention_chunk_size": 8192}, {"v_head_dim": 64})


def _put(d: dict, place: str, key: str, value) -> None:
    for part in filter(None, place.split(".")):
        d = d.setdefault(part, {})
    d[key] = value


def _text_model(rng: random.Random, own_defaults: bool) -> dict:
    """A text model's keys; one read by a config class with defaults of its own (`own_defaults`:
    Gemma 2's head_dim of 256, Mistral's 8 KV heads) states both, as real checkpoints do."""
    heads = rng.choice([8, 16, 28, 32, 40, 64])
    m = {"hidden_size": heads * rng.choice([64, 128]), "num_attention_heads": heads, "num_hidden_layers": 2,
         "vocab_size": 32000}
    if own_defaults or rng.random() < 0.8:
        m["num_key_value_heads"] = rng.choice([h for h in (1, 2, 4, 8, heads) if heads % h == 0])
    r = rng.random()
    if own_defaults or r < 0.3:
        m["head_dim"] = rng.choice([64, 128, 256])
    elif r < 0.4:
        m["head_dim"] = rng.choice([None, 0])
    return m


def random_case(rng: random.Random) -> dict:
    cls, model_type = rng.choice(CLASSES)
    places = rng.sample(PLACES, rng.choice([1, 1, 1, 2]))
    if "thinker_config.text_config" in places:  # a thinker's text config is a config only in Omni's class
        cls, model_type = "Qwen2_5OmniModel", "qwen2_5_omni"
    if cls.startswith("Llava"):  # the engine's LLaVA reads the top level, which Llama's class fills in
        places = [""]
    hf = {"architectures": [cls], "model_type": model_type}
    for place in places:
        own_defaults = model_type != "llama" and (place == "" or place.startswith("thinker"))
        keys = _text_model(rng, own_defaults)
        for extra in EXTRAS:
            if ("kv_lora_rank" in extra and cls in MLA_CLASSES) or rng.random() < 0.2:
                keys |= extra
        for key, value in keys.items():
            _put(hf, place, key, value)
    for place in rng.sample(PLACES, rng.choice([0, 1, 1, 2])):
        for key in rng.sample(["dtype", "torch_dtype"], rng.choice([1, 1, 2])):
            # A list as a sub-config's torch_dtype stops the load only where its class makes it a
            # config (Omni's thinker), which attncap does not know: drawn as dtype or at the top.
            _put(hf, place, key, rng.choice(DTYPES if key == "dtype" or not place else SCALAR_DTYPES))
    argv = ["--tp-size", str(rng.choice([1, 2, 4, 8]))]
    if rng.random() < 0.25:
        argv += ["--dtype", rng.choice(["auto", "float16", "bfloat16", "float32", "half"])]
    if rng.random() < 0.2:
        place = rng.choice(["", "text_config"])
        override: dict = {}
        _put(override, place, rng.choice(["dtype", "torch_dtype"]), rng.choice(DTYPE_NAMES))
        argv += ["--json-model-override-args", json.dumps(override)]
    return {"hf_config": hf, "argv": argv}


def _flag(argv: list[str], name: str) -> str | None:
    """The value the launch gives flag `name`, or None."""
    return argv[argv.index(name) + 1] if name in argv else None


def serve() -> None:
    """The worker, run by the Python holding sglang: one case a line in, its facts a line out."""
    sys.path.insert(0, HERE)
    import machine

    machine.simulate("sm90", "12.4")
    from sglang.srt.configs.model_config import AttentionArch, ModelConfig

    out, sys.stdout = sys.stdout, sys.stderr
    with tempfile.TemporaryDirectory(prefix="attncap-facts-") as root:
        for n, line in enumerate(sys.stdin):
            case = json.loads(line)
            d = os.path.join(root, str(n))  # a folder per case: configurations are cached by path
            os.makedirs(d)
            with open(os.path.join(d, "config.json"), "w") as f:
                json.dump(case["hf_config"], f)
            a = case["argv"]
            given = {"dtype": _flag(a, "--dtype"), "model_override_args": _flag(a, "--json-model-override-args")}
            try:
                mc = ModelConfig(model_path=d, trust_remote_code=False,
                                 **{k: v for k, v in given.items() if v is not None})
                dtype = str(mc.dtype).removeprefix("torch.")
                tp = int(_flag(a, "--tp-size"))
                res = {"dtype": dtype, "head_dim": mc.head_dim, "num_q_heads_per_rank": mc.num_attention_heads // tp,
                       "num_kv_heads_per_rank": mc.get_num_kv_heads(tp),
                       "mla": mc.attention_arch == AttentionArch.MLA, "encoder_decoder": bool(mc.is_encoder_decoder),
                       "attention_sinks": bool(mc.has_attention_sinks), "hybrid_swa": bool(mc.is_hybrid_swa),
                       "chunked_local_attention": mc.attention_chunk_size is not None}
            except Exception as e:  # noqa: BLE001 - the engine cannot load the file: the verdict
                res = {"error": f"{type(e).__name__}: {e}"}
            out.write(json.dumps(res, default=str) + "\n")
            out.flush()


def sglang_facts(python: str, cases: list[dict]) -> list[dict]:
    p = subprocess.run([python, os.path.abspath(__file__), "--serve"], input="".join(json.dumps(c) + "\n" for c in cases),
                       capture_output=True, text=True, check=False)
    got = [json.loads(line) for line in p.stdout.splitlines()]
    if len(got) != len(cases):
        raise SystemExit(f"facts: the sglang worker answered {len(got)} of {len(cases)} cases:\n{p.stderr[-3000:]}")
    return got


def attncap_facts(binary: str, case: dict) -> dict:
    with tempfile.TemporaryDirectory(prefix="attncap-facts-") as d:
        with open(os.path.join(d, "config.json"), "w") as f:
            json.dump(case["hf_config"], f)
        p = subprocess.run([binary, "check", "--format", "json", "--hardware", "sm90", "--cuda", "12.4", "--",
                            "--model-path", d, *case["argv"]], capture_output=True, text=True, check=False)
    if p.returncode == 2:
        return {"error": p.stderr.strip()}
    r = json.loads(p.stdout)["resolved"]
    facts = {k: r.get(k) for k in ("dtype", "head_dim", "num_q_heads_per_rank", "num_kv_heads_per_rank", *BOOLEAN_FACTS)}
    return facts | {"mla": r.get("model_arch") == "mla"}


def differences(ours: dict, theirs: dict) -> list[str]:
    """What attncap says differently from sglang; empty when they agree."""
    if "error" in theirs:
        return [] if "error" in ours else ["sglang cannot load the file; attncap derives facts"]
    unservable = [k for k, bad in (("dtype", theirs["dtype"] not in SERVABLE_DTYPES),
                                   ("head_dim", theirs["head_dim"] <= 0)) if bad]
    if unservable:
        if "error" in ours and any(f": {k}: " in ours["error"] for k in unservable):
            return []
        return [f"sglang loads a {' and '.join(unservable)} it cannot serve; attncap does not refuse it by name"]
    if "error" in ours:
        return ["attncap refuses a file sglang loads"]
    return [f"{k}: attncap {ours[k]!r}, sglang {theirs[k]!r}" for k in theirs if ours.get(k) != theirs[k]]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--attncap", help="the attncap executable")
    ap.add_argument("--python", default=sys.executable, help="the Python holding sglang 0.5.23")
    ap.add_argument("--random", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--report", default="oracle-facts-report.json")
    ap.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve:
        serve()
        return 0
    if not args.attncap:
        ap.error("--attncap is required")
    rng = random.Random(args.seed)
    cases = [random_case(rng) for _ in range(args.random)]
    theirs = sglang_facts(args.python, cases)
    report = []
    for case, t in zip(cases, theirs):
        ours = attncap_facts(args.attncap, case)
        diff = differences(ours, t)
        if diff:
            report.append({**case, "diff": diff, "attncap": ours, "sglang": t})
    with open(args.report, "w") as f:
        json.dump({"seed": args.seed, "cases": len(cases), "differences": report}, f, indent=1)
    loaded = [t for t in theirs if "error" not in t]
    shown = ", ".join(f"{k} {sum(bool(t[k]) for t in loaded)}" for k in BOOLEAN_FACTS)
    print(f"oracle facts: {len(cases)} config.json files ({len(loaded)} loaded by sglang; of those {shown}): "
          f"{len(cases) - len(report)} agree, {len(report)} differ; report {args.report}")
    return 1 if report else 0


if __name__ == "__main__":
    sys.exit(main())
