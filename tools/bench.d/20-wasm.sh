#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# wasm32 in Node against native, on the look-ahead, whole-kick, solver and state-copy
# kernels of bench/wasm/ (the same C compiled twice). Two passes, alternating
# native and wasm; each pass gives the median of its rounds in CPU time, and
# each figure is the lower of its two passes (the machine is shared, and noise
# only ever adds time). Figure lines go to <build>/bench-figures/wasm.tsv.
set -uo pipefail
build=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
native="$build/bench/wasm/bench_kick_native"
if [ ! -x "$native" ]; then
  echo "wasm: native half not built (needs the kick engine)"
  exit 0
fi
if ! command -v node >/dev/null; then
  echo "wasm: node not found; tools/deps.sh installs it"
  exit 0
fi
mkdir -p "$build/bench-figures"
module="$build/wasm-bench/bench_kick.wasm"
cmake --build "$build/wasm-build" --target bench_kick_wasm >/dev/null 2>&1 ||
  { echo "wasm: the module did not build (cmake/wasm.cmake: clang, wasm-ld, llvm-ar)"; exit 0; }
rounds=${KS_BENCH_ROUNDS:-15}
raw="$build/bench-figures/wasm.raw"
: > "$raw"
for pass in 1 2; do
  "$native" "$rounds" >> "$raw"
  node "$root/bench/wasm/run.mjs" "$module" "$rounds" >> "$raw"
done
awk -F'\t' '
  $1 == "figure" { if (!($2 in best) || $3 + 0 < best[$2]) best[$2] = $3 + 0; unit[$2] = $4 }
  END {
    split("lookahead_us kick_us kick_ns_per_step solve_us state_copy_ns", k, " ")
    for (i = 1; i <= 5; i++) {
      n = "native_" k[i]; w = "wasm_" k[i]
      printf "figure\t%s\t%.3f\t%s\n", n, best[n], unit[n]
      printf "figure\t%s\t%.3f\t%s\n", w, best[w], unit[w]
      if (best[n] > 0) printf "figure\twasm_over_native_%s\t%.3f\tx\n", k[i], best[w] / best[n]
    }
    printf "figure\tkick_state_bytes\t%d\tB\n", best["kick_state_bytes"]
  }' "$raw" > "$build/bench-figures/wasm.tsv"
rm -f "$raw"
awk -F'\t' '
  $2 ~ /^wasm_over_native_/ { sub(/^wasm_over_native_/, "", $2); t = ($2 ~ /^(lookahead_us|kick_us|kick_ns_per_step)$/) ? " (target: at most 2x)" : " (no target)"; printf "  wasm/native %-18s %6.2fx%s\n", $2, $3, t }
  $2 ~ /^(native|wasm)_/ && $2 !~ /over/ { printf "  %-28s %10.3f %s\n", $2, $3, $4 }
  $2 == "kick_state_bytes" { printf "  kick_shot state: %d bytes\n", $3 }' "$build/bench-figures/wasm.tsv"
