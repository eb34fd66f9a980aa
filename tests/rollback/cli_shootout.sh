#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# kick-cli replay verify on a shoot-out record: a good one verifies (text and
# --json), from a file and from standard input ('-'), a tampered checkpoint is
# named with its step, a flipped byte fails its checksum, a truncated record
# and one past the 64 KiB limit are refused on stdin too, --trace is refused,
# share says a shoot-out has no code, and single-kick replays still verify
# (from stdin too, with their own 2 KiB limit).
#   cli_shootout.sh KICK_CLI MAKE_SHOOTOUT
set -euo pipefail
K=$1; M=$2
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT; cd "$dir"
fail() { echo "FAIL: $*"; exit 1; }
"$M" good.ksso
out=$("$K" replay verify good.ksso) || fail "a good record does not verify: $out"
good_out=$out
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
# Standard input: the same verdict and summary as the file.
sin=$("$K" replay verify - < good.ksso) || fail "a good record on stdin does not verify: $sin"
[ "$sin" = "$good_out" ] || fail "stdin and the file give different reports: $sin"
json=$("$K" replay verify - --json < good.ksso)
grep -q '"kind":[[:space:]]*"shootout"' <<<"$json" && grep -q '"identical":[[:space:]]*true' <<<"$json" &&
  grep -q '"file":[[:space:]]*"-"' <<<"$json" || fail "json from stdin: $json"
cat good.ksso | "$K" replay verify - | grep -q '^verify: *identical' || fail "a record through a pipe does not verify"
set +e; out=$("$K" replay verify - < bad.ksso 2>&1); rc=$?; set -e
[ "$rc" = 1 ] && grep -q 'diverges at step 2400: state_hash' <<<"$out" || fail "a tampered record on stdin: $rc $out"
head -c 100 good.ksso > short.ksso
set +e; out=$("$K" replay verify - < short.ksso 2>&1); rc=$?; set -e
[ "$rc" = 1 ] && grep -q 'standard input: shoot-out replay is truncated' <<<"$out" || fail "a truncated record on stdin: $rc $out"
{ cat good.ksso; head -c 70000 /dev/zero; } > huge.ksso
set +e; out=$(cat huge.ksso | "$K" replay verify - 2>&1); rc=$?; set -e
[ "$rc" = 1 ] && grep -q 'standard input is larger than 64 KiB' <<<"$out" || fail "a 70 KB record on stdin: $rc $out"
set +e; out=$("$K" replay verify huge.ksso 2>&1); rc=$?; set -e
[ "$rc" = 1 ] && grep -q "'huge.ksso' is larger than 64 KiB" <<<"$out" || fail "a 70 KB record file: $rc $out"
set +e; out=$("$K" replay verify - --trace t.trace < good.ksso 2>&1); rc=$?; set -e
[ "$rc" = 2 ] && grep -q 'standard input is a shoot-out record' <<<"$out" || fail "--trace on a shoot-out from stdin: $rc $out"
set +e; out=$("$K" replay share - < good.ksso 2>&1); rc=$?; set -e
[ "$rc" = 1 ] && grep -q 'shoot-out record, not a single-kick replay' <<<"$out" || fail "share of a shoot-out: $rc $out"
"$K" replay save --open --speed 25 --elevation 10 --out one.ksr >/dev/null
"$K" replay verify - < one.ksr | grep -q identical || fail "a single-kick replay on stdin no longer verifies"
{ cat one.ksr; head -c 3000 /dev/zero; } > long.ksr
set +e; out=$("$K" replay verify - < long.ksr 2>&1); rc=$?; set -e
[ "$rc" = 1 ] && grep -q 'standard input is larger than 2 KiB, the limit for a replay file' <<<"$out" || fail "a 3 KB replay on stdin: $rc $out"
"$K" replay verify one.ksr | grep -q identical || fail "a single-kick replay no longer verifies"
echo "ok: shoot-out records verify with kick-cli"
# A party's record (version 2, 3 and 4 players) verifies, with every player's goals.
for n in 3 4; do
  "$M" party$n.ksso --party $n >/dev/null
  [ "$(od -An -tu1 -j4 -N1 party$n.ksso | tr -d ' ')" = 2 ] || fail "a party of $n is not written as version 2"
  out=$("$K" replay verify party$n.ksso) || fail "a party of $n does not verify: $out"
  grep -q '^verify: *identical' <<<"$out" || fail "party of $n: no 'identical': $out"
  grep -Eq "^party of $n: [0-9]+(-[0-9]+){$((n - 1))}, (player [0-9] wins|a draw) after [0-9]+ kicks \(played\)" <<<"$out" ||
    fail "party of $n: no summary line: $out"
  json=$("$K" replay verify party$n.ksso --json)
  grep -q "\"players\":[[:space:]]*$n" <<<"$json" || fail "party json: $json"
done
echo "party records: ok"
