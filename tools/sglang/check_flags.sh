#!/usr/bin/env bash
# Whether tools/attncap/sglang_flags.inc is what the sglang release in VENV defines.
#   check_flags.sh VENV
# Exit 77 (CTest's skip) when VENV holds no Python with sglang.
set -euo pipefail
venv=${1:-}
here=$(cd "$(dirname "$0")" && pwd)
if [ -z "$venv" ] || ! "$venv/bin/python" -c "import sglang" 2>/dev/null; then
  echo "flag table: SKIPPED: no Python environment with sglang (ATTNCAP_ORACLE_VENV='$venv')"
  exit 77
fi
"$venv/bin/python" "$here/dump_flags.py" 2>/dev/null | diff -u "$here/../attncap/sglang_flags.inc" - &&
  echo "tools/attncap/sglang_flags.inc is the flag table of the sglang in $venv"
