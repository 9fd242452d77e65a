"""What sglang itself decides for one launch, on the simulated machine of this process.

Run as a worker: ``python engine.py HARDWARE CUDA`` reads one JSON request per line
(``{"argv": [...], "hf_config": {...}}``) and writes one JSON outcome per line. The steps are
sglang's own: the real argparse (``prepare_server_args``), ``ServerArgs.resolve_once()``, then
what the model runner does before it builds attention (``runtime_context.publish``,
``ModelRunner.configure_kv_cache_dtype``, ``resolve_attention_backend_strs``) and the
registered factories through ``attention_backend_setup._build_resolved_backend``. Only the
backend classes the factories construct are stubbed (they allocate GPU memory and load
kernels); every check written in the factories and the model wrapper runs.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import functools
import importlib
import inspect
import io
import json
import logging
import os
import sys
import tempfile
import traceback
import types
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import machine  # noqa: E402

# The fields of the resolved record the comparison reads.
RESOLVED_FIELDS = (
    "attention_backend",
    "prefill_attention_backend",
    "decode_attention_backend",
    "page_size",
    "kv_cache_dtype",
    "speculative_algorithm",
    "speculative_eagle_topk",
    "speculative_num_steps",
    "speculative_num_draft_tokens",
    "speculative_draft_attention_backend",
    "speculative_use_rejection_sampling",
    "speculative_attention_mode",
    "dsa_prefill_backend",
    "prefill_kv_cache_dequant_dtype",
    "dsa_decode_backend",
    "disable_radix_cache",
    "disable_cuda_graph",
    "mamba_radix_cache_strategy",
)


class ArgparseRejection(Exception):
    """argparse's own error (it would print it and exit 2)."""


def _argparse_error(self, message):
    raise ArgparseRejection(message)


class _Records(logging.Handler):
    """Every message sglang logs or warns while one launch is resolved."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.messages: list[str] = []

    def emit(self, record):
        with contextlib.suppress(Exception):
            self.messages.append(record.getMessage())


class _Built:
    """Stand-in for a backend class a factory constructs; records what was built."""

    log: list[str] = []

    def __init__(self, *args, **kwargs):
        _Built.log.append(type(self).__name__)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        # A multi-step draft backend's per-step children, which the draft factory stamps.
        return [] if name == "attn_backends" else None


def _stub(name):
    if name[:1].isupper():
        return type(name, (_Built,), {})
    # A function (create_*, *_default, check_environments): records and returns a stand-in.
    def built(*args, **kwargs):
        _Built.log.append(name)
        return _Built()

    return built


def _construction_sites():
    """(module, name) of every backend class or helper the factory code imports inside a function.

    Read from sglang's own files so a release that adds a backend needs no change here; model
    config predicates (``sglang.srt.configs``, ``*.config``) stay real since the checks read them.
    """
    sites = set()
    for modname in (
        "sglang.srt.layers.attention.attention_registry",
        "sglang.srt.model_executor.model_runner_components.attention_backend_setup",
        "sglang.srt.speculative.draft_utils",
    ):
        tree = ast.parse(inspect.getsource(importlib.import_module(modname)))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef):
                continue
            for node in ast.walk(fn):
                if not isinstance(node, ast.ImportFrom) or not node.module:
                    continue
                mod = node.module
                if mod.startswith("sglang.srt.configs") or mod.endswith(".config"):
                    continue
                if not (mod.startswith("sglang.srt.layers.attention") or mod.startswith("sglang.srt.hardware_backend")
                        or mod.startswith("sglang.kernels")):
                    continue
                for alias in node.names:
                    if alias.name.startswith("is_"):
                        continue
                    sites.add((mod, alias.name))
    return sorted(sites)


# Backend classes whose constructor checks all come before its first device work: the stand-in
# runs sglang's own __init__ up to the line that begins with the marker, so the checks are real.
# Each value: (marker, names of the module: availability probes, made to answer True, and the
# classes the constructor builds first, which get stand-ins).
CHECKED_CONSTRUCTORS = {
    ("sglang.srt.layers.attention.hpc_ops_backend", "HPCOpsAttnBackend"): ("self.max_context_len", ("has_hpc_ops",)),
    ("sglang.srt.layers.attention.dsa_backend", "DeepseekSparseAttnBackend"): ("self.dsa_kv_cache_store_fp8", ()),
    ("sglang.srt.layers.attention.flashinfer_mla_backend", "FlashInferMLAMultiStepDraftBackend"): ("self.topk = topk", ()),
    ("sglang.srt.layers.attention.flashmla_backend", "FlashMLAMultiStepDraftBackend"): ("self.topk = topk", ()),
    # Its sparse-model and sparse-parameter checks, before it allocates the compressed caches.
    ("sglang.srt.layers.attention.minicpm.backend", "MiniCPMSparseBackend"): (
        "attach_compressed_cache(", ("FlashAttentionBackend",)),
}


class _Stop(Exception):
    """Raised by the tracer where the part of sglang's code that is run ends."""


@functools.lru_cache(maxsize=None)
def _stop_line(fn, marker: str) -> int:
    lines, first = inspect.getsourcelines(fn)
    return next(first + i for i, line in enumerate(lines) if line.strip().startswith(marker))


def _run_until(fn, marker: str, *args, **kwargs) -> None:
    """Runs sglang's own `fn` up to its first line that begins with `marker`, then stops."""
    stop, code = _stop_line(fn, marker), fn.__code__

    def tracer(frame, event, arg):
        if frame.f_code is not code:
            return None

        def local(frame, event, arg):
            if event == "line" and frame.f_lineno >= stop:
                raise _Stop
            return local

        return local

    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        fn(*args, **kwargs)
    except _Stop:
        pass
    finally:
        sys.settrace(previous)


def _checked(module, cls, marker: str, probes: tuple):
    """A subclass of `cls` whose constructor runs the real one up to `marker`, then stops."""
    for probe in probes:
        setattr(module, probe, _stub(probe) if probe[:1].isupper() else (lambda *a, **k: True))

    def __init__(self, *args, **kwargs):
        _Built.log.append(cls.__name__)
        _run_until(cls.__init__, marker, self, *args, **kwargs)

    return type(cls.__name__, (cls,), {"__init__": __init__})


def _stub_backend_classes():
    """Replaces each construction site with a stand-in, in the real module where it imports."""
    for mod, name in _construction_sites():
        try:
            module = importlib.import_module(mod)
        except Exception:
            module = sys.modules.setdefault(mod, types.ModuleType(mod))
        checked = CHECKED_CONSTRUCTORS.get((mod, name))
        real = getattr(module, name, None)
        stand_in = _checked(module, real, *checked) if checked and inspect.isclass(real) else _stub(name)
        setattr(module, name, stand_in)


def _stage(tb) -> str:
    """Where sglang raised: the innermost frame of sglang's own code that names a step."""
    stage = "server_args"
    for frame in traceback.extract_tb(tb):
        f = frame.filename.replace(os.sep, "/")
        if f.endswith("speculative/draft_utils.py"):
            stage = "factory"
        elif f.endswith("layers/attention/attention_registry.py"):
            stage = "wrapper" if frame.name.startswith("attn_backend_wrapper") else "factory"
        elif f.endswith("attention_backend_setup.py") and frame.name == "_build_full_attention_backend_from_str":
            stage = "factory"
        elif f.endswith(("kv_cache_dtype.py", "runtime_context.py", "kv_cache_configurator.py")):
            stage = "model_runner"
        elif frame.name == "__init__" and any(f.endswith(m.split(".", 2)[2].replace(".", "/") + ".py")
                                              for m, _ in CHECKED_CONSTRUCTORS):
            stage = "backend_init"
    return stage


def _source(frame) -> str:
    """A traceback frame as the wheel's file:line, relative to sglang/srt/ where it is sglang's."""
    f = frame.filename.replace(os.sep, "/")
    marker = "/sglang/srt/"
    return (f[f.index(marker) + len(marker):] if marker in f else os.path.basename(f)) + f":{frame.lineno}"


def _resolved(server_args) -> dict:
    d = server_args.resolved_dict()
    return {k: d.get(k) for k in RESOLVED_FIELDS}


def _runner(server_args):
    """A ModelRunner holding what its __init__ derives before attention, without its GPU work."""
    from sglang.srt.configs.model_config import AttentionArch
    from sglang.srt.arg_groups.model_override_base import model_config_of
    from sglang.srt.model_executor.model_runner import ModelRunner
    from sglang.srt.speculative.spec_info import SpeculativeAlgorithm
    from sglang.srt.runtime_context import get_schedule, get_spec

    runner = object.__new__(ModelRunner)
    runner.server_args = server_args
    runner.model_config = model_config_of(server_args)
    runner.is_draft_worker = False
    runner.draft_attention_backend = None
    runner.device = server_args.resolved_dict().get("device")
    runner.spec_algorithm = SpeculativeAlgorithm.from_string(get_spec().speculative_algorithm)
    runner.page_size = get_schedule().page_size
    runner.use_mla_backend = runner.model_config.attention_arch == AttentionArch.MLA
    runner.init_new_workspace = False
    runner.dtype = runner.model_config.dtype
    runner.model = None
    return runner


def _resolve_backends(runner):
    """The runner's prefill and decode backend names, resolved as its init_attention_backends
    does and set on it (the backends read them while they construct)."""
    from sglang.srt.model_executor.model_runner_components import attention_backend_setup as setup

    resolved = setup.resolve_attention_backend_strs(model_runner=runner)
    runner.prefill_attention_backend_str = resolved.prefill
    runner.decode_attention_backend_str = resolved.decode
    return resolved


def _kv_pool_checks(runner) -> None:
    """The checks that open the KV pool's construction, which comes before the backends; the
    pool itself (its sizing and allocation) is not built."""
    from sglang.srt.mem_cache.kv_cache_configurator import KVCacheConfigurator

    pool = object.__new__(KVCacheConfigurator)
    pool.kv_cache_dtype = runner.kv_cache_dtype
    pool.use_mla_backend = runner.use_mla_backend
    _run_until(KVCacheConfigurator.configure, "if not self.spec_algorithm.is_none()", pool, pre_model_load_memory=0)


def _eagle_draft_backends(runner) -> None:
    """What EAGLE's draft worker builds once the target's backends exist: the draft runner's own
    backends (the draft backend when one is given), then its draft backend factory's multi-step
    decode and draft-extend backends. The draft model is the target's (the oracle passes the
    target's path as the draft model's)."""
    import copy

    from sglang.srt.model_executor.model_runner_components import attention_backend_setup as setup
    from sglang.srt.runtime_context import get_spec
    from sglang.srt.speculative.draft_utils import DraftBackendFactory

    spec = get_spec()
    if spec.speculative_algorithm not in ("EAGLE", "EAGLE3", "STANDALONE") or spec.enable_multi_layer_eagle:
        return
    draft = copy.copy(runner)
    draft.is_draft_worker = True
    draft.draft_attention_backend = spec.speculative_draft_attention_backend
    setup._build_resolved_backend(model_runner=draft, resolved=_resolve_backends(draft), init_new_workspace=False)
    factory = DraftBackendFactory(draft, spec.speculative_eagle_topk, spec.speculative_num_steps)
    factory.create_decode_backend()
    factory.create_draft_extend_backend()


def _dspark_draft_backend() -> None:
    """The backend DSPARK's draft worker resolves for its draft (the last pipeline stage's, which
    hosts the draft): the dsv4 backend of a DeepSeek V4 draft, else the generic resolution, which
    logs its fallback. The worker itself needs a loaded draft model and is not built."""
    from sglang.srt.runtime_context import get_spec
    from sglang.srt.speculative.draft_worker_common import resolve_draft_worker_attention_backend
    from sglang.srt.speculative.dspark_components.dspark_config import draft_is_deepseek_v4

    if get_spec().speculative_algorithm == "DSPARK" and not draft_is_deepseek_v4():
        resolve_draft_worker_attention_backend(algo_label="DSPARK")


def decide(argv: list[str]) -> dict:
    """sglang's outcome for `argv`: verdict, first error, stage, resolved values, messages."""
    from sglang.srt import runtime_context
    from sglang.srt.model_executor.model_runner_components import attention_backend_setup as setup
    from sglang.srt.runtime_context import SpawnRanks
    from sglang.srt.server_args import prepare_server_args

    records = _Records()
    root = logging.getLogger()
    out: dict = {"verdict": "accept", "message": None, "exception": None, "stage": None}
    server_args = None
    _Built.log = []
    stage = "argparse"
    try:
        with warnings.catch_warnings(record=True) as caught, contextlib.redirect_stderr(io.StringIO()):
            warnings.simplefilter("always")
            try:
                server_args = prepare_server_args(argv)
                # prepare_server_args reconfigures logging; listen from here on.
                root.addHandler(records)
                stage = "server_args"
                server_args.resolve_once()
                # The engine's launch checks the resolved arguments before it starts a scheduler.
                server_args.check_server_args()
                stage = "model_runner"
                runtime_context.publish(server_args, role="scheduler", ranks=SpawnRanks(world_rank=0, dp_rank=0, gpu_id=0))
                runner = _runner(server_args)
                runner.configure_kv_cache_dtype()
                _kv_pool_checks(runner)
                resolved = _resolve_backends(runner)
                out["runner_backends"] = [resolved.prefill, resolved.decode]
                stage = "factory"
                setup._build_resolved_backend(model_runner=runner, resolved=resolved, init_new_workspace=False)
                _eagle_draft_backends(runner)
                _dspark_draft_backend()
            finally:
                for w in caught:
                    records.messages.append(str(w.message))
    except ArgparseRejection as e:
        out.update(verdict="reject", message=str(e), exception="ArgumentError", stage="argparse")
    except SystemExit as e:
        out.update(verdict="reject", message=f"exit {e.code}", exception="SystemExit", stage=stage)
    except BaseException as e:  # noqa: BLE001 - every exception is an engine verdict here
        s = _stage(e.__traceback__) if stage in ("server_args", "model_runner", "factory") else stage
        if stage == "model_runner" and s == "server_args":
            s = "model_runner"
        out.update(verdict="reject", message=str(e), exception=type(e).__name__, stage=s)
        out["where"] = [_source(f) for f in traceback.extract_tb(e.__traceback__)[-3:]]
    finally:
        root.removeHandler(records)
    if server_args is not None and out["verdict"] == "accept":
        out["resolved"] = _resolved(server_args)
    out["messages"] = records.messages
    out["built"] = list(_Built.log)
    return out


def serve(hardware: str, cuda: str | None) -> None:
    machine.simulate(hardware, cuda)
    argparse.ArgumentParser.error = _argparse_error
    logging.disable(logging.NOTSET)
    import sglang.srt.server_args  # noqa: F401 - the import evaluates the device probes

    _stub_backend_classes()
    out = sys.stdout
    sys.stdout = sys.stderr  # sglang prints; only outcomes go to the pipe
    with tempfile.TemporaryDirectory(prefix="attncap-oracle-model-") as root_dir:
        _serve_requests(root_dir, out)


def _serve_requests(root_dir: str, out) -> None:
    for n, line in enumerate(sys.stdin):
        req = json.loads(line)
        # A directory per launch: sglang caches configurations by path.
        model_dir = os.path.join(root_dir, str(n))
        os.makedirs(model_dir)
        with open(os.path.join(model_dir, "config.json"), "w") as f:
            json.dump(req["hf_config"], f)
        draft_dir = os.path.join(model_dir, "draft")
        if req.get("draft_hf_config"):
            os.makedirs(draft_dir)
            with open(os.path.join(draft_dir, "config.json"), "w") as f:
                json.dump(req["draft_hf_config"], f)
        argv = [a.replace("{model}", model_dir).replace("{draft}", draft_dir) for a in req["argv"]]
        # The launch's environment, and none left behind: sglang's resolution sets variables too.
        saved = dict(os.environ)
        os.environ.update(req.get("env") or {})
        try:
            res = decide(argv)
        except BaseException as e:  # noqa: BLE001 - a harness failure is reported, not fatal
            res = {"verdict": "harness_error", "message": f"{type(e).__name__}: {e}"}
        finally:
            os.environ.clear()
            os.environ.update(saved)
        res["id"] = req.get("id")
        out.write(json.dumps(res, default=str) + "\n")
        out.flush()


if __name__ == "__main__":
    serve(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] != "none" else None)
