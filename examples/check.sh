#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# check.sh PROGRAM [ARG...] -- REGEX...
# Runs an example; passes when it exits 0 and its output (stdout and stderr)
# matches every extended REGEX, each being one of the claims the example
# prints. Prints the output and the claims that were not made otherwise.
set -u
cmd=()
while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do cmd+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
out=$("${cmd[@]}" 2>&1); code=$?
fail=0
[ "$code" -eq 0 ] || { echo "exit code $code, expected 0"; fail=1; }
for re in "$@"; do
  printf '%s\n' "$out" | grep -Eq -- "$re" || { echo "claim not made: /$re/"; fail=1; }
done
printf '%s\n' "$out"
exit "$fail"
