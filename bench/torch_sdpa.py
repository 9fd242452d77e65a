#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""PyTorch's CPU scaled_dot_product_attention on the shapes of attncap_bench_kernels' rows, so the
two can be compared side by side on one machine: causal prefill S = 4096 (4 heads, D128), the
extend chunk (512 queries over a 16K prefix, 8 q / 2 KV heads) and batch-1 decode over 32K keys
(32 q / 8 KV heads). Prints the median and best of the repetitions, in milliseconds."""
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
    yield "prefill_causal/D128/S4096/H4", lambda: F.scaled_dot_product_attention(q, k, v, is_causal=True), 5
    prefix, chunk = 16384, 512
    qe = torch.rand(1, 8, chunk, d, dtype=dtype) - 0.5
    ke = torch.rand(1, 2, prefix + chunk, d, dtype=dtype) - 0.5
    ve = torch.rand_like(ke) - 0.5
    # Query i of the chunk sees keys <= prefix + i (the cached prefix and the chunk up to itself).
    mask = torch.ones(chunk, prefix + chunk, dtype=torch.bool).tril(prefix)
    yield "extend/D128/chunk512/prefix16384/H8-KV2", lambda: F.scaled_dot_product_attention(
        qe, ke, ve, attn_mask=mask, enable_gqa=True), 3
    qd = torch.rand(1, 32, 1, d, dtype=dtype) - 0.5
    kd = torch.rand(1, 8, 32768, d, dtype=dtype) - 0.5
    vd = torch.rand_like(kd) - 0.5
    yield "decode/D128/S32768/H32-KV8", lambda: F.scaled_dot_product_attention(qd, kd, vd, enable_gqa=True), 10


def main():
    print(f"torch {torch.__version__}, {torch.backends.cpu.get_cpu_capability()}")
    for threads in (1, 2):
        torch.set_num_threads(threads)
        for dtype in (torch.bfloat16, torch.float32):
            for name, fn, reps in shapes(dtype):
                with torch.no_grad():
                    med, best = timed(fn, reps)
                print(f"{name}/{str(dtype).split('.')[1]}/threads:{threads}: median {med:.1f} ms, best {best:.1f} ms")
                sys.stdout.flush()


if __name__ == "__main__":
    main()
