#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# expect.sh CODE REGEX -- COMMAND...
# Runs COMMAND as a user would; passes when it exits with CODE and its output
# (stdout and stderr together) matches the extended REGEX. Prints both on failure.
set -u
want=$1; regex=$2; shift 2
[ "${1:-}" = "--" ] && shift
out=$("$@" 2>&1); got=$?
fail=0
if [ "$got" != "$want" ]; then echo "exit code $got, expected $want"; fail=1; fi
if ! printf '%s\n' "$out" | grep -Eq -- "$regex"; then echo "output does not match /$regex/"; fail=1; fi
if [ $fail = 1 ]; then
  echo "command: $*"; echo "--- output ---"; printf '%s\n' "$out"; exit 1
fi
echo "ok: $*"
