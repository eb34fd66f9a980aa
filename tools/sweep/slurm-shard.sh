#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# One array task of a sweep (submitted by tools/sweep/slurm-submit.sh):
# shard SLURM_ARRAY_TASK_ID of N.
#   slurm-shard.sh DIR KICK_CLI N THREADS RECORDS(0|1) SIMULATE_OPTIONS...
set -euo pipefail
dir=$1 kick=$2 n=$3 threads=$4 records=$5
shift 5
i=${SLURM_ARRAY_TASK_ID:?"not an array task (SLURM_ARRAY_TASK_ID is unset)"}
args=(simulate "$@" --shard "$i/$n" --threads "$threads" --quiet --out "$dir/shard-$i.json")
[ "$records" = 1 ] && args+=(--records "$dir/shard-$i.jsonl")
echo "shard $i/$n on $(hostname): $kick ${args[*]}"
exec "$kick" "${args[@]}"
