#!/usr/bin/env bash
# Installs what is missing, builds the attncap CLI, and checks an sglang launch line as a launch
# script writes it: DeepSeek-V3 (its config.json facts, in tests/data/models) with hpc_ops on
# Hopper, which sglang rejects. Prints the engine's message, the other reasons, the rewrites,
# the backends that would work, the facts read from the model and the flags no attention check
# reads. (Exit status 1 from the CLI means "rejected".)
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target attncap_cli -j "$(nproc)"
./build/tools/attncap check --hardware sm90 -- python -m sglang.launch_server \
  --model-path tests/data/models/deepseek-v3 --attention-backend hpc_ops --tp-size 8 \
  --host 0.0.0.0 --port 30000 --trust-remote-code || [ $? -eq 1 ]
