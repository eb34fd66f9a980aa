#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the browser modules of every game with plain clang (no emscripten, no libc).
#
#   tools/wasm/build.sh OUTDIR [game...]
#
# For each game (default: kick brake walk lab duel board) whose glue file wasm/<game>_exports.c
# exists, compiles src/core/*.c + src/<game>/*.c and src/<game>/*/*.c + wasm/<game>_exports.c (and
# wasm/<game>_selftest.c, the tests the module runs in the browser, if present) +
# wasm/libc_shim.c into OUTDIR/<game>.wasm (the duel is the free kick's
# shoot-out: its sources are src/kick's; board is the Daily Kick board's check, src/kick's too). Exports are only the functions the
# glue marks with export_name; every symbol must resolve (no imports), so a
# module that would need libm or libc fails here, not in the browser.
# Always rebuilds (a module takes about a second).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: tools/wasm/build.sh OUTDIR [game...]}
shift
games=("$@")
[ "${#games[@]}" -eq 0 ] && games=(kick brake walk lab duel board)
mkdir -p "$out"
out=$(cd "$out" && pwd)

CC=${KS_WASM_CC:-clang}
command -v "$CC" >/dev/null || { echo "wasm: $CC not found (tools/deps.sh installs clang and lld)" >&2; exit 1; }
command -v wasm-ld >/dev/null || { echo "wasm: wasm-ld not found (Debian package lld; tools/deps.sh installs it)" >&2; exit 1; }

cflags=(
  --target=wasm32 -std=c17 -nostdlib -ffreestanding -O2
  -ffp-contract=off -fno-math-errno -fvisibility=hidden
  -Wall -Wextra -Wno-unused-parameter
  -I"$root/include" -I"$root/src/core" -DKS_BUILDING
)
# Extra flags, e.g. KS_WASM_CFLAGS=-DKS_WASM_TESTING for the modules the tests build (test-only exports).
# shellcheck disable=SC2206
[ -n "${KS_WASM_CFLAGS:-}" ] && cflags+=(${KS_WASM_CFLAGS})
# 1 MiB of stack: the director keeps several copies of a shot in flight.
ldflags=(-Wl,--no-entry -Wl,-z,stack-size=1048576 -Wl,--gc-sections -Wl,--strip-debug)

built=0
for game in "${games[@]}"; do
  glue="$root/wasm/${game}_exports.c"
  if [ ! -f "$glue" ]; then
    continue
  fi
  srcs=("$root"/src/core/*.c)
  dir=$game
  [ "$game" = duel ] && dir=kick
  [ "$game" = board ] && dir=kick
  if [ -d "$root/src/$dir" ]; then
    shopt -s nullglob
    srcs+=("$root/src/$dir"/*.c "$root/src/$dir"/*/*.c)
    shopt -u nullglob
  fi
  srcs+=("$glue")
  [ -f "$root/wasm/${game}_selftest.c" ] && srcs+=("$root/wasm/${game}_selftest.c")
  srcs+=("$root/wasm/libc_shim.c")
  target="$out/$game.wasm"
  "$CC" "${cflags[@]}" -I"$root/src/$dir" -I"$root/wasm" "${srcs[@]}" "${ldflags[@]}" -o "$target.tmp"
  mv "$target.tmp" "$target"
  echo "wasm: built $game.wasm ($(wc -c <"$target") bytes)"
  built=$((built + 1))
done
if [ "$built" -eq 0 ]; then
  echo "wasm: no game has a wasm/<game>_exports.c" >&2
  exit 1
fi
