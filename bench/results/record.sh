#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Appends benchmark figures to bench/results/history.csv and redraws the plot.
#   bench/results/record.sh FIGURES.tsv...
# Each input line: figure<TAB>name<TAB>value<TAB>unit. Each CSV row:
# date (UTC, ISO 8601), commit (short hash), figure, value, unit.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
csv="$here/history.csv"
[ -f "$csv" ] || echo "date,commit,figure,value,unit" > "$csv"
date=$(date -u +%Y-%m-%dT%H:%M:%SZ)
commit=$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo unknown)
n=0
while IFS=$'\t' read -r tag name value unit; do
  [ "$tag" = figure ] || continue
  [[ "$name" =~ ^[a-z0-9_]+$ ]] || continue
  [[ "$value" =~ ^[0-9.eE+-]+$ ]] || continue
  echo "$date,$commit,$name,$value,$unit" >> "$csv"
  n=$((n + 1))
done < <(cat "$@")
echo "history: $n figures appended to bench/results/history.csv"
if command -v node >/dev/null; then
  node "$here/plot.mjs" "$csv" "$here/history.svg" && echo "history: bench/results/history.svg redrawn"
fi
