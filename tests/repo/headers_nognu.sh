#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The public headers as a compiler without GNU extensions sees them (MSVC):
#   tests/repo/headers_nognu.sh ROOT [CLANG]
# Each include/kickstep/*.h, alone, is compiled as C17 and as C++17 by clang
# in its MSVC mode (--target=x86_64-pc-windows-msvc -fms-compatibility) with
# __GNUC__ and __clang__ undefined, so every `#if defined(__GNUC__)` takes its
# portable branch, warnings as errors. Then each header's own preprocessed
# text must hold no GNU-only token (__builtin_*, __attribute__, typeof,
# __extension__, __asm__, statement expressions), which a real MSVC rejects
# even where clang accepts it.
set -euo pipefail
root=${1:?usage: headers_nognu.sh ROOT [CLANG]}
clang=${2:-clang}
command -v "$clang" >/dev/null || { echo "headers: $clang not found (install with: bash tools/deps.sh)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/ks-headers.XXXXXX")
trap 'rm -rf "$work"' EXIT
# The hosted headers (host_*.h) include <stdio.h>, which a real MSVC has but
# this freestanding cross compile does not: a stand-in declares FILE alone,
# enough for a syntax check of kickstep's own lines.
mkdir -p "$work/libc"
printf '#pragma once\ntypedef struct ks_msvc_stand_in_FILE FILE;\n' >"$work/libc/stdio.h"
flags=(--target=x86_64-pc-windows-msvc -fms-compatibility -fms-extensions -U__GNUC__ -U__clang__
       -ffreestanding -I"$root/include" -isystem "$work/libc" -Wall -Wextra -Werror)
bad=0 n=0
for h in "$root"/include/kickstep/*.h; do
  name=kickstep/$(basename "$h")
  n=$((n + 1))
  printf '#include "%s"\n' "$name" >"$work/t.c"
  if ! out=$("$clang" "${flags[@]}" -std=c17 -pedantic -x c -fsyntax-only "$work/t.c" 2>&1); then
    echo "FAIL $name as C17 (MSVC mode, no GNU C):"; echo "$out"; bad=$((bad + 1))
  fi
  if ! out=$("$clang" "${flags[@]}" -std=c++17 -x c++ -fsyntax-only "$work/t.c" 2>&1); then
    echo "FAIL $name as C++17 (MSVC mode, no GNU C):"; echo "$out"; bad=$((bad + 1))
  fi
  # The header's own lines after preprocessing (line markers say whose they are).
  "$clang" "${flags[@]}" -std=c17 -x c -E "$work/t.c" 2>/dev/null \
    | awk '/^# [0-9]+ "/ { mine = ($3 ~ /include\/kickstep\//) ; next } mine' >"$work/pp.txt" || true
  if grep -nE '__builtin_|__attribute__|\<typeof\>|__typeof__|__extension__|__asm__|\<asm\>|\(\{' "$work/pp.txt" >"$work/gnu.txt"; then
    echo "FAIL $name: GNU C left in its portable branch (preprocessed without __GNUC__):"
    sed 's/^/  /' "$work/gnu.txt"
    bad=$((bad + 1))
  fi
done
[ "$n" -gt 0 ] || { echo "headers: no header in $root/include/kickstep" >&2; exit 2; }
echo "headers: $n public headers, $bad failing (C17 and C++17, MSVC mode, no __GNUC__ / __clang__)"
[ "$bad" = 0 ]
