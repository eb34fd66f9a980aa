#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The look-ahead at release and the duel's worst-case rollback (bench/release,
# bench/rollback), this tree against an older commit, natively and as wasm32
# in Node: both trees' core and kick sources built by the same commands with
# the same kernels (the release kernel with -DRK_BEFORE against the older
# tree: its kick_director_kick; each tree's own bench/rollback kernels), then
# run in turn, the order swapped each round. Each figure is the median over
# the rounds, each round's the median of its process's own rounds; the ratio
# is older ÷ this tree. KS_BENCH_BEFORE names the commit (default 8268e39,
# main before the director and the duel stepped with the cache, issue 24;
# "none" skips); KS_BENCH_ROUNDS the rounds (default 9). Besides the release
# alone: strike_frame, the frame that strikes a kick read with the 270-step
# run-up (its look-ahead flown during the run-up in this tree), and
# runup_total, every frame of that run-up (the work in all).
set -uo pipefail
build=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
before=${KS_BENCH_BEFORE:-8268e39}
if [ "$before" = none ]; then
  echo "before/after: skipped (KS_BENCH_BEFORE=none)"
  exit 0
fi
if ! command -v git >/dev/null || ! git -C "$root" rev-parse -q --verify "$before^{commit}" >/dev/null 2>&1; then
  echo "before/after: no commit $before in this checkout (set KS_BENCH_BEFORE)"
  exit 0
fi
out="$build/bench/release"
old="$out/before-src"
rm -rf "$old"
mkdir -p "$old" "$build/bench-figures"
git -C "$root" archive "$before" src/core src/kick include wasm/libc_shim.c bench/rollback | tar -x -C "$old" || {
  echo "before/after: could not unpack $before"
  exit 0
}
CC=${CC:-cc}
WCC=${KS_WASM_CC:-clang}
flags=(-std=c17 -O3 -fno-tree-vectorize -fno-unsafe-math-optimizations -fno-associative-math -fno-reciprocal-math -fsigned-zeros
  -fno-finite-math-only -ffp-contract=off -fno-math-errno -DKS_BUILDING -w)
wflags=(--target=wasm32 -std=c17 -nostdlib -ffreestanding -O2 -ffp-contract=off -fno-math-errno -fvisibility=hidden -w -DKS_BUILDING)
rel="$root/bench/release"
# build TREE EXTRA-DEFINE NAME: the native program and (with clang and wasm-ld) the wasm module.
build_one() {
  local tree=$1 def=$2 name=$3
  local inc=(-I"$tree/include" -I"$tree/src/core" -I"$tree/src/kick" -I"$tree/bench/rollback" -I"$rel")
  # src/kick's sources: in folders (src/kick/*/*.c) since they were split, flat before.
  local kick=()
  shopt -s nullglob
  kick=("$tree"/src/kick/*.c "$tree"/src/kick/*/*.c)
  shopt -u nullglob
  "$CC" "${flags[@]}" $def "${inc[@]}" "$tree"/src/core/*.c "${kick[@]}" "$tree/bench/rollback/rb_kernels.c" \
    "$rel/release_kernels.c" "$rel/native_main.c" -lm -o "$out/$name" || return 1
  if [ "$have_wasm" = 1 ]; then
    "$WCC" "${wflags[@]}" $def "${inc[@]}" "$tree"/src/core/*.c "${kick[@]}" "$tree/bench/rollback/rb_kernels.c" \
      "$rel/release_kernels.c" "$rel/wasm_glue.c" "$tree/wasm/libc_shim.c" -Wl,--no-entry -Wl,-z,stack-size=1048576 \
      -Wl,--gc-sections -Wl,--strip-debug -o "$out/$name.wasm" || have_wasm=0
  fi
}
have_wasm=1
command -v node >/dev/null && command -v "$WCC" >/dev/null && command -v wasm-ld >/dev/null || have_wasm=0
build_one "$old" -DRK_BEFORE before || { echo "before/after: $before did not build"; exit 0; }
build_one "$root" "" after || { echo "before/after: this tree did not build"; exit 0; }
rounds=${KS_BENCH_ROUNDS:-9}
raw="$out/before-after.raw"
: > "$raw"
for ((r = 0; r < rounds; r++)); do
  if ((r % 2 == 0)); then order="before after"; else order="after before"; fi
  for which in $order; do
    "$out/$which" 5 | sed "s/^/$which\t/" >> "$raw"
    [ "$have_wasm" = 1 ] && node "$rel/run.mjs" "$out/$which.wasm" 5 | sed "s/^/$which\t/" >> "$raw"
  done
done
awk -F'\t' -v commit="$before" '
  $2 == "info" { info[$1 "/" $3] = $4 }
  $2 == "figure" { n = ++cnt[$1 "/" $3]; val[$1 "/" $3, n] = $4 + 0; names[$3] = 1 }
  function med(key,   n, i, j, t, a) {
    n = cnt[key]; if (!n) return -1
    for (i = 1; i <= n; i++) a[i] = val[key, i]
    for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return n % 2 ? a[(n + 1) / 2] : 0.5 * (a[n / 2] + a[n / 2 + 1])
  }
  END {
    printf "  look-ahead at release and worst-case rollback, %s against this tree, in turn (us, median of rounds)\n", commit
    split("native wasm", tg, " ")
    split("step_alone step_new release release_cold strike_frame runup_total rollback_flight_300 rollback_flight_600 rollback_replay_300 rollback_replay_600", fs, " ")
    for (t = 1; t <= 2; t++) for (i = 1; i <= 10; i++) {
      nm = tg[t] "_" fs[i] "_us"
      if (!(nm in names)) continue
      a = med("after/" nm); b = med("before/" nm)
      if (fs[i] == "release_cold") b = med("before/" tg[t] "_release_us")
      printf "  %-6s %-20s before %8.1f  after %8.1f  before/after %.2fx\n", tg[t], fs[i], b, a, b / a
      printf "figure\tbefore_after_%s_%s\t%.3f\tx\n", tg[t], fs[i], b / a > "/dev/stderr"
    }
    d1 = info["before/release_decision_step"]; d2 = info["after/release_decision_step"]
    printf "  the look-ahead decides on step %s before, %s after%s\n", d1, d2, d1 == d2 ? "" : " (DIFFERENT: a bug!)"
    d1 = info["before/runup_decision_step"]; d2 = info["after/runup_decision_step"]
    if (d1 != "") printf "  after the run-up (%s frames), on step %s before, %s after%s\n", info["after/runup_frames"], d1, d2, d1 == d2 ? "" : " (DIFFERENT: a bug!)"
  }' "$raw" 2> "$build/bench-figures/before-after.tsv"
