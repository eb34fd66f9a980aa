#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A sweep through GNU parallel (tools/sweep/parallel.sh): on this machine with
# two job slots, and on two "hosts" through --sshlogin, with a stand-in for
# ssh (fake-ssh.sh) that runs the jobs here. Either way the merged result and
# records must be byte for byte what one process writes.
#   tests/sweep/gnu_parallel.sh KICK_CLI WORKDIR
set -euo pipefail
K=$1 W=$2
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
fail() { echo "FAIL: $*"; exit 1; }
command -v parallel >/dev/null || fail "GNU parallel is not installed: tools/deps.sh installs it (the test never skips)"
rm -rf "$W"
mkdir -p "$W"
cd "$W"
sim=(--levels 1-1,2-3,3-5,4-4,5-2,6-5 --players 4 --kicks 3 --seed 11)
"$K" simulate "${sim[@]}" --threads 1 --quiet --out whole.json --records whole.jsonl

bash "$root/tools/sweep/parallel.sh" --dir local --shards 7 --jobs 2 --records --report --kick-cli "$K" -- "${sim[@]}"
[ "$(grep -c '"format"' local/shards.json)" = 7 ] || fail "shards.json does not hold 7 results"
cmp local/result.json whole.json || fail "the merged result differs from one process's"
cmp local/records.jsonl whole.jsonl || fail "the merged records differ from one process's"
grep -q '<svg data-chart="levels"' local/report.html || fail "no report"

export FAKE_SSH_LOG=$W/ssh.log
bash "$root/tools/sweep/parallel.sh" --dir remote --shards 5 --sshlogin 1/hostA,1/hostB --ssh "$here/fake-ssh.sh" \
  --kick-cli "$K" -- "${sim[@]}"
cmp remote/result.json whole.json || fail "the result merged from two hosts differs from one process's"
[ "$(sort -u ssh.log | tr '\n' ' ')" = "hostA hostB " ] || fail "the jobs did not go to both hosts: $(sort ssh.log | uniq -c)"
echo "gnu parallel: 7 local shards and 5 shards on two hosts give one process's bytes ($(sort ssh.log | uniq -c | tr -s ' \n' ' '))"
