#!/usr/bin/env bash
# Creates (once) the Python environment the oracle runs sglang 0.5.23 in, outside any build
# tree so that a clean build keeps it, and prints its path.
#   ATTNCAP_ORACLE_VENV  where it lives (default ~/.cache/attncap/oracle-sglang-0.5.23)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
venv=${ATTNCAP_ORACLE_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/attncap/oracle-sglang-0.5.23}
stamp="$venv/.attncap-requirements"
if [ -f "$stamp" ] && cmp -s "$stamp" "$here/requirements.txt"; then
  echo "$venv"
  exit 0
fi
python3 -m venv "$venv" >&2
"$venv/bin/pip" install -q --upgrade pip >&2
"$venv/bin/pip" install -q -r "$here/requirements.txt" >&2
"$venv/bin/pip" install -q --no-deps sglang==0.5.23 >&2
cp "$here/requirements.txt" "$stamp"
echo "$venv"
