#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/serve.mjs and tools/relay.mjs keep the command-line conventions of the other tools:
# --help (exit 0), --version (the version of include/kickstep/version.h), a
# usage error is one line with a hint (exit 2), and --host picks the address.
#   tests/serve/conventions.sh ROOT NODE
set -uo pipefail
root=${1:?usage: conventions.sh ROOT NODE}
node=${2:-node}
serve=$root/tools/serve.mjs
fails=0
check() { # what, condition...
  local what=$1; shift
  if "$@"; then echo "ok - $what"; else echo "FAIL - $what"; fails=$((fails + 1)); fi
}
out=$("$node" "$serve" --help 2>&1); rc=$?
check "--help exits 0" [ "$rc" = 0 ]
check "--help names --host and --port" grep -q -- '--host H' <<<"$out"
want=$(sed -n 's/^#define KICKSTEP_VERSION_STRING "\([^"]*\)".*/\1/p' "$root/include/kickstep/version.h")
out=$("$node" "$serve" --version 2>&1); rc=$?
check "--version exits 0 and prints $want" [ "$rc" = 0 -a "$out" = "serve.mjs (kickstep) $want" ]
for bad in "--bogus" "" "--port" "--port x" "--host"; do
  # shellcheck disable=SC2086
  out=$("$node" "$serve" $bad 2>&1 >/dev/null); rc=$?
  check "'$bad' is a usage error: exit 2, one line with a hint" [ "$rc" = 2 -a "$(wc -l <<<"$out")" = 1 ]
done
relay=$root/tools/relay.mjs
out=$("$node" "$relay" --help 2>&1); rc=$?
check "relay --help exits 0 and names --host" [ "$rc" = 0 ] && check "relay --help names --host" grep -q -- '--host H' <<<"$out"
out=$("$node" "$relay" --version 2>&1); rc=$?
check "relay --version exits 0 and prints $want" [ "$rc" = 0 -a "$out" = "relay.mjs (kickstep) $want" ]
for bad in "--bogus" "--port" "--port x" "--host" "--loss 2"; do
  # shellcheck disable=SC2086
  out=$("$node" "$relay" $bad 2>&1 >/dev/null); rc=$?
  check "relay '$bad' is a usage error: exit 2, one line" [ "$rc" = 2 -a "$(wc -l <<<"$out")" = 1 ]
done
site=$(mktemp -d)
trap 'rm -rf "$site"; [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null' EXIT
echo hello >"$site/index.html"
"$node" "$serve" "$site" --host 127.0.0.1 --port 0 >"$site.log" 2>&1 &
pid=$!
for _ in $(seq 50); do grep -q '^serving' "$site.log" 2>/dev/null && break; sleep 0.1; done
url=$(sed -n 's/^serving .* at \(http[^ ]*\)$/\1/p' "$site.log")
check "--host 127.0.0.1 serves at 127.0.0.1 ($url)" grep -q '^http://127.0.0.1:[0-9]*/$' <<<"$url"
check "it answers" [ "$(curl -s "$url")" = hello ]
kill "$pid"; wait "$pid" 2>/dev/null; pid=
rm -f "$site.log"
echo "serve conventions: $fails failed"
[ "$fails" = 0 ]
