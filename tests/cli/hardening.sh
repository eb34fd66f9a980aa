#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The hosted programs against bad input, special files and failing output, as
# an attacker or a careless user would try them. Each function is one ctest
# test (cli_hard_<name>), run on every CLI: kick-cli, brake-cli, walk-cli,
# ks-timeline, clock-demo.
#   hardening.sh APPS_DIR WORKDIR NAME
# APPS_DIR holds <name>/<name> for each program (a build's apps/ directory).
# Nothing here touches a real device: device destinations are copies made
# with mknod in WORKDIR (only as root; otherwise those checks say "skipped"),
# and /dev/full and /dev/zero are only opened by the shell or read.
set -uo pipefail
APPS=$(cd "$1" && pwd); W=$2; name=$3
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
K=$APPS/kick-cli/kick-cli B=$APPS/brake-cli/brake-cli WK=$APPS/walk-cli/walk-cli
T=$APPS/ks-timeline/ks-timeline C=$APPS/clock-demo/clock-demo
GOLD=$HERE/../golden/lab.jsonl
rm -rf "$W"; mkdir -p "$W"; cd "$W" || exit 1
fails=0 checks=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
pass() { checks=$((checks + 1)); }
root() { [ "$(id -u)" = 0 ]; }
# A memory limit for the endless inputs (ASan reserves far more address space: none there).
if [ -n "${KS_SANITIZE:-}" ]; then VLIMIT=""; else VLIMIT="ulimit -v 1500000;"; fi

# run CMD...: sets $rc and $out (stdout and stderr together).
run() { out=$("$@" 2>&1); rc=$?; }
# expect CODE REGEX CMD...: the exit code and a match in the output.
expect() {
  local code=$1 re=$2; shift 2
  run "$@"
  if [ "$rc" != "$code" ]; then fail "exit $rc, not $code: $* :: $(printf '%s' "$out" | head -c 300)"
  elif ! grep -Eq -- "$re" <<< "$out"; then fail "no /$re/: $* :: $(printf '%s' "$out" | head -c 300)"
  else pass; fi
}
# no_reader CMD...: runs CMD with standard output a FIFO whose read end is closed
# before CMD starts (opened read-write, then the write end opened, then the read
# end closed): every write CMD makes fails with EPIPE, or raises SIGPIPE.
no_reader() {
  rm -f nr.fifo; mkfifo nr.fifo
  ( exec 3<>nr.fifo 4>nr.fifo; exec 3<&-; exec "$@" >&4 4>&- )
}
no_temporaries() { # DIR LABEL
  local left; left=$(find "$1" -maxdepth 1 -name '*.tmp*' 2>/dev/null | head -3)
  if [ -n "$left" ]; then fail "$2: temporary files left: $left"; rm -f "$1"/*.tmp*; else pass; fi
}

SWIPE="0.5,0.95,0 0.5,0.8,0.03 0.51,0.6,0.06 0.52,0.45,0.09"
setup_inputs() {
  "$K" replay save --open --speed 25 --elevation 10 --out base.ksr >/dev/null || fail "setup: replay save"
  CODE=$("$K" replay share base.ksr) || fail "setup: replay share"
  "$K" simulate --levels 1-1 --players 1 --kicks 1 --quiet --threads 1 --out sim.json --records sim.jsonl >/dev/null ||
    fail "setup: simulate"
  "$K" timeline --open --speed 25 --every 50 --out tl.jsonl >/dev/null || fail "setup: timeline"
}

# Every writer, with OUT standing for the destination.
writers() {
  cat <<EOF
timeline --open --speed 25 --every 20 --out OUT
replay save --open --speed 25 --out OUT
replay save --open --speed 25 --out side.ksr --trace OUT
replay open $CODE --out OUT
simulate --levels 1-1 --players 1 --kicks 1 --quiet --threads 1 --out OUT
simulate --levels 1-1 --players 1 --kicks 1 --quiet --threads 1 --records OUT
merge sim.json --out OUT
merge --records OUT --result sim.json sim.jsonl
report sim.json --records sim.jsonl --out OUT
plot kick --open --speed 25 --out OUT
plot steps --out OUT
EOF
}
run_writer() { # LINE DEST
  local line=${1//OUT/$2}
  # shellcheck disable=SC2086
  run "$K" $line
}

writers_keep_special_destinations() {
  setup_inputs
  rm -f sock
  node -e 'require("net").createServer().listen("sock"); setTimeout(() => process.exit(0), 120000)' & listener=$!
  for _ in $(seq 50); do [ -S sock ] && break; sleep 0.1; done
  [ -S sock ] || fail "no socket to write to"
  while IFS= read -r line; do
    # a FIFO: written in place, its reader gets the bytes, it stays a FIFO
    rm -f fifo got; mkfifo fifo; (timeout 20 cat fifo > got) & reader=$!
    run_writer "$line" fifo
    [ -p fifo ] || kill $reader 2>/dev/null # replaced: nobody will ever write to the reader
    wait $reader
    [ "$rc" = 0 ] && [ -p fifo ] && [ -s got ] && pass || fail "FIFO: $line: exit $rc, fifo $( [ -p fifo ] && echo kept || echo replaced), $(wc -c < got 2>/dev/null) bytes read: $out"
    rm -f fifo got
    # a symbolic link to a regular file: the link stays, its target gets the output
    echo old > target; echo old > old.ref; rm -f link; ln -s target link
    run_writer "$line" link
    [ "$rc" = 0 ] && [ -L link ] && [ "$(readlink link)" = target ] && ! cmp -s target old.ref && [ -s target ] && pass ||
      fail "symlink: $line: exit $rc, link $( [ -L link ] && echo kept || echo replaced): $out"
    # a symbolic link to nothing: refused, and left as it is
    rm -f dangling; ln -s nowhere/at/all dangling
    run_writer "$line" dangling
    [ "$rc" = 1 ] && [ -L dangling ] && [ ! -e nowhere ] && grep -q 'symbolic link' <<< "$out" && pass ||
      fail "dangling symlink: $line: exit $rc: $out"
    # a directory: refused with a message, untouched
    rm -rf adir; mkdir adir
    run_writer "$line" adir
    [ "$rc" = 1 ] && [ -d adir ] && [ -z "$(ls -A adir)" ] && grep -q 'directory' <<< "$out" && pass ||
      fail "directory: $line: exit $rc: $out"
    # a socket (held open by a listener of its own): refused
    run_writer "$line" sock
    [ "$rc" = 1 ] && [ -S sock ] && grep -q 'socket' <<< "$out" && pass || fail "socket: $line: exit $rc: $out"
    if root; then
      # copies of /dev/null and /dev/full, and a block device: never replaced
      rm -f nul full blk lnul; mknod nul c 1 3; mknod full c 1 7; mknod blk b 7 250; ln -s nul lnul
      run_writer "$line" nul
      [ "$rc" = 0 ] && [ -c nul ] && pass || fail "/dev/null copy: $line: exit $rc, $(stat -c %F nul): $out"
      run_writer "$line" lnul
      [ "$rc" = 0 ] && [ -L lnul ] && [ -c nul ] && pass || fail "link to a /dev/null copy: $line: exit $rc: $out"
      run_writer "$line" full
      [ "$rc" = 1 ] && [ -c full ] && grep -q 'No space left' <<< "$out" && pass ||
        fail "/dev/full copy: $line: exit $rc, $(stat -c %F full): $out"
      run_writer "$line" blk
      [ "$rc" = 1 ] && [ -b blk ] && grep -q 'block device' <<< "$out" && pass ||
        fail "block device copy: $line: exit $rc, $(stat -c %F blk): $out"
      rm -f nul full blk lnul
    else
      echo "skipped (not root): device copies for: $line"
      # a read-only directory (root may write anyway)
      mkdir -p ro; chmod 555 ro
      run_writer "$line" ro/x
      [ "$rc" = 1 ] && [ ! -e ro/x ] && pass || fail "read-only directory: $line: exit $rc: $out"
      chmod 755 ro
    fi
    no_temporaries . "$line"
  done < <(writers)
  kill $listener 2>/dev/null; wait $listener 2>/dev/null
  echo "$checks checks"
}

same_file_twice_is_refused() {
  setup_inputs
  echo keep > F; cp F F.orig; ln -sf F LF; printf '%s\n' "$SWIPE" > S; cp S S.orig
  expect 2 "same file" "$K" replay save --open --speed 25 --out F --trace F
  expect 2 "same file" "$K" replay save --open --speed 25 --out F --trace ./F
  expect 2 "same file" "$K" replay save --open --speed 25 --out LF --trace F
  expect 2 "same file" "$K" replay save --open --speed 25 --out new1 --trace ./new1
  expect 2 "same file" "$K" replay save --open --speed 25 --out - --trace -
  expect 2 "same file" "$K" timeline --swipe-file S --out S
  expect 2 "same file" "$K" replay save --swipe-file S --out ./S
  expect 2 "same file" "$K" plot kick --swipe-file S --out S
  cp sim.json sim.orig; cp sim.jsonl simr.orig
  expect 2 "same file" "$K" merge sim.json --out ./sim.json
  local sim1=(simulate --levels 1-1 --players 1 --kicks 1 --quiet --threads 1)
  expect 2 "same file" "$K" "${sim1[@]}" --out F --records F
  expect 2 "same file" "$K" "${sim1[@]}" --out LF --records ./F
  expect 2 "same file" "$K" "${sim1[@]}" --out new1 --records ./new1
  expect 2 "same file" "$K" "${sim1[@]}" --out - --records -
  expect 2 "same file" "$K" merge --records sim.jsonl sim.jsonl
  expect 2 "same file" "$K" merge --records ./sim.json --result sim.json sim.jsonl
  expect 2 "same file" "$K" report sim.json --out ./sim.json
  expect 2 "same file" "$K" report sim.json --records sim.jsonl --out sim.jsonl
  expect 2 "standard input" "$K" merge --records new1 - -
  expect 2 "standard input" "$K" merge --records new1 --result - -
  expect 2 "standard input" "$K" report - --records -
  expect 2 "empty file name" "$K" "${sim1[@]}" --records ""
  expect 2 "empty file name" "$K" merge --records "" sim.jsonl
  expect 2 "empty file name" "$K" report sim.json --out ""
  expect 2 "standard input" "$K" compare - -
  expect 2 "standard input" "$K" replay verify - --trace -
  expect 2 "standard input" "$K" merge - -
  expect 2 "standard input" "$T" - -
  expect 2 "empty file name" "$K" timeline --open --speed 25 --out ""
  expect 2 "empty file name" "$K" replay save --open --speed 25 --out F --trace ""
  cmp -s F F.orig && cmp -s S S.orig && cmp -s sim.json sim.orig && cmp -s sim.jsonl simr.orig && [ ! -e new1 ] && pass ||
    fail "a refused command changed a file"
  no_temporaries . "same file twice"
  echo "$checks checks"
}

failed_save_keeps_the_old_replay() {
  "$K" replay save --level 5-2 --aim -2.9,2.1 --speed 26 --bend 0.6 --out F.ksr >/dev/null || fail "setup"
  cp F.ksr F.orig
  mkdir -p adir
  expect 1 "cannot" "$K" replay save --open --speed 25 --out F.ksr --trace /nonexistent/dir/t
  expect 1 "directory" "$K" replay save --open --speed 25 --out F.ksr --trace adir
  cmp -s F.ksr F.orig && pass || fail "a failed save replaced the replay"
  # The trace hits the file-size limit (SIGXFSZ is ignored: EFBIG): neither file changes.
  echo oldtrace > T.trace; cp T.trace T.orig
  expect 1 "too large" bash -c "ulimit -f 64; exec \"$K\" replay save --open --speed 25 --out F.ksr --trace T.trace"
  cmp -s F.ksr F.orig && cmp -s T.trace T.orig && pass || fail "a save that hit the size limit changed a file"
  # A timeline over the size limit: the old timeline stays, no temporary is left.
  "$K" timeline --open --speed 20 --every 100 --out tl.jsonl >/dev/null; cp tl.jsonl tl.orig
  expect 1 "too large" bash -c "ulimit -f 16; exec \"$K\" timeline --open --speed 25 --out tl.jsonl"
  cmp -s tl.jsonl tl.orig && pass || fail "a timeline that hit the size limit replaced the old one"
  no_temporaries . "failed saves"
  echo "$checks checks"
}

writers_never_share_a_temporary() {
  "$K" timeline --open --speed 25 --elevation 8 --out a.ref >/dev/null
  "$K" timeline --open --speed 28 --elevation 4 --out b.ref >/dev/null
  "$K" replay save --open --speed 25 --elevation 8 --out ra.ksr --trace ta.ref >/dev/null
  "$K" replay save --open --speed 28 --elevation 4 --out rb.ksr --trace tb.ref >/dev/null
  for i in 1 2 3 4 5 6; do
    "$K" timeline --open --speed 25 --elevation 8 --out same.jsonl >/dev/null & p1=$!
    "$K" timeline --open --speed 28 --elevation 4 --out same.jsonl >/dev/null & p2=$!
    "$K" replay save --open --speed 25 --elevation 8 --out r1.ksr --trace same.trace >/dev/null & p3=$!
    "$K" replay save --open --speed 28 --elevation 4 --out r2.ksr --trace same.trace >/dev/null & p4=$!
    wait $p1 $p2 $p3 $p4
    { cmp -s same.jsonl a.ref || cmp -s same.jsonl b.ref; } && pass || fail "run $i: two timelines at once interleaved"
    { cmp -s same.trace ta.ref || cmp -s same.trace tb.ref; } && pass || fail "run $i: two traces at once interleaved"
  done
  no_temporaries . "concurrent writers"
  echo "$checks checks"
}

interrupted_writers_leave_the_old_file() {
  "$K" simulate --levels 1-1 --players 1 --kicks 1 --quiet --threads 1 --out big.json >/dev/null; cp big.json big.orig
  # SIGTERM during a long run: the old result stays and the temporary is removed.
  "$K" simulate --players 50 --kicks 50 --quiet --threads 1 --out big.json >/dev/null 2>&1 & p=$!
  sleep 0.5; kill -TERM $p; wait $p
  cmp -s big.json big.orig && pass || fail "SIGTERM changed the old result"
  no_temporaries . "SIGTERM"
  # kill -9: the old result is whole; the temporary it leaves is removed by the
  # next write to the same destination (its writer's pid is dead).
  "$K" simulate --players 50 --kicks 50 --quiet --threads 1 --out big.json >/dev/null 2>&1 & p=$!
  sleep 0.5; kill -KILL $p; wait $p
  cmp -s big.json big.orig && pass || fail "kill -9 changed the old result"
  [ -e "big.json.tmp.$p.0" ] && pass || fail "kill -9 left no temporary to clean up (big.json.tmp.$p.0)"
  "$K" simulate --levels 1-1 --players 1 --kicks 1 --quiet --threads 1 --out big.json >/dev/null
  cmp -s big.json big.orig && pass || fail "the write after a kill -9 is not the result"
  no_temporaries . "the write after a kill -9"
  # timeline --out (the issue's case, planted): a dead writer's temporaries go, a
  # live writer's stays, as do another destination's and other names.
  "$K" timeline --open --speed 25 --every 100 --out tl.jsonl >/dev/null || fail "setup: timeline"
  sleep 60 & local live=$!
  ( exit 0 ) & local dead=$!; wait $dead
  printf 'half' > "tl.jsonl.tmp.$dead.0"; printf 'half' > "tl.jsonl.tmp.$dead.12"
  printf 'live' > "tl.jsonl.tmp.$live.0"; printf 'other' > "tl2.jsonl.tmp.$dead.0"; printf 'x' > tl.jsonl.tmp.notes
  expect 0 "wrote" "$K" timeline --open --speed 25 --every 100 --out tl.jsonl
  [ ! -e "tl.jsonl.tmp.$dead.0" ] && [ ! -e "tl.jsonl.tmp.$dead.12" ] && pass || fail "timeline --out kept a dead writer's temporary"
  [ -e "tl.jsonl.tmp.$live.0" ] && pass || fail "timeline --out removed a live writer's temporary"
  [ -e "tl2.jsonl.tmp.$dead.0" ] && [ -e tl.jsonl.tmp.notes ] && pass || fail "timeline --out removed what is not its stale temporary"
  kill $live; wait $live 2>/dev/null
  rm -f ./*.tmp*
  echo "$checks checks"
}

# Every program and command whose standard output fails: full, closed, or a pipe nobody reads.
stdout_commands() {
  setup_inputs >/dev/null
  # Commands that read standard input ('-'), as programs of their own.
  printf '#!/bin/sh\nexec "%s" merge - < sim.json\n' "$K" > merge_stdin; chmod +x merge_stdin
  printf '#!/bin/sh\nexec "%s" merge --records - --result sim.json - < sim.jsonl\n' "$K" > merge_records_stdin
  printf '#!/bin/sh\nexec "%s" report - --records sim.jsonl < sim.json\n' "$K" > report_stdin
  chmod +x merge_records_stdin report_stdin
  cat <<EOF
1 $K --help
1 $K --version
1 $K levels
1 $K levels --json
1 $K daily --date 2026-11-29
1 $K daily --date 2026-11-29 --json
1 $K shoot --open --speed 25
1 $K shoot --open --speed 25 --json
1 $K solve --aim 2.8,2.0 --speed 26 --open --distance 22
1 $K timeline --open --speed 25 --out -
1 $K timeline --open --speed 25 --out w.jsonl
2 $K compare tl.jsonl tl.jsonl
2 $K compare tl.jsonl tl.jsonl --json
1 $K replay verify base.ksr
1 $K replay share base.ksr
1 $K replay open $CODE
1 $K replay save --open --speed 25 --out -
1 $K replay save --open --speed 25 --out w.ksr
1 $K simulate --levels 1-1 --players 1 --kicks 1 --threads 1
1 $K simulate --levels 1-1 --players 1 --kicks 1 --threads 1 --out -
1 $K simulate --levels 1-1 --players 1 --kicks 1 --threads 1 --json
1 $K simulate --levels 1-1 --players 1 --kicks 1 --threads 1 --records -
1 $K simulate --levels 1-1 --players 1 --kicks 1 --threads 1 --records - --out w.json
1 $K merge sim.json
1 $K merge sim.json --json
1 $K merge sim.json --out -
1 ./merge_stdin
1 $K merge --records - sim.jsonl
1 ./merge_records_stdin
1 $K report sim.json
1 $K report sim.json --records sim.jsonl --out -
1 ./report_stdin
1 $K plot steps --out -
1 $K plot kick --open --speed 25 --out w.svg
1 $K shoot --help
1 $K replay save --version
1 $B
1 $B --json --events
1 $B --help
1 $B --version
1 $WK
1 $WK --json
1 $WK --version
2 $T $GOLD $GOLD
2 $T --check $GOLD
2 $T --version
2 $T $GOLD $GOLD --json
2 $T --check $GOLD --json
1 $C --json
1 $C
1 $C --help
1 $C --version
EOF
}

stdout_failures_are_errors() {
  while read -r code cmd; do
    # shellcheck disable=SC2086
    { out=$($cmd 2>&1 >/dev/full); rc=$?; }
    [ "$rc" = "$code" ] && grep -q 'standard output' <<< "$out" && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && pass ||
      fail "> /dev/full: $cmd: exit $rc (want $code): $out"
    # shellcheck disable=SC2086
    { out=$($cmd 2>&1 >&-); rc=$?; }
    [ "$rc" = "$code" ] && grep -q 'standard output' <<< "$out" && pass || fail ">&-: $cmd: exit $rc (want $code): $out"
    # shellcheck disable=SC2086
    { out=$(no_reader $cmd 2>&1); rc=$?; }
    [ "$rc" = "$code" ] && grep -q 'Broken pipe' <<< "$out" && pass ||
      fail "a reader that went away: $cmd: exit $rc (want $code; a signal is 128+n): $out"
  done < <(stdout_commands)
  no_temporaries . "stdout failures"
  echo "$checks checks"
}

inputs_are_whole_or_refused() {
  # A swipe file longer than 64 KiB: the sample after the padding counts (time goes back: rejected).
  { printf '%s\n' "$SWIPE"; head -c 70000 /dev/zero | tr '\0' ' '; printf '\n0.6,0.2,0.01\n'; } > long.swipe
  expect 1 "swipe rejected" "$K" shoot --swipe-file long.swipe
  { printf '%s\n' "$SWIPE"; head -c 70000 /dev/zero | tr '\0' ' '; } > padded.swipe
  expect 0 "launch swipe" "$K" shoot --swipe-file padded.swipe
  head -c 67200000 /dev/zero | tr '\0' ' ' > huge.swipe
  expect 1 "64 MiB" "$K" shoot --swipe-file huge.swipe
  rm -f huge.swipe
  expect 1 "64 MiB" bash -c "exec \"$K\" shoot --swipe-file /dev/zero"
  # --swipe takes more than 256 samples (docs/cli.md): 2,000 samples of a slow finger
  local many; many=$(node -e 'const s = [];
    for (let i = 0; i < 2000; i++) s.push(`0.5,${(0.95 - i * 0.0003).toFixed(4)},${(i * 0.0001).toFixed(4)}`);
    console.log(s.join(" "))')
  expect 0 "launch swipe" "$K" shoot --swipe "$many"
  # Endless inputs stop at the limit, in bounded memory and time.
  "$K" timeline --open --speed 25 --every 50 --out tl.jsonl >/dev/null
  expect 2 "64 MiB" bash -c "$VLIMIT exec timeout 60 \"$K\" compare /dev/zero tl.jsonl"
  expect 2 "64 MiB" bash -c "$VLIMIT exec timeout 60 \"$T\" tl.jsonl /dev/zero"
  # Results are read one at a time, each at most 64 MiB (the white space before it too);
  # records a line at a time, each at most 64 KiB.
  "$K" simulate --levels 1-1 --players 1 --kicks 1 --quiet --threads 1 --out sim.json --records sim.jsonl >/dev/null
  expect 1 "not JSON \(at byte 0\)" bash -c "$VLIMIT exec timeout 60 \"$K\" merge /dev/zero"
  expect 1 "not JSON \(at byte 0\)" bash -c "$VLIMIT exec timeout 60 \"$K\" report /dev/zero"
  expect 1 "not a kick-cli simulate result" bash -c "printf '[1]' | exec \"$K\" merge -"
  expect 1 "larger than 64 MiB" bash -c "{ printf '{'; exec cat /dev/zero; } | { $VLIMIT exec timeout 60 \"$K\" merge -; }"
  expect 1 "result 2 .*larger than 64 MiB" bash -c "{ cat sim.json; printf '{\"a\":\"'; exec cat /dev/zero; } | { $VLIMIT exec timeout 60 \"$K\" merge -; }"
  expect 1 "larger than 64 MiB" bash -c "yes '' | { $VLIMIT exec timeout 60 \"$K\" report -; }"
  expect 1 "line 1 is longer than 64 KiB" bash -c "$VLIMIT exec timeout 60 \"$K\" merge --records - /dev/zero"
  expect 1 "line 1 is longer than 64 KiB" bash -c "$VLIMIT exec timeout 60 \"$K\" report sim.json --records /dev/zero"
  { cat sim.jsonl; head -c 70000 /dev/zero | tr '\0' ' '; echo; } > long.jsonl
  expect 1 "'long.jsonl' line 2 is longer than 64 KiB" "$K" merge --records - long.jsonl
  { cat sim.jsonl; printf '{"run":'; } > cut.jsonl
  expect 1 "'cut.jsonl' line 2: the last line has no newline" "$K" merge --records - cut.jsonl
  # A file of many results is never held whole: 3,000 shard results one after the other
  # (87 MB, each shard i of 3000 holding one kick) merge under a 60 MB address-space limit.
  "$K" simulate --levels 1-1 --players 3000 --kicks 1 --quiet --threads 1 --shard 0/3000 --out shard0.json
  node -e 'const fs = require("fs"), t = JSON.parse(fs.readFileSync("shard0.json", "utf8")), n = 3000;
    const all = Array.from({length: n}, (_, i) => i), out = fs.openSync("shards.json", "w");
    for (let i = 0; i < n; i++) {
      t.shards.done = [i]; t.shards.missing = all.filter((k) => k !== i);
      fs.writeSync(out, JSON.stringify(t, null, "\t") + "\n");
    }'
  [ "$(wc -c < shards.json)" -gt $((64 << 20)) ] && pass || fail "shards.json is not longer than 64 MiB"
  local limit="ulimit -v 60000;"; [ -n "$VLIMIT" ] || limit="" # (no limit under ASan)
  expect 0 "^all +3000 " bash -c "$limit exec \"$K\" merge shards.json --out merged.json"
  node -e 'const j = JSON.parse(require("fs").readFileSync("merged.json", "utf8"));
    process.exit(j.complete && j.kicks === 3000 && j.shards.count === 1 ? 0 : 1)' && pass || fail "the merge of 3,000 shards"
  rm -f shards.json
  "$K" replay save --open --speed 25 --out r.ksr >/dev/null
  expect 1 "64 MiB" bash -c "$VLIMIT exec timeout 60 \"$K\" replay verify r.ksr --trace /dev/zero"
  expect 1 "2 KiB|length" bash -c "$VLIMIT exec timeout 60 \"$K\" replay verify /dev/zero"
  mkdir -p adir
  expect 2 "directory" "$K" compare adir tl.jsonl
  expect 1 "directory" "$K" replay verify adir
  expect 1 "directory" "$K" shoot --swipe-file adir
  expect 1 "directory" "$K" merge adir
  expect 1 "directory" "$K" merge --records - adir
  expect 1 "directory" "$K" merge --records - --result adir sim.jsonl
  expect 1 "directory" "$K" report adir
  expect 1 "directory" "$K" report sim.json --records adir
  # A line of 40,000 keys, different in the last one: compared in linear time.
  node -e '
    const keys = n => Array.from({length: n}, (_, i) => `"k${i}":${i}`).join(",");
    const fs = require("fs");
    fs.writeFileSync("wide_a.jsonl", `{"step":1,"hash":"0000000000000001",${keys(40000)},"last":1}\n`);
    fs.writeFileSync("wide_b.jsonl", `{"step":1,"hash":"0000000000000001",${keys(40000)},"last":2}\n`);'
  expect 1 "last differs" timeout 10 "$K" compare wide_a.jsonl wide_b.jsonl
  expect 1 "last differs" timeout 10 "$T" wide_a.jsonl wide_b.jsonl
  node -e 'require("fs").writeFileSync("long_line.jsonl", `{"step":1,"hash":"0000000000000001","x":"${"x".repeat(1100000)}"}\n`)'
  expect 2 "1048576 bytes" "$K" compare long_line.jsonl long_line.jsonl
  echo "$checks checks"
}

# flag, then values each of which must be a usage error naming the flag.
numbers_and_dates_are_strict() {
  local bad_u=("010" "0x10" "+5" " 5" "5 " "1e3" "" "18446744073709551616" "-1" "5.0" "٣" "5x")
  local bad_d=("0x1p4" "+25" " 25" "25 " "" "1e400" "25." ".5" "inf" "nan" "-nan" "025" "2,5" "1e" "--25")
  local bad_date=("4294969322-11-29" "+2026-11-29" "2026-011-29" "02026-11-29" "2026-11-29x" "2026-1-29" "2026-11-9"
                  " 2026-11-29" "2026-11-29T00" "2026-13-01" "2026-02-30" "1999-12-31" "3000-01-01" "-2026-11-29" "")
  local v
  for f in match-seed kick wall; do for v in "${bad_u[@]}"; do expect 2 "--$f" "$K" shoot --open --speed 25 "--$f" "$v"; done; done
  for f in speed; do for v in "${bad_d[@]}"; do expect 2 "--$f" "$K" shoot --open --elevation 5 "--$f" "$v"; done; done
  for f in elevation direction wait scale spin-rate; do
    for v in "${bad_d[@]}"; do expect 2 "--$f" "$K" shoot --open --speed 25 "--$f" "$v"; done
  done
  for f in distance angle; do for v in "${bad_d[@]}"; do expect 2 "--$f" "$K" shoot --speed 25 --open "--$f" "$v"; done; done
  for v in "${bad_d[@]}"; do expect 2 "--bend" "$K" shoot --open --aim 1,1 --speed 25 --bend "$v"; done
  for v in "1/0x3c" "1/60," ",1/60" "1/+60" "1//60" "1/60,,1/30" "0x1/60" "1 /60"; do expect 2 "--frames" "$K" shoot --open --speed 25 --frames "$v"; done
  for v in "5,,90" "5,90," "+5" "5,0x5a" ",5"; do expect 2 "--wind" "$K" shoot --open --speed 25 --wind "$v"; done
  for v in "1,2," "1,,2" "0x1,1" "1, 2"; do expect 2 "--aim" "$K" shoot --open --speed 25 --aim "$v"; done
  for v in "0,1,0," "0x1,0,0" "0,1"; do expect 2 "--spin-axis" "$K" shoot --open --speed 25 --spin-rate 5 --spin-axis "$v"; done
  for v in "plain,0x1" "plain,+0.5" "plain,"; do expect 2 "--keeper" "$K" shoot --open --speed 25 --keeper "$v"; done
  for v in "${bad_date[@]}"; do expect 2 "--daily" "$K" shoot --speed 25 --daily "$v"; done
  for v in "${bad_date[@]}"; do expect 2 "--date" "$K" daily --date "$v"; done
  for v in "${bad_u[@]}" 0 6001; do expect 2 "--every" "$K" timeline --open --speed 25 --out x.jsonl --every "$v"; done
  for v in "${bad_u[@]}" 0; do expect 2 "--every" "$K" plot kick --open --speed 25 --out x.svg --every "$v"; done
  for f in players kicks threads seed; do
    for v in "${bad_u[@]}"; do expect 2 "--$f" "$K" simulate --levels 1-1 --quiet "--$f" "$v"; done
  done
  for v in "01/2" "0/02" "1/2/3" "a/2" "0/0" "+0/2" "0x0/2" "/2" "0/" "0 /2" "2/2" "0/1000001" "1/0" "-1/2"; do
    expect 2 "--shard" "$K" simulate --levels 1-1 --quiet --shard "$v"
  done
  for f in players kicks; do for v in 0 100001; do expect 2 "--$f" "$K" simulate --levels 1-1 --quiet "--$f" "$v"; done; done
  expect 2 "--threads" "$K" simulate --levels 1-1 --quiet --threads 257
  expect 2 "--seed" "$K" simulate --levels 1-1 --quiet --seed 18446744073709551616
  for v in "" "Batch" "SCALAR" "batch " " batch" "scalar,batch" "bat" "batch=1" "0" "vector"; do
    expect 2 "--engine" "$K" simulate --levels 1-1 --quiet --engine "$v"
  done
  for v in "${bad_d[@]}" 0 20000; do expect 2 "--fps" "$B" --fps "$v"; done
  for v in "${bad_d[@]}" 0 -0.1 1.5; do expect 2 "--slowmo" "$B" --fps 60 --slowmo "$v"; done
  expect 2 "--slowmo" "$B" --slowmo 0
  for v in "at-distance:0x1E" "at-distance:+5" "at-time:1e400" "stunt:" "stunt:.5" "at-distance: 5"; do expect 2 "--policy" "$B" --policy "$v"; done
  for v in "${bad_u[@]}" 9 2001; do expect 2 "--rate" "$WK" --rate "$v"; done
  # and the good forms still work, read as the decimals they look like
  a=$("$K" shoot --open --speed 25 --match-seed 10 --json); b=$("$K" shoot --open --speed 25 --match-seed 8 --json)
  [ -n "$a" ] && printf '%s' "$a" | grep -q '"match_seed":[[:space:]]*10' && [ "$a" != "$b" ] && pass || fail "--match-seed 10 is not 10"
  expect 0 "daily 2026-11-29" "$K" daily --date 2026-11-29
  expect 0 "launch explicit" "$K" shoot --open --speed 2.5e1 --elevation -0.5 --frames 1/60,0.3/60
  expect 0 "policy at-distance:12.5" "$B" --policy at-distance:12.5
  expect 0 "60/s" "$WK" --rate 60
  expect 0 "" "$K" simulate --levels 1-1 --players 1 --kicks 1 --quiet --threads 1 --engine scalar
  echo "$checks checks"
}

timeline_readers_are_strict() {
  printf '{"a":1}\n' > notl.json
  : > empty.jsonl
  printf '{"step":1,"hash":"0000000000000001"}x\n' > junk.jsonl
  printf '{"step":1,"hash":"0000000000000001","x":1,"x":2}\n' > dup.jsonl
  printf '{"step":1,"hash":"0000000000000001","x":{"y":1}}\n' > nested.jsonl
  printf '{"step":+1,"hash":"0000000000000001"}\n' > plus.jsonl
  printf '{"step":1,"hash":"0000000000000001","x":01}\n' > zero.jsonl
  printf '{"step":1,"hash":"0000000000000001"}\n\n{"step":2,"hash":"0000000000000002"}\n' > gap.jsonl
  printf '{"step":1,"hash":"0000000000000001"} {"step":2,"hash":"0000000000000002"}\n' > two.jsonl
  expect 2 "not a timeline" "$T" notl.json notl.json
  expect 2 "not a timeline" "$T" empty.jsonl empty.jsonl
  for f in empty junk dup nested plus zero gap two; do
    expect 1 "not a timeline" "$T" --check $f.jsonl
    expect 2 "not a timeline" "$K" compare $f.jsonl $f.jsonl
    expect 2 "not a timeline" "$T" $f.jsonl $f.jsonl
  done
  expect 0 "valid lines" "$T" --check "$GOLD"
  "$K" replay save --open --speed 25 --out r.ksr >/dev/null
  expect 1 "not a timeline" "$K" replay verify r.ksr --trace junk.jsonl
  # merge and report: a result must be exactly a result, in strict JSON
  "$K" simulate --levels 1-1 --players 1 --kicks 1 --quiet --threads 1 --out sim.json --records sim.jsonl >/dev/null
  node -e 'const fs=require("fs"); const t=fs.readFileSync("sim.json","utf8");
    fs.writeFileSync("frac.json", t.replace(/"version":\s*2/, "\"version\": 2.5"));
    fs.writeFileSync("cand.json", t.replace(/"candidates":\s*26/, "\"candidates\": 26.5"));
    fs.writeFileSync("junk.json", t.trimEnd() + " junk\n");
    fs.writeFileSync("dup.json", t.replace(/^\{/, "{\"kicks\": 1,"));
    fs.writeFileSync("deepdup.json", t.replace(/"decided":/, "\"decided\": 1, \"decided\":"));
    fs.writeFileSync("plus.json", t.replace(/"players":\s*1/, "\"players\": +1"));
    fs.writeFileSync("lead.json", t.replace(/"kicks_per_player":\s*1/, "\"kicks_per_player\": 01"));'
  for f in frac cand junk dup deepdup plus lead; do
    grep -q . $f.json && ! cmp -s $f.json sim.json && pass || fail "the $f edit changed nothing"
    expect 1 "sim|JSON|version|candidates" "$K" merge $f.json
    expect 1 "sim|JSON|version|candidates" bash -c "exec \"$K\" merge - < $f.json"
    expect 1 "sim|JSON|version|candidates" "$K" report $f.json
  done
  expect 1 "appears twice" "$K" merge dup.json
  expect 1 "appears twice" "$K" report deepdup.json
  expect 1 "not allow" "$K" merge lead.json
  expect 0 "First Touch" "$K" merge sim.json
  # records: a line is accepted only as simulate writes it
  node -e 'const fs=require("fs"); const t=fs.readFileSync("sim.jsonl","utf8").trimEnd();
    fs.writeFileSync("rjunk.jsonl", t + " x\n");
    fs.writeFileSync("rdup.jsonl", t.replace(/^\{/, "{\"item\":0,") + "\n");
    fs.writeFileSync("rplus.jsonl", t.replace(/"player":0/, "\"player\":+0") + "\n");
    fs.writeFileSync("rnul.jsonl", t + "\0\n");
    fs.writeFileSync("rtwo.jsonl", t + " " + t + "\n");'
  for f in rjunk rdup rplus rnul rtwo; do
    ! cmp -s $f.jsonl sim.jsonl && pass || fail "the $f edit changed nothing"
    expect 1 "line 1: it (is not|holds)" "$K" merge --records - $f.jsonl
    expect 1 "line 1: it (is not|holds)" "$K" report sim.json --records $f.jsonl
  done
  expect 0 "data-records=\"yes\"" "$K" report sim.json --records sim.jsonl
  echo "$checks checks"
}

conventions_hold() {
  setup_inputs
  local v; v=$("$K" --version | awk '{print $2}')
  [ -n "$v" ] || fail "kick-cli --version printed no version"
  for c in levels shoot timeline compare replay solve simulate merge report daily plot play "replay save" "replay verify" \
           "replay share" "replay open" "plot kick" "plot steps"; do
    # shellcheck disable=SC2086
    expect 0 "^kick-cli $v\$" "$K" $c --version
    # shellcheck disable=SC2086
    expect 0 "usage" "$K" $c --help
  done
  for p in "$B" "$WK" "$T" "$C"; do
    expect 0 "^$(basename "$p") $v\$" "$p" --version
    expect 0 "usage" "$p" --help
  done
  # '-' is standard input or output wherever a file is read or written
  rm -f ./-
  "$K" replay save --open --speed 25 --elevation 10 --out - > out.ksr; [ $? = 0 ] && [ ! -e ./- ] && cmp -s out.ksr base.ksr && pass ||
    fail "replay save --out - did not write the replay to stdout"
  expect 0 "identical" bash -c "exec \"$K\" replay verify - < base.ksr"
  expect 0 "^$CODE\$" bash -c "exec \"$K\" replay share - < base.ksr"
  expect 0 "identical" bash -c "echo $CODE | exec \"$K\" replay open -"
  "$K" replay open "$CODE" --out - > open.ksr && cmp -s open.ksr base.ksr && pass || fail "replay open --out - did not write the replay"
  "$K" replay save --open --speed 25 --out r2.ksr --trace - > t.trace && "$K" replay verify r2.ksr --trace t.trace | grep -q 'identical, step by step' &&
    pass || fail "replay save --trace - did not write the trace to stdout"
  expect 0 "identical, step by step" bash -c "exec \"$K\" replay verify r2.ksr --trace - < t.trace"
  expect 0 "launch swipe" bash -c "echo '$SWIPE' | exec \"$K\" shoot --swipe-file -"
  expect 0 "^identical" bash -c "exec \"$K\" compare - tl.jsonl < tl.jsonl"
  expect 0 "identical" bash -c "exec \"$T\" tl.jsonl - < tl.jsonl"
  expect 0 "valid lines" bash -c "exec \"$T\" --check - < tl.jsonl"
  "$K" simulate --levels 1-1 --players 1 --kicks 1 --threads 1 --out - > so.json && node -e 'JSON.parse(require("fs").readFileSync("so.json","utf8"))' &&
    pass || fail "simulate --out - did not write the JSON alone"
  expect 0 "First Touch" bash -c "exec \"$K\" merge - < sim.json"
  "$K" merge sim.json --out - > mo.json && node -e 'JSON.parse(require("fs").readFileSync("mo.json","utf8"))' && pass || fail "merge --out -"
  "$K" plot steps --out - > st.svg && grep -q '</svg>' st.svg && pass || fail "plot steps --out -"
  "$K" timeline --open --speed 25 --out - > to.jsonl && "$K" compare to.jsonl to.jsonl >/dev/null && pass || fail "timeline --out -"
  expect 2 "--json" "$K" timeline --open --speed 25 --out - --json
  expect 2 "--json" "$K" replay save --open --speed 25 --out - --json
  expect 2 "--json" "$K" simulate --levels 1-1 --out - --json
  expect 2 "--json" "$K" simulate --levels 1-1 --records - --json
  expect 2 "--json" "$K" merge sim.json --out - --json
  # records and pages through '-'
  "$K" simulate --levels 1-1 --players 1 --kicks 1 --threads 1 --records - > sr.jsonl && cmp -s sr.jsonl sim.jsonl && pass ||
    fail "simulate --records - did not write the records alone"
  "$K" merge --records - sim.jsonl > mr.jsonl && cmp -s mr.jsonl sim.jsonl && pass || fail "merge --records - did not write the records"
  "$K" merge --records mr2.jsonl --result - sim.jsonl < sim.json && cmp -s mr2.jsonl sim.jsonl && pass || fail "merge --result -"
  "$K" merge --records mr3.jsonl --result sim.json - < sim.jsonl && cmp -s mr3.jsonl sim.jsonl && pass || fail "merge --records from -"
  "$K" report - --records sim.jsonl < sim.json > p1.html && "$K" report sim.json --records - --out - < sim.jsonl > p2.html &&
    "$K" report sim.json --records sim.jsonl --out p3.html && cmp -s p1.html p2.html && cmp -s p1.html p3.html &&
    grep -q '</html>' p1.html && pass || fail "report through - is not the page of its files"
  [ ! -e ./- ] && pass || fail "a file named '-' was created"
  # A link to a pipe (what /dev/stdout is) is written through, not replaced.
  ln -sf /proc/self/fd/1 to_stdout
  "$K" plot steps --out to_stdout | cat > via_link.svg
  grep -q '</svg>' via_link.svg && [ -L to_stdout ] && pass || fail "a link to a pipe was not written through"
  # A usage error is one line with a hint, never the whole help.
  local usage_errors=(
    "$K" "$K kick" "$K --bogus" "$K levels --wide" "$K levels wide" "$K shoot --colour red" "$K shoot --speed"
    "$K timeline --open --speed 25" "$K compare a" "$K replay" "$K replay dance" "$K replay save --open --speed 25"
    "$K replay verify" "$K replay verify a b" "$K simulate --bogus" "$K merge" "$K plot" "$K plot pie --out x"
    "$K simulate extra" "$K simulate --players" "$K simulate --out - --json" "$K merge --bogus" "$K merge --records x"
    "$K merge a --partial --complete" "$K merge --result r a" "$K merge --records x --json a" "$K merge a --out"
    "$K report" "$K report a b" "$K report --bogus a" "$K report a --out" "$K report a --records"
    "$K plot steps" "$K daily --bogus" "$K solve --speed 25" "$K shoot --open --speed 25 --out x"
    "$B --bogus" "$B extra" "$B --policy sometimes" "$B --fps" "$WK --bogus" "$WK extra" "$WK --rate"
    "$T" "$T a" "$T --bogus" "$T --check" "$T a b c" "$C x" "$C --bogus")
  for u in "${usage_errors[@]}"; do
    # shellcheck disable=SC2086
    { err=$($u 2>&1 >/dev/null); rc=$?; }
    [ "$rc" = 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" = 1 ] && grep -q -- '--help' <<< "$err" && pass ||
      fail "usage error not one line with a hint: $u: exit $rc: $err"
  done
  # Messages are one line, whatever the arguments hold.
  run "$K" shoot --level $'Atl\nantis' --speed 25
  [ "$rc" = 2 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && pass || fail "a newline in an argument split the message: $out"
  run "$K" replay verify $'no\nfile'
  [ "$rc" = 1 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && pass || fail "a newline in a file name split the message: $out"
  # The same condition, the same exit code: a file that cannot be read is 1, but 2 for the comparers.
  expect 1 "cannot open" "$K" replay verify nope.ksr
  expect 1 "cannot open" "$K" replay share nope.ksr
  expect 1 "cannot open" "$K" shoot --swipe-file nope.txt
  expect 1 "cannot open" "$K" merge nope.json
  expect 1 "cannot open" "$K" merge --records - nope.jsonl
  expect 1 "cannot open" "$K" merge --records - --result nope.json sim.jsonl
  expect 1 "cannot open" "$K" report nope.json
  expect 1 "cannot open" "$K" report sim.json --records nope.jsonl
  expect 1 "cannot open" "$K" replay verify base.ksr --trace nope.trace
  expect 2 "cannot open" "$K" compare nope.jsonl tl.jsonl
  expect 2 "cannot open" "$T" nope.jsonl tl.jsonl
  expect 2 "cannot open" "$T" --check nope.jsonl
  echo "$checks checks"
}

# A bad command line is one message, one line: a list with a bad item says so once,
# and options that do not go together (two places, extras off the open pitch, a part
# of a kick without the rest) end with the hint.
usage_errors_are_one_line() {
  local one_line=(
    "shoot --open --speed 25 --aim 1,2,3" "shoot --open --speed 25 --aim 1,x" "shoot --open --speed 25 --aim 1"
    "shoot --open --speed 25 --spin-rate 3 --spin-axis 1,2,x" "shoot --open --speed 25 --spin-rate 3 --spin-axis 1,2"
    "shoot --open --swipe 1,2,x" "shoot --open --swipe 1,2" "shoot --open --speed 25 --wind 5,x"
    "shoot --open --speed 25 --frames 1/60,x" "shoot --open --speed 25 --keeper plain,x")
  local hinted=(
    "shoot --level 1-1 --open --speed 25" "shoot --open --level 1-1 --speed 25" "shoot --level 1-1 --daily 2026-01-01 --speed 25"
    "timeline --daily 2026-01-01 --open --speed 25 --out x" "replay save --open --daily 2026-01-01 --speed 25 --out x"
    "plot kick --level 1-1 --open --speed 25 --out x" "solve --level 5-2 --open --aim 1,1 --speed 25"
    "shoot --level 1-1 --distance 20 --speed 25" "shoot --daily 2026-01-01 --angle 0 --speed 25"
    "shoot --level 1-1 --wall 2 --speed 25" "shoot --open --bend 0.5 --speed 25" "shoot --open --aim 1,1"
    "shoot --open --speed 25 --spin-axis 1,0,0" "shoot --daily 2026-01-01 --match-seed 3 --speed 25"
    "shoot --open" "shoot --open --speed 25 --aim 1,1 --elevation 4" "shoot --open --speed 25 --spin-rate 4 --spin-axis 0,0,0"
    "shoot --open --speed 25 --spin-rate 4 --spin-axis 1e6,1e6,1e6" "shoot --open --distance 60 --angle 80 --speed 25"
    "shoot --open --distance 9 --wall 3 --speed 25")
  local c err rc
  for c in "${one_line[@]}" "${hinted[@]}"; do
    # shellcheck disable=SC2086
    { err=$("$K" $c 2>&1 >/dev/null); rc=$?; }
    [ "$rc" = 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" = 1 ] && pass || fail "not one line (exit $rc): $c: $err"
  done
  for c in "${hinted[@]}"; do
    # shellcheck disable=SC2086
    { err=$("$K" $c 2>&1 >/dev/null); }
    grep -q -- "--help' for the usage)\$" <<< "$err" && pass || fail "no hint: $c: $err"
  done
  expect 2 "--level and --open: give one place" "$K" shoot --level 1-1 --open --speed 25
  # values that are each in range but not together name the options
  expect 2 "--spin-axis 1e\+06,1e\+06,1e\+06: a direction, of length between 1e-6 and 1e6" \
    "$K" shoot --open --speed 25 --spin-rate 4 --spin-axis 1e6,1e6,1e6
  expect 2 "--spin-axis 0,0,0: a direction" "$K" shoot --open --speed 25 --spin-rate 4 --spin-axis 0,0,0
  expect 0 "launch explicit" "$K" shoot --open --speed 25 --spin-rate 4 --spin-axis 1e5,-1e5,0
  expect 2 "--distance 60 at --angle 80 puts the spot 59.09 m across" "$K" shoot --open --distance 60 --angle 80 --speed 25
  expect 2 "--wall stands 9.15 m from the ball.* it is 9.00 m out" "$K" shoot --open --distance 9 --wall 3 --speed 25
  expect 0 "outcome" "$K" shoot --open --distance 11 --wall 3 --speed 25
  # the same place twice is the last one, as for any option
  expect 0 "level 1-2 Meet Sunny" "$K" shoot --level 1-1 --level 1-2 --speed 25
  expect 0 "daily 2026-01-02" "$K" daily --date 2026-01-01 --date 2026-01-02
  echo "$checks checks"
}

# JSON is UTF-8 (RFC 8259): every --json output parses with a strict UTF-8 decoder
# whatever bytes a file name holds, and a long difference cut to fit is cut between
# characters; the strict readers refuse text that is not UTF-8 or has raw control
# characters in its strings.
json_is_utf8() {
  strict_json() { node -e 'const b = require("fs").readFileSync(process.argv[1]);
    JSON.parse(new TextDecoder("utf-8", {fatal: true}).decode(b))' "$1"; }
  local P Tr
  P=$(printf 'bad\xff\xfename.ksr'); Tr=$(printf 'tr\xc0\x80.trace')
  "$K" replay save --open --speed 25 --out base.ksr >/dev/null || fail "setup: replay save"
  local code; code=$("$K" replay share base.ksr)
  local cmds=("replay save --open --speed 25 --out $P --trace $Tr --json" "replay verify $P --json"
              "replay verify $P --trace $Tr --json" "replay share $P --json" "replay open $code --out $P --json"
              "timeline --open --speed 25 --every 100 --out $P --json")
  for c in "${cmds[@]}"; do
    # shellcheck disable=SC2086
    "$K" $c > out.json; rc=$?
    [ "$rc" = 0 ] && strict_json out.json && grep -q 'name.ksr' out.json && pass || fail "not UTF-8 JSON (exit $rc): $c"
  done
  local e; e=$(printf 'é%.0s' $(seq 300))
  printf '{"step":1,"hash":"0000000000000001","s":"%s"}\n' "$e" > u1.jsonl
  printf '{"step":1,"hash":"0000000000000001","s":"%sx"}\n' "${e%é}" > u2.jsonl
  "$K" compare u1.jsonl u2.jsonl --json > cmp.json; rc=$?
  [ "$rc" = 1 ] && strict_json cmp.json && grep -q '"field":[[:space:]]*"s"' cmp.json && pass || fail "compare --json of long UTF-8 values (exit $rc)"
  "$K" timeline --open --speed 25 --every 100 --out t.jsonl >/dev/null
  node -e 'const fs = require("fs"), t = fs.readFileSync("t.jsonl");
    const l = Buffer.from(",\"s\":\"", "latin1");
    const bad = {raw_tab: [0x09], xff: [0xff], overlong: [0xc0, 0x80], surrogate: [0xed, 0xa0, 0x80],
                 too_big: [0xf4, 0x90, 0x80, 0x80], cut: [0xe2, 0x82]};
    for (const [k, v] of Object.entries(bad)) {
      const i = t.indexOf(0x7d); /* the first line ends with its object: insert a string key */
      fs.writeFileSync(k + ".jsonl", Buffer.concat([t.subarray(0, i), l, Buffer.from(v), Buffer.from("\"", "latin1"), t.subarray(i)]));
    }
    const i = t.indexOf(0x7d);
    fs.writeFileSync("good_utf8.jsonl", Buffer.concat([t.subarray(0, i), Buffer.from(",\"s\":\"\u00e9\u20ac\u{1F600}\\t\"", "utf8"), t.subarray(i)]));'
  for f in raw_tab xff overlong surrogate too_big cut; do
    expect 2 "not a timeline line: a (byte that is not UTF-8|control character)" "$K" compare $f.jsonl t.jsonl
    expect 1 "not a timeline line: a (byte that is not UTF-8|control character)" "$T" --check $f.jsonl
  done
  expect 0 "valid lines" "$T" --check good_utf8.jsonl
  expect 1 "s differs" "$K" compare good_utf8.jsonl t.jsonl
  # a simulate result with a raw control character in a string is not JSON
  "$K" simulate --levels 1-1 --players 1 --kicks 1 --quiet --threads 1 --out sim.json >/dev/null
  node -e 'const fs = require("fs"); const t = fs.readFileSync("sim.json", "utf8");
    fs.writeFileSync("ctl.json", t.replace(/"format":\s*"kick-cli simulate"/, "\"format\": \"kick-cli\tsimulate\""));'
  ! cmp -s ctl.json sim.json && pass || fail "the ctl.json edit changed nothing"
  expect 1 "control character" "$K" merge ctl.json
  expect 1 "control character" "$K" report ctl.json
  # nor one escaped: an escaped NUL ended cJSON's string there, so an edited shard
  # ("kick-cli simulate\u0000 edited") merged as if clean; \n, \u001f the same
  for esc in '\u0000' '\u0000 edited' '\n' '\u001f' '\t'; do
    node -e 'const fs = require("fs"); const t = fs.readFileSync("sim.json", "utf8");
      fs.writeFileSync("esc.json", t.replace(/"format":\s*"kick-cli simulate"/, "\"format\": \"kick-cli simulate" + process.argv[1] + "\""));' "$esc"
    ! cmp -s esc.json sim.json && pass || fail "the esc.json edit ($esc) changed nothing"
    expect 1 "esc.json.*control character.*escaped" "$K" merge esc.json
    expect 1 "esc.json.*control character.*escaped" "$K" report esc.json
  done
  expect 0 "First Touch" "$K" merge sim.json
  echo "$checks checks"
}

# A very long argument (5,000 bytes) is shortened in its middle: the message stays one
# line and keeps its reason and its hint.
long_arguments_keep_the_reason() {
  local L Z; L=$(head -c 5000 /dev/zero | tr '\0' a); Z=$(head -c 5000 /dev/zero | tr '\0' 0)
  long() { # CODE REASON CMD...
    local code=$1 re=$2; shift 2
    run "$@"
    [ "$rc" = "$code" ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && [ "${#out}" -lt 600 ] && grep -Eq -- "$re" <<< "$out" &&
      grep -q '\.\.\.' <<< "$out" && pass || fail "long argument (exit $rc, ${#out} bytes): $(basename "$1") ${2:0:20}: $(printf '%s' "$out" | tail -c 200)"
  }
  long 2 "is too long \(kick-cli levels" "$K" shoot --level "$L" --speed 25
  long 2 "is out of range \[0.1, 33.5\]$" "$K" shoot --speed "2$Z"
  long 2 "is not a whole number" "$K" shoot --open --speed 25 --kick "$L"
  long 2 "out of range \[0, 18446744073709551615\]$" "$K" shoot --open --speed 25 --match-seed "1$Z"
  long 2 "unknown command .* \(try 'kick-cli --help' for the usage\)$" "$K" "$L"
  long 2 "unrecognized option .* \(try 'kick-cli shoot --help' for the usage\)$" "$K" shoot --open --speed 25 "--$L"
  long 2 "unknown argument .* \(try 'kick-cli levels --help' for the usage\)$" "$K" levels "$L"
  long 1 "': File name too long$" "$K" replay verify "$L"
  local D; D=$(for _ in $(seq 19); do printf '%s/' "$(head -c 200 /dev/zero | tr '\0' d)"; done)
  long 1 "cannot create a file in .*: No such file or directory$" "$K" timeline --open --speed 25 --out "${D}x"
  long 2 "': File name too long$" "$K" compare "$L" "$L"
  long 2 "': File name too long$" "$T" --check "$L"
  long 2 "is not a number" "$B" --policy "at-distance:$L"
  long 2 "is not a whole number" "$WK" --rate "$L"
  # 100 bytes and less are shown whole
  expect 2 "unknown level '$(head -c 60 /dev/zero | tr '\0' b)' \(kick-cli levels lists them\)" "$K" shoot --level "$(head -c 60 /dev/zero | tr '\0' b)" --speed 25
  echo "$checks checks"
}

# Every program's and command's --help has a usage line and examples that name the
# program ("example:" for one, "examples:" for more), and says what it takes.
help_is_complete() {
  local p c h n heading
  while IFS='|' read -r p c; do
    # shellcheck disable=SC2086
    h=$("$APPS/$p/$p" $c --help); rc=$?
    heading=$(grep -E '^examples?:$' <<< "$h")
    n=$(awk '/^examples?:$/{f=1;next} f&&/^  /{n++} f&&!/^  /{f=0} END{print n+0}' <<< "$h")
    [ "$rc" = 0 ] && grep -q '^usage: ' <<< "$h" && [ "$n" -ge 1 ] && [ "$(grep -c -E "^  (.*\| )?$p( |$)" <<< "$h")" -ge 1 ] &&
      { { [ "$n" = 1 ] && [ "$heading" = "example:" ]; } || { [ "$n" -gt 1 ] && [ "$heading" = "examples:" ]; }; } && pass ||
      fail "$p $c --help: exit $rc, heading '$heading', $n example lines"
  done <<'END'
kick-cli|
kick-cli|levels
kick-cli|shoot
kick-cli|daily
kick-cli|timeline
kick-cli|compare
kick-cli|replay
kick-cli|solve
kick-cli|plot
kick-cli|simulate
kick-cli|merge
kick-cli|report
brake-cli|
walk-cli|
ks-timeline|
clock-demo|
END
  expect 0 "keepers: none plain showman specialist learner" "$K" shoot --help
  expect 0 "device or FIFO is written in place" "$K" plot --help
  # brake-cli: a time scale without frames would be ignored; a leap is past the ramp
  expect 2 "--slowmo goes with --fps .*--help" "$B" --slowmo 0.5
  expect 0 "policy late" "$B" --fps 60 --slowmo 0.5
  expect 2 "bad policy 'nope' \(never, late" "$B" --policy nope
  expect 0 "m past the ramp" "$B" --policy never
  expect 0 "m before the ramp" "$B" --policy late
  echo "$checks checks"
}

# Every program has --json: one JSON object, valid (strict UTF-8), the same bytes run
# after run, and the exit code of the text form.
json_everywhere() {
  strict_json() { node -e 'const b = require("fs").readFileSync(process.argv[1]);
    JSON.parse(new TextDecoder("utf-8", {fatal: true}).decode(b))' "$1"; }
  "$K" timeline --open --speed 25 --every 50 --out a.jsonl >/dev/null
  "$K" timeline --open --speed 26 --every 50 --out b.jsonl >/dev/null
  printf 'x\n' > notl.jsonl
  local c code
  while IFS='|' read -r code c; do
    # shellcheck disable=SC2086
    $c > j1.json 2>/dev/null; rc=$?
    # shellcheck disable=SC2086
    $c > j2.json 2>/dev/null
    [ "$rc" = "$code" ] && strict_json j1.json && cmp -s j1.json j2.json && pass ||
      fail "--json (exit $rc, want $code): $c: $(head -c 200 j1.json)"
  done <<END
0|$T a.jsonl a.jsonl --json
1|$T a.jsonl b.jsonl --json --label $(printf 'la\xffbel')
0|$T --check a.jsonl --json
1|$T --check notl.jsonl --json
0|$C --json
0|$B --json --events
0|$WK --json
0|$K levels --json
END
  expect 1 '"field":[[:space:]]+"hash"|"field":' "$T" a.jsonl b.jsonl --json
  expect 1 '"reason":[[:space:]]+"not JSON' "$T" --check notl.jsonl --json
  expect 0 '"rates":' "$C" --json
  expect 2 "unrecognized option '--jsn'" "$C" --jsn
  echo "$checks checks"
}

# A report that names a file or a label keeps it on one line, as messages do: a
# control character in it is shown as '?'.
reports_name_files_on_one_line() {
  local NL=$'a\nb' ESC=$'c\x1b[31md'
  one() { # EXPECTED-LINES REGEX CMD...
    local n=$1 re=$2; shift 2
    run "$@"
    [ "$rc" = 0 ] && [ "$(printf '%s\n' "$out" | wc -l)" = "$n" ] && grep -Eq -- "$re" <<< "$out" && ! grep -q $'\x1b' <<< "$out" &&
      pass || fail "report not on its lines (exit $rc): $(basename "$1") $2: $out"
  }
  one 4 "^saved a\?b\.ksr and its trace c\?\[31md\.tr$" "$K" replay save --open --speed 25 --out "$NL.ksr" --trace "$ESC.tr"
  one 1 "^wrote 5 lines to a\?b\.jsonl \(outcome goal\)$" "$K" timeline --open --speed 25 --every 500 --out "$NL.jsonl"
  one 1 "^wrote a\?b\.svg$" "$K" plot steps --out "$NL.svg"
  one 1 "^wrote a\?b\.svg \(goal\)$" "$K" plot kick --open --speed 25 --out "$NL.svg"
  one 1 "^c\?\[31md: a\?b\.jsonl: 5 valid lines$" "$T" --check "$NL.jsonl" --label "$ESC"
  one 1 "^c\?\[31md: identical$" "$T" "$NL.jsonl" "$NL.jsonl" --label "$ESC"
  echo "$checks checks"
}

# replay verify, share and open read their input once, whatever it is: a shoot-out
# record or a replay on standard input, through a pipe or a FIFO verifies as a file does.
# The board's verifier (kick-board-verify) as a careless user or an attacker runs it.
board_verifier_refuses_junk() {
  local V=$APPS/kick-board-verify/kick-board-verify
  [ -x "$V" ] || { echo "no kick-board-verify built"; return; }
  expect 0 "^usage: kick-board-verify" "$V" --help
  expect 0 "^kick-board-verify rules [0-9]+$" "$V" --version
  expect 1 "unknown command --bogus" "$V" --bogus
  expect 1 "standard input only, not x.txt" "$V" verify x.txt
  expect 1 "bad option --day" "$V" hand --day abc
  expect 1 "hand takes --day 0..200000" "$V" hand --count -5
  expect 1 "hand takes --day 0..200000" "$V" hand --day 99999999999
  expect 1 "hand takes --day 0..200000" "$V" hand --try 9
  expect 1 "bench --count must be at least 1" "$V" bench --count 0
  # One answer a line, each naming what was wrong; empty lines skipped.
  printf 'gar!bage\n{"b64":"!!!"}\n{"x":1}\n{oops\n\n[1,2]\n' > junk.in
  run bash -c "exec \"$V\" < junk.in"
  if [ "$rc" = 0 ] && [ "$(grep -c '"verdict":"malformed"' <<< "$out")" = 5 ] && grep -q 'no string \\"b64\\"' <<< "$out" &&
     grep -q 'starts with { but is not JSON' <<< "$out" && grep -q 'not base64' <<< "$out"; then pass
  else fail "junk lines: rc $rc :: $(head -c 400 <<< "$out")"; fi
  head -c 300000 /dev/zero | tr '\0' 'A' > long.in
  expect 0 '"verdict":"oversized","text":"the line is longer than 256 KiB"' bash -c "exec \"$V\" < long.in"
  # An honest try, then the same bytes with one bit flipped.
  local b64; b64=$("$V" hand --day 20000 | sed -n 's/.*"b64":"\([^"]*\)".*/\1/p')
  [ -n "$b64" ] && pass || fail "hand gave no try"
  expect 0 '"verdict":"ok"' bash -c "printf '%s\n' '$b64' | exec \"$V\""
  printf '%s' "$b64" | base64 -d > try.bin
  printf '\377' | dd of=try.bin bs=1 seek=20 conv=notrunc status=none # the claimed points' low byte
  local flipped; flipped=$(base64 -w0 < try.bin)
  expect 0 '"verdict":"bad_checksum"' bash -c "printf '%s\n' '$flipped' | exec \"$V\""
  # Output that cannot be written is an error (exit 2), not a silent success.
  run bash -c "printf '%s\n' '$b64' | exec \"$V\" > /dev/full"
  [ "$rc" = 2 ] && pass || fail "stdout /dev/full: exit $rc, not 2"
  echo "$checks checks"
}

replay_inputs_are_read_once() {
  local M=${KS_MAKE_SHOOTOUT:-}
  if [ ! -x "$M" ]; then fail "no make_shootout (KS_MAKE_SHOOTOUT)"; return; fi
  "$M" duel.ksso >/dev/null || fail "setup: make_shootout"
  "$K" replay save --open --speed 25 --elevation 10 --out base.ksr >/dev/null || fail "setup: replay save"
  expect 0 "verify: +identical" bash -c "exec \"$K\" replay verify - < duel.ksso"
  expect 0 "verify: +identical" bash -c "cat duel.ksso | exec \"$K\" replay verify -"
  expect 0 "verify: +identical" bash -c "exec \"$K\" replay verify <(cat base.ksr)"
  expect 0 "verify: +identical" bash -c "exec \"$K\" replay verify <(cat duel.ksso)"
  rm -f rf; mkfifo rf; (timeout 20 cat base.ksr > rf &)
  expect 0 "verify: +identical" timeout 20 "$K" replay verify rf
  expect 0 "^S1NS" bash -c "exec \"$K\" replay share <(cat base.ksr)"
  expect 2 "standard input is a shoot-out record" bash -c "exec \"$K\" replay verify - --trace t.trace < duel.ksso"
  { cat duel.ksso; head -c 70000 /dev/zero; } > big.ksso
  expect 1 "larger than 64 KiB, the limit for a shoot-out record" "$K" replay verify big.ksso
  { cat base.ksr; head -c 3000 /dev/zero; } > big.ksr
  expect 1 "larger than 2 KiB, the limit for a replay file" "$K" replay verify big.ksr
  expect 1 "larger than 2 KiB, the limit for a replay file" bash -c "exec \"$K\" replay verify - < big.ksr"
  expect 1 "is a shoot-out record, not a single-kick replay" "$K" replay share duel.ksso
  local code; code=$("$K" replay share base.ksr)
  printf '%s\0junk' "$code" > nul.code
  expect 1 "NUL byte" bash -c "exec \"$K\" replay open - < nul.code"
  expect 2 "share needs a replay file \(" "$K" replay share
  expect 2 "open needs a share code" "$K" replay open
  expect 1 "^kick-cli replay open: share code is truncated" "$K" replay open "${code:0:100}"
  { out=$("$K" replay share base.ksr 2>&1 >/dev/full); }
  grep -q '^kick-cli replay share: cannot write to standard output' <<< "$out" && pass || fail "the stdout message: $out"
  echo "$checks checks"
}

"$name"
echo "$name: $checks passed, $fails failed"
[ "$fails" = 0 ] && [ "$checks" -gt 0 ]
