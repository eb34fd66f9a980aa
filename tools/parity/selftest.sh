#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Checks that the parity comparers catch a changed golden and say where:
# takes tests/golden/core_ref.jsonl, changes one field's bits at one step,
# and requires ks-timeline (C) and compare.mjs (JS) to name that step and
# field, and ks-timeline's exit codes to be 0 / 1 / 2 as documented.
#   tools/parity/selftest.sh KS_TIMELINE WORKDIR
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
tool=$1 work=$2
golden="$ROOT/tests/golden/core_ref.jsonl"
fail() { echo "selftest FAIL: $*"; exit 1; }
[ -f "$golden" ] || fail "no golden file $golden (run tools/parity/regen-goldens.sh core_ref)"
mkdir -p "$work"
changed="$work/core_ref.changed.jsonl"

# Flip the lowest bit of vy at the line for step 4200 (its decimal changes with it).
node - "$golden" "$changed" <<'JS'
const fs = require('fs');
const [src, dst] = process.argv.slice(2);
const dv = new DataView(new ArrayBuffer(8));
const out = fs.readFileSync(src, 'utf8').split('\n').map((line) => {
  if (!line) return line;
  const o = JSON.parse(line);
  if (o.step !== 4200 || !('vy' in o)) return line;
  const bits = BigInt('0x' + o.vy_hex) ^ 1n;
  o.vy_hex = bits.toString(16).padStart(16, '0');
  dv.setBigUint64(0, bits);
  o.vy = dv.getFloat64(0);
  return JSON.stringify(o);
});
fs.writeFileSync(dst, out.join('\n'));
JS
cmp -s "$golden" "$changed" && fail "the change did not change the file"

"$tool" --help >/dev/null || fail "--help did not exit 0"
"$tool" "$golden" "$golden" >/dev/null || fail "identical files did not exit 0"
set +e
msg=$("$tool" --label "selftest" "$golden" "$changed"); rc=$?
"$tool" "$golden" "$work/does-not-exist.jsonl" 2>/dev/null; rc_missing=$?
"$tool" --bogus 2>/dev/null; rc_usage=$?
"$tool" --check "$golden" >/dev/null; rc_check=$?
set -e
echo "ks-timeline says: $msg"
[ "$rc" = 1 ] || fail "a changed file exited $rc, not 1"
[ "$rc_missing" = 2 ] || fail "an unreadable file exited $rc_missing, not 2"
[ "$rc_usage" = 2 ] || fail "a bad option exited $rc_usage, not 2"
[ "$rc_check" = 0 ] || fail "--check of the golden exited $rc_check, not 0"
case "$msg" in *"step 4200"*"vy differs"*) ;; *) fail "ks-timeline did not name step 4200 and field vy" ;; esac

js=$(node --input-type=module -e "
import { readFileSync } from 'node:fs';
import { compareTimelines } from '$ROOT/tools/parity/compare.mjs';
const a = readFileSync('$golden', 'utf8'), b = readFileSync('$changed', 'utf8');
const same = compareTimelines(a, a), r = compareTimelines(a, b);
if (!same.identical || r.identical || r.step !== 4200 || r.field !== 'vy') { console.log('BAD ' + JSON.stringify(r)); process.exit(1); }
console.log(r.message);
") || fail "compare.mjs: $js"
echo "compare.mjs says: $js"
echo "selftest ok"
