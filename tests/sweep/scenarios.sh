#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Sweep scenarios of kick-cli simulate, merge and report: each function is
# one ctest test.
#   scenarios.sh KICK_CLI WORKDIR NAME
set -euo pipefail
K=$1 W=$2 name=$3
rm -rf "$W"
mkdir -p "$W"
cd "$W"
fail() { echo "FAIL: $*"; exit 1; }
sim=(--levels 1-1,3-5,5-2,6-5 --players 3 --kicks 2 --seed 7 --quiet)

# expect CODE REGEX COMMAND...: the exit code and a line of stderr+stdout.
expect() {
  local want=$1 regex=$2 out rc
  shift 2
  set +e
  out=$("$@" 2>&1)
  rc=$?
  set -e
  [ "$rc" = "$want" ] || fail "$* exited $rc, expected $want: $out"
  printf '%s\n' "$out" | grep -Eq -- "$regex" || fail "$* said '$out', expected /$regex/"
  echo "ok ($rc): $(printf '%s\n' "$out" | grep -E -- "$regex" | head -n 1)"
}

threads_follow_affinity() {
  command -v taskset >/dev/null || fail "taskset (util-linux) is missing"
  local one all
  one=$(taskset -c 0 "$K" simulate --levels 1-1 --players 1 --kicks 1 --threads 0 --timing --json |
    node -e 'console.log(JSON.parse(require("fs").readFileSync(0,"utf8")).timing.threads)')
  [ "$one" = 1 ] || fail "under taskset -c 0, --threads 0 started $one threads"
  all=$("$K" simulate --levels 1-1 --players 1 --kicks 1 --threads 0 --timing --json |
    node -e 'console.log(JSON.parse(require("fs").readFileSync(0,"utf8")).timing.threads)')
  [ "$all" = "$(nproc)" ] || fail "--threads 0 started $all threads, nproc says $(nproc)"
  echo "--threads 0: 1 thread under taskset -c 0, $all with every CPU"
}

# Rewrites a result's build field and its run id (FNV-1a 64 of the compact
# {"build":...,"parameters":...}), as another build of kick-cli would write it.
rebuild() { # FILE FIELD VALUE OUT
  node -e '
    const fs = require("fs");
    const [file, field, value, out] = process.argv.slice(1);
    const text = fs.readFileSync(file, "utf8");
    const j = JSON.parse(text);
    j.build[field] = value;
    let h = 0xcbf29ce484222325n;
    for (const b of Buffer.from(JSON.stringify({ build: j.build, parameters: j.parameters })))
      h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
    const run = h.toString(16).padStart(16, "0");
    const old = JSON.stringify(JSON.parse(text).build[field]);
    fs.writeFileSync(out, text.replace(`"${field}":\t${old}`, `"${field}":\t${JSON.stringify(value)}`)
                               .replace(/"run":\t"[0-9a-f]{16}"/, `"run":\t"${run}"`));
  ' "$@"
}

merge_names_what_differs() {
  for i in 0 1 2; do "$K" simulate "${sim[@]}" --shard $i/3 --out s$i.json; done
  "$K" simulate "${sim[@]}" --out whole.json
  # The run id the reader computes is the writer's: an untouched rewrite merges.
  rebuild s1.json commit "$(node -e 'console.log(JSON.parse(require("fs").readFileSync("s1.json","utf8")).build.commit)')" same1.json
  cmp same1.json s1.json || fail "the test's run id is not kick-cli's"
  for field in version commit compiler flags target; do
    rebuild s1.json $field "other-$field" other.json
    expect 1 "'other.json': its build\\.$field differs: 'other-$field' here" "$K" merge s0.json other.json s2.json
  done
  "$K" simulate --levels 1-1,3-5,5-2,6-5 --players 3 --kicks 2 --seed 8 --quiet --shard 1/3 --out seed.json
  expect 1 "its parameters\\.seed differs: '8' here, '7' before" "$K" merge s0.json seed.json s2.json
  "$K" simulate --levels 1-1,3-5,5-2,6-5 --players 4 --kicks 2 --seed 7 --quiet --shard 1/3 --out players.json
  expect 1 "its parameters\\.players differs: '4' here, '3' before" "$K" merge s0.json players.json s2.json
  "$K" simulate --levels 1-1,3-5,5-2,6-5 --players 3 --kicks 1 --seed 7 --quiet --shard 1/3 --out kicks.json
  expect 1 "parameters\\.kicks_per_player differs" "$K" merge s0.json kicks.json s2.json
  "$K" simulate --levels 1-1,3-5,5-2,6-4 --players 3 --kicks 2 --seed 7 --quiet --shard 1/3 --out levels.json
  expect 1 "parameters\\.levels differ" "$K" merge s0.json levels.json s2.json
  expect 1 "shard 1/3 is already in the results before it" "$K" merge s0.json s1.json s1.json
  expect 1 "'whole.json': it overlaps" "$K" merge s0.json whole.json
  "$K" simulate "${sim[@]}" --shard 1/4 --out four.json
  expect 1 "split into 4 shards, the results before it into 3" "$K" merge s0.json four.json
  expect 1 "missing 1 of 3 shards: 1 " "$K" merge s0.json s2.json
  expect 0 "warning: missing 1 of 3 shards: 1" "$K" merge s0.json s2.json --partial --out part.json
  "$K" merge part.json s1.json --out again.json >/dev/null
  cmp again.json whole.json || fail "a staged merge is not the whole run"
  cat s2.json s0.json s1.json | "$K" merge - --out piped.json >/dev/null
  cmp piped.json whole.json || fail "results read from stdin do not merge into the whole run"
  cat s2.json s0.json | "$K" merge s1.json - --out mixed.json >/dev/null
  cmp mixed.json whole.json || fail "a file and stdin do not merge into the whole run"
  expect 2 "can be read once" "$K" merge - -
  echo "merge: names the build field and the parameter that differ, overlaps, splits and gaps; reads -"
}

strict_reader() {
  "$K" simulate "${sim[@]}" --shard 0/2 --out s0.json
  "$K" simulate "${sim[@]}" --shard 1/2 --out s1.json
  edit() { node -e "const fs=require('fs');const j=JSON.parse(fs.readFileSync('s1.json','utf8'));$1;fs.writeFileSync('e.json',JSON.stringify(j,null,1))"; }
  edit 'j.per_level[0].outcomes.goal += 1'
  expect 1 "'e.json': per_level\\[0\\]\\.goals is not outcomes\\.goal" "$K" merge s0.json e.json
  edit 'j.per_level[0].goal_rate = 0.125'
  expect 1 "per_level\\[0\\]\\.goal_rate does not match the counts" "$K" merge s0.json e.json
  edit 'j.totals.stars[0] += 1; j.totals.stars[1] -= 1'
  expect 1 "totals.*(not a non-negative|not the sum)" "$K" merge s0.json e.json
  edit 'j.per_level[1].kicks_total = 3'
  expect 1 "per_level\\[1\\] has an unknown key \"kicks_total\"" "$K" merge s0.json e.json
  edit 'delete j.totals.moments'
  expect 1 "totals has no \"moments\"" "$K" merge s0.json e.json
  edit 'j.shards = { count: 4, done: [1], missing: [0, 2, 3] }'
  expect 1 "per_level\\[0\\]\\.kicks is 3, but its shards hold 2 kicks of level 1-1" "$K" merge e.json
  edit 'j.complete = true'
  expect 1 "'e.json': complete does not say whether every shard is done" "$K" merge s0.json e.json
  edit 'j.run = "0123456789abcdef"'
  expect 1 "'e.json': run is not the id of its build and parameters" "$K" merge s0.json e.json
  edit 'j.version = 1'
  expect 1 "format version 1; this kick-cli reads version 2" "$K" merge s0.json e.json
  sed 's/"decided":/"decided":1,"decided":/' s1.json > dup.json
  expect 1 "'dup.json': it is not strict JSON \\(the key \"decided\" appears twice" "$K" merge s0.json dup.json
  head -c 500 s1.json > cut.json
  expect 1 "'cut.json': it is not JSON" "$K" merge s0.json cut.json
  (cat s1.json; echo '{"format": "kick-cli simulate"') > tail.json
  expect 1 "what follows result 1 is not JSON" "$K" merge s0.json tail.json
  expect 1 "'/dev/null': it holds no result" "$K" merge /dev/null
  echo "strict reader: edited counts, unknown, missing and repeated keys, old formats and cut files are refused"
}

records_are_deterministic() {
  "$K" simulate "${sim[@]}" --threads 1 --out one.json --records one.jsonl
  "$K" simulate "${sim[@]}" --threads 2 --out two.json --records two.jsonl
  "$K" simulate "${sim[@]}" --threads 3 --records - > three.jsonl
  cmp one.jsonl two.jsonl || fail "records differ between 1 and 2 threads"
  cmp one.jsonl three.jsonl || fail "records on stdout differ"
  cmp one.json two.json || fail "results differ between 1 and 2 threads"
  [ "$(wc -l < one.jsonl)" = 24 ] || fail "expected 24 records, got $(wc -l < one.jsonl)"
  # Every line: the documented keys in order, and the counts of the result.
  node -e '
    const fs = require("fs");
    const keys = "run item level player kick skill candidate score speed_mps elevation_rad direction_rad spin_axis_x spin_axis_y spin_axis_z spin_rate_rad_s outcome strike_step decision_step flight_s crossing_x crossing_y crossing_z stars moments".split(" ");
    const res = JSON.parse(fs.readFileSync("one.json", "utf8"));
    const lines = fs.readFileSync("one.jsonl", "utf8").trim().split("\n").map((l) => JSON.parse(l));
    lines.forEach((r, i) => {
      if (Object.keys(r).join() !== keys.join()) throw new Error(`line ${i + 1}: keys ${Object.keys(r)}`);
      if (r.item !== i || r.run !== res.run) throw new Error(`line ${i + 1}: item ${r.item} run ${r.run}`);
    });
    for (const row of res.per_level) {
      const mine = lines.filter((r) => r.level === row.level);
      const goals = mine.filter((r) => r.outcome === "goal").length;
      if (mine.length !== row.kicks || goals !== row.goals) throw new Error(`${row.level}: ${mine.length} ${goals}`);
      row.candidates.forEach((n, c) => { if (mine.filter((r) => r.candidate === c).length !== n) throw new Error(`${row.level} candidate ${c}`); });
    }
    console.log(`records: ${lines.length} lines match the result`);'
  for i in 0 1 2; do "$K" simulate "${sim[@]}" --shard $i/3 --out s$i.json --records s$i.jsonl; done
  "$K" merge s0.json s1.json s2.json --out m.json >/dev/null
  cmp m.json one.json || fail "merged shards differ from one process"
  "$K" merge --records m.jsonl --result m.json s2.jsonl s0.jsonl s1.jsonl
  cmp m.jsonl one.jsonl || fail "merged records differ from one process's"
  expect 2 "can be read once" "$K" merge --records x.jsonl - -
  cat s1.jsonl | "$K" merge --records piped.jsonl s0.jsonl - s2.jsonl
  cmp piped.jsonl one.jsonl || fail "records read from stdin merge differently"
  expect 1 "item 1 \\(level 1-1, player 0, kick 1\\) is in none of the records files" \
    "$K" merge --records x.jsonl --result m.json s0.jsonl s2.jsonl
  "$K" merge s0.json s2.json --partial --out p02.json 2>/dev/null
  expect 1 "'s1.jsonl' line 1: item 1 \\(level 1-1, player 0, kick 1; shard 1/3\\) is not in the result's shards" \
    "$K" merge --records x.jsonl --result p02.json s0.jsonl s1.jsonl s2.jsonl
  "$K" merge --records p02.jsonl --result p02.json s2.jsonl s0.jsonl
  expect 1 "item 0 is in both 's0.jsonl' and 's0.jsonl'" "$K" merge --records x.jsonl s0.jsonl s0.jsonl s1.jsonl
  sed '2s/"outcome":"[a-z_]*"/"outcome":"wide"/' s0.jsonl > e.jsonl
  cmp -s e.jsonl s0.jsonl && sed '2s/"outcome":"[a-z_]*"/"outcome":"saved"/' s0.jsonl > e.jsonl
  expect 1 "the records of level 1-1 do not add up" "$K" merge --records x.jsonl --result m.json e.jsonl s1.jsonl s2.jsonl
  sed '1s/"skill":/"skill": /' s0.jsonl > sp.jsonl
  expect 1 "'sp.jsonl' line 1: it is not as kick-cli simulate writes" "$K" merge --records x.jsonl sp.jsonl s1.jsonl s2.jsonl
  "$K" simulate --levels 1-1,3-5,5-2,6-5 --players 3 --kicks 2 --seed 9 --quiet --shard 1/3 --records o1.jsonl
  expect 1 "'o1.jsonl' line 1: run [0-9a-f]{16}, but 's0.jsonl' is run" "$K" merge --records x.jsonl s0.jsonl o1.jsonl s2.jsonl
  [ ! -e x.jsonl ] || fail "a refused merge left its output"
  # A records file that stops taking lines (8 KiB file-size limit) stops the run at
  # once (the whole run is minutes on one core), and neither output changes.
  echo old > keep.json; cp keep.json keep.orig
  expect 1 "cannot write 'big.jsonl': File too large" bash -c "ulimit -f 8; exec timeout 60 \"$K\" simulate \
    --levels 1-1 --players 2000 --kicks 10 --threads 2 --quiet --records big.jsonl --out keep.json"
  cmp keep.json keep.orig || fail "a failed run replaced --out"
  [ ! -e big.jsonl ] && [ -z "$(find . -name '*.tmp.*')" ] || fail "a failed run left its records or a temporary"
  echo "records: the same bytes for 1, 2 and 3 threads and for merged shards; overlaps, gaps, edits and other runs refused"
}

report_is_self_contained() {
  expect 0 "usage: kick-cli report RESULT" "$K" report --help
  expect 0 "report +a simulate result" "$K" --help
  expect 2 "report needs one result file" "$K" report
  expect 2 "unrecognized option" "$K" report x.json --colour
  "$K" simulate "${sim[@]}" --out r.json --records r.jsonl
  "$K" report r.json --records r.jsonl --out r.html
  "$K" report - < r.json > plain.html
  grep -q 'data-records="yes"' r.html || fail "the report does not say it has the records"
  grep -q 'id="no-records"' plain.html || fail "the report without records does not say the spread needs them"
  ! grep -Eqi '<script|<link|<img|src=|href=|url\(|@import|https?:' r.html || fail "the report refers to something outside itself"
  [ "$(grep -c 'class="spread"' r.html)" = 4 ] || fail "the report has no spread per level"
  "$K" simulate --levels 1-1,3-5,5-2,6-5 --players 3 --kicks 2 --seed 8 --quiet --records other.jsonl
  expect 1 "another run than the result" "$K" report r.json --records other.jsonl
  "$K" simulate "${sim[@]}" --shard 0/2 --out h.json --records h.jsonl
  expect 1 "do not add up to the result's counts \\(records of only some shards" "$K" report r.json --records h.jsonl
  "$K" merge h.json --partial --out hp.json 2>/dev/null
  "$K" report hp.json --records h.jsonl --out hp.html
  grep -q 'id="partial"' hp.html || fail "a partial result is not marked"
  head -n 5 r.jsonl > few.jsonl
  expect 1 "do not add up to the result's counts" "$K" report r.json --records few.jsonl
  cat r.json r.json > two.json
  expect 1 "holds 2 results: merge them first" "$K" report two.json
  echo "report: self-contained, checks its records, marks partial results"
}

# The new paths under valgrind memcheck: the records writer's threads,
# the strict reader, both merges and the report. Any error or leak fails.
valgrind_clean() {
  command -v valgrind >/dev/null || fail "valgrind is not installed (tools/deps.sh)"
  vg() { valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=97 "$K" "$@"; }
  local small=(--levels 1-1,6-5 --players 2 --kicks 2 --seed 3 --quiet)
  vg simulate "${small[@]}" --threads 3 --out a.json --records a.jsonl
  for i in 0 1; do vg simulate "${small[@]}" --threads 2 --shard $i/2 --out s$i.json --records s$i.jsonl; done
  cat s1.json | vg merge s0.json - --out m.json > /dev/null
  vg merge --records m.jsonl --result m.json s1.jsonl s0.jsonl
  vg report m.json --records m.jsonl --out m.html
  cmp m.json a.json && cmp m.jsonl a.jsonl || fail "the merge under valgrind differs"
  set +e
  vg merge s0.json s0.json 2> err.txt
  rc=$?
  vg merge --records x.jsonl s0.jsonl s0.jsonl 2>> err.txt
  rc2=$?
  set -e
  [ $rc = 1 ] && [ $rc2 = 1 ] || fail "refused merges under valgrind exited $rc and $rc2 (97: a memory error): $(cat err.txt)"
  echo "valgrind: simulate --records, merge, merge --records and report are clean"
}

"$name"
