#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""PyTorch's CPU scaled_dot_product_attention on the shapes of attncap_bench_kernels' rows, so the
two can be compared side by side on one machine: causal prefill S = 4096 (4 heads, D128), the
extend chunk (512 queries over a 16K prefix, 8 q / 2 KV heads) and batch-1 decode over 32K keys
(32 q / 8 KV heads). Prints the median and best of the repetitions, in milliseconds.

With --attncap LIB (bench/libattncap_peer_torch.so, built with -DATTNCAP_TORCH_PEER=ON), the
prefill and extend shapes alternate torch's call with attncap's on the same inputs in this
process, PAIRS pairs (torch first in even pairs, attncap first in odd ones), each in its own
layout (attncap: q token-major, the extend's K/V in pages of 16, HND, as the bench's rows), and
print both medians and torch's time over attncap's per pair (min, median, max), after checking
that the two outputs agree."""
import argparse
import ctypes
import statistics
import sys
import time

import torch
import torch.nn.functional as F


def timed(fn, reps):
    fn()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(times), min(times)


def shapes(dtype):
    d = 128
    q = torch.rand(1, 4, 4096, d, dtype=dtype) - 0.5
    k, v = torch.rand_like(q) - 0.5, torch.rand_like(q) - 0.5
    yield "prefill_causal/D128/S4096/H4", (q, k, v, None, 0), 5
    prefix, chunk = 16384, 512
    qe = torch.rand(1, 8, chunk, d, dtype=dtype) - 0.5
    ke = torch.rand(1, 2, prefix + chunk, d, dtype=dtype) - 0.5
    ve = torch.rand_like(ke) - 0.5
    # Query i of the chunk sees keys <= prefix + i (the cached prefix and the chunk up to itself).
    mask = torch.ones(chunk, prefix + chunk, dtype=torch.bool).tril(prefix)
    yield "extend/D128/chunk512/prefix16384/H8-KV2", (qe, ke, ve, mask, 16), 3
    qd = torch.rand(1, 32, 1, d, dtype=dtype) - 0.5
    kd = torch.rand(1, 8, 32768, d, dtype=dtype) - 0.5
    vd = torch.rand_like(kd) - 0.5
    yield "decode/D128/S32768/H32-KV8", (qd, kd, vd, None, None), 10


def torch_call(q, k, v, mask):
    if q.shape[2] == k.shape[2] and mask is None and q.shape[2] > 1:
        return lambda: F.scaled_dot_product_attention(q, k, v, is_causal=True)
    return lambda: F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=True)


def attncap_call(lib, q, k, v, page, threads):
    """attncap's prefill on copies of q, k, v in its layouts; returns the call and torch's view of
    its output."""
    heads, q_len, d = q.shape[1:]
    kv_heads, kv_len = k.shape[1:3]
    qa = q[0].transpose(0, 1).contiguous()
    if page:  # (pages, kv_heads, page, d): HND pages, in order
        ka, va = (x[0].reshape(kv_heads, kv_len // page, page, d).transpose(0, 1).contiguous() for x in (k, v))
    else:  # (kv_len, kv_heads, d)
        ka, va = (x[0].transpose(0, 1).contiguous() for x in (k, v))
    out = torch.empty_like(qa)
    err = ctypes.create_string_buffer(512)
    kind = 0 if q.dtype == torch.float32 else 1
    tensors = (qa, ka, va, out)  # held by the closure: ctypes keeps only their addresses

    def call():
        if lib.attncap_peer_prefill(*(x.data_ptr() for x in tensors), kind, q_len, kv_len, heads, kv_heads, d, page, threads, err, 512):
            sys.exit(f"attncap_peer_prefill: {err.value.decode()}")

    return call, lambda: out.transpose(0, 1).unsqueeze(0)


def alternated(name, torch_fn, attncap_fn, attncap_out, pairs):
    """Both calls once, outputs compared, then `pairs` pairs; the times and per-pair ratios."""
    expected = torch_fn()
    attncap_fn()
    got, want = attncap_out().float(), expected.float()
    diff = (got - want).abs().max().item()
    # Relative to each output row's size: late causal rows average many values and shrink, where
    # an absolute bound would pass a row that attends to the wrong keys.
    scale = want.abs().amax(dim=-1, keepdim=True).clamp_min(1e-6)
    rel = ((got - want).abs() / scale).max().item()
    limit = 1e-4 if expected.dtype == torch.float32 else 2e-2
    if not rel <= limit:
        sys.exit(f"{name}: attncap and torch differ by {rel} of a row's largest value (limit {limit})")
    t_torch, t_attncap = [], []
    for i in range(pairs):
        for fn, times in ((torch_fn, t_torch), (attncap_fn, t_attncap))[:: 1 if i % 2 == 0 else -1]:
            t0 = time.perf_counter()
            fn()
            times.append((time.perf_counter() - t0) * 1e3)
    ratios = sorted(a / b for a, b in zip(t_torch, t_attncap))
    return statistics.median(t_torch), statistics.median(t_attncap), ratios, diff


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--attncap", metavar="LIB", help="libattncap_peer_torch.so: alternate with attncap's prefill")
    ap.add_argument("--pairs", type=int, default=9, help="pairs per shape with --attncap (default 9)")
    args = ap.parse_args()
    if args.pairs < 1:
        ap.error(f"--pairs {args.pairs}: accepted 1 or more")
    lib = None
    if args.attncap:
        lib = ctypes.CDLL(args.attncap)
        lib.attncap_peer_prefill.restype = ctypes.c_int
        lib.attncap_peer_prefill.argtypes = [ctypes.c_void_p] * 4 + [ctypes.c_int] * 8 + [ctypes.c_char_p, ctypes.c_int]
    print(f"torch {torch.__version__}, {torch.backends.cpu.get_cpu_capability()}")
    for threads in (1, 2):
        torch.set_num_threads(threads)
        for dtype in (torch.bfloat16, torch.float32):
            for name, (q, k, v, mask, page), reps in shapes(dtype):
                label = f"{name}/{str(dtype).split('.')[1]}/threads:{threads}"
                with torch.no_grad():
                    if lib is not None and page is not None:
                        call, out = attncap_call(lib, q, k, v, page, threads)
                        t, a, r, diff = alternated(label, torch_call(q, k, v, mask), call, out, args.pairs)
                        print(f"{label}: torch {t:.1f} ms, attncap {a:.1f} ms, torch / attncap "
                              f"{r[0]:.2f} {statistics.median(r):.2f} {r[-1]:.2f} (min median max, "
                              f"{len(r)} pairs), max |diff| {diff:.1e}")
                    else:
                        med, best = timed(torch_call(q, k, v, mask), reps)
                        print(f"{label}: median {med:.1f} ms, best {best:.1f} ms")
                sys.stdout.flush()


if __name__ == "__main__":
    main()
