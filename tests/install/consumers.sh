#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# kickstep taken by a game from outside the tree, the ways the README shows:
#
#   tests/install/consumers.sh SOURCE_DIR WORK_DIR
#
#   1. kickstep (core and kick only) is configured with KICKSTEP_ONLY_LIBRARIES,
#      built and installed into WORK_DIR/prefix;
#   2. find_package: tests/install/consumer built against the install with
#      gcc -O0, gcc -O3 -march=native and clang -O2 -march=native (C and C++);
#   3. pkg-config: the consumer compiled by hand with `pkg-config --cflags
#      --libs kickstep`, gcc -O3 -march=native, clang -O2 -march=native, g++ -O2;
#   4. add_subdirectory of a copy of the source (clang -O3 -march=native) and
#      FetchContent of an archive of it (gcc -O2 -march=native, shared libraries);
#   5. the README's own game.c and CMakeLists.txt (the blocks after
#      `<!-- file: NAME -->`), built as the README says, must print what the
#      README says they print.
# A game's own shared library linking the static kickstep must export none of
# kickstep's symbols (tests/install/consumer/gamelib.c).
# Every build runs the consumer's own step loop (game.h) and must print the
# same line: the same game hash, the same kick, "fp ok". The consumer defines
# functions named like kickstep's internal ones (collide.c), so every static
# link also shows that kickstep's internal symbols stay out of a game's way.
# Two controls show the test can fail: the consumer compiled with
# gcc -O3 -march=native without kickstep's Cflags must print another game hash
# and "fp fused multiply-add"; and linked against the build tree's archive
# (internal symbols not localized) it must fail to link.
set -euo pipefail
src=${1:?usage: consumers.sh SOURCE_DIR WORK_DIR}
work=${2:?usage: consumers.sh SOURCE_DIR WORK_DIR}
src=$(cd "$src" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
log=$work/log.txt
jobs=${KS_CONSUMER_JOBS:-2}
prefix=$work/prefix
off="-DKICKSTEP_BUILD_BRAKE=OFF -DKICKSTEP_BUILD_WALK=OFF -DKICKSTEP_BUILD_LAB=OFF -DKICKSTEP_BUILD_HOST=OFF"
fails=0

run() { # quiet unless it fails
  if ! "$@" >>"$log" 2>&1; then
    echo "consumers: FAILED: $*" >&2
    tail -n 30 "$log" >&2
    exit 1
  fi
}

lines=()
record() { # label program
  local out
  if ! out=$("$2"); then
    echo "consumers: FAIL $1: the consumer exited non-zero" >&2
    fails=$((fails + 1))
    return
  fi
  printf 'consumers: %-52s %s\n' "$1" "$out"
  lines+=("$1|$out")
}

# 1. Install kickstep: only the libraries, core and kick.
run cmake -S "$src" -B "$work/kickstep-build" -DCMAKE_BUILD_TYPE=Release -DKICKSTEP_ONLY_LIBRARIES=ON $off
run cmake --build "$work/kickstep-build" -j"$jobs"
run cmake --install "$work/kickstep-build" --prefix "$prefix"
echo "consumers: installed kickstep into $prefix"

# 2. find_package.
fp_build() { # name cc cxx flags
  local dir=$work/fp-$1
  run cmake -S "$here/consumer" -B "$dir" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=None \
    -DCMAKE_C_COMPILER="$2" -DCMAKE_CXX_COMPILER="$3" -DCMAKE_C_FLAGS="$4" -DCMAKE_CXX_FLAGS="$4"
  run cmake --build "$dir" -j"$jobs"
  record "find_package $2 $4 (C)" "$dir/consumer_c"
  record "find_package $3 $4 (C++)" "$dir/consumer_cxx"
}
fp_build gcc-O0 gcc g++ "-O0"
fp_build gcc-O3-native gcc g++ "-O3 -march=native"
fp_build clang-O2-native clang clang++ "-O2 -march=native"
# The package's version file: 0.2 is this one (0.2.x); 0.3 and 1.0 are not (SemVer before 1.0).
for want in 0.3 1.0; do
  if cmake -S "$here/consumer" -B "$work/fp-want-$want" -DCMAKE_PREFIX_PATH="$prefix" -DKICKSTEP_WANT=$want >>"$log" 2>&1; then
    echo "consumers: FAIL find_package(kickstep $want) accepted kickstep $(pkg-config --modversion kickstep 2>/dev/null || echo 0.2)" >&2
    fails=$((fails + 1))
  else
    echo "consumers: find_package(kickstep $want) refuses this 0.2 release, as it must"
  fi
done

# 3. pkg-config.
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
command -v pkg-config >/dev/null || { echo "consumers: pkg-config not found (tools/deps.sh installs it)" >&2; exit 1; }
run pkg-config --exists --print-errors "kickstep >= 0.2"
read -r -a pc_cflags <<<"$(pkg-config --cflags kickstep)"
read -r -a pc_libs <<<"$(pkg-config --libs kickstep)"
pc_build() { # name compiler flags... ; the consumer as one command line
  local name=$1 cc=$2; shift 2
  local exe=$work/pc-$name srcs=("$here/consumer/main.c" "$here/consumer/collide.c")
  case "$cc" in *++) srcs=("$here/consumer/main.cpp" -x c "$here/consumer/collide.c") ;; esac
  run "$cc" "$@" "${pc_cflags[@]}" "${srcs[@]}" "${pc_libs[@]}" -o "$exe"
  record "pkg-config $cc $*" "$exe"
}
pc_build gcc-O3-native gcc -O3 -march=native
pc_build clang-O2-native clang -O2 -march=native
pc_build gxx-O2 g++ -O2
# A game's own shared library linking the static kickstep re-exports none of it.
run gcc -O2 -shared -fPIC "${pc_cflags[@]}" "$here/consumer/gamelib.c" "${pc_libs[@]}" -o "$work/libgame.so"
exported=$(nm -D --defined-only "$work/libgame.so" | awk '{print $3}')
if ! grep -qx gamelib_kick_hash <<<"$exported"; then
  echo "consumers: FAIL libgame.so does not export its own gamelib_kick_hash" >&2
  fails=$((fails + 1))
elif grep -E '^(ks_|kick_|brake_|walk_|lab_)' <<<"$exported"; then
  echo "consumers: FAIL libgame.so re-exports kickstep's symbols (above)" >&2
  fails=$((fails + 1))
else
  echo "consumers: a game's shared library that links the static kickstep exports $(wc -w <<<"$exported") symbol(s), none of kickstep's"
fi

# A core-only game takes kickstep-core.pc and links the core alone.
core_libs=$(pkg-config --libs kickstep-core)
if [[ " $core_libs " != *" -lkickstep_core "* ]] || [[ "$core_libs" == *kickstep_kick* ]]; then
  echo "consumers: FAIL pkg-config --libs kickstep-core is '$core_libs' (want the core alone)" >&2
  fails=$((fails + 1))
fi
for game in kick; do
  if [[ "$(pkg-config --libs kickstep-$game)" != *"-lkickstep_$game -lkickstep_core"* ]]; then
    echo "consumers: FAIL kickstep-$game.pc does not link $game before the core" >&2
    fails=$((fails + 1))
  fi
done
cat >"$work/core_game.c" <<'EOC'
#include <stdio.h>
#include "kickstep/clock.h"
#include "kickstep/rng.h"
int main(void) {
  ks_clock_def d = ks_clock_default_def();
  ks_clock c;
  if (ks_clock_init(&c, &d) != KS_OK) return 1;
  long long steps = 0;
  for (int i = 0; i < 60; i++) steps += ks_clock_advance(&c, 1.0 / 60.0);
  ks_rng r = ks_rng_stream(42u, 7u);
  printf("%lld %llu\n", steps, (unsigned long long)ks_rng_next(&r));
  return 0;
}
EOC
read -r -a core_flags <<<"$(pkg-config --cflags --libs kickstep-core)"
run gcc -O2 "$work/core_game.c" "${core_flags[@]}" -o "$work/core_game"
# (Each listing is read whole before grep looks at it: under pipefail, `nm | grep -q`
# fails at random when grep stops reading before nm has written everything.)
core_syms=$(nm "$work/core_game" 2>&1 || true)
if ! "$work/core_game" >"$work/core_game.out" || ! grep -q ' [Tt] ks_clock_advance' <<<"$core_syms"; then
  echo "consumers: FAIL the core-only game built with kickstep-core.pc does not run" >&2
  fails=$((fails + 1))
else
  echo "consumers: a core-only game links with \`pkg-config --libs kickstep-core\` ($core_libs) and prints $(cat "$work/core_game.out")"
fi

# 4. add_subdirectory of a copy of the source, and FetchContent of an archive of it.
copy=$work/kickstep-src
mkdir -p "$copy"
if git -C "$src" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  (cd "$src" && git ls-files -co --exclude-standard -z | xargs -0 tar -cf - 2>/dev/null) | tar -xf - -C "$copy"
else
  (cd "$src" && tar -cf - --exclude='./build*' --exclude='*/node_modules' .) | tar -xf - -C "$copy"
fi
run cmake -S "$here/consumer" -B "$work/sub" -DKICKSTEP_SOURCE="$copy" -DCMAKE_BUILD_TYPE=None \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_FLAGS="-O3 -march=native" -DCMAKE_CXX_FLAGS="-O3 -march=native"
run cmake --build "$work/sub" -j"$jobs"
record "add_subdirectory clang -O3 -march=native (C)" "$work/sub/consumer_c"
record "add_subdirectory clang++ -O3 -march=native (C++)" "$work/sub/consumer_cxx"

run tar -czf "$work/kickstep-src.tar.gz" -C "$work" kickstep-src
# shellcheck disable=SC2086
run cmake -S "$here/consumer" -B "$work/fetch" -DKICKSTEP_URL="$work/kickstep-src.tar.gz" -DCMAKE_BUILD_TYPE=None \
  -DBUILD_SHARED_LIBS=ON $off -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++ \
  -DCMAKE_C_FLAGS="-O2 -march=native" -DCMAKE_CXX_FLAGS="-O2 -march=native"
run cmake --build "$work/fetch" -j"$jobs"
record "FetchContent, shared, gcc -O2 -march=native (C)" "$work/fetch/consumer_c"
record "FetchContent, shared, g++ -O2 -march=native (C++)" "$work/fetch/consumer_cxx"
fetch_dyn=$(readelf -d "$work/fetch/consumer_c" 2>&1 || true)
if ! grep -q 'libkickstep_kick\.so' <<<"$fetch_dyn"; then
  echo "consumers: FAIL the FetchContent consumer does not link the shared libkickstep_kick" >&2
  fails=$((fails + 1))
fi

# 5. The README's first game loop, exactly as the README gives it.
readme=$work/readme
mkdir -p "$readme"
awk -v dir="$readme" '/^<!-- file: .* -->$/ { name = $3; want = 1; next }
  want && /^```/ && !inb { inb = 1; next }
  inb && /^```/ { inb = 0; want = 0; next }
  inb { print > (dir "/" name) }' "$src/README.md"
said=$(sed -n 's/^# \([0-9]* steps; replay .*\)$/\1/p' "$src/README.md" | head -1)
if [ ! -f "$readme/game.c" ] || [ ! -f "$readme/CMakeLists.txt" ] || [ -z "$said" ]; then
  echo "consumers: FAIL the README has no game.c, CMakeLists.txt or expected output" >&2
  fails=$((fails + 1))
else
  run cmake -S "$readme" -B "$readme/build" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_FLAGS="-O3 -march=native"
  run cmake --build "$readme/build"
  (cd "$readme" && run cc -O2 game.c $(pkg-config --cflags --libs kickstep) -o game-pc)
  for exe in "$readme/build/game" "$readme/game-pc"; do
    got=$("$exe")
    if [ "$got" = "$said" ]; then
      echo "consumers: README game (${exe##*/}): $got"
    else
      echo "consumers: FAIL README game (${exe##*/}) printed '$got', the README says '$said'" >&2
      fails=$((fails + 1))
    fi
  done
fi

# Every build printed the same line, and it is a clean one.
ref=${lines[0]#*|}
for l in "${lines[@]}"; do
  if [ "${l#*|}" != "$ref" ]; then
    echo "consumers: FAIL ${l%%|*} printed another line than ${lines[0]%%|*}:" >&2
    echo "  ${l#*|}" >&2
    echo "  $ref" >&2
    fails=$((fails + 1))
  fi
done
case "$ref" in
  *"fp ok; kickstep "*) ;;
  *) echo "consumers: FAIL the consumers' line is not clean: $ref" >&2; fails=$((fails + 1)) ;;
esac

# Control 1: the same game without kickstep's flags is another game (linked
# with the -L and -l of kickstep.pc's Libs alone: the rest of Libs, the link
# command's flags, would reach the compile of a one-command build).
read -r -a pc_libs_only <<<"$(pkg-config --libs-only-L --libs-only-l kickstep)"
run gcc -O3 -march=native -I"$prefix/include" "$here/consumer/main.c" "$here/consumer/collide.c" "${pc_libs_only[@]}" -o "$work/noflags"
bad=$("$work/noflags")
echo "consumers: control: gcc -O3 -march=native without kickstep's Cflags: $bad"
if [ "${bad%%,*}" = "${ref%%,*}" ] || [[ "$bad" != *"fp fused multiply-add"* ]]; then
  echo "consumers: FAIL the control build without the flags should give another game hash and 'fp fused multiply-add'" >&2
  fails=$((fails + 1))
fi
# Control 2: against an archive whose internal symbols are global, the game's kick_emit collides.
raw=$work/kickstep-build/src/kick/libkickstep_kick.a
raw_globals=$(readelf -sW "$raw" | awk '$5=="GLOBAL" && $6=="DEFAULT" && $7!="UND"')
if [ -n "$raw_globals" ]; then
  if gcc -O2 "${pc_cflags[@]}" "$here/consumer/main.c" "$here/consumer/collide.c" "$raw" \
       "$work/kickstep-build/src/libkickstep_core.a" -lm -o "$work/collides" 2>"$work/collide.err"; then
    echo "consumers: FAIL linking against the build tree's archive (internal symbols global) did not collide" >&2
    fails=$((fails + 1))
  else
    echo "consumers: control: against the unlocalized build-tree archive the link fails: $(grep -m1 -o 'multiple definition of .[a-z_]*.' "$work/collide.err" || head -1 "$work/collide.err")"
  fi
else
  echo "consumers: FAIL the build tree's kick archive has no internal-visibility symbols to test with" >&2
  fails=$((fails + 1))
fi

if [ "$fails" -ne 0 ]; then
  echo "consumers: $fails failure(s)" >&2
  exit 1
fi
echo "consumers: all ${#lines[@]} consumer builds print the same line, and both controls fail as they must"
