#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# kick-cli replay verify on a shoot-out record: a good one verifies (text and
# --json), a tampered checkpoint is named with its step, a flipped byte fails
# its checksum, --trace is refused, and single-kick replays still verify.
#   cli_shootout.sh KICK_CLI MAKE_SHOOTOUT
set -euo pipefail
K=$1; M=$2
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT; cd "$dir"
fail() { echo "FAIL: $*"; exit 1; }
"$M" good.ksso
out=$("$K" replay verify good.ksso) || fail "a good record does not verify: $out"
echo "$out"
grep -q '^verify: *identical' <<<"$out" || fail "no 'identical'"
grep -Eq '^shoot-out: [0-9]+-[0-9]+, player [01] wins after [0-9]+ kicks \(played\)' <<<"$out" || fail "no summary line"
json=$("$K" replay verify good.ksso --json)
grep -q '"kind":[[:space:]]*"shootout"' <<<"$json" || fail "json kind: $json"
grep -q '"identical":[[:space:]]*true' <<<"$json" || fail "json identical: $json"
"$M" bad.ksso --tamper >/dev/null
set +e; out=$("$K" replay verify bad.ksso 2>&1); rc=$?; set -e
[ "$rc" = 1 ] || fail "a tampered record exits $rc, not 1"
grep -q 'diverges at step 2400: state_hash' <<<"$out" || fail "the tampered checkpoint is not named: $out"
cp good.ksso flip.ksso
printf '\x55' | dd of=flip.ksso bs=1 seek=40 conv=notrunc status=none
set +e; out=$("$K" replay verify flip.ksso 2>&1); rc=$?; set -e
[ "$rc" = 1 ] || fail "a flipped byte exits $rc"
grep -q 'checksum' <<<"$out" || fail "a flipped byte is not a checksum error: $out"
set +e; out=$("$K" replay verify good.ksso --trace t.trace 2>&1); rc=$?; set -e
[ "$rc" = 2 ] || fail "--trace on a shoot-out exits $rc, not 2"
"$K" replay save --open --speed 25 --elevation 10 --out one.ksr >/dev/null
"$K" replay verify one.ksr | grep -q identical || fail "a single-kick replay no longer verifies"
echo "ok: shoot-out records verify with kick-cli"
