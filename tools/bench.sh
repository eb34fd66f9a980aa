#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs every benchmark that the build lists in benches.txt. Figures are printed, never asserted.
set -euo pipefail
build=${1:-build}
[ -f "$build/benches.txt" ] || { echo "bench: no $build/benches.txt; run make build" >&2; exit 1; }
# Benchmarks that keep figures for the history write them here (90-history.sh records them).
mkdir -p "$build/bench-figures"
export KS_BENCH_FIGURES="$build/bench-figures"
while read -r b; do
  [ -n "$b" ] || continue
  exe=$(find "$build/bench" -type f -name "$b" -perm -u+x | head -n 1)
  [ -n "$exe" ] || { echo "bench: $b was not built" >&2; continue; }
  echo "== $b"
  "$exe"
done < "$build/benches.txt"
for extra in tools/bench.d/*.sh; do
  [ -f "$extra" ] && { echo "== $(basename "$extra" .sh)"; bash "$extra" "$build"; }
done
exit 0
