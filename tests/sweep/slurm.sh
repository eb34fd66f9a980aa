#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A sweep on a real Slurm: starts a one-node cluster on this machine (munged,
# slurmctld and slurmd in the foreground, a generated slurm.conf, every
# address 127.0.0.1, ports picked free), submits the array job and its merge
# job with tools/sweep/slurm-submit.sh, waits for them (at most 5 minutes),
# and requires the merged result and records to be byte for byte what one
# process writes. The daemons are stopped by their own process ids.
#   tests/sweep/slurm.sh KICK_CLI
set -euo pipefail
K=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
fail() { echo "FAIL: $*"; exit 1; }
for tool in munged mungekey slurmctld slurmd sbatch sinfo scontrol node; do
  command -v "$tool" >/dev/null ||
    fail "$tool is not installed: tools/deps.sh installs slurm-wlm and munge (the test never skips)"
done

# munged wants its socket's directory (and the path to it) open to everyone
# and its key private; slurm wants short socket paths: a fresh /tmp directory.
T=$(mktemp -d "${TMPDIR:-/tmp}/ks-slurm.XXXXXX")
chmod 755 "$T"
pids=()
stop() {
  local rc=$?
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do kill "${pids[i]}" 2>/dev/null || true; done
  for p in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$p" 2>/dev/null || true
    wait "$p" 2>/dev/null || true
  done
  if [ $rc != 0 ]; then
    for f in "$T"/log/* "$T"/sweep/slurm-*.out; do
      [ -f "$f" ] && { echo "--- $f"; tail -n 30 "$f"; }
    done
  fi
  rm -rf "$T"
  exit $rc
}
trap stop EXIT

mkdir -m 700 "$T/key"
mkdir -p "$T/state" "$T/spool" "$T/log" "$T/sweep"
mungekey --create --keyfile="$T/key/munge.key" >/dev/null
munged --foreground --socket="$T/munge.sock" --key-file="$T/key/munge.key" --pid-file="$T/munged.pid" \
  --log-file="$T/log/munged.log" --seed-file="$T/munged.seed" >"$T/log/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do [ -S "$T/munge.sock" ] && break; sleep 0.1; done
[ -S "$T/munge.sock" ] || fail "munged did not start"

free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
ctld_port=$(free_port)
slurmd_port=$(free_port)
[ "$ctld_port" != "$slurmd_port" ] || slurmd_port=$(free_port)
user=$(id -un)
cpus=$(nproc)
cat > "$T/slurm.conf" <<CONF
ClusterName=kickstep-test
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$T/munge.sock
CommunicationParameters=NoInAddrAny,NoCtldInAddrAny
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/log/slurmctld.log
SlurmdLogFile=$T/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
SchedulerType=sched/backfill
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
SlurmctldTimeout=30
SlurmdTimeout=30
MinJobAge=600
NodeName=ksnode NodeHostname=localhost NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=sweep Nodes=ksnode Default=YES MaxTime=10 State=UP
CONF
export SLURM_CONF=$T/slurm.conf
# Nothing of the calling environment's own Slurm job may leak into ours.
while IFS='=' read -r name _; do unset "$name"; done < <(env | grep -E '^SLURM_' | grep -v '^SLURM_CONF=' || true)

slurmctld -D -i >"$T/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -N ksnode >"$T/log/slurmd.out" 2>&1 &
pids+=($!)
state=""
for _ in $(seq 120); do
  state=$(sinfo -h -n ksnode -o %T 2>/dev/null || true)
  [ "$state" = idle ] && break
  for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null || fail "a daemon exited (pid $p)"; done
  sleep 0.5
done
[ "$state" = idle ] || fail "the node is not idle after 60 s (state '$state')"
echo "slurm: node ksnode idle, slurmctld on 127.0.0.1:$ctld_port, slurmd on 127.0.0.1:$slurmd_port"

sim=(--levels 1-1,2-3,3-5,4-4,5-2,6-5 --players 4 --kicks 3 --seed 11)
shards=6
ids=$(bash "$root/tools/sweep/slurm-submit.sh" --dir "$T/sweep" --shards $shards --records --report \
  --kick-cli "$K" -- "${sim[@]}")
echo "submitted: $ids"
read -r _ shard_job _ merge_job <<< "$ids"
[[ "$shard_job" =~ ^[0-9]+$ && "$merge_job" =~ ^[0-9]+$ ]] || fail "slurm-submit.sh printed '$ids'"

# The same sweep in one process meanwhile.
"$K" simulate "${sim[@]}" --threads 1 --quiet --out "$T/whole.json" --records "$T/whole.jsonl"

job_state() { scontrol show job "$1" -o 2>/dev/null | grep -o 'JobState=[A-Z_]*' | head -n 1 | cut -d= -f2; }
deadline=$((SECONDS + 300))
s=""
while [ $SECONDS -lt $deadline ]; do
  s=$(job_state "$merge_job")
  case "$s" in COMPLETED | FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY | BOOT_FAIL | DEADLINE) break ;; esac
  sleep 1
done
[ "$s" = COMPLETED ] || fail "the merge job $merge_job ended $s (shards: $(job_state "${shard_job}_0"))"
tasks=$(ls "$T/sweep"/slurm-"${shard_job}"_*.out 2>/dev/null | wc -l)
[ "$tasks" = $shards ] || fail "$tasks array tasks left a log, expected $shards"
grep -q "shard 5/$shards on" "$T/sweep/slurm-${shard_job}_5.out" || fail "task 5 did not run shard 5"

cmp "$T/sweep/result.json" "$T/whole.json" || fail "the merged result differs from one process's"
cmp "$T/sweep/records.jsonl" "$T/whole.jsonl" || fail "the merged records differ from one process's"
run=$(grep -o '"run":[[:space:]]*"[0-9a-f]*"' "$T/whole.json" | grep -o '[0-9a-f]\{16\}')
grep -q "data-run=\"$run\"" "$T/sweep/report.html" || fail "the merge job's report is not of run $run"
echo "slurm: $shards array tasks and the merge job: result and records are byte for byte one process's ($(wc -l < "$T/whole.jsonl") kicks, run $run)"
