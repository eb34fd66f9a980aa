#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A kick-cli simulate sweep through GNU parallel, on this machine or on many.
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: tools/sweep/parallel.sh --dir DIR --shards N [--jobs J] [--threads T]
                               [--sshlogin LOGINS] [--ssh CMD] [--kick-cli PATH]
                               [--records] [--report] -- SIMULATE_OPTIONS...
Runs `kick-cli simulate SIMULATE_OPTIONS --shard I/N` for I = 0 .. N-1 as GNU
parallel jobs, here or on the hosts of --sshlogin, gathers the shards' results
and merges them. The results come back over the jobs' standard output, so the
hosts need no shared file system: only kick-cli at the same path.

  --dir DIR          where the files go (created)
  --shards N         how many shards (jobs); more shards than job slots balance better
  --jobs J           job slots on this machine (parallel -j; default: one per core)
  --threads T        simulate --threads of each job (default 1)
  --sshlogin LOGINS  run the jobs on these hosts (parallel --sshlogin, e.g.
                     "8/alice@hostA,8/hostB,:" where ":" is this machine)
  --ssh CMD          the ssh command parallel uses (parallel --ssh)
  --kick-cli PATH    kick-cli to run (default: the build's, else the one in PATH)
  --records          also write and merge the records (simulate --records); on
                     remote hosts parallel brings them back with --return (rsync)
  --report           also write DIR/report.html (kick-cli report)
Writes DIR/shards.json (every shard's result, one after the other),
DIR/result.json (the merged result: the bytes of one process's --out), and with
--records DIR/records.jsonl (the merged records) and DIR/shard-I.jsonl.

example:
  tools/sweep/parallel.sh --dir sweep --shards 16 -- --players 40 --kicks 5 --seed 3
  tools/sweep/parallel.sh --dir sweep --shards 64 --sshlogin 8/hostA,8/hostB -- --players 400
USAGE
}

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
dir="" shards="" jobs="" threads=1 sshlogin="" ssh_cmd="" kick="" records=0 report=0
while [ $# -gt 0 ]; do
  case "$1" in
    --dir) dir=$2; shift 2 ;;
    --shards) shards=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --sshlogin) sshlogin=$2; shift 2 ;;
    --ssh) ssh_cmd=$2; shift 2 ;;
    --kick-cli) kick=$2; shift 2 ;;
    --records) records=1; shift ;;
    --report) report=1; shift ;;
    -h|--help) usage; exit 0 ;;
    --) shift; break ;;
    *) echo "parallel.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
if [ -z "$dir" ] || ! [[ "$shards" =~ ^[1-9][0-9]*$ ]]; then
  echo "parallel.sh: --dir and --shards N (N >= 1) are needed" >&2
  exit 2
fi
command -v parallel >/dev/null || { echo "parallel.sh: GNU parallel is not installed (Debian package parallel; tools/deps.sh)" >&2; exit 1; }
if [ -z "$kick" ]; then
  if [ -x "$root/build/apps/kick-cli/kick-cli" ]; then kick="$root/build/apps/kick-cli/kick-cli"
  else kick=$(command -v kick-cli) || { echo "parallel.sh: no kick-cli (build it, or give --kick-cli)" >&2; exit 1; }
  fi
fi
kick=$(cd "$(dirname "$kick")" && pwd)/$(basename "$kick")
mkdir -p "$dir"
cd "$dir"

# The simulate options, quoted once for the shell that runs each job.
opts=$(printf ' %q' "$@")
job="$(printf '%q' "$kick") simulate$opts --shard {}/$shards --threads $threads --quiet --json"
popts=(--will-cite --keep-order --halt now,fail=1)
[ -n "$jobs" ] && popts+=(--jobs "$jobs")
[ -n "$ssh_cmd" ] && popts+=(--ssh "$ssh_cmd")
if [ -n "$sshlogin" ]; then
  popts+=(--sshlogin "$sshlogin")
  # Records are files: parallel returns them from a job's own work directory.
  [ "$records" = 1 ] && popts+=(--workdir ... --return 'shard-{}.jsonl' --cleanup)
fi
[ "$records" = 1 ] && job="$job --records shard-{}.jsonl"

rm -f shards.json result.json records.jsonl report.html
seq 0 $((shards - 1)) | parallel "${popts[@]}" "$job" > shards.json.part
got=$(grep -c '"format"' shards.json.part || true)
if [ "$got" != "$shards" ]; then
  echo "parallel.sh: $got of $shards shards came back (a remote host whose login environment has no SHELL runs nothing; see docs/sweeps.md)" >&2
  exit 1
fi
mv shards.json.part shards.json
"$kick" merge shards.json --out result.json > /dev/null
files=()
if [ "$records" = 1 ]; then
  for ((i = 0; i < shards; i++)); do files+=("shard-$i.jsonl"); done
  "$kick" merge --records records.jsonl --result result.json "${files[@]}"
fi
if [ "$report" = 1 ]; then
  if [ "$records" = 1 ]; then "$kick" report result.json --records records.jsonl --out report.html
  else "$kick" report result.json --out report.html
  fi
fi
echo "parallel.sh: $shards shards merged into $dir/result.json"
