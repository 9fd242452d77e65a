#!/usr/bin/env bash
# Installs what is missing, builds attncap with its tests, and runs them with ctest.
#   ATTNCAP_SANITIZE=1  build and run in an ASan+UBSan build instead (build-asan/)
#   ATTNCAP_CXX=clang++ build with that compiler (default: CMake's choice, g++ on Debian); the
#                       build folder is named after it (build-clang++/)
#   ATTNCAP_JOBS=N      parallel build and test jobs (default: number of cores)
#   ATTNCAP_ORACLE=1    also set up sglang 0.5.23's Python environment (cached outside the build
#                       tree, tools/oracle/setup-venv.sh) and run the differential test against it
#   ATTNCAP_ORACLE_RANDOM=N  its random configurations (default 5000; seed ATTNCAP_ORACLE_SEED, 1)
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
jobs=${ATTNCAP_JOBS:-$(nproc)}
if [ "${ATTNCAP_SANITIZE:-0}" = 1 ]; then
  dir=build-asan
  flags=(-DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS=-fsanitize=address,undefined -fno-sanitize-recover=all -O1")
  skip="compile-fail|consumer|oracle"
else
  dir=build
  flags=(-DCMAKE_BUILD_TYPE=Release)
  skip=""
fi
if [ -n "${ATTNCAP_CXX:-}" ]; then
  dir="$dir-$(basename "$ATTNCAP_CXX")"
  flags+=("-DCMAKE_CXX_COMPILER=$ATTNCAP_CXX")
fi
oracle_venv=""
if [ "${ATTNCAP_ORACLE:-0}" = 1 ]; then
  oracle_venv=$(bash tools/oracle/setup-venv.sh)
fi
# The oracle's sample size and worker count (ATTNCAP_ORACLE_RANDOM, ATTNCAP_ORACLE_JOBS).
export ATTNCAP_ORACLE_JOBS=${ATTNCAP_ORACLE_JOBS:-$jobs}
cmake -S . -B "$dir" -G Ninja "${flags[@]}" "-DATTNCAP_ORACLE_VENV=$oracle_venv" \
  "-DATTNCAP_ORACLE_RANDOM=${ATTNCAP_ORACLE_RANDOM:-5000}" >/dev/null
cmake --build "$dir" -j "$jobs"
cd "$dir"
if [ -n "$skip" ]; then
  ctest -j "$jobs" --output-on-failure -LE "$skip"
else
  ctest -j "$jobs" --output-on-failure
fi
