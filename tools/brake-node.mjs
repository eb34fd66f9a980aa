#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// Runs the brake game headless in Node through its wasm build (brake.wasm):
// the same C the page runs, driven by named policies, printing each result
// (outcome, score, stopping distance, stopwatch, steps, hash) on one line.
//
//   node tools/brake-node.mjs --wasm build/wasm/brake.wasm [--policy NAME]... [--fps N] [--json]
//                             [--check-native path/to/brake-cli]
//
// --check-native runs the native brake-cli with the same policy and fails
// (exit 1) unless outcome, score, steps and the 64-bit state hash agree.
// Exit codes: 0 ok, 1 a mismatch or a failed run, 2 bad usage.
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

function usage(code) {
  const text =
    'usage: node tools/brake-node.mjs --wasm FILE [--policy NAME]... [--fps N] [--json] [--check-native CLI]\n' +
    '  policies: never, late, early, at-distance:D, at-time:T, stunt:S (default: late)\n';
  (code ? process.stderr : process.stdout).write(text);
  process.exit(code);
}

const argv = process.argv.slice(2);
const opt = { policies: [], fps: 60, json: false, wasm: null, native: null };
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  const need = () => {
    if (i + 1 >= argv.length) usage(2);
    return argv[++i];
  };
  if (a === '--wasm') opt.wasm = need();
  else if (a === '--policy') opt.policies.push(need());
  else if (a === '--fps') opt.fps = Number(need());
  else if (a === '--json') opt.json = true;
  else if (a === '--check-native') opt.native = need();
  else if (a === '--help') usage(0);
  else {
    process.stderr.write(`brake-node: unknown argument '${a}'\n`);
    usage(2);
  }
}
if (!opt.wasm) usage(2);
if (!(opt.fps >= 1 && opt.fps <= 10000)) {
  process.stderr.write('brake-node: --fps wants a number in 1..10000\n');
  process.exit(2);
}
if (opt.policies.length === 0) opt.policies.push('late');

const { instance } = await WebAssembly.instantiate(readFileSync(opt.wasm), {});
const X = instance.exports;
const mem = () => X.memory.buffer;
const cstr = (ptr) => {
  const b = new Uint8Array(mem(), ptr);
  let n = 0;
  while (b[n]) n++;
  return new TextDecoder().decode(b.subarray(0, n));
};
const names = Array.from({ length: X.brake_view_count() }, (_, i) => cstr(X.brake_view_name(i)));
const view = () => {
  const v = new Float64Array(mem(), X.brake_view(), names.length);
  return Object.fromEntries(names.map((n, i) => [n, v[i]]));
};
const hashHex = () =>
  (X.brake_hash_hi() >>> 0).toString(16).padStart(8, '0') + (X.brake_hash_lo() >>> 0).toString(16).padStart(8, '0');
const OUTCOMES = ['none', 'short', 'ramp', 'leap', 'crash', 'hop'];

function setPolicy(name) {
  const bytes = new TextEncoder().encode(name);
  if (bytes.length >= 256) return 3;
  new Uint8Array(mem(), X.brake_policy_buf(), 256).set(bytes);
  return X.brake_set_policy(bytes.length);
}

function run(policy) {
  if (setPolicy(policy) !== 0) throw new Error(`bad policy '${policy}'`);
  if (X.brake_reset() !== 0) throw new Error('reset failed');
  const events = [];
  for (let f = 0; view().phase !== 5; f++) {
    if (f > 10_000_000) throw new Error('the run did not end');
    X.brake_frame(1 / opt.fps, 0);
    const n = X.brake_event_count();
    const ev = new Float64Array(mem(), X.brake_events(), n * 6);
    for (let i = 0; i < n; i++) events.push({ step: ev[i * 6], type: cstr(X.brake_event_name(ev[i * 6 + 1])) });
  }
  const v = view();
  return {
    policy,
    outcome: OUTCOMES[v.outcome] ?? 'unknown',
    score: v.score,
    stopwatch_s: v.stopwatch,
    stop_x_m: v.stop_x,
    stopping_distance_m: v.stopping_distance,
    leap_distance_m: v.leap_distance,
    flips: v.flips,
    steps: v.step,
    frames: v.frames,
    hash: hashHex(),
    events: events.length,
  };
}

// Seed 004: "print stopping distances and scores". From the first brake to
// rest; a run that never braked has none.
const stopping = (r) =>
  r.stopping_distance_m > 0 ? `stopping distance ${r.stopping_distance_m.toFixed(2)} m` : 'never braked';

let failed = false;
const results = [];
for (const p of opt.policies) {
  let r;
  try {
    r = run(p);
  } catch (e) {
    process.stderr.write(`brake-node: ${e.message}\n`);
    process.exit(p && e.message.startsWith('bad policy') ? 2 : 1);
  }
  results.push(r);
  if (opt.native) {
    const out = spawnSync(opt.native, ['--policy', p, '--json'], { encoding: 'utf8' });
    if (out.status !== 0) {
      process.stderr.write(`brake-node: ${opt.native} failed: ${out.stderr}\n`);
      failed = true;
      continue;
    }
    const n = JSON.parse(out.stdout);
    const same = n.outcome === r.outcome && n.score === r.score && n.steps === r.steps && n.hash === r.hash;
    r.native = same ? 'identical' : `DIFFERENT (native ${n.outcome} ${n.score} ${n.steps} ${n.hash})`;
    if (!same) failed = true;
  }
}
if (opt.json) console.log(JSON.stringify(results, null, 2));
else
  for (const r of results)
    console.log(
      `${r.policy}: ${r.outcome}, score ${r.score}, ${stopping(r)}, stopwatch ${r.stopwatch_s.toFixed(3)} s, ` +
        `${r.steps} steps in ${r.frames} frames, hash ${r.hash}${r.native ? `, native ${r.native}` : ''}`,
    );
process.exit(failed ? 1 : 0);
