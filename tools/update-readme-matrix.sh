#!/usr/bin/env bash
# Rewrites README.md's capability matrix from `attncap matrix --format markdown`.
#   tools/update-readme-matrix.sh [path/to/attncap]   (default: build/tools/attncap)
set -euo pipefail
cd "$(dirname "$0")/.."
exe=${1:-build/tools/attncap}
python3 - "$exe" <<'PY'
import subprocess, sys
begin, end = "<!-- attncap-matrix:begin -->", "<!-- attncap-matrix:end -->"
table = subprocess.run([sys.argv[1], "matrix", "--format", "markdown"], check=True, capture_output=True, text=True).stdout.strip()
text = open("README.md").read()
a, b = text.index(begin), text.index(end) + len(end)
open("README.md", "w").write(text[:a] + begin + "\n" + table + "\n" + end + text[b:])
PY
