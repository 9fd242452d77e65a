"""A simulated machine for sglang's device probes.

sglang decides the platform from torch (``torch.cuda.is_available()``, ``torch.version.hip``,
``torch.cuda.get_device_capability()``, ``torch.xpu.is_available()``, the
``SGLANG_USE_CPU_ENGINE`` switch) and caches most answers with ``lru_cache`` or in module
globals at import time. So the machine is set up here, in a fresh process, before the first
sglang import; one process simulates one machine.

GPU-only extension modules (``sgl_kernel``, ``flashinfer``, ...) are replaced by inert modules:
on a real machine they import, here they only have to exist, since no kernel runs.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import os
import sys
import types

# attncap hardware name -> what the probes answer.
MACHINES = {
    "sm80": ("cuda", (8, 0), "NVIDIA A100-SXM4-80GB"),
    "sm86": ("cuda", (8, 6), "NVIDIA RTX A6000"),
    "sm89": ("cuda", (8, 9), "NVIDIA L40S"),
    "sm90": ("cuda", (9, 0), "NVIDIA H100 80GB HBM3"),
    "sm100": ("cuda", (10, 0), "NVIDIA B200"),
    "sm103": ("cuda", (10, 3), "NVIDIA B300"),
    "sm110": ("cuda", (11, 0), "NVIDIA Thor"),
    "sm120": ("cuda", (12, 0), "NVIDIA RTX PRO 6000 Blackwell"),
    "sm121": ("cuda", (12, 1), "NVIDIA GB10"),
    "gfx90a": ("hip", (9, 0), "AMD Instinct MI250X"),
    "gfx942": ("hip", (9, 4), "AMD Instinct MI300X"),
    "gfx950": ("hip", (9, 5), "AMD Instinct MI355X"),
    "cpu": ("cpu", None, "cpu"),
    "cpu_amx": ("cpu", None, "cpu"),
    "cpu_arm64": ("cpu", None, "cpu"),
    "xpu": ("xpu", None, "Intel Data Center GPU Max 1550"),
    "xpu_xmx": ("xpu", None, "Intel Data Center GPU Max 1550"),
}

# Extension modules that exist only on GPU machines; each becomes an inert module.
GPU_ONLY_MODULES = (
    "sgl_kernel",
    "sglang_kernel",
    "flashinfer",
    "flash_attn",
    "flash_attn_interface",
    "flash_mla",
    "deep_gemm",
    "deep_ep",
    "aiter",
    "tilelang",
    "cutlass",
    "cuda",
    "quack",
    "humming",
    "nvshmem",
    "triton_kernels",
    "intel_extension_for_pytorch",
    "vllm",
    "hpc",
    "mooncake",
    "torch_memory_saver",
)


class _Inert(types.ModuleType):
    """A module whose every attribute is another inert object: imports and decorators pass."""

    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        value = _InertObject(f"{self.__name__}.{name}")
        setattr(self, name, value)
        return value


class _InertObject:
    def __init__(self, name):
        self._name = name

    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return _InertObject(f"{self._name}.{name}")

    def __call__(self, *args, **kwargs):
        # Used as a decorator (`@triton_kernels.jit`), return the decorated function.
        if len(args) == 1 and callable(args[0]) and not kwargs:
            return args[0]
        return _InertObject(self._name + "()")

    def __mro_entries__(self, bases):
        return (object,)

    def __iter__(self):
        return iter(())

    def __bool__(self):
        return False

    def __repr__(self):
        return f"<inert {self._name}>"


class _InertFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path, target=None):
        if fullname.split(".")[0] in GPU_ONLY_MODULES:
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        module = _Inert(spec.name)
        module.__path__ = []
        module.__version__ = "99.0.0"
        return module

    def exec_module(self, module):
        pass


class _Stream:
    """A CUDA stream that needs no driver (a class, since annotations use `Stream | None`)."""

    def __init__(self, *args, **kwargs):
        pass

    def wait_stream(self, *args):
        pass

    def synchronize(self):
        pass


class _Props:
    def __init__(self, name, cap, arch):
        self.name = name
        self.gcnArchName = arch
        self.major, self.minor = cap
        self.total_memory = 80 * 2**30
        self.multi_processor_count = 132


def _no_cuda(*args, **kwargs):
    raise AssertionError("Torch not compiled with CUDA enabled")


def simulate(hardware: str, cuda: str | None) -> None:
    """Makes torch and the environment answer as `hardware` (with CUDA toolkit `cuda`) does."""
    kind, cap, name = MACHINES[hardware]
    # Imported first: they check torch's CUDA build against their own at import.
    import torch
    import torchvision  # noqa: F401
    import transformers  # noqa: F401

    sys.meta_path.insert(0, _InertFinder())
    os.environ.pop("SGLANG_USE_CPU_ENGINE", None)
    torch.cuda.is_available = lambda: kind in ("cuda", "hip")
    torch.cuda.is_initialized = lambda: False
    torch.xpu.is_available = lambda: kind == "xpu"
    if kind in ("cuda", "hip"):
        torch.version.cuda = (cuda or "12.8") if kind == "cuda" else None
        torch.version.hip = "6.4.0" if kind == "hip" else None
        torch.cuda.get_device_capability = lambda *a, **k: cap
        torch.cuda.get_device_name = lambda *a, **k: name
        torch.cuda.device_count = lambda: 8
        torch.cuda.get_device_properties = lambda *a, **k: _Props(name, cap, hardware + ":sramecc+:xnack-")
        torch.cuda.mem_get_info = lambda *a, **k: (75 * 2**30, 80 * 2**30)
        torch.cuda.current_device = lambda: 0
        # Factories create streams (flashinfer with EAGLE); a stream needs a driver.
        torch.cuda.Stream = _Stream
    else:
        torch.version.cuda = None
        torch.version.hip = None
        # The torch of a CPU or XPU machine is built without CUDA: its device queries raise.
        torch.cuda._lazy_init = _no_cuda
    if kind == "cpu":
        os.environ["SGLANG_USE_CPU_ENGINE"] = "1"
    if kind == "xpu":
        torch.xpu.device_count = lambda: 8
        torch.xpu.get_device_name = lambda *a, **k: name
        torch.xpu.get_device_capability = lambda *a, **k: {"version": "12.60.7"}
        torch.xpu.current_device = lambda: 0
    # AMX on CPU, XMX on XPU: sglang's own probes, patched once sglang is importable.
    import sglang.srt.utils.common as common

    common.cpu_has_amx_support = lambda: hardware == "cpu_amx"
    common.is_amx_tile_supported = hardware == "cpu_amx"
    common.xpu_has_xmx_support = lambda: hardware == "xpu_xmx"
    common.is_host_cpu_arm64 = lambda: hardware == "cpu_arm64"
    # Free memory decides memory fractions only, never an attention rule: a fixed 80 GiB.
    common.get_device_memory_capacity = lambda *a, **k: 80 * 1024
