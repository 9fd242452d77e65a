#!/usr/bin/env bash
# Compile cost of the kernel space: marginal time per instantiation, and the full default space
# built as one TU vs sharded (the shards compiled in parallel, as attncap_instantiate_kernels does).
# Usage: bench/compile_cost.sh [compiler]   (run from the repository root)
set -euo pipefail
cxx=${1:-g++}
flags="-std=c++20 -O2 -Iinclude -c -o /dev/null"
shard=$(mktemp --suffix=.cpp)
trap 'rm -f "$shard"' EXIT
echo '#include <attncap/kernels/instantiate.hpp>' > "$shard"

best_of_3() {  # seconds, best of three compiles of the shard TU with the given definitions
  local best=
  for _ in 1 2 3; do
    local t0 t1
    t0=$(date +%s.%N)
    $cxx $flags "$@" -DATTNCAP_KERNELS_SHARD_INDEX=0 -DATTNCAP_KERNELS_SHARD_COUNT=1 "$shard"
    t1=$(date +%s.%N)
    best=$(echo "$t1 - $t0" | bc | awk -v b="$best" '{ if (b == "" || $1 < b) print $1; else print b }')
  done
  echo "$best"
}

one="-DATTNCAP_HEAD_DIMS=128 -DATTNCAP_KV_DTYPES=bf16 -DATTNCAP_DTYPES=bf16 -DATTNCAP_KERNELS_DISABLE_MLA"
t1=$(best_of_3 $one -DATTNCAP_GQA_GROUPS=1)
t4=$(best_of_3 $one -DATTNCAP_GQA_GROUPS=1,2,4,8)
tp=$(best_of_3 -DATTNCAP_HEAD_DIMS=128 -DATTNCAP_KV_DTYPES=bf16 -DATTNCAP_GQA_GROUPS=1 \
               -DATTNCAP_DTYPES=bf16,fp16,fp32 -DATTNCAP_KERNELS_DISABLE_MLA)
echo "compiler: $($cxx --version | head -1)"
echo "TU with 1 decode + 1 prefill instantiation: ${t1}s"
echo "marginal decode instantiation (3 ISA bodies): $(echo "($t4 - $t1) / 3" | bc -l | cut -c1-5)s"
echo "marginal prefill instantiation (3 ISA bodies): $(echo "($tp - $t1) / 2" | bc -l | cut -c1-5)s"

full() {  # wall seconds to build the default space in $1 shards, $2 at a time
  local n=$1 jobs=$2 t0 t1
  t0=$(date +%s.%N)
  seq 0 $((n - 1)) | xargs -P "$jobs" -I{} $cxx $flags -DATTNCAP_KERNELS_SHARD_INDEX={} \
    -DATTNCAP_KERNELS_SHARD_COUNT="$n" "$shard"
  t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc
}
cores=$(nproc)
echo "default space (96 decode + 18 prefill + 4 MLA) on $cores cores:"
echo "  1 TU:              $(full 1 1)s wall"
echo "  $cores shards (-j$cores):   $(full "$cores" "$cores")s wall"
echo "  8 shards (-j$cores):   $(full 8 "$cores")s wall"
