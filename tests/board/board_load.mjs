// SPDX-License-Identifier: MIT
// A bounded loopback load test of the board: many simulated players send
// their three honest tries (the C swipe generator) mixed with forged ones
// (points raised, someone else's try under another name), 16 at a time, to one
// service on 127.0.0.1. Prints throughput, p50/p99 latency, verifications per
// CPU-second of the service (its node process and its verifier together) and
// checks that nothing was lost: every honest try accepted and stored once,
// every forgery refused.
//   node tests/board/board_load.mjs [--players N] [--verifier native|wasm] [--check] [--db FILE|URL]
// --check: correctness only (ctest): figures are printed but never judged.
// Figure lines ("figure\tNAME\tVALUE\tUNIT") are for tools/bench.d/40-board.sh.
import { readFileSync, readdirSync } from 'node:fs';
import { ok, finish, hand, forge, device, startBoard, submit, api, today, mkdtempSync, rmSync, tmpdir, join } from './lib.mjs';

const argv = process.argv.slice(2);
const arg = (k, d) => (argv.includes(k) ? argv[argv.indexOf(k) + 1] : d);
const players = Math.min(2000, Number(arg('--players', '300')));
const verifier = arg('--verifier', 'native');
const concurrency = 16;
const deadline = Date.now() + 240000; // bounded in time as well as in count

const ticks = 100; // USER_HZ on Linux
const cpuOf = (pid) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / ticks;
  } catch {
    return 0;
  }
};
const childrenOf = (pid) => {
  const out = [];
  try {
    for (const t of readdirSync(`/proc/${pid}/task`)) {
      const c = readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim();
      if (c) out.push(...c.split(/\s+/).map(Number));
    }
  } catch {}
  return out;
};

const dir = mkdtempSync(join(tmpdir(), 'ks-board-load-'));
const db = arg('--db', join(dir, 'board.sqlite'));
const day = today();
const jobs = [];
for (let k = 1; k <= 3; k++) {
  hand(day, k, 100000 + 10000 * k, players).forEach((t, i) => {
    const p = { name: `Load${i}`, dev: device(`load-${i}`) };
    // a forgery first for one player in four: the points raised
    if (i % 4 === 0) jobs.push({ ...p, b64: forge(t.b64, (b) => b.writeInt32LE(b.readInt32LE(20) + 250, 20)), want: 'claim_points', k });
    jobs.push({ ...p, b64: t.b64, want: 'ok', k });
    // and one in five copied by a stranger after it is in
    if (i % 5 === 1) jobs.push({ name: `Copy${i}`, dev: device(`copy-${i}`), b64: t.b64, want: 'copied_input', after: true, k });
  });
}
// honest tries of a player go in try order; copies after their originals: order by try, copies last in each try
jobs.sort((x, y) => x.k - y.k || (x.after ? 1 : 0) - (y.after ? 1 : 0));

const b = await startBoard(['--db', db, '--verifier', verifier, '--rate-address', '1000000/1000000',
  '--rate-player', '1000/1000', '--rate-read', '1000000/1000000']);
try {
  const pids = [b.pid, ...childrenOf(b.pid)];
  const cpu0 = pids.map(cpuOf);
  const lat = [];
  const wrong = [];
  let sent = 0;
  let next = 0;
  const t0 = process.hrtime.bigint();
  // copies are sent only when their try's originals have been answered: one wave per try number and kind
  const waves = [];
  for (const j of jobs) {
    const key = `${j.k}${j.after ? 'c' : ''}`;
    if (!waves.length || waves[waves.length - 1].key !== key) waves.push({ key, jobs: [] });
    waves[waves.length - 1].jobs.push(j);
  }
  for (const w of waves) {
    next = 0;
    const worker = async () => {
      while (next < w.jobs.length && Date.now() < deadline) {
        const j = w.jobs[next++];
        const s = process.hrtime.bigint();
        const r = await submit(b.port, j.name, j.dev, j.b64);
        lat.push(Number(process.hrtime.bigint() - s) / 1e6);
        sent++;
        const got = r.body.accepted ? 'ok' : r.body.reason;
        if (got !== j.want) wrong.push(`${j.name} try ${j.k}: ${got} (want ${j.want})`);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = pids.map(cpuOf).reduce((a, c, i) => a + c - cpu0[i], 0);
  lat.sort((x, y) => x - y);
  const q = (p) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))];
  const honest = jobs.filter((j) => j.want === 'ok').length;
  const verified = jobs.filter((j) => j.want !== 'copied_input' || true).length;
  const stats = (await api(b.port, '/api/board/health')).body.stats;
  const board = (await api(b.port, `/api/board/day?day=${day}`)).body;
  console.log(`load: ${sent} requests (${honest} honest, ${sent - honest} forged) from ${players} players in ${wall.toFixed(2)} s, ` +
    `${(sent / wall).toFixed(0)} req/s, p50 ${q(0.5).toFixed(2)} ms, p99 ${q(0.99).toFixed(2)} ms, ` +
    `${(verified / cpu).toFixed(0)} verifications per CPU-second of the service (${cpu.toFixed(2)} CPU-s, verifier ${verifier})`);
  console.log(`figure\tboard_load_${verifier}_requests_per_s\t${(sent / wall).toFixed(1)}\treq/s`);
  console.log(`figure\tboard_load_${verifier}_p50_ms\t${q(0.5).toFixed(3)}\tms`);
  console.log(`figure\tboard_load_${verifier}_p99_ms\t${q(0.99).toFixed(3)}\tms`);
  console.log(`figure\tboard_load_${verifier}_verifications_per_cpu_s\t${(verified / cpu).toFixed(1)}\t/CPU-s`);
  ok(sent === jobs.length, `all ${jobs.length} requests sent within the time bound`);
  ok(wrong.length === 0, 'every honest try accepted, every forgery refused with its reason', wrong.slice(0, 5).join('; '));
  ok(stats.tries === honest && board.count === players, `nothing lost, nothing doubled: ${stats.tries} stored of ${honest}, ${board.count} players`);
} finally {
  await b.stop();
  rmSync(dir, { recursive: true, force: true });
}
finish();
