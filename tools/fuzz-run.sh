#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# One short libFuzzer run of one target, leaving the committed corpus as it is.
#   tools/fuzz-run.sh <fuzz-binary> <corpus-dir> <runs> <seconds> <artifact-dir>
# The run is reproducible: a fixed seed (FUZZ_SEED, default 1) and a fixed
# number of inputs, so the same tree fuzzes the same inputs on every machine and
# make test cannot pass or fail by luck; <seconds> only caps a slow machine.
# Open-ended exploration with fresh seeds is tools/fuzz.sh run.
# New inputs go to a scratch directory; a crash or a broken invariant is saved
# in <artifact-dir> and fails the run. To keep a finding as a regression test,
# copy the artifact into tests/fuzz/regress/<target>/ (tools/fuzz.sh says how).
set -euo pipefail
bin=${1:?usage: fuzz-run.sh <fuzz-binary> <corpus-dir> <runs> <seconds> <artifact-dir>}
corpus=${2:?}; runs=${3:?}; seconds=${4:?}; artifacts=${5:?}
seed=${FUZZ_SEED:-1}
[ -x "$bin" ] || { echo "fuzz-run: $bin was not built" >&2; exit 1; }
[ -d "$corpus" ] || { echo "fuzz-run: no corpus $corpus" >&2; exit 1; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$artifacts"
# -rss_limit_mb keeps a runaway target from taking the shared machine's memory.
"$bin" -seed="$seed" -runs="$runs" -max_total_time="$seconds" -rss_limit_mb=1024 -max_len=4096 -timeout=10 \
  -artifact_prefix="$artifacts/" -print_final_stats=1 "$scratch" "$corpus" 2>"$scratch.log" || {
  rc=$?
  tail -n 60 "$scratch.log"
  echo "fuzz-run: $(basename "$bin") FAILED (exit $rc); inputs saved in $artifacts" >&2
  rm -f "$scratch.log"
  exit 1
}
grep -E "^(stat::number_of_executed_units|stat::new_units_added|Done)" "$scratch.log" || true
rm -f "$scratch.log"
