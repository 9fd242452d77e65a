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
# Debian ships venv and pip apart from python3.
if ! python3 -c "import ensurepip, venv" 2>/dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing: python3-venv python3-pip" >&2
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-venv python3-pip >/dev/null
fi
python3 -m venv "$venv" >&2
"$venv/bin/pip" install -q --upgrade pip >&2
"$venv/bin/pip" install -q -r "$here/requirements.txt" >&2
"$venv/bin/pip" install -q --no-deps sglang==0.5.23 >&2
cp "$here/requirements.txt" "$stamp"
echo "$venv"
