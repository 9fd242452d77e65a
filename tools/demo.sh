#!/usr/bin/env bash
# Installs what is missing, builds the attncap CLI, and checks a launch that sglang would reject:
# hpc_ops with an MLA model on Hopper. Prints the engine's message, the other reasons, the
# rewrites and the backends that would work. (Exit status 1 from the CLI means "rejected".)
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target attncap_cli -j "$(nproc)"
./build/tools/attncap check --hardware sm90 --model-arch mla --attention-backend hpc_ops --page-size 16 \
  --speculative-algorithm EAGLE --speculative-eagle-topk 1 || [ $? -eq 1 ]
