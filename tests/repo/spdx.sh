#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Every source file of the project names its licence in its first lines:
#   tests/repo/spdx.sh ROOT
# Source = tracked files with a code extension (C, C++, JS, CSS, HTML, shell,
# Python, CMake, Makefile); data (goldens, corpora, JSON, CSV) and prose are not.
set -euo pipefail
root=${1:?usage: spdx.sh ROOT}
cd "$root"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  list() { git ls-files -co --exclude-standard; }
else
  list() { find . -type f -not -path './build*' -not -path '*/node_modules/*' | sed 's|^\./||'; }
fi
bad=0 n=0
while IFS= read -r f; do
  case "$f" in
    */corpus/*|*/regress/*) continue ;;
    *.c|*.h|*.cpp|*.hpp|*.js|*.mjs|*.css|*.html|*.sh|*.py|*.cmake|*.cmake.in|*.pc.in|*CMakeLists.txt|Makefile|.ci/run) ;;
    *) continue ;;
  esac
  [ -f "$f" ] || continue
  n=$((n + 1))
  if ! head -n 3 "$f" | grep -q 'SPDX-License-Identifier: MIT'; then
    echo "spdx: $f has no 'SPDX-License-Identifier: MIT' in its first three lines" >&2
    bad=$((bad + 1))
  fi
done < <(list)
if [ "$bad" -ne 0 ]; then
  echo "spdx: $bad of $n source files lack the licence line" >&2
  exit 1
fi
[ "$n" -gt 100 ] || { echo "spdx: only $n source files found; is ROOT the project?" >&2; exit 1; }
echo "spdx: all $n source files carry SPDX-License-Identifier: MIT"
