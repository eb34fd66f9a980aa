#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Appends the figures this make bench measured (<build>/bench-figures/*.tsv)
# to bench/results/history.csv and redraws bench/results/history.svg.
set -uo pipefail
build=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
shopt -s nullglob
files=("$build"/bench-figures/*.tsv)
if [ "${#files[@]}" -eq 0 ]; then
  echo "history: no figures measured this time"
  exit 0
fi
bash "$root/bench/results/record.sh" "${files[@]}"
rm -f "${files[@]}"
