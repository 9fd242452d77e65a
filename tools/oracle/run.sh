#!/usr/bin/env bash
# The oracle tests: the differential run of tools/oracle/differential.py (or, with `facts`, the
# model-facts run of facts.py), or a visible skip.
#   run.sh ATTNCAP_EXECUTABLE VENV RANDOM_CONFIGURATIONS REPORT [facts]
# Exit 77 (CTest's skip) when VENV holds no Python with sglang; the seed is fixed so a run is
# repeatable, ATTNCAP_ORACLE_SEED and ATTNCAP_ORACLE_JOBS change it and the worker count.
set -euo pipefail
attncap=$1 venv=$2 n=$3 report=$4
if [ -z "$venv" ] || ! "$venv/bin/python" -c "import sglang" 2>/dev/null; then
  echo "oracle: SKIPPED: no Python environment with sglang 0.5.23 (ATTNCAP_ORACLE_VENV='$venv');" \
    "run ATTNCAP_ORACLE=1 bash tools/test.sh to set one up and run the differential test"
  exit 77
fi
if [ "${5:-}" = facts ]; then
  exec "$venv/bin/python" "$(dirname "$0")/facts.py" --attncap "$attncap" --python "$venv/bin/python" \
    --random "$n" --seed "${ATTNCAP_ORACLE_SEED:-1}" --report "$report"
fi
exec "$venv/bin/python" "$(dirname "$0")/differential.py" --attncap "$attncap" --python "$venv/bin/python" \
  --random "$n" --seed "${ATTNCAP_ORACLE_SEED:-1}" --jobs "${ATTNCAP_ORACLE_JOBS:-1}" --report "$report"
