#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs a command on this machine as if its kernel could not run 32-bit x86
# programs (some x86-64 kernels have no IA-32 emulation): while the command
# runs, a binfmt_misc entry hands every i386 ELF program to a handler that
# refuses it ("cannot execute binary file: Exec format error", exit 126);
# qemu-i386-static, a 64-bit program that loads i386 code itself, still works.
#
#   tools/no-i386.sh COMMAND [ARGS...]    e.g. tools/no-i386.sh make test
#
# Needs root and /proc/sys/fs/binfmt_misc (mounted here if it is not); exits 77
# without them. The entry is machine-wide while it lasts (other processes meet
# it too) and is removed when the command ends, or on INT/TERM.
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: tools/no-i386.sh COMMAND [ARGS...]" >&2; exit 2; }
bf=/proc/sys/fs/binfmt_misc
if [ ! -w "$bf/register" ]; then
  mount -t binfmt_misc binfmt_misc "$bf" 2>/dev/null || true
fi
if [ "$(id -u)" != 0 ] || [ ! -w "$bf/register" ]; then
  echo "no-i386: skip: cannot register a binfmt_misc handler here (needs root and $bf)" >&2
  exit 77
fi
name=ks-noi386-$$
handler=$(mktemp "${TMPDIR:-/tmp}/ks-noi386-handler.XXXXXX")
printf '#!/bin/sh\necho "$1: cannot execute binary file: Exec format error (i386 execution blocked by tools/no-i386.sh)" >&2\nexit 126\n' >"$handler"
chmod 755 "$handler"
cleanup() {
  [ -e "$bf/$name" ] && echo -1 >"$bf/$name"
  rm -f "$handler"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
# An ELF32 little-endian x86 (e_machine 3) executable or shared object (e_type
# 2 or 3), whatever its OS/ABI byte.
magic='\x7fELF\x01\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x03\x00'
mask='\xff\xff\xff\xff\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00\xfe\xff\xff\xff'
if ! echo ":$name:M::$magic:$mask:$handler:" >"$bf/register" 2>/dev/null; then
  echo "no-i386: skip: the kernel refused the binfmt_misc entry" >&2
  exit 77
fi
"$@"
