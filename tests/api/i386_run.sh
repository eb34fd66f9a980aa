#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/i386-run, the one way every test runs an i386 program, on the three
# kinds of host: one whose kernel runs i386 programs, one whose kernel cannot
# (qemu-i386-static then runs them), and one with neither (the case is skipped
# with a note, exit 77). The second host is made for real where this machine
# allows it (tools/no-i386.sh: a binfmt_misc entry refuses every i386 program
# for the test's duration); there the fpcheck test, whose -m32 probe used to be
# run directly and failed, must pass.
#   tests/api/i386_run.sh SOURCE_DIR WORK_DIR [FPCHECK_ARGS...]
set -uo pipefail
src=$(cd "${1:?usage: i386_run.sh SOURCE_DIR WORK_DIR}" && pwd)
work=${2:?usage: i386_run.sh SOURCE_DIR WORK_DIR}
shift 2
run=$src/tools/i386-run
fails=0
fail() { echo "i386_run: FAIL $*" >&2; fails=$((fails + 1)); }
mkdir -p "$work"
if ! printf 'int main(int c, char **v){(void)v; return 30 + c;}\n' | gcc -m32 -x c - -o "$work/prog32" 2>/dev/null; then
  echo "i386_run: skip: no 32-bit toolchain (gcc-multilib)"
  exit 77
fi
command -v qemu-i386-static >/dev/null || { echo "i386_run: skip: no qemu-i386-static"; exit 77; }

expect() { # label want-status want-how [env...] -- args
  local label=$1 want=$2 wanthow=$3; shift 3
  local envs=()
  while [ "$1" != -- ]; do envs+=("$1"); shift; done
  shift
  local how rc=0
  how=$(env "${envs[@]}" "$run" --how 2>/dev/null)
  env "${envs[@]}" "$run" "$work/prog32" "$@" 2>"$work/err" || rc=$?
  if [ "$how" != "$wanthow" ]; then fail "$label: --how said '$how', want '$wanthow'"; fi
  if [ "$rc" != "$want" ]; then fail "$label: exit $rc, want $want ($(cat "$work/err"))"; return; fi
  echo "i386_run: ok   $label: $how, exit $rc"
}
host=$("$run" --how)
case "$host" in
  direct|qemu-i386-static) echo "i386_run: this host runs i386 programs: $host" ;;
  *) fail "--how on this host: '$host' (qemu-i386-static is installed)" ;;
esac
expect "this host, 2 arguments" 33 "$host" -- a b
expect "direct refused" 31 qemu-i386-static KS_I386_DIRECT=no --
expect "neither" 77 none KS_I386_DIRECT=no KS_I386_QEMU=/nonexistent/qemu --
grep -q "cannot run i386 programs" "$work/err" || fail "the skip note is missing: $(cat "$work/err")"

# A kernel that cannot run i386 programs, made for real.
rc=0
"$src/tools/no-i386.sh" true 2>"$work/block-err" || rc=$?
if [ "$rc" = 77 ]; then
  echo "i386_run: note: cannot block i386 execution on this machine ($(cat "$work/block-err")): the real no-i386 host is not tried"
elif [ "$rc" != 0 ]; then
  fail "tools/no-i386.sh true exited $rc: $(cat "$work/block-err")"
else
  rc=0
  "$src/tools/no-i386.sh" "$work/prog32" 2>/dev/null || rc=$?
  if [ "$rc" = 31 ]; then fail "under tools/no-i386.sh the i386 program still ran directly"; else echo "i386_run: ok   blocked: a direct run exits $rc"; fi
  how=$("$src/tools/no-i386.sh" "$run" --how 2>/dev/null)
  [ "$how" = qemu-i386-static ] || fail "blocked: --how said '$how', want qemu-i386-static"
  rc=0
  "$src/tools/no-i386.sh" "$run" "$work/prog32" x 2>"$work/err" || rc=$?
  [ "$rc" = 32 ] && echo "i386_run: ok   blocked: the helper ran it under qemu-i386-static" || fail "blocked: the helper exited $rc ($(cat "$work/err"))"
  if [ $# -gt 0 ]; then
    # The fpcheck test whole, with i386 execution impossible: its -m32 probe
    # goes through the helper (it ran the program directly and failed before).
    rc=0
    "$src/tools/no-i386.sh" bash "$src/tests/api/fpcheck.sh" "$src/include" "$work/fpcheck" "$@" >"$work/fpcheck.log" 2>&1 || rc=$?
    if [ "$rc" = 0 ] && grep -q "i386 programs run: qemu-i386-static" "$work/fpcheck.log" && grep -q "ok .*-m32" "$work/fpcheck.log"; then
      echo "i386_run: ok   blocked: fpcheck passes, its -m32 probe under qemu-i386-static"
    elif [ "$rc" = 77 ]; then
      echo "i386_run: note: fpcheck skipped itself here"
    else
      fail "blocked: fpcheck exited $rc:"; cat "$work/fpcheck.log" >&2
    fi
  fi
fi
[ "$fails" = 0 ] || { echo "i386_run: $fails failing" >&2; exit 1; }
echo "i386_run: all cases as expected"
