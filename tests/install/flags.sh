#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A game's own fast-math and -m32 flags against kickstep's usage requirements:
#
#   tests/install/flags.sh SOURCE_DIR WORK_DIR
#
# kickstep (core alone) is installed into WORK_DIR/prefix, and the game of
# tests/install/flags (a sled whose run hangs on subnormal numbers) is built
# as a game would build it; each build must print the line of gcc -O0:
#   1. find_package with CMAKE_C_FLAGS="-O2 -ffast-math" (gcc, clang): the
#      targets' compile options undo fast math, and their link options keep
#      crtfastmath.o (flush-to-zero for the whole program) out of the link;
#   2. pkg-config, one command, `gcc -O2 -ffast-math game.c $(pkg-config
#      --cflags --libs kickstep)`: the same from kickstep.pc's Cflags and Libs;
#   3. add_subdirectory with CMAKE_C_FLAGS="-m32 -O2 -mfpmath=387": the
#      archive is built, localized (its 32-bit objects joined by the compiler
#      driver) and linked, SSE2 arithmetic comes with the target (skipped
#      without a 32-bit toolchain).
# CMAKE_C_FLAGS=-Ofast, whose flush-to-zero no later flag cancels, must get
# the package's configure-time warning and KS_FP_FLUSH_SUBNORMALS at run time.
# The control: the find_package -ffast-math build linked again by hand without
# kickstep's link options must print another hash and "subnormals flushed to
# zero", so the game does tell the builds apart.
set -euo pipefail
src=${1:?usage: flags.sh SOURCE_DIR WORK_DIR}
work=${2:?usage: flags.sh SOURCE_DIR WORK_DIR}
src=$(cd "$src" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
i386_run=$here/../../tools/i386-run
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
log=$work/log.txt
jobs=${KS_CONSUMER_JOBS:-2}
prefix=$work/prefix
core_only="-DKICKSTEP_BUILD_KICK=OFF -DKICKSTEP_BUILD_BRAKE=OFF -DKICKSTEP_BUILD_WALK=OFF -DKICKSTEP_BUILD_LAB=OFF -DKICKSTEP_BUILD_HOST=OFF"
fails=0
run() {
  if ! "$@" >>"$log" 2>&1; then
    echo "flags: FAILED: $*" >&2
    tail -n 30 "$log" >&2
    exit 1
  fi
}
fail() { echo "flags: FAIL $*" >&2; fails=$((fails + 1)); }

# shellcheck disable=SC2086
run cmake -S "$src" -B "$work/kickstep-build" -DCMAKE_BUILD_TYPE=Release -DKICKSTEP_ONLY_LIBRARIES=ON $core_only
run cmake --build "$work/kickstep-build" -j"$jobs"
run cmake --install "$work/kickstep-build" --prefix "$prefix"

# The reference: gcc -O0, kickstep's flags from kickstep.pc.
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
read -r -a pc_cflags <<<"$(pkg-config --cflags kickstep)"
read -r -a pc_libs <<<"$(pkg-config --libs kickstep)"
run gcc -O0 "${pc_cflags[@]}" "$here/flags/game.c" "${pc_libs[@]}" -o "$work/ref"
ref=$("$work/ref")
echo "flags: gcc -O0 (reference)                          $ref"
[[ "$ref" == *"fp ok" ]] || fail "the reference build is not clean: $ref"

expect_ref() { # label program [runner]
  local got
  got=$(${3:+"$3"} "$2")
  if [ "$got" = "$ref" ]; then
    printf 'flags: %-45s %s\n' "$1" "$got"
  else
    fail "$1 printed '$got', gcc -O0 '$ref'"
  fi
}

# 1. find_package, fast math in the game's CMAKE_C_FLAGS.
for cc in gcc clang; do
  dir=$work/fp-$cc
  run cmake -S "$here/flags" -B "$dir" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER=$cc \
    -DCMAKE_C_FLAGS="-O2 -ffast-math" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
  run cmake --build "$dir"
  expect_ref "find_package $cc -O2 -ffast-math" "$dir/sled"
done
link=$(cat "$work/fp-gcc/CMakeFiles/sled.dir/link.txt")
[[ "$link" == *"-ffast-math"*"-fno-fast-math"* ]] ||
  fail "the find_package link command has no -fno-fast-math after the game's -ffast-math: $link"

# 2. pkg-config, one command, the game's -ffast-math first.
run gcc -O2 -ffast-math "${pc_cflags[@]}" "$here/flags/game.c" "${pc_libs[@]}" -o "$work/pc-gcc"
expect_ref "pkg-config gcc -O2 -ffast-math (one command)" "$work/pc-gcc"

# 3. add_subdirectory, -m32 with x87 arithmetic asked for.
if echo 'int main(void){return 0;}' | gcc -m32 -x c - -o "$work/m32-probe" 2>/dev/null; then
  dir=$work/sub-m32
  # shellcheck disable=SC2086
  run cmake -S "$here/flags" -B "$dir" -DKICKSTEP_SOURCE="$src" $core_only -DCMAKE_C_COMPILER=gcc \
    -DCMAKE_C_FLAGS="-m32 -O2 -mfpmath=387"
  run cmake --build "$dir" -j"$jobs"
  # The i386 program runs directly, or under qemu-i386-static on a kernel that
  # cannot run it (tools/i386-run); neither: that case is skipped with a note.
  how=$("$i386_run" --how 2>/dev/null || true)
  if [ "$how" = none ]; then
    echo "flags: skip   running add_subdirectory -m32 (this kernel cannot run i386 programs and qemu-i386-static is missing)"
  else
    echo "flags: i386 programs run: $how"
    expect_ref "add_subdirectory gcc -m32 -O2 -mfpmath=387" "$dir/sled" "$i386_run"
  fi
  globals=$(readelf -sW "$dir/kickstep/src/libkickstep_core.a" | awk '$5=="GLOBAL" && $6=="DEFAULT" && $7!="UND"')
  if [ -n "$globals" ]; then
    fail "the -m32 subproject's archive still has global internal symbols (not localized)"
  fi
else
  echo "flags: skip   add_subdirectory -m32 (no 32-bit toolchain)"
fi

# -Ofast: warned at configure time, reported at run time.
dir=$work/fp-ofast
run cmake -S "$here/flags" -B "$dir" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER=gcc -DCMAKE_C_FLAGS="-Ofast"
if grep -q 'kickstep: -Ofast in CMAKE_C_FLAGS' "$log"; then
  echo "flags: CMAKE_C_FLAGS=-Ofast is warned about at configure time"
else
  fail "no configure-time warning for CMAKE_C_FLAGS=-Ofast"
fi
run cmake --build "$dir"
got=$("$dir/sled")
if [[ "$got" == *"fp subnormals flushed to zero" ]]; then
  echo "flags: find_package gcc -Ofast                          $got (as it must)"
else
  fail "the -Ofast build printed '$got', not 'subnormals flushed to zero'"
fi

# Control: the -ffast-math object linked without kickstep's link options.
run gcc -O2 -ffast-math "$work/fp-gcc/CMakeFiles/sled.dir/game.c.o" "$prefix/lib/libkickstep_core.a" -o "$work/control"
bad=$("$work/control")
echo "flags: control: linked with -ffast-math alone          $bad"
if [ "${bad% fp *}" = "${ref% fp *}" ] || [[ "$bad" != *"subnormals flushed to zero"* ]]; then
  fail "the control should give another hash and 'subnormals flushed to zero'"
fi

if [ "$fails" -ne 0 ]; then
  echo "flags: $fails failure(s)" >&2
  exit 1
fi
echo "flags: every build prints the reference line; -Ofast is warned about and reported; the control differs"
