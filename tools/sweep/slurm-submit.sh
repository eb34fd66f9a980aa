#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A kick-cli simulate sweep on a Slurm cluster: an array job runs the shards,
# a job that depends on all of them merges them.
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: tools/sweep/slurm-submit.sh --dir DIR --shards N [--cpus-per-task C]
                                   [--kick-cli PATH] [--records] [--report]
                                   [--sbatch "OPTIONS"] -- SIMULATE_OPTIONS...
Submits an array job of N tasks (tools/sweep/slurm-shard.sh: task I runs
`kick-cli simulate SIMULATE_OPTIONS --shard I/N --threads C`) and a merge job
(tools/sweep/slurm-merge.sh) that starts when every task has succeeded
(--dependency=afterok) and is cancelled if one fails. Prints
"shards JOBID merge JOBID". DIR must be on a file system the nodes share, and
kick-cli at the same path on every node.

  --dir DIR           where the shards' files and the merged result go (created)
  --shards N          array tasks (at most the cluster's MaxArraySize, 1001 by default)
  --cpus-per-task C   CPUs of each task and its simulate --threads (default 1)
  --kick-cli PATH     kick-cli to run (default: the build's, else the one in PATH)
  --records           also write and merge the records (simulate --records)
  --report            the merge job also writes DIR/report.html
  --sbatch "OPTIONS"  more sbatch options for both jobs (e.g. "-p short -t 30")
The merge job writes DIR/result.json (the bytes one process's --out would be),
and with --records DIR/records.jsonl. The jobs' logs are DIR/slurm-*.out.

example:
  tools/sweep/slurm-submit.sh --dir /shared/sweep --shards 200 --records --report \
      -- --players 400 --kicks 5 --seed 3
USAGE
}

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
dir="" shards="" cpus=1 kick="" records=0 report=0 extra=""
while [ $# -gt 0 ]; do
  case "$1" in
    --dir) dir=$2; shift 2 ;;
    --shards) shards=$2; shift 2 ;;
    --cpus-per-task) cpus=$2; shift 2 ;;
    --kick-cli) kick=$2; shift 2 ;;
    --records) records=1; shift ;;
    --report) report=1; shift ;;
    --sbatch) extra=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    --) shift; break ;;
    *) echo "slurm-submit.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
if [ -z "$dir" ] || ! [[ "$shards" =~ ^[1-9][0-9]*$ ]] || ! [[ "$cpus" =~ ^[1-9][0-9]*$ ]]; then
  echo "slurm-submit.sh: --dir and --shards N (N >= 1) are needed; --cpus-per-task is a whole number" >&2
  exit 2
fi
command -v sbatch >/dev/null || { echo "slurm-submit.sh: sbatch is not installed (Debian package slurm-client)" >&2; exit 1; }
if [ -z "$kick" ]; then
  if [ -x "$root/build/apps/kick-cli/kick-cli" ]; then kick="$root/build/apps/kick-cli/kick-cli"
  else kick=$(command -v kick-cli) || { echo "slurm-submit.sh: no kick-cli (build it, or give --kick-cli)" >&2; exit 1; }
  fi
fi
kick=$(cd "$(dirname "$kick")" && pwd)/$(basename "$kick")
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
rm -f "$dir"/shard-*.json "$dir"/shard-*.jsonl "$dir/result.json" "$dir/records.jsonl" "$dir/report.html"

# shellcheck disable=SC2086 # $extra is a list of sbatch options
shard_job=$(sbatch --parsable --job-name=kick-sweep --array=0-$((shards - 1)) --cpus-per-task="$cpus" \
  --chdir="$dir" --output="$dir/slurm-%A_%a.out" $extra \
  "$here/slurm-shard.sh" "$dir" "$kick" "$shards" "$cpus" "$records" "$@")
shard_job=${shard_job%%;*}
# shellcheck disable=SC2086
merge_job=$(sbatch --parsable --job-name=kick-sweep-merge --dependency="afterok:$shard_job" \
  --kill-on-invalid-dep=yes --chdir="$dir" --output="$dir/slurm-%j-merge.out" $extra \
  "$here/slurm-merge.sh" "$dir" "$kick" "$shards" "$records" "$report")
merge_job=${merge_job%%;*}
echo "shards $shard_job merge $merge_job"
