#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# kick-cli simulate throughput: kicks per second on a fixed workload with one
# thread and with two, and the scaling from 1 to 2 threads. Every kick is
# chosen after 78 trial kicks (26 candidates x 3 rerolled copies), so a
# "kick" here is 79 simulated kicks. Figures are printed, never asserted;
# each is the best of KS_BENCH_ROUNDS runs (default 2; the machine is shared
# and noise only ever adds time). The figures are appended to
# bench/results/history.csv with bench/results/record.sh.
#   tools/bench.d/30-kick-cli.sh [BUILD_DIR]
set -uo pipefail
build=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
exe="$build/apps/kick-cli/kick-cli"
if [ ! -x "$exe" ]; then
  echo "kick-cli: not built ($exe)"
  exit 0
fi
rounds=${KS_BENCH_ROUNDS:-2}
workload=(--levels 1-3,2-2,3-4,4-4,5-2,6-5 --players 4 --kicks 3 --seed 7)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A number from a result file's "timing" object (cJSON prints one key a line).
key() { awk -F: -v k="\"$1\"" '$1 ~ k { gsub(/[ \t,]/, "", $2); print $2; exit }' "$2"; }
max() { awk -v a="$1" -v b="$2" 'BEGIN { print (b > a) ? b : a }'; }

best1=0 best2=0 cpu1=0
for ((r = 0; r < rounds; r++)); do
  for t in 1 2; do
    out="$work/t$t.json"
    "$exe" simulate "${workload[@]}" --threads "$t" --timing --quiet --out "$out" || { echo "kick-cli: simulate failed"; exit 0; }
    v=$(key kicks_per_s "$out")
    if [ "$t" = 1 ]; then
      best1=$(max "$best1" "$v")
      cpu1=$(max "$cpu1" "$(key kicks_per_cpu_s "$out")")
    else
      best2=$(max "$best2" "$v")
    fi
  done
done
kicks=$(awk -F: '/^\t"kicks"/ { gsub(/[ \t,]/, "", $2); print $2; exit }' "$work/t1.json")
same="differ (a bug!)"
# "timing" is the result's last key: everything before it is deterministic.
if diff <(sed '/^\t"timing"/,$d' "$work/t1.json") <(sed '/^\t"timing"/,$d' "$work/t2.json") >/dev/null; then
  same="identical"
fi
ratio=$(awk -v a="$best1" -v b="$best2" 'BEGIN { if (a > 0) printf "%.3f", b / a; else print 0 }')
printf '  simulate, %s kicks (%s), best of %d:\n' "$kicks" "${workload[*]}" "$rounds"
printf '  1 thread:   %10.1f kicks/s\n' "$best1"
printf '  2 threads:  %10.1f kicks/s\n' "$best2"
printf '  1 thread per CPU second: %.1f kicks (what one free core would do)\n' "$cpu1"
printf '  scaling 1 -> 2 threads: %.2fx (results %s; %s cores online)\n' "$ratio" "$same" "$(nproc 2>/dev/null || echo '?')"
tsv="$work/kick-cli.tsv"
{
  printf 'figure\tkick_cli_simulate_kicks_per_s_1t\t%s\tkicks/s\n' "$best1"
  printf 'figure\tkick_cli_simulate_kicks_per_s_2t\t%s\tkicks/s\n' "$best2"
  printf 'figure\tkick_cli_simulate_scaling_2t\t%s\tx\n' "$ratio"
  printf 'figure\tkick_cli_simulate_kicks_per_cpu_s\t%s\tkicks/s\n' "$cpu1"
} > "$tsv"
if [ "${KS_BENCH_RECORD:-1}" = 1 ]; then
  bash "$root/bench/results/record.sh" "$tsv" | sed 's/^/  /'
fi
exit 0
