#!/usr/bin/env python3
"""Times PyTorch's CPU scaled_dot_product_attention on the shapes bench/kernels.cpp runs, so
attncap and torch can be measured back to back on one machine.

    python bench/peers/torch_sdpa.py decode  S Hq Hkv D fp16|bf16|fp32 THREADS REPS
    python bench/peers/torch_sdpa.py prefill S Hq Hkv D fp16|bf16|fp32 THREADS REPS  (causal)

Needs `torch` (pip); q, K and V are all of the given dtype, as SDPA takes one dtype.
"""
import statistics
import sys
import time

import torch

DTYPES = {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32}


def main(argv):
    if len(argv) != 9 or argv[1] not in ("decode", "prefill") or argv[6] not in DTYPES:
        print(__doc__, file=sys.stderr)
        return 2
    mode = argv[1]
    s, hq, hkv, d, threads, reps = (int(a) for a in (argv[2], argv[3], argv[4], argv[5], argv[7], argv[8]))
    if min(s, hq, hkv, d, threads, reps) <= 0 or hq % hkv:
        print("S, Hq, Hkv, D, THREADS and REPS must be positive, and Hq a multiple of Hkv", file=sys.stderr)
        return 2
    torch.set_num_threads(threads)
    dtype = DTYPES[argv[6]]
    nq = s if mode == "prefill" else 1
    gen = torch.Generator().manual_seed(1)
    q = torch.rand(1, hq, nq, d, generator=gen).to(dtype)
    k = torch.rand(1, hkv, s, d, generator=gen).to(dtype)
    v = torch.rand(1, hkv, s, d, generator=gen).to(dtype)
    times = []
    with torch.no_grad():
        for r in range(reps + 2):
            t0 = time.perf_counter()
            torch.nn.functional.scaled_dot_product_attention(
                q, k, v, is_causal=(mode == "prefill"), enable_gqa=(hq != hkv))
            if r >= 2:
                times.append(time.perf_counter() - t0)
    t = statistics.median(times)
    pairs = s * (s + 1) / 2 if mode == "prefill" else s
    flops = 2 * 2 * hq * d * pairs
    kv_bytes = 2 * s * hkv * d * k.element_size()
    print(f"torch {torch.__version__} {mode} S={s} Hq={hq} Hkv={hkv} D={d} dtype={argv[6]} threads={threads}: "
          f"{t * 1e3:.3f} ms, {kv_bytes / t / 1e9:.1f} GB/s, {flops / t / 1e9:.1f} GFLOP/s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
