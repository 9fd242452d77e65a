"""The differential run: every recorded case and N seeded random configurations, each through
sglang's own code (engine.py, one worker per simulated machine) and through `attncap check`.

    python differential.py --attncap build/tools/attncap --random 5000 --seed 1 --report out.json

Compared: verdict, first message (exactly), exception, stage, the resolved backends, page size,
KV dtype and speculative values (accepted launches), and attncap's warnings (each must be a
message sglang logged). Every disagreement goes to the JSON report; the run fails when one is
not matched by an entry of known-differences.json.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import json
import re
import os
import random
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import configs  # noqa: E402

ENGINE = "sglang 0.5.23"
# Resolved values compared on accepted launches: name -> how to read it from a resolved record.
def _effective(r, key):
    return r.get(key) or r.get("attention_backend")


RESOLVED = {
    "prefill_backend": lambda r: _effective(r, "prefill_attention_backend"),
    "decode_backend": lambda r: _effective(r, "decode_attention_backend"),
    "page_size": lambda r: r.get("page_size"),
    "kv_cache_dtype": lambda r: r.get("kv_cache_dtype"),
    "dsa_prefill_backend": lambda r: r.get("dsa_prefill_backend"),
    "prefill_kv_cache_dequant_dtype": lambda r: r.get("prefill_kv_cache_dequant_dtype"),
    "dsa_decode_backend": lambda r: r.get("dsa_decode_backend"),
    "speculative_algorithm": lambda r: r.get("speculative_algorithm"),
    "speculative_eagle_topk": lambda r: r.get("speculative_eagle_topk"),
    "speculative_num_steps": lambda r: r.get("speculative_num_steps"),
    "speculative_num_draft_tokens": lambda r: r.get("speculative_num_draft_tokens"),
    "speculative_draft_attention_backend": lambda r: r.get("speculative_draft_attention_backend"),
    "speculative_use_rejection_sampling": lambda r: bool(r.get("speculative_use_rejection_sampling")),
    "speculative_attention_mode": lambda r: r.get("speculative_attention_mode"),
    "mamba_radix_cache_strategy": lambda r: r.get("mamba_radix_cache_strategy"),
}


def _outcome(p: subprocess.CompletedProcess) -> dict:
    if p.returncode == 2:
        return {"verdict": "bad_input", "message": p.stderr.strip(), "exception": None, "stage": "input"}
    j = json.loads(p.stdout)
    e = j.get("error") or {}
    return {"verdict": j["verdict"], "message": e.get("message"), "exception": e.get("exception"),
            "stage": e.get("stage"), "code": e.get("code"), "resolved": j.get("resolved"),
            "warnings": j.get("warnings", [])}


def attncap_outcome(binary: str, cfg: dict) -> dict:
    """attncap on the configuration as JSON (`check --config -`), with the head facts of the
    config.json sglang reads where the configuration leaves them open."""
    given = {**configs.written_facts(cfg), **cfg}
    p = subprocess.run([binary, "check", "--format", "json", "--config", "-"], input=json.dumps(given),
                       capture_output=True, text=True, check=False)
    return _outcome(p)


def attncap_launch_outcome(binary: str, cfg: dict) -> dict:
    """attncap on the launch itself: sglang's command line over a model folder holding the same
    generated config.json the engine reads, on the same machine."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="attncap-oracle-model-") as d:
        with open(os.path.join(d, "config.json"), "w") as f:
            json.dump(configs.hf_config(cfg), f)
        draft = os.path.join(d, "draft")
        draft_config = configs.draft_hf_config(cfg)
        if draft_config:
            os.makedirs(draft)
            with open(os.path.join(draft, "config.json"), "w") as f:
                json.dump(draft_config, f)
        hw, cuda = configs.machine_of(cfg)
        cmd = [binary, "check", "--format", "json", "--hardware", hw, "--cuda", cuda, "--"]
        cmd += [f"{name}={value}" for name, value in configs.environment(cfg).items()]
        cmd += [a.replace("{model}", d).replace("{draft}", draft) for a in configs.argv(cfg)]
        p = subprocess.run(cmd, capture_output=True, text=True, check=False)
    return _outcome(p)


class Workers:
    """One engine.py process per simulated machine, at most `jobs` alive at once."""

    def __init__(self, python: str, jobs: int):
        self.python, self.jobs = python, jobs

    def run(self, requests: list[dict]) -> dict:
        by_machine = collections.defaultdict(list)
        for r in requests:
            by_machine[r["machine"]].append(r)
        results: dict = {}
        groups = sorted(by_machine.items())
        lock = threading.Lock()

        def work():
            while True:
                with lock:
                    if not groups:
                        return
                    (hw, cuda), reqs = groups.pop(0)
                p = subprocess.Popen([self.python, os.path.join(HERE, "engine.py"), hw, cuda], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
                out, _ = p.communicate("".join(json.dumps(r) + "\n" for r in reqs))
                got = {}
                for line in out.splitlines():
                    d = json.loads(line)
                    got[d["id"]] = d
                for r in reqs:
                    results[r["id"]] = got.get(r["id"], {"verdict": "harness_error", "message": "worker ended early"})

        threads = [threading.Thread(target=work) for _ in range(self.jobs)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return results


_SET_LITERAL = re.compile(r"\{('[^'{}]*'(?:, '[^'{}]*')*)\}")


def same_text(a, b) -> bool:
    """Whether two messages agree, the elements of a printed Python set in any order: a set's
    order follows the process's string-hash seed, so the engine's own text varies between runs."""
    if not isinstance(a, str) or not isinstance(b, str):
        return a == b
    canon = lambda s: _SET_LITERAL.sub(lambda m: "{" + ", ".join(sorted(m.group(1).split(", "))) + "}", s)
    return canon(a) == canon(b)


def compare(cfg: dict, ours: dict, theirs: dict) -> dict:
    """The fields on which attncap and sglang differ for one configuration."""
    diff = {}
    if ours["verdict"] != theirs["verdict"]:
        diff["verdict"] = [ours["verdict"], theirs["verdict"]]
    if ours["verdict"] == theirs["verdict"] == "reject":
        for k in ("message", "exception", "stage"):
            if not same_text(ours.get(k), theirs.get(k)):
                diff[k] = [ours.get(k), theirs.get(k)]
    if ours["verdict"] == theirs["verdict"] == "accept":
        for k, read in RESOLVED.items():
            a, b = read(ours["resolved"]), read(theirs["resolved"])
            if k == "speculative_algorithm" and a is None and b is None:
                continue
            if a != b:
                diff[k] = [a, b]
    # Only an accepted launch logs every rewrite: a rejected one stops at its error, while attncap
    # lists every rewrite of the pipeline.
    if ours["verdict"] == theirs["verdict"] == "accept":
        missing = [w for w in ours.get("warnings", []) if w not in theirs.get("messages", [])]
        if missing:
            diff["warnings"] = [missing, None]
    return diff


def _get(record: dict, path: str):
    v = record
    for part in path.split("."):
        if not isinstance(v, dict):
            return None
        v = v.get(part)
    return v


def known(record: dict, entries: list[dict]):
    """The first known difference whose every condition holds for `record`, or None."""
    for e in entries:
        ok = True
        for path, want in e["when"].items():
            got = _get(record, path)
            if isinstance(want, dict) and "contains" in want:
                ok = isinstance(got, str) and want["contains"] in got
            elif isinstance(want, dict) and "present" in want:
                ok = (got is not None) == want["present"]
            elif isinstance(want, list):
                ok = got in want
            else:
                ok = got == want
            if not ok:
                break
        if ok:
            return e
    return None


def cases(recorded: str, n: int, seed: int) -> list[tuple[str, dict]]:
    out = []
    with open(recorded) as f:
        for c in json.load(f):
            out.append((c["id"], c["config"]))
    rng = random.Random(seed)
    out += [(f"R{seed}-{i}", configs.random_config(rng)) for i in range(n)]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--attncap", required=True, help="the attncap executable")
    ap.add_argument("--python", default=sys.executable, help="the Python holding sglang 0.5.23")
    ap.add_argument("--recorded", default=os.path.join(HERE, "..", "..", "tests", "data", "sglang-cases.json"))
    ap.add_argument("--known", default=os.path.join(HERE, "known-differences.json"))
    ap.add_argument("--random", type=int, default=5000, help="random configurations (after the recorded cases)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes at once")
    ap.add_argument("--report", default="oracle-report.json")
    ap.add_argument("--via", choices=["config", "launch"], default="config",
                    help="give attncap the configuration as JSON, or the same launch line and model folder as sglang")
    args = ap.parse_args()

    with open(args.known) as f:
        entries = json.load(f)["differences"]
    todo = cases(args.recorded, args.random, args.seed)
    requests, skipped = [], {}
    for cid, cfg in todo:
        why = configs.unexpressible(cfg)
        if why:
            skipped[cid] = why
            continue
        requests.append({"id": cid, "machine": configs.machine_of(cfg), "argv": configs.argv(cfg),
                         "env": configs.environment(cfg), "hf_config": configs.hf_config(cfg), "draft_hf_config": configs.draft_hf_config(cfg)})
    theirs = Workers(args.python, args.jobs).run(requests)
    disagreements, unknown, verdict_agree, all_agree = [], 0, 0, 0
    counted = collections.Counter()
    for cid, cfg in todo:
        if cid in skipped:
            continue
        ours = (attncap_launch_outcome if args.via == "launch" else attncap_outcome)(args.attncap, cfg)
        t = theirs[cid]
        d = compare(cfg, ours, t)
        verdict_agree += "verdict" not in d
        if not d:
            all_agree += 1
            continue
        rec = {"id": cid, "config": cfg, "diff": d, "attncap": ours,
               "sglang": {k: v for k, v in t.items() if k != "messages"}}
        k = known(rec, entries)
        rec["known"] = k["reason"] if k else None
        if k:
            counted[k["reason"]] += 1
        else:
            unknown += 1
        disagreements.append(rec)
    compared = len(todo) - len(skipped)
    report = {
        "engine": ENGINE,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"),
        "seed": args.seed,
        "configurations": len(todo),
        "compared": compared,
        "not_expressible": skipped,
        "agree_verdict": verdict_agree,
        "agree_all": all_agree,
        "agree_all_percent": round(100.0 * all_agree / compared, 2) if compared else None,
        "known_differences": dict(counted),
        "unknown_differences": unknown,
        "disagreements": disagreements,
    }
    with open(args.report, "w") as f:
        json.dump(report, f, indent=1)
    print(f"oracle: {ENGINE}: {compared} configurations compared ({len(skipped)} not expressible): "
          f"verdict agrees on {verdict_agree}, everything on {all_agree} ({report['agree_all_percent']} %); "
          f"{len(disagreements) - unknown} known differences, {unknown} unknown; report {args.report}")
    return 1 if unknown else 0


if __name__ == "__main__":
    sys.exit(main())
