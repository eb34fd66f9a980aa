#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A stand-in for ssh that runs the remote command on this machine, so the
# GNU parallel test can drive --sshlogin without hosts or keys: it takes
# ssh's options and the host name off, notes the host in $FAKE_SSH_LOG, and
# runs the command with bash as sshd would with the login shell.
set -euo pipefail
while [ $# -gt 0 ]; do
  case "$1" in
    -[bcDEeFIiJLlmOopQRSWw]) shift 2 ;;
    -*) shift ;;
    *) host=$1; shift; break ;;
  esac
done
[ "${1:-}" = "--" ] && shift
# sshd gives the remote command a login environment: SHELL, HOME and USER
# from the password database. GNU parallel's remote wrapper runs the job
# with $SHELL, so without it (a CI runner's bare environment) a job would
# run nothing at all.
entry=$(getent passwd "$(id -u)" || true)
export SHELL=${SHELL:-$(echo "$entry" | cut -d: -f7)} HOME=${HOME:-$(echo "$entry" | cut -d: -f6)} USER=${USER:-$(id -un)}
[ -n "$SHELL" ] || export SHELL=/bin/sh
[ -n "${FAKE_SSH_LOG:-}" ] && echo "${host:-?}" >> "$FAKE_SSH_LOG"
exec bash -c "$*"
