#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The parity matrix: every freestanding source built by one toolchain
# configuration, every scene run, every timeline checked byte for byte against
# its golden file in tests/golden/.
#
#   tools/parity/parity.sh list                         the configuration names
#   tools/parity/parity.sh build CONFIG WORKDIR         build WORKDIR/runner (runner.exe for mingw64,
#                                                       parity.wasm for wasm32)
#   tools/parity/parity.sh run CONFIG WORKDIR [KS_TIMELINE]
#                                                       build, run, compare; KS_TIMELINE is the ks-timeline
#                                                       program used to name the first difference
#   tools/parity/parity.sh replays CONFIG WORKDIR [KICK_CLI]
#                                                       replay files and share codes written natively and
#                                                       by CONFIG: the same bytes, each verifying the other's
#
# Sources: src/core/*.c, src/<game>/*.c and src/<game>/*/*.c for each game directory present,
# tests/parity/scenes/*.c, a registry generated from the scene file names, and
# a native main (tools/parity/host_main.c) or the wasm glue (wasm_glue.c).
# Every configuration uses -ffp-contract=off -fno-math-errno (and, for GCC,
# -fno-tree-vectorize); i386 adds -msse2 -mfpmath=sse. Programs for another
# machine run under qemu user-mode emulation (aarch64, s390x: static) or wine
# (mingw64, in a private prefix under WORKDIR). Exit status of run and
# replays: 0 all identical, 1 a difference or a missing golden, 2 a build or
# tool failure. KS_GOLDEN_DIR overrides tests/golden; KS_WINE names the wine
# loader (default /usr/lib/wine/wine64, then wine64 or wine on PATH).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
CONFIGS="gcc_O0 gcc_O2 gcc_O3 clang_O0 clang_O3 gcc_O3_native clang_nognu aarch64 s390x i386 mingw64 wasm32"
GAMES="kick brake walk lab"
COMMON="-std=c17 -ffp-contract=off -fno-math-errno -w"

die() { echo "parity: $*" >&2; exit 2; }

configure() {
  CC=gcc RUN="" WASM=0 LDEXTRA="" EXE="" SIMDEFS=""
  case "$1" in
    gcc_O0) OPT="-O0" ;;
    gcc_O2) OPT="-O2" ;;
    gcc_O3) OPT="-O3" ;;
    clang_O0) CC=clang OPT="-O0" ;;
    clang_O3) CC=clang OPT="-O3" ;;
    gcc_O3_native) OPT="-O3 -march=native" ;;
    # The simulation as a compiler without GNU extensions (MSVC) builds it:
    # no __GNUC__, no __clang__, so the public headers take their portable
    # fallbacks (ks_sqrt is ks_sqrt_soft).
    clang_nognu) CC=clang OPT="-O2" SIMDEFS="-U__GNUC__ -U__clang__" ;;
    aarch64) CC=aarch64-linux-gnu-gcc OPT="-O2" LDEXTRA="-static" RUN=qemu-aarch64-static ;;
    s390x) CC=s390x-linux-gnu-gcc OPT="-O2" LDEXTRA="-static" RUN=qemu-s390x-static ;;
    i386) OPT="-O2 -m32 -msse2 -mfpmath=sse" RUN="$ROOT/tools/i386-run" ;; # directly, or under qemu-i386-static
    mingw64) CC=x86_64-w64-mingw32-gcc OPT="-O2" LDEXTRA="-static" EXE=.exe RUN=wine ;;
    wasm32) CC=clang OPT="-O2 --target=wasm32" WASM=1 ;;
    *) die "unknown configuration '$1' (known: $CONFIGS)" ;;
  esac
  # GCC's vectorizers can emit fused multiply-adds (vfmaddsub) even under
  # -ffp-contract=off (seen with gcc 12 -O3 -march=native); keep them off, as
  # cmake/flags.cmake does for every GCC build.
  case "$CC" in *gcc*) OPT="$OPT -fno-tree-vectorize" ;; esac
  command -v "$CC" >/dev/null || die "$1: compiler $CC not found (install with: bash tools/deps.sh)"
  if [ "$RUN" = wine ]; then
    find_wine || die "$1: wine64 not found (install with: bash tools/deps.sh)"
  elif [ -n "$RUN" ]; then
    command -v "$RUN" >/dev/null || die "$1: $RUN not found (install with: bash tools/deps.sh)"
  fi
  [ "$WASM" = 0 ] || command -v node >/dev/null || die "$1: node not found (install with: bash tools/deps.sh)"
}

# Wine: Debian's wine64 package puts its loader in /usr/lib/wine/ (KS_WINE
# overrides). Every run gets a private prefix in its work directory, made once
# per run and removed after it (KS_KEEP_WINEPREFIX=1 keeps it), with wine's
# debug channels off so only the program's output shows.
find_wine() {
  local c
  for c in "${KS_WINE:-}" /usr/lib/wine/wine64 "$(command -v wine64 || true)" "$(command -v wine || true)"; do
    if [ -n "$c" ] && [ -x "$c" ]; then WINE=$c; WINESERVER="$(dirname "$c")/wineserver"; return 0; fi
  done
  return 1
}
wine_server() { # stop (-k) or wait for (-w) the wine server of this run's prefix
  if [ -x "$WINESERVER" ]; then WINEPREFIX="$WINEPREFIX" "$WINESERVER" "$1" 2>/dev/null || true; fi
}
wine_setup() { # $1 workdir
  export WINEPREFIX
  WINEPREFIX="$(cd "$1" && pwd)/wineprefix"
  export WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
  [ -d "$WINEPREFIX" ] && wine_server -k
  rm -rf "$WINEPREFIX"
  "$WINE" wineboot --init >/dev/null 2>&1
}
launch() { # runs the built program with its configuration's runner
  case "$RUN" in
    "") "$@" ;;
    wine) "$WINE" "$@" ;;
    *) $RUN "$@" ;;
  esac
}

scene_files() { ls "$ROOT"/tests/parity/scenes/*.c 2>/dev/null | LC_ALL=C sort || true; }

gen_registry() { # $1 = output file
  local names=() f n
  for f in $(scene_files); do
    n=$(basename "$f" .c)
    [[ "$n" =~ ^[a-z0-9_]+$ ]] || die "scene file $f: a scene name is [a-z0-9_]+"
    names+=("$n")
  done
  {
    echo "/* generated by tools/parity/parity.sh from tests/parity/scenes/*.c: do not edit */"
    echo '#include "parity.h"'
    for n in "${names[@]}"; do echo "size_t ks_scene_$n(char *out, size_t cap);"; done
    echo "const ks_parity_scene ks_parity_scenes[] = {"
    for n in "${names[@]}"; do echo "  {\"$n\", ks_scene_$n},"; done
    [ "${#names[@]}" -gt 0 ] || echo "  {0, 0},"
    echo "};"
    echo "const size_t ks_parity_scene_count = ${#names[@]};"
  } >"$1"
  # the scene list this build was made from (scenes may come and go meanwhile)
  if [ "${#names[@]}" -gt 0 ]; then printf '%s\n' "${names[@]}"; fi >"$(dirname "$1")/scenes.txt"
}

build() { # $1 config, $2 workdir
  configure "$1"
  local work=$2 objs=() incs="-I$ROOT/include -I$ROOT/tools/parity -I$ROOT/src/core" srcs=() g f o
  mkdir -p "$work/obj"
  rm -f "$work"/obj/*.o
  for g in $GAMES; do [ -d "$ROOT/src/$g" ] && incs="$incs -I$ROOT/src/$g"; done
  srcs+=("$ROOT"/src/core/*.c)
  for g in $GAMES; do
    if [ -d "$ROOT/src/$g" ]; then
      for f in "$ROOT"/src/"$g"/*.c "$ROOT"/src/"$g"/*/*.c; do [ -e "$f" ] && srcs+=("$f"); done
    fi
  done
  for f in $(scene_files); do srcs+=("$f"); done
  gen_registry "$work/registry.c"
  for f in "${srcs[@]}"; do
    o="$work/obj/$(basename "$(dirname "$f")")_$(basename "$f" .c).o"
    # shellcheck disable=SC2086
    $CC $COMMON $OPT $SIMDEFS -ffreestanding $incs -c "$f" -o "$o" || die "$1: cannot compile $f"
    objs+=("$o")
  done
  # shellcheck disable=SC2086
  $CC $COMMON $OPT -ffreestanding $incs -c "$work/registry.c" -o "$work/obj/registry.o" || die "$1: cannot compile the registry"
  objs+=("$work/obj/registry.o")
  if [ -n "$SIMDEFS" ]; then
    local users=0
    local syms
    for o in "${objs[@]}"; do syms=$(nm "$o" 2>/dev/null || true); if grep -q ' U ks_sqrt_soft$' <<<"$syms"; then users=$((users + 1)); fi; done
    [ "$users" -gt 0 ] || die "$1: no object calls ks_sqrt_soft: the headers' portable fallback was not taken"
    echo "note $1: $users objects take ks_sqrt through its portable fallback, ks_sqrt_soft"
  fi
  if [ "$WASM" = 1 ]; then
    # shellcheck disable=SC2086
    $CC $COMMON $OPT -ffreestanding -fno-builtin $incs -c "$ROOT/tools/parity/wasm_glue.c" -o "$work/obj/glue.o" \
      || die "$1: cannot compile the wasm glue"
    # shellcheck disable=SC2086
    $CC $OPT -nostdlib -Wl,--no-entry -Wl,-z,stack-size=1048576 \
      -Wl,--export=ks_parity_count -Wl,--export=ks_parity_name -Wl,--export=ks_parity_run \
      -Wl,--export=ks_parity_out -Wl,--export=ks_parity_out_cap \
      "${objs[@]}" "$work/obj/glue.o" -o "$work/parity.wasm" || die "$1: cannot link parity.wasm (a libc or libm call in the sources?)"
  else
    # shellcheck disable=SC2086
    $CC $COMMON $OPT $incs -c "$ROOT/tools/parity/host_main.c" -o "$work/obj/main.o" || die "$1: cannot compile the runner"
    # shellcheck disable=SC2086
    $CC $OPT $LDEXTRA "${objs[@]}" "$work/obj/main.o" -o "$work/runner$EXE" || die "$1: cannot link the runner (a libm call in the sources?)"
  fi
}

run() { # $1 config, $2 workdir, $3 ks-timeline (optional)
  local cfg=$1 work=$2 tool=${3:-} golden="${KS_GOLDEN_DIR:-$ROOT/tests/golden}" fails=0 n=0 name f
  local t0=$SECONDS
  build "$cfg" "$work"
  local built=$SECONDS
  rm -rf "$work/out"
  mkdir -p "$work/out" "$golden"
  if [ "$WASM" = 1 ]; then
    node "$ROOT/tools/parity/run-node.mjs" "$work/parity.wasm" "$golden" "$work/out" --label "$cfg" || fails=1
    echo "parity $cfg: built in $((built - t0)) s, ran in $((SECONDS - built)) s"
    return $fails
  fi
  if [ "$cfg" = i386 ]; then
    # Some kernels cannot run 32-bit x86 programs: tools/i386-run runs them
    # directly or under qemu-i386-static, as every test does.
    local how
    how=$("$ROOT/tools/i386-run" --how 2>/dev/null || true)
    case "$how" in
      direct) ;;
      qemu-i386-static) echo "note $cfg: this kernel cannot run the i386 runner directly; using qemu-i386-static" ;;
      *) echo "SKIP $cfg: this kernel cannot run i386 programs and qemu-i386-static is missing (tools/i386-run)"; return 77 ;;
    esac
  elif [ -z "$RUN" ] && ! "$work/runner" --list >/dev/null 2>&1; then
    echo "FAIL $cfg: the runner does not start"
  fi
  if [ "$RUN" = wine ]; then
    local t_prefix=$SECONDS
    wine_setup "$work" || { echo "FAIL $cfg: cannot set up a wine prefix in $WINEPREFIX"; return 1; }
    echo "note $cfg: wine prefix $WINEPREFIX set up in $((SECONDS - t_prefix)) s"
  fi
  launch "$work/runner$EXE" "$work/out" || { echo "FAIL $cfg: the runner failed (exit $?)"; fails=$((fails + 1)); }
  if [ "$RUN" = wine ]; then # the prefix is ~700 MB of copied DLLs: gone after the run
    wine_server -k
    [ -n "${KS_KEEP_WINEPREFIX:-}" ] || rm -rf "$WINEPREFIX"
  fi
  while read -r name; do
    [ -n "$name" ] || continue
    n=$((n + 1))
    if [ ! -f "$golden/$name.jsonl" ]; then
      echo "FAIL $cfg $name: no golden file tests/golden/$name.jsonl (run tools/parity/regen-goldens.sh $name)"
      fails=$((fails + 1))
    elif [ ! -f "$work/out/$name.jsonl" ]; then
      echo "FAIL $cfg $name: the scene wrote no timeline"
      fails=$((fails + 1))
    elif cmp -s "$golden/$name.jsonl" "$work/out/$name.jsonl"; then
      echo "ok   $cfg $name"
    else
      fails=$((fails + 1))
      if [ -n "$tool" ] && [ -x "$tool" ]; then
        echo "FAIL $("$tool" --label "$cfg $name" "$golden/$name.jsonl" "$work/out/$name.jsonl" || true)"
      else
        echo "FAIL $cfg $name: differs from its golden file: $(cmp "$golden/$name.jsonl" "$work/out/$name.jsonl" 2>&1 || true)"
      fi
    fi
  done <"$work/scenes.txt"
  for f in "$golden"/*.jsonl; do
    [ -e "$f" ] || continue
    name=$(basename "$f" .jsonl)
    if ! grep -qx "$name" "$work/scenes.txt"; then
      echo "FAIL $cfg: golden file tests/golden/$name.jsonl has no scene tests/parity/scenes/$name.c"
      fails=$((fails + 1))
    fi
  done
  echo "parity $cfg: $n scenes, $fails failing; built in $((built - t0)) s, ran in $((SECONDS - built)) s"
  [ "$fails" = 0 ]
}

# Replays across machines: replay-xplat (tools/parity/replay_xplat.c over
# src/core, src/kick, src/host/replay_file.c, file.c and cli.c; libc only) built natively with
# gcc and for CONFIG. Each writes the replay set; the two sets must be the same
# bytes, and each side verifies what the other wrote. With KICK_CLI (the native
# kick-cli), kick-cli's own files and share codes go to CONFIG too, and
# kick-cli verifies and opens what CONFIG wrote.
build_replay() { # $1 config, $2 workdir: WORKDIR/replay-xplat
  configure "$1"
  [ "$WASM" = 0 ] || die "$1: replays need a hosted build"
  local work=$2 objs=() incs="-I$ROOT/include -I$ROOT/src/core -I$ROOT/src/kick" f o
  mkdir -p "$work/obj"
  rm -f "$work"/obj/*.o
  for f in "$ROOT"/src/core/*.c "$ROOT"/src/kick/*/*.c; do
    o="$work/obj/$(basename "$(dirname "$f")")_$(basename "$f" .c).o"
    # shellcheck disable=SC2086
    $CC $COMMON $OPT -ffreestanding $incs -c "$f" -o "$o" || die "$1: cannot compile $f"
    objs+=("$o")
  done
  for f in "$ROOT/support/replay_file.c" "$ROOT/src/host/file.c" "$ROOT/tools/parity/replay_xplat.c"; do
    o="$work/obj/host_$(basename "$f" .c).o"
    # shellcheck disable=SC2086
    $CC $COMMON $OPT $incs -I$ROOT -c "$f" -o "$o" || die "$1: cannot compile $f"
    objs+=("$o")
  done
  # shellcheck disable=SC2086
  $CC $OPT $LDEXTRA "${objs[@]}" -o "$work/replay-xplat$EXE" || die "$1: cannot link replay-xplat"
}

replays() { # $1 config, $2 workdir, $3 kick-cli (optional)
  local cfg=$1 work=$2 cli=${3:-} fails=0 f name t0=$SECONDS
  [ "$cfg" != gcc_O2 ] || die "replays: gcc_O2 is the native side; name another configuration"
  build_replay gcc_O2 "$work/native"
  local native="$work/native/replay-xplat"
  build_replay "$cfg" "$work/$cfg"
  local other="$work/$cfg/replay-xplat$EXE" built=$SECONDS
  rm -rf "$work/from-native" "$work/from-$cfg"
  mkdir -p "$work/from-native" "$work/from-$cfg"
  "$native" write "$work/from-native" >"$work/write-native.log" || { cat "$work/write-native.log"; echo "FAIL replays: the native side cannot write"; return 1; }
  launch "$other" write "$work/from-$cfg" >"$work/write-$cfg.log" || { cat "$work/write-$cfg.log"; echo "FAIL replays $cfg: cannot write"; return 1; }
  local n=0
  for f in "$work/from-native"/*; do
    name=$(basename "$f")
    n=$((n + 1))
    if [ ! -f "$work/from-$cfg/$name" ]; then
      echo "FAIL replays $cfg: wrote no $name"; fails=$((fails + 1))
    elif ! cmp -s "$f" "$work/from-$cfg/$name"; then
      echo "FAIL replays $cfg: $name differs from the native one: $(cmp "$f" "$work/from-$cfg/$name" 2>&1 || true)"
      fails=$((fails + 1))
    fi
  done
  [ "$n" -gt 0 ] || { echo "FAIL replays: the native side wrote nothing"; return 1; }
  [ "$fails" -gt 0 ] || echo "ok   replays $cfg: the $n files written here and natively are the same bytes"
  if [ -n "$cli" ]; then
    # kick-cli's own replays: a set piece and a long shot, as files and share codes.
    "$cli" replay save --level 5-2 --aim -2.9,2.1 --speed 26 --bend 0.6 --out "$work/from-native/cli_5_2.ksr" >/dev/null \
      && "$cli" replay save --level 6-5 --speed 30 --elevation 5 --direction -6 --out "$work/from-native/cli_6_5.ksr" >/dev/null \
      || { echo "FAIL replays: kick-cli replay save failed"; return 1; }
    for name in cli_5_2 cli_6_5; do
      "$cli" replay share "$work/from-native/$name.ksr" >"$work/from-native/$name.code" \
        || { echo "FAIL replays: kick-cli replay share failed"; return 1; }
    done
  fi
  echo "-- $cfg verifies what the native build wrote"
  launch "$other" verify "$work/from-native"/*.ksr "$work/from-native"/*.code | tr -d '\r' | sed "s|^|$cfg: |" \
    || fails=$((fails + 1))
  echo "-- the native build verifies what $cfg wrote"
  "$native" verify "$work/from-$cfg"/*.ksr "$work/from-$cfg"/*.code | sed 's|^|native: |' || fails=$((fails + 1))
  if [ -n "$cli" ]; then
    echo "-- kick-cli verifies and opens what $cfg wrote"
    for f in "$work/from-$cfg"/*.ksr; do
      "$cli" replay verify "$f" >"$work/cli.log" 2>&1 || { echo "FAIL kick-cli replay verify $f:"; cat "$work/cli.log"; fails=$((fails + 1)); }
    done
    for f in "$work/from-$cfg"/*.code; do
      "$cli" replay open "$(cat "$f")" >"$work/cli.log" 2>&1 || { echo "FAIL kick-cli replay open $f:"; cat "$work/cli.log"; fails=$((fails + 1)); }
    done
    echo "kick-cli: verified $(ls "$work/from-$cfg"/*.ksr | wc -l) files and opened $(ls "$work/from-$cfg"/*.code | wc -l) share codes"
  fi
  echo "replays $cfg: $fails failing; built in $((built - t0)) s, ran in $((SECONDS - built)) s"
  [ "$fails" = 0 ]
}

case "${1:-}" in
  list) echo "$CONFIGS" | tr ' ' '\n' ;;
  build) [ $# -eq 3 ] || die "usage: parity.sh build CONFIG WORKDIR"; build "$2" "$3" ;;
  run) [ $# -ge 3 ] || die "usage: parity.sh run CONFIG WORKDIR [KS_TIMELINE]"; rc=0; run "$2" "$3" "${4:-}" || rc=$?; [ "$rc" = 0 ] || [ "$rc" = 77 ] || exit 1; exit "$rc" ;;
  replays) [ $# -ge 3 ] || die "usage: parity.sh replays CONFIG WORKDIR [KICK_CLI]"; replays "$2" "$3" "${4:-}" || exit 1 ;;
  *) die "usage: parity.sh list | build CONFIG WORKDIR | run CONFIG WORKDIR [KS_TIMELINE] | replays CONFIG WORKDIR [KICK_CLI]" ;;
esac
