#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Multi-step kick-cli scenarios: each function is one ctest test.
#   scenarios.sh KICK_CLI WORKDIR NAME
set -euo pipefail
K=$1; W=$2; name=$3
mkdir -p "$W"; cd "$W"
fail() { echo "FAIL: $*"; exit 1; }
hash_of() { grep -E '^state hash:' | awk '{print $3}'; }
crossing_of() { grep -E '^crossing:' ; }

frames_do_not_change_the_kick() {
  # The seed's frame pattern, a slow-motion scale and plain 60 Hz frames give the same bits.
  local args=(shoot --level 5-2 --aim -2.9,2.1 --speed 26 --bend 0.6)
  local a b c
  a=$("$K" "${args[@]}")
  b=$("$K" "${args[@]}" --frames 1/60,1/120,1/37,0.3/60,1/90)
  c=$("$K" "${args[@]}" --frames 1/120 --scale 0.45)
  [ "$(echo "$a" | hash_of)" = "$(echo "$b" | hash_of)" ] || fail "hash differs with the seed's frames"
  [ "$(echo "$a" | hash_of)" = "$(echo "$c" | hash_of)" ] || fail "hash differs at 0.45x"
  [ "$(echo "$a" | grep -E '^(outcome|decided|crossing)')" = "$(echo "$c" | grep -E '^(outcome|decided|crossing)')" ] || fail "outcome lines differ"
  echo "same bits: $(echo "$a" | hash_of)"
}

json_is_complete() {
  "$K" shoot --open --distance 11 --speed 31.8 --elevation 6 --direction 8 --json > shot.json
  node -e '
    const j = JSON.parse(require("fs").readFileSync("shot.json", "utf8"));
    const r = j.result;
    for (const k of ["outcome","decision_step","decision_time_s","crossing","goal_line_time_s","moments","state_hash"])
      if (!(k in r)) { console.error("missing " + k); process.exit(1); }
    if (r.outcome !== "goal") { console.error("expected a goal, got " + r.outcome); process.exit(1); }
    if (!/^0x[0-9a-f]{16}$/.test(r.crossing.x_hex)) { console.error("bad hex"); process.exit(1); }
    if (!(r.decision_time_s > 0.2 && r.decision_time_s < 0.6)) { console.error("decision time " + r.decision_time_s); process.exit(1); }
    console.log("json ok:", r.outcome, r.decision_time_s);'
}

timeline_and_compare() {
  "$K" timeline --level 6-5 --speed 30 --elevation 7 --direction 6 --out a.jsonl >/dev/null
  "$K" timeline --level 6-5 --speed 30 --elevation 7 --direction 6 --out b.jsonl >/dev/null
  "$K" compare a.jsonl b.jsonl | grep -qx identical || fail "two runs of one kick differ"
  # A kick 1 mm/s faster must diverge, and compare must name the step and field.
  "$K" timeline --level 6-5 --speed 30.001 --elevation 7 --direction 6 --out c.jsonl >/dev/null
  set +e; out=$("$K" compare a.jsonl c.jsonl); rc=$?; set -e
  [ $rc = 1 ] || fail "compare of different kicks exited $rc"
  echo "$out" | grep -q 'step' || fail "compare did not name the step: $out"
  # A single edited hex digit is found too.
  awk 'NR == 40 { i = index($0, "\"hash\":\"") + 8; c = substr($0, i, 1); $0 = substr($0, 1, i - 1) (c == "0" ? "1" : "0") substr($0, i + 1) } { print }' a.jsonl > d.jsonl
  ! cmp -s a.jsonl d.jsonl || fail "the edit changed nothing"
  set +e; out=$("$K" compare a.jsonl d.jsonl); rc=$?; set -e
  [ $rc = 1 ] || fail "an edited line was not found"
  echo "$out"
  [ "$(wc -l < a.jsonl)" -gt 100 ] || fail "timeline too short"
}

replay_round_trip() {
  "$K" replay save --level 4-4 --aim 2.5,1.8 --speed 27 --bend 0.4 --out t.ksr >/dev/null
  "$K" replay verify t.ksr | grep -q 'identical' || fail "a fresh replay does not verify"
  code=$("$K" replay share t.ksr)
  echo "$code" | grep -Eq '^[A-Za-z0-9_-]+$' || fail "share code is not URL-safe: $code"
  "$K" replay open "$code" --out u.ksr | grep -q identical || fail "share code does not replay"
  cmp t.ksr u.ksr || fail "file -> code -> file changed the bytes"
  "$K" replay open "http://127.0.0.1:8600/kick/?share=$code" >/dev/null || fail "a pasted link is not accepted"
  echo "code length ${#code}"
}

replay_trace_names_the_step_and_field() {
  "$K" replay save --level 5-2 --aim -2.9,2.1 --speed 26 --bend 0.6 --out t.ksr --trace t.trace >/dev/null
  [ "$(wc -l < t.trace)" -gt 100 ] || fail "the trace is too short"
  "$K" replay verify t.ksr --trace t.trace | grep -q 'identical, step by step' || fail "a fresh trace does not match"
  # One bit of the recorded vx at step 450: verify names that step and field.
  awk '/"step":450,/ { i = index($0, "\"vx_hex\":\"") + 10; c = substr($0, i + 15, 1); $0 = substr($0, 1, i + 14) (c == "0" ? "1" : "0") substr($0, i + 16) } { print }' t.trace > u.trace
  ! cmp -s t.trace u.trace || fail "the edit changed nothing"
  set +e; out=$("$K" replay verify t.ksr --trace u.trace); rc=$?; set -e
  [ $rc = 1 ] || fail "a trace that differs exited $rc"
  echo "$out" | grep -q 'step 450' || fail "the step is not named: $out"
  echo "$out" | grep -q 'vx differs' || fail "the field is not named: $out"
  set +e; "$K" replay verify t.ksr --trace t.ksr >/dev/null 2>&1; rc=$?; set -e
  [ $rc = 1 ] || fail "a trace that is not a trace exited $rc"
  echo "$out" | tail -n 1
}

replay_corruption_is_named() {
  "$K" replay save --open --speed 25 --elevation 10 --out good.ksr >/dev/null
  size=$(stat -c %s good.ksr)
  # one byte changed in the middle
  cp good.ksr bad.ksr
  printf '\x5a' | dd of=bad.ksr bs=1 seek=$((size / 2)) conv=notrunc status=none
  set +e; out=$("$K" replay verify bad.ksr 2>&1); rc=$?; set -e
  [ $rc = 1 ] || fail "a corrupt file exited $rc"
  echo "$out" | grep -qi 'checksum\|field\|corrupt' || fail "unclear message: $out"
  echo "corrupt: $out"
  head -c $((size - 3)) good.ksr > short.ksr
  set +e; out=$("$K" replay verify short.ksr 2>&1); rc=$?; set -e
  [ $rc = 1 ] || fail "a truncated file exited $rc"
  echo "$out" | grep -qi 'trunc\|short\|ends' || fail "unclear message: $out"
  echo "truncated: $out"
  set +e; out=$("$K" replay verify does-not-exist.ksr 2>&1); rc=$?; set -e
  [ $rc = 1 ] || fail "a missing file exited $rc"
  echo "missing: $out"
  code=$("$K" replay share good.ksr)
  set +e; out=$("$K" replay open "${code%?}" 2>&1); rc=$?; set -e
  [ $rc = 1 ] || fail "a cut share code exited $rc"
  echo "cut code: $out"
  set +e; out=$("$K" replay open "a*b" 2>&1); rc=$?; set -e
  [ $rc = 1 ] || fail "a malformed share code exited $rc"
  echo "malformed code: $out"
}

daily_is_the_same_for_everyone() {
  a=$("$K" daily --date 2026-12-25 --json)
  b=$("$K" daily --date 2026-12-25 --json)
  c=$("$K" daily --date 2026-12-26 --json)
  [ "$a" = "$b" ] || fail "one day gave two setups"
  [ "$a" != "$c" ] || fail "two days gave one setup"
  # One rule in the page and the CLI (kick_daily_kick): the day's kicks are
  # seeded from the day. shoot --daily plays the day's seed, never match seed 1;
  # --kick picks the try (other dice, the same setup); --match-seed is refused.
  local day kick0 kick2
  day=$(printf '%s' "$a" | node -e 'const j=JSON.parse(require("fs").readFileSync(0,"utf8")); console.log(j.day_seed, j.setup.match_seed, j.setup.kick_number, j.setup.wind.swirl, j.setup.wind.gust_seed)')
  read -r seed mseed kn swirl gseed <<<"$day"
  [ "$seed" = "$mseed" ] || fail "daily --json: the match seed $mseed is not the day's seed $seed"
  [ "$kn" = 0 ] || fail "daily --json: the first kick is kick $kn"
  [ -n "$swirl" ] && [ "$swirl" != undefined ] && [ -n "$gseed" ] && [ "$gseed" != undefined ] || fail "daily --json lacks the swirl or the gust seed"
  kick0=$("$K" shoot --daily 2026-12-25 --speed 25 --elevation 10 --json | node -e 'const j=JSON.parse(require("fs").readFileSync(0,"utf8")); console.log(j.kick.match_seed_exact, j.kick.kick_number, j.kick.spot_x, j.kick.spot_z)')
  kick2=$("$K" shoot --daily 2026-12-25 --kick 2 --speed 25 --elevation 10 --json | node -e 'const j=JSON.parse(require("fs").readFileSync(0,"utf8")); console.log(j.kick.match_seed_exact, j.kick.kick_number, j.kick.spot_x, j.kick.spot_z)')
  read -r s0 n0 x0 z0 <<<"$kick0"
  read -r s2 n2 x2 z2 <<<"$kick2"
  [ "$s0" = "$seed" ] || fail "shoot --daily plays match seed $s0, not the day's seed $seed"
  [ "$s2" = "$seed" ] && [ "$n0" = 0 ] && [ "$n2" = 2 ] || fail "shoot --daily --kick 2: seed $s2 kick $n2"
  [ "$x0 $z0" = "$x2 $z2" ] || fail "the spot depends on the try: $x0 $z0 vs $x2 $z2"
  [ "$("$K" daily --date 2026-12-25 --kick 2 --json | node -e 'const j=JSON.parse(require("fs").readFileSync(0,"utf8")); console.log(j.setup.kick_number, j.setup.match_seed)')" = "2 $seed" ] \
    || fail "daily --kick 2 does not show kick 2 with the day's seed"
  set +e; out=$("$K" shoot --daily 2026-12-25 --match-seed 99 --speed 25 --elevation 10 2>&1); rc=$?; set -e
  [ $rc = 2 ] || fail "--match-seed with --daily exited $rc"
  case "$out" in *"day's seed"*) ;; *) fail "--match-seed with --daily: unclear message: $out" ;; esac
  echo "daily ok: seed $seed, spot $x0 $z0"
}

simulate_is_the_same_however_split() {
  local args=(simulate --levels 1-1,5-2,6-5 --players 2 --kicks 1 --seed 7 --json --quiet)
  "$K" "${args[@]}" --threads 1 --out one.json
  "$K" "${args[@]}" --threads 2 --out two.json
  "$K" "${args[@]}" --shard 0/2 --out s0.json
  "$K" "${args[@]}" --shard 1/2 --out s1.json
  "$K" merge s1.json s0.json --json --out merged.json
  det() { node -e 'const j=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")); delete j.shards; delete j.timing; console.log(JSON.stringify(j))' "$1"; }
  [ "$(det one.json)" = "$(det two.json)" ] || fail "--threads 2 differs from --threads 1"
  [ "$(det one.json)" = "$(det merged.json)" ] || fail "merged shards differ from the whole run"
  node -e 'const j=JSON.parse(require("fs").readFileSync("one.json","utf8")); if (j.kicks !== 6 || j.per_level.length !== 3) { console.error("bad counts", j.kicks, j.per_level.length); process.exit(1); }'
  set +e; out=$("$K" merge s0.json s0.json 2>&1); rc=$?; set -e
  [ $rc = 1 ] || fail "merging a shard with itself exited $rc: $out"
  echo "$out"
  "$K" simulate --levels 1-1 --players 1 --kicks 1 --seed 8 --json --quiet --out other.json
  set +e; out=$("$K" merge s0.json other.json 2>&1); rc=$?; set -e
  [ $rc = 1 ] || fail "merging different runs exited $rc"
  echo "$out"
  echo "simulate: threads, shards and merge agree"
}

simulate_engines_agree() {
  # The batch engine and the scalar step give the same JSON result and the
  # same records, byte for byte, on a few levels, players and shards, with
  # one and two threads; with --timing the result names its engine.
  local runs=("--levels 1-1,4-4,6-5 --players 3 --kicks 2 --seed 11"
              "--levels 2-3,5-2 --players 2 --kicks 2 --seed 5 --shard 1/3"
              "--levels 3-1,3-5,6-1 --players 2 --kicks 1 --seed 99 --threads 2")
  local i=0 args
  for args in "${runs[@]}"; do
    # shellcheck disable=SC2086
    "$K" simulate $args --quiet --engine scalar --out "s$i.json" --records "s$i.jsonl"
    # shellcheck disable=SC2086
    "$K" simulate $args --quiet --engine batch --out "b$i.json" --records "b$i.jsonl"
    cmp "s$i.json" "b$i.json" || fail "run $i ($args): the engines' results differ"
    cmp "s$i.jsonl" "b$i.jsonl" || fail "run $i ($args): the engines' records differ"
    [ "$(wc -l < "s$i.jsonl")" -gt 0 ] || fail "run $i: no records"
    i=$((i + 1))
  done
  for e in scalar batch; do
    "$K" simulate --levels 1-1 --players 1 --kicks 1 --quiet --engine $e --timing --out "t$e.json"
    grep -q "\"engine\":[[:space:]]*\"$e\"" "t$e.json" || fail "the $e result's timing does not name its engine"
  done
  # Without --engine it is the batch.
  "$K" simulate --levels 1-1 --players 1 --kicks 1 --quiet --timing --out d.json
  grep -q '"engine":[[:space:]]*"batch"' d.json || fail "the default engine is not the batch"
  echo "simulate: the scalar and batch engines agree on $i runs (results and records)"
}

plots_are_svg() {
  "$K" plot kick --level 6-5 --speed 30 --elevation 5 --direction -6 --out k.svg >/dev/null
  "$K" plot steps --out s.svg >/dev/null
  for f in k.svg s.svg; do
    head -c 200 "$f" | grep -q '<svg' || fail "$f is not an SVG"
    grep -q '</svg>' "$f" || fail "$f is not complete"
  done
  grep -q '1/600' s.svg || fail "the step plot does not label 1/600 s"
  grep -qi 'post' k.svg || fail "the kick plot has no posts"
  echo "plots ok: $(wc -c < k.svg) and $(wc -c < s.svg) bytes"
}

"$name"
