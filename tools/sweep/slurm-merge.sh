#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The merge job of a sweep (submitted by tools/sweep/slurm-submit.sh): runs
# once every array task has succeeded, and joins the N shards.
#   slurm-merge.sh DIR KICK_CLI N RECORDS(0|1) REPORT(0|1)
set -euo pipefail
dir=$1 kick=$2 n=$3 records=$4 report=$5
results=() recs=()
for ((i = 0; i < n; i++)); do
  results+=("$dir/shard-$i.json")
  recs+=("$dir/shard-$i.jsonl")
done
"$kick" merge "${results[@]}" --out "$dir/result.json" > /dev/null
if [ "$records" = 1 ]; then
  "$kick" merge --records "$dir/records.jsonl" --result "$dir/result.json" "${recs[@]}"
fi
if [ "$report" = 1 ]; then
  if [ "$records" = 1 ]; then "$kick" report "$dir/result.json" --records "$dir/records.jsonl" --out "$dir/report.html"
  else "$kick" report "$dir/result.json" --out "$dir/report.html"
  fi
fi
echo "merged $n shards into $dir/result.json"
