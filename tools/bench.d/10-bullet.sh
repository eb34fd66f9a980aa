#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# kickstep against Bullet on the same ball-and-goal scene (bench/bullet/).
# Prints the comparison; its figure lines go to <build>/bench-figures/bullet.tsv
# for tools/bench.d/90-history.sh.
set -uo pipefail
build=${1:-build}
exe="$build/bench/bullet/bench_bullet"
if [ ! -x "$exe" ]; then
  echo "bullet: not built (needs the kick engine, a C++ compiler and Debian libbullet-dev)"
  exit 0
fi
mkdir -p "$build/bench-figures"
"$exe" "${KS_BENCH_ROUNDS:-15}" | tee "$build/bench-figures/bullet.tsv.tmp" | grep -v '^figure' || true
grep '^figure' "$build/bench-figures/bullet.tsv.tmp" > "$build/bench-figures/bullet.tsv" || true
rm -f "$build/bench-figures/bullet.tsv.tmp"
