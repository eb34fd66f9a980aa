#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The worst-case rollback of the penalty duel (bench/rollback/): restore the
# copy of the oldest step of the prediction window and re-simulate the whole
# window, natively and as wasm32 in Node, against the 1/60 s frame it must fit
# in. Two passes alternating native and wasm; each figure is the lower of its
# two passes (noise only ever adds time). Figures go to
# <build>/bench-figures/rollback.tsv.
set -uo pipefail
build=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
native="$build/bench/rollback/bench_rollback_native"
if [ ! -x "$native" ]; then
  echo "rollback: native half not built (needs the kick engine)"
  exit 0
fi
mkdir -p "$build/bench-figures"
module="$build/wasm-bench/bench_rollback.wasm"
have_wasm=1
if ! command -v node >/dev/null || ! cmake --build "$build/wasm-build" --target bench_rollback_wasm >/dev/null 2>&1; then
  echo "rollback: no wasm half (needs node, and the wasm build: cmake/wasm.cmake)"
  have_wasm=0
fi
rounds=${KS_BENCH_ROUNDS:-9}
raw="$build/bench-figures/rollback.raw"
: > "$raw"
for pass in 1 2; do
  "$native" "$rounds" >> "$raw"
  [ "$have_wasm" = 1 ] && node "$root/bench/rollback/run.mjs" "$module" "$rounds" >> "$raw"
done
awk -F'\t' '$1 == "figure" { if (!($2 in best) || $3 + 0 < best[$2]) best[$2] = $3 + 0; unit[$2] = $4 }
  END { for (k in best) printf "figure\t%s\t%.2f\t%s\n", k, best[k], unit[k] }' "$raw" | sort > "$build/bench-figures/rollback.tsv"
rm -f "$raw"
awk -F'\t' '
  { v[$2] = $3 }
  END {
    frame = 1e6 / 60
    printf "  worst-case rollback: restore + re-simulate the whole prediction window (a %d-byte duel state)\n", v["duel_state_bytes"]
    split("flight replay four", sc, " ")
    for (i = 1; i <= 3; i++) for (w = 300; w <= 600; w += 300) {
      n = "native_rollback_" sc[i] "_" w "_us"; m = "wasm_rollback_" sc[i] "_" w "_us"
      line = sprintf("  %-6s window %d steps: native %8.1f us (%5.2f%% of a 16.7 ms frame)", sc[i], w, v[n], 100 * v[n] / frame)
      if (m in v) line = line sprintf(", wasm %8.1f us (%5.2f%%), wasm/native %.2fx", v[m], 100 * v[m] / frame, v[m] / v[n])
      print line
    }
    print "  (flight: the window is a struck penalty; replay: a goal'\''s replay is rebuilt inside it after the longest aim;"
    printf "   four: four players, two pitches in flight in one %d-byte state, the three other players'\'' inputs late)\n", v["four_state_bytes"]
  }' "$build/bench-figures/rollback.tsv"
