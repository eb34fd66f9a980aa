#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Every public header compiles alone, as C99, C17, C++11 and C++17, with
# -Wall -Wextra -pedantic -Werror and the stricter warnings a game may build
# with (conversions, shadowing, float equality, casts, #if on undefined
# macros), under gcc/g++ and clang/clang++:
#
#   tests/api/headers.sh INCLUDE_DIR WORK_DIR
#
# One translation unit per header (the header included twice, so its guard is
# tested too); one compiler run per compiler and standard, all units at once.
# A header that needs another to be included first, uses a C17 or GNU
# extension, or warns, fails with the compiler's message.
set -euo pipefail
inc=${1:?usage: headers.sh INCLUDE_DIR WORK_DIR}
work=${2:?usage: headers.sh INCLUDE_DIR WORK_DIR}
inc=$(cd "$inc" && pwd)
rm -rf "$work"
mkdir -p "$work/c" "$work/cxx"
headers=()
for h in "$inc"/kickstep/*.h; do headers+=("$(basename "$h")"); done
[ "${#headers[@]}" -gt 0 ] || { echo "headers: no headers in $inc/kickstep" >&2; exit 1; }
for h in "${headers[@]}"; do
  n=${h%.h}
  printf '#include "kickstep/%s"\n#include "kickstep/%s"\nint ks_header_unit_%s(void);\nint ks_header_unit_%s(void) { return 0; }\n' \
    "$h" "$h" "$n" "$n" >"$work/c/$n.c"
  cp "$work/c/$n.c" "$work/cxx/$n.cpp"
done

strict=(-Wall -Wextra -pedantic -Wconversion -Wsign-conversion -Wdouble-promotion -Wshadow -Wfloat-equal
        -Wcast-qual -Wundef -Werror)
fails=0 runs=0
compile() { # compiler std dir ext
  local cc=$1 std=$2 dir=$3 ext=$4
  command -v "$cc" >/dev/null || { echo "headers: $cc not found (tools/deps.sh installs it)" >&2; exit 1; }
  runs=$((runs + 1))
  if (cd "$work/$dir" && "$cc" "-std=$std" "${strict[@]}" -fsyntax-only -I"$inc" ./*."$ext") 2>"$work/$cc.$std.log"; then
    echo "headers: ok   $cc -std=$std: ${#headers[@]} headers"
  else
    echo "headers: FAIL $cc -std=$std:" >&2
    sed 's/^/  /' "$work/$cc.$std.log" >&2
    fails=$((fails + 1))
  fi
}
for cc in gcc clang; do
  for std in c99 c17; do compile "$cc" "$std" c c; done
done
for cxx in g++ clang++; do
  for std in c++11 c++17; do compile "$cxx" "$std" cxx cpp; done
done
if [ "$fails" -ne 0 ]; then
  echo "headers: $fails of $runs compiler runs failed" >&2
  exit 1
fi
echo "headers: all ${#headers[@]} public headers compile alone in $runs compiler runs (C99, C17, C++11, C++17)"
