#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The seed-001 figure docs/walk.md quotes is the one walk-cli --ledge prints:
# the figure line and the 60/s and 120/s rows of the ledge table, word for word.
#   bash tests/walk/ledge_figure.sh WALK_CLI DOC
set -euo pipefail
cli=${1:?usage: ledge_figure.sh WALK_CLI DOC}
doc=${2:?usage: ledge_figure.sh WALK_CLI DOC}
out=$("$cli" --ledge)
bad=0
figure=$(grep -E '^a per-step Euler jump peaks [0-9.]+ cm lower at 60 steps/s than at 120 steps/s$' <<<"$out") ||
  { echo "FAIL walk-cli --ledge printed no figure line:"; echo "$out"; exit 1; }
for line in "$figure" "$(grep -E '^ +60/s ' <<<"$out")" "$(grep -E '^ +120/s ' <<<"$out")"; do
  if grep -qF -- "$line" "$doc"; then echo "ok   docs quote: $line"; else echo "FAIL docs do not quote: $line"; bad=1; fi
done
grep -qE '^ +60/s +0\.8500 m +misses +0\.9000 m +clears$' <<<"$out" || { echo "FAIL 60/s should miss with Euler"; bad=1; }
grep -qE '^ +120/s +0\.8750 m +clears +0\.9000 m +clears$' <<<"$out" || { echo "FAIL 120/s should clear with Euler"; bad=1; }
exit $bad
