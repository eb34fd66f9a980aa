#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# kick-cli simulate throughput: kicks per CPU-second on one core with each
# engine (--engine scalar: kick_shot_step one shot at a time; --engine
# batch: kick_batch.h, the default), alternating in turn, their ratio, and
# the batch's kicks per second with one thread and with two, and the
# scaling from 1 to 2 threads. Every kick is chosen after 78 trial kicks (26
# candidates x 3 rerolled copies), so a "kick" here is 79 simulated kicks.
# Figures are printed, never asserted; each is the best of KS_BENCH_ROUNDS
# rounds (default 9; the machine is shared and noise only ever adds time),
# and the ratio is the median of the rounds' own ratios. The results and
# records of both engines and both thread counts are compared. The figures
# are appended to bench/results/history.csv with bench/results/record.sh.
#   tools/bench.d/30-kick-cli.sh [BUILD_DIR]
set -uo pipefail
build=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
exe="$build/apps/kick-cli/kick-cli"
if [ ! -x "$exe" ]; then
  echo "kick-cli: not built ($exe)"
  exit 0
fi
rounds=${KS_BENCH_ROUNDS:-9}
workload=(--levels 1-3,2-2,3-4,4-4,5-2,6-5 --players 4 --kicks 3 --seed 7)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A number from a result file's "timing" object (cJSON prints one key a line).
key() { awk -F: -v k="\"$1\"" '$1 ~ k { gsub(/[ \t,]/, "", $2); print $2; exit }' "$2"; }
max() { awk -v a="$1" -v b="$2" 'BEGIN { print (b > a) ? b : a }'; }
# "timing" is the result's last key: everything before it is deterministic.
upto_timing() { sed '/^\t"timing"/,$d' "$1"; }
run() { # engine threads name
  "$exe" simulate "${workload[@]}" --engine "$1" --threads "$2" --timing --quiet --out "$work/$3.json" \
    --records "$work/$3.jsonl" || { echo "kick-cli: simulate failed"; exit 0; }
}

best_s=0 best_b=0 best1=0 best2=0 ratios=()
for ((r = 0; r < rounds; r++)); do
  if ((r % 2 == 0)); then order=(scalar batch); else order=(batch scalar); fi
  for e in "${order[@]}"; do run "$e" 1 "$e"; done
  s=$(key kicks_per_cpu_s "$work/scalar.json") b=$(key kicks_per_cpu_s "$work/batch.json")
  best_s=$(max "$best_s" "$s")
  best_b=$(max "$best_b" "$b")
  best1=$(max "$best1" "$(key kicks_per_s "$work/batch.json")")
  ratios+=("$(awk -v a="$s" -v b="$b" 'BEGIN { if (a > 0) printf "%.4f", b / a; else print 0 }')")
  run batch 2 batch2
  best2=$(max "$best2" "$(key kicks_per_s "$work/batch2.json")")
done
ratio=$(printf '%s\n' "${ratios[@]}" | sort -g | awk '{ a[NR] = $1 } END { printf "%.3f", a[int((NR + 1) / 2)] }')
kicks=$(awk -F: '/^\t"kicks"/ { gsub(/[ \t,]/, "", $2); print $2; exit }' "$work/batch.json")
same="differ (a bug!)"
if cmp -s <(upto_timing "$work/scalar.json") <(upto_timing "$work/batch.json") &&
   cmp -s <(upto_timing "$work/batch.json") <(upto_timing "$work/batch2.json") &&
   cmp -s "$work/scalar.jsonl" "$work/batch.jsonl" && cmp -s "$work/batch.jsonl" "$work/batch2.jsonl"; then
  same="identical"
fi
scaling=$(awk -v a="$best1" -v b="$best2" 'BEGIN { if (a > 0) printf "%.3f", b / a; else print 0 }')
printf '  simulate, %s kicks (%s), %d rounds:\n' "$kicks" "${workload[*]}" "$rounds"
printf '  one core, per CPU second: scalar %.1f kicks, batch %.1f kicks: batch/scalar %sx (median of the rounds; target >= 2.5x)\n' \
  "$best_s" "$best_b" "$ratio"
printf '  batch, 1 thread:  %10.1f kicks/s\n' "$best1"
printf '  batch, 2 threads: %10.1f kicks/s (scaling 1 -> 2 threads %.2fx; %s cores online)\n' "$best2" "$scaling" \
  "$(nproc 2>/dev/null || echo '?')"
printf '  results and records of both engines and both thread counts: %s\n' "$same"
tsv="$work/kick-cli.tsv"
{
  printf 'figure\tkick_cli_simulate_kicks_per_s_1t\t%s\tkicks/s\n' "$best1"
  printf 'figure\tkick_cli_simulate_kicks_per_s_2t\t%s\tkicks/s\n' "$best2"
  printf 'figure\tkick_cli_simulate_scaling_2t\t%s\tx\n' "$scaling"
  printf 'figure\tkick_cli_simulate_kicks_per_cpu_s\t%s\tkicks/s\n' "$best_b"
  printf 'figure\tkick_cli_simulate_scalar_kicks_per_cpu_s\t%s\tkicks/s\n' "$best_s"
  printf 'figure\tkick_cli_simulate_batch_over_scalar\t%s\tx\n' "$ratio"
} > "$tsv"
if [ "${KS_BENCH_RECORD:-1}" = 1 ]; then
  bash "$root/bench/results/record.sh" "$tsv" | sed 's/^/  /'
fi
exit 0
