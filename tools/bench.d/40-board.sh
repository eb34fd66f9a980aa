#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Daily Kick board: verifications per CPU-second (kick_board_verify, a
# kick re-simulated to its decision from a submitted try) natively
# (kick-board-verify bench) and in wasm (board.wasm in Node), on the same 64
# honest tries, alternating, two passes, the better of each; then the loopback
# load test (tests/board/board_load.mjs: honest and forged tries from many
# players through the HTTP service, both verifiers): throughput, p50/p99 and
# verifications per CPU-second of the whole service. Printed, never asserted.
#   tools/bench.d/40-board.sh [BUILD_DIR]
set -uo pipefail
build=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
bin="$build/apps/kick-board-verify/kick-board-verify"
if [ ! -x "$bin" ]; then
  echo "board: kick-board-verify not built"
  exit 0
fi
[ -f "$build/wasm/board.wasm" ] || { echo "board: board.wasm not built (cmake/wasm.cmake)"; exit 0; }
num() { sed -n 's/.*"per_cpu_s":\([0-9.]*\).*/\1/p'; }
best_n=0
best_w=0
for pass in 1 2; do
  n=$("$bin" bench --count 20000 | num)
  w=$(node "$root/tools/board/bench-wasm.mjs" "$build/wasm/board.wasm" "$bin" 5000 | num)
  best_n=$(awk -v a="$best_n" -v b="$n" 'BEGIN { print (b > a) ? b : a }')
  best_w=$(awk -v a="$best_w" -v b="$w" 'BEGIN { print (b > a) ? b : a }')
done
printf 'figure\tboard_native_verifications_per_cpu_s\t%.0f\t/CPU-s\n' "$best_n"
printf 'figure\tboard_wasm_verifications_per_cpu_s\t%.0f\t/CPU-s\n' "$best_w"
awk -v a="$best_w" -v b="$best_n" 'BEGIN { if (b > 0) printf "figure\tboard_wasm_over_native_time\t%.2f\tx\n", b / a }'
if [ -d "$root/web/node_modules/better-sqlite3" ]; then
  for v in native wasm; do
    KS_BUILD_DIR="$build" node "$root/tests/board/board_load.mjs" --players 300 --verifier "$v" | grep -E '^(load|figure)'
  done
else
  echo "board: web/node_modules missing (tools/deps.sh --web): no load test"
fi
