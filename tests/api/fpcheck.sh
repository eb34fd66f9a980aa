#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# kickstep/fpcheck.h's probe, compiled into a game's translation unit, must
# tell a build whose arithmetic breaks replays from one whose does not:
#
#   tests/api/fpcheck.sh INCLUDE_DIR WORK_DIR "KICKSTEP_FLAGS"
#
# KICKSTEP_FLAGS are the flags kickstep's targets and kickstep.pc give a game
# (cmake/flags.cmake). Each line below is a compiler, its flags and what
# ks_fp_check() must answer: a build with contraction on (gcc -O2
# -ffp-contract=fast -mfma; clang's default -ffp-contract=on with
# -march=native), gcc's vectorizer fusing under -ffp-contract=off, fast math
# and x87 arithmetic are caught; the same compilers with kickstep's flags
# added after the game's own are clean. Needs an x86-64 CPU with FMA (exit 77,
# skipped, otherwise).
set -euo pipefail
inc=${1:?usage: fpcheck.sh INCLUDE_DIR WORK_DIR FLAGS}
work=${2:?usage: fpcheck.sh INCLUDE_DIR WORK_DIR FLAGS}
ks=${3:?usage: fpcheck.sh INCLUDE_DIR WORK_DIR FLAGS}
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

fails=0 n=0
# expect compiler flags... ; expect is the number ks_fp_check must return.
check() {
  local expect=$1 cc=$2; shift 2
  command -v "$cc" >/dev/null || { echo "fpcheck: $cc not found (tools/deps.sh installs it)" >&2; exit 1; }
  local exe="$work/probe_$n"
  local lang=()
  case "$cc" in *++) lang=(-x c++) ;; esac
  # shellcheck disable=SC2068
  if ! "$cc" "${lang[@]}" "$@" -Wall -Wextra -pedantic -Werror -I"$inc" "$work/probe.c" -o "$exe" 2>"$work/err_$n"; then
    if [[ " $* " == *" -m32 "* ]]; then
      echo "fpcheck: skip   $cc $* (no 32-bit toolchain: $(head -1 "$work/err_$n"))"
      n=$((n + 1)); return
    fi
    echo "fpcheck: FAIL   $cc $*: does not compile:" >&2; cat "$work/err_$n" >&2
    fails=$((fails + 1)); n=$((n + 1)); return
  fi
  local got
  got=$("$exe")
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
check 4 gcc -O2 -ffast-math
check 4 clang -O2 -ffast-math
check 4 gcc -O2 -fassociative-math -fno-signed-zeros -fno-trapping-math
check 2 gcc -O2 -m32 -mfpmath=387                           # x87: 80-bit intermediates
# The same builds with kickstep's flags after the game's own:
check 0 gcc -O2 -ffp-contract=fast -mfma $ks
check 0 gcc -O3 -march=native $ks
check 0 clang -O2 -march=native $ks
check 0 g++ -std=c++11 -O3 -march=native $ks
check 0 clang++ -std=c++17 -O2 -march=native $ks
check 0 gcc -O2 -ffast-math $ks
check 0 clang -O2 -march=native -ffast-math $ks
check 0 gcc -Ofast -march=native $ks
check 0 gcc -O0 $ks
}
if [ "$fails" -ne 0 ]; then
  echo "fpcheck: $fails of $n builds answered wrongly" >&2
  exit 1
fi
echo "fpcheck: all $n builds answered as expected"
