#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Working with the fuzz targets (tests/fuzz/). The build must have been made
# (make build, or cmake --build <build>); the libFuzzer binaries live in
# <build>/fuzz-engine/tests/fuzz/.
#
#   tools/fuzz.sh list                     the targets this build has
#   tools/fuzz.sh run <target> [seconds]   fuzz longer (default 300 s); new inputs are
#                                          merged, minimised, into tests/fuzz/corpus/<target>/
#   tools/fuzz.sh keep <target> <input> <name>
#                                          keep an input that crashed or broke an invariant
#                                          as a regression: tests/fuzz/regress/<target>/<name>
#                                          (replayed by fuzz_replay_<target> in every build)
#   tools/fuzz.sh seeds                    rewrite the replay/share seeds from recorded replays
# Environment: BUILD (default build).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-build}
engine="$build/fuzz-engine/tests/fuzz"
cmd=${1:-list}

case "$cmd" in
  list)
    ls "$engine" 2>/dev/null | grep -E '^fuzz_[a-z_]+$' | sed 's/^fuzz_//' || echo "no fuzz targets built in $build"
    ;;
  run)
    t=${2:?usage: tools/fuzz.sh run <target> [seconds]}
    secs=${3:-300}
    bin="$engine/fuzz_$t"
    [ -x "$bin" ] || { echo "fuzz: $bin not built" >&2; exit 1; }
    scratch=$(mktemp -d)
    mkdir -p "$build/fuzz-artifacts/$t"
    rc=0
    "$bin" -max_total_time="$secs" -rss_limit_mb=1024 -max_len=4096 -timeout=10 \
      -artifact_prefix="$build/fuzz-artifacts/$t/" "$scratch" "$root/tests/fuzz/corpus/$t" || rc=$?
    "$bin" -merge=1 -use_counters=0 "$root/tests/fuzz/corpus/$t" "$scratch" 2>&1 | tail -n 1
    rm -rf "$scratch"
    if [ "$rc" -ne 0 ]; then
      echo "fuzz: $t found a problem; inputs in $build/fuzz-artifacts/$t/ — fix it, then: tools/fuzz.sh keep $t <input> <name>" >&2
      exit "$rc"
    fi
    ;;
  keep)
    t=${2:?}; input=${3:?}; name=${4:?usage: tools/fuzz.sh keep <target> <input> <name>}
    [[ "$name" =~ ^[a-z0-9-]+$ ]] || { echo "fuzz: name it in lower-case words joined by '-'" >&2; exit 1; }
    mkdir -p "$root/tests/fuzz/regress/$t"
    cp "$input" "$root/tests/fuzz/regress/$t/$name"
    echo "fuzz: kept as tests/fuzz/regress/$t/$name"
    ;;
  seeds)
    cmake --build "$build" --target fuzz_make_seeds >/dev/null
    "$build/tests/fuzz/fuzz_make_seeds" "$root/tests/fuzz/corpus"
    echo "fuzz: seeds rewritten in tests/fuzz/corpus/{replay,share}/"
    ;;
  *)
    sed -n '2,16p' "$0" >&2
    exit 2
    ;;
esac
