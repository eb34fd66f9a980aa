#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# kickstep/fpcheck.h's probe, compiled into a game's translation unit, must
# tell a build whose arithmetic breaks replays from one whose does not:
#
#   tests/api/fpcheck.sh INCLUDE_DIR WORK_DIR "KICKSTEP_FLAGS" "KICKSTEP_LINK_FLAGS"
#
# KICKSTEP_FLAGS are the compile flags kickstep's targets and kickstep.pc give
# a game, KICKSTEP_LINK_FLAGS those of its link command (cmake/flags.cmake).
# Each line below is a compiler, its flags and what ks_fp_check() must
# answer: a build with contraction on (gcc -O2 -ffp-contract=fast -mfma;
# clang's default -ffp-contract=on with -march=native), gcc's vectorizer
# fusing under -ffp-contract=off, fast math, x87 arithmetic, and a program
# linked with -ffast-math or -Ofast (crtfastmath.o: subnormals flushed to
# zero) are caught; the same compilers with kickstep's flags added after the
# game's own are clean, but for -Ofast, whose flush-to-zero no later flag
# undoes. Each probe is compiled and linked by one command, as a one-line
# `cc ... $(pkg-config --cflags --libs kickstep)` build is. Needs an x86-64
# CPU with FMA (exit 77, skipped, otherwise).
set -euo pipefail
inc=${1:?usage: fpcheck.sh INCLUDE_DIR WORK_DIR FLAGS LINK_FLAGS}
work=${2:?usage: fpcheck.sh INCLUDE_DIR WORK_DIR FLAGS LINK_FLAGS}
ks=${3:?usage: fpcheck.sh INCLUDE_DIR WORK_DIR FLAGS LINK_FLAGS}
kslink=${4:?usage: fpcheck.sh INCLUDE_DIR WORK_DIR FLAGS LINK_FLAGS}
i386_run=$(cd "$(dirname "$0")/../../tools" && pwd)/i386-run # -m32 probes run through it
mkdir -p "$work"
if [ "$(uname -m)" != x86_64 ] || ! grep -qw fma /proc/cpuinfo; then
  echo "fpcheck: needs x86-64 with FMA; skipped"
  exit 77
fi
cat >"$work/probe.c" <<'C'
#include <stdio.h>
#include "kickstep/fpcheck.h"
int main(void) {
  unsigned r = ks_fp_check();
  printf("%u %s\n", r, ks_fp_issue_name(r));
  return 0;
}
C

echo "fpcheck: i386 programs run: $("$i386_run" --how 2>/dev/null || true)"
fails=0 n=0
# expect compiler flags... [--link flags...]; expect is the number ks_fp_check
# must return. With --link the probe is compiled (-c) with the flags before it
# and linked by a second command with the flags after it, as CMake does (the
# link command has CMAKE_<LANG>_FLAGS and the targets' link options only).
check() {
  local expect=$1 cc=$2; shift 2
  command -v "$cc" >/dev/null || { echo "fpcheck: $cc not found (tools/deps.sh installs it)" >&2; exit 1; }
  local exe="$work/probe_$n"
  local lang=() cflags=() lflags=() split=0
  case "$cc" in *++) lang=(-x c++) ;; esac
  for a in "$@"; do
    if [ "$a" = --link ]; then split=1
    elif [ "$split" = 1 ]; then lflags+=("$a")
    else cflags+=("$a"); fi
  done
  # shellcheck disable=SC2068
  if [ "$split" = 1 ]; then
    "$cc" "${lang[@]}" "${cflags[@]}" -Wall -Wextra -pedantic -Werror -I"$inc" -c "$work/probe.c" -o "$exe.o" 2>"$work/err_$n" &&
      "$cc" "${lflags[@]}" "$exe.o" -o "$exe" 2>>"$work/err_$n"
  else
    "$cc" "${lang[@]}" "$@" -Wall -Wextra -pedantic -Werror -I"$inc" "$work/probe.c" -o "$exe" 2>"$work/err_$n"
  fi
  if [ $? -ne 0 ]; then
    if [[ " $* " == *" -m32 "* ]]; then
      echo "fpcheck: skip   $cc $* (no 32-bit toolchain: $(head -1 "$work/err_$n"))"
      n=$((n + 1)); return
    fi
    echo "fpcheck: FAIL   $cc $*: does not compile:" >&2; cat "$work/err_$n" >&2
    fails=$((fails + 1)); n=$((n + 1)); return
  fi
  local got
  if [[ " $* " == *" -m32 "* ]]; then
    # An i386 program: directly, or under qemu-i386-static where the kernel
    # cannot run it; skipped with a note where neither can.
    local rc=0
    got=$("$i386_run" "$exe" 2>"$work/run_$n") || rc=$?
    if [ "$rc" -eq 77 ]; then
      echo "fpcheck: skip   $cc $* ($(cat "$work/run_$n"))"
      n=$((n + 1)); return
    fi
  else
    got=$("$exe")
  fi
  if [ "${got%% *}" = "$expect" ]; then
    printf 'fpcheck: ok     %-75s -> %s\n' "$cc $*" "$got"
  else
    printf 'fpcheck: FAIL   %-75s -> %s (expected %s)\n' "$cc $*" "$got" "$expect" >&2
    fails=$((fails + 1))
  fi
  n=$((n + 1))
}

# shellcheck disable=SC2086
{
# Builds that break replays, caught in the game's own translation unit:
check 1 gcc -O2 -ffp-contract=fast -mfma                   # contraction on, FMA instructions
check 1 gcc -O3 -march=native                               # gcc's GNU-mode default: contraction fast
check 1 gcc -O3 -march=native -ffp-contract=off             # the vectorizer's fused add-subtract
check 1 clang -O2 -march=native                             # clang's default: contraction on
check 1 g++ -O3 -march=native
check 1 clang++ -O2 -march=native
check 12 gcc -O2 -ffast-math                                # fast math, and linked with it: flush-to-zero
check 12 clang -O2 -ffast-math
check 4 gcc -O2 -fassociative-math -fno-signed-zeros -fno-trapping-math
check 2 gcc -O2 -m32 -mfpmath=387                           # x87: 80-bit intermediates
# The same builds with kickstep's flags after the game's own:
check 0 gcc -O2 -ffp-contract=fast -mfma $ks
check 0 gcc -O3 -march=native $ks
check 0 clang -O2 -march=native $ks
check 0 g++ -std=c++11 -O3 -march=native $ks
check 0 clang++ -std=c++17 -O2 -march=native $ks
check 0 gcc -O2 -ffast-math $ks $kslink
check 0 clang -O2 -march=native -ffast-math $ks $kslink
check 0 g++ -O2 -ffast-math $ks $kslink
check 0 gcc -O2 -funsafe-math-optimizations $ks $kslink
check 0 gcc -O0 $ks $kslink
# Compiled with kickstep's flags, linked by a command of the game's flags
# alone (CMAKE_C_FLAGS=-ffast-math): crtfastmath.o flushes subnormals, unless
# kickstep's link flags follow (its targets' INTERFACE_LINK_OPTIONS).
check 8 gcc -O2 -ffast-math $ks --link -O2 -ffast-math
check 8 clang -O2 -ffast-math $ks --link -O2 -ffast-math
check 8 g++ -O2 -ffast-math $ks --link -O2 -ffast-math
check 0 gcc -O2 -ffast-math $ks --link -O2 -ffast-math $kslink
check 0 clang -O2 -ffast-math $ks --link -O2 -ffast-math $kslink
check 0 g++ -O2 -ffast-math $ks --link -O2 -ffast-math $kslink
check 0 gcc -O2 -funsafe-math-optimizations $ks --link -O2 -funsafe-math-optimizations $kslink
# One command: gcc's driver links crtfastmath.o for a -ffast-math that a later
# -fno-unsafe-math-optimizations does not cancel; kickstep.pc's Libs do.
check 8 gcc -O2 -ffast-math $ks
# -Ofast: nothing after it but another -O level cancels crtfastmath.o.
check 8 gcc -Ofast -march=native $ks $kslink
check 8 clang -Ofast $ks $kslink
check 0 gcc -Ofast -march=native $ks $kslink -O3
}
if [ "$fails" -ne 0 ]; then
  echo "fpcheck: $fails of $n builds answered wrongly" >&2
  exit 1
fi
echo "fpcheck: all $n builds answered as expected"
