#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs every hosted CLI of a build under valgrind memcheck.
#   tools/valgrind-cli.sh <build-dir>
# Programs: every executable directly under <build-dir>/apps/<name>/.
# Argument sets: tests/sanitize/valgrind-args/<name>.txt, one set per line
# (shell words, or (none) for no arguments; '#' starts a comment; {TMP} is a scratch directory, {ROOT} the
# source tree). A program without a file is run with --help and with no
# arguments. A program may reject its arguments (that path is tested too); only
# a memcheck error or leak fails: valgrind exits 97 then.
set -uo pipefail
build=${1:?usage: valgrind-cli.sh <build-dir>}
root=$(cd "$(dirname "$0")/.." && pwd)
command -v valgrind >/dev/null || { echo "valgrind-cli: valgrind is not installed (tools/deps.sh installs it)" >&2; exit 1; }
[ -d "$build/apps" ] || { echo "valgrind-cli: no $build/apps" >&2; exit 1; }
build=$(cd "$build" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

runs=0; bad=0; progs=()
for dir in "$build"/apps/*/; do
  app=$(basename "$dir")
  exe="$dir$app"
  [ -x "$exe" ] && [ -f "$exe" ] || continue
  progs+=("$app")
  argfile="$root/tests/sanitize/valgrind-args/$app.txt"
  sets=()
  if [ -f "$argfile" ]; then
    while IFS= read -r line || [ -n "$line" ]; do
      line=${line%%#*}
      [ -n "${line//[[:space:]]/}" ] || continue
      sets+=("$line")
    done < "$argfile"
  else
    sets=("--help" "(none)")
  fi
  for s in "${sets[@]}"; do
    s=${s//\{TMP\}/$tmp}; s=${s//\{ROOT\}/$root}
    if [ "$s" = "(none)" ]; then args=(); else eval "args=($s)"; fi
    log="$tmp/vg.log"
    (cd "$tmp" && valgrind -q --error-exitcode=97 --leak-check=full --show-leak-kinds=definite,indirect,possible \
        --errors-for-leak-kinds=definite,indirect,possible --log-file="$log" "$exe" "${args[@]}" \
        >"$tmp/out.txt" 2>"$tmp/err.txt" </dev/null)
    rc=$?
    runs=$((runs + 1))
    # 97: memcheck found something; 126/127 and signals: the program did not run or crashed.
    if [ "$rc" -eq 97 ] || [ "$rc" -ge 126 ] || [ -s "$log" ]; then
      bad=$((bad + 1))
      echo "valgrind-cli: FAIL $app $s (exit $rc)"
      cat "$log" "$tmp/err.txt"
    else
      echo "valgrind-cli: ok   $app $s (exit $rc)"
    fi
  done
done
[ "${#progs[@]}" -gt 0 ] || { echo "valgrind-cli: no programs found under $build/apps" >&2; exit 1; }
echo "valgrind-cli: ${#progs[@]} programs (${progs[*]}), $runs runs, $bad with memcheck errors"
[ "$bad" -eq 0 ]
