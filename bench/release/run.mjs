// SPDX-License-Identifier: MIT
// The wasm half of bench/release: the module in Node with native_main.c's
// schedule (process CPU time, medians of rounds).
//   node bench/release/run.mjs <bench_release.wasm> [rounds]
import { readFileSync } from 'node:fs';

const K = 8;
const RELEASES = 20;
const [file, roundsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node run.mjs <bench_release.wasm> [rounds]');
  process.exit(2);
}
const rounds = Math.max(1, Math.min(101, Number(roundsArg) || 7));
const { instance } = await WebAssembly.instantiate(readFileSync(file), {});
const x = instance.exports;
const median = (v) => {
  const s = [...v].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
};
const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
let sink = 0n;
// Warm up: the engine runs new code in its baseline compiler first and
// swaps in its optimised code later; time only the latter.
if (x.release_prepare(0) !== 0 || x.rollback_prepare(0, 300) !== 0) process.exit(1);
for (const t0 = cpuUs(); cpuUs() - t0 < 400000; ) {
  sink += x.release(2) + x.step_alone(2) + x.step_new(2);
  sink += x.fill_rollback(1);
}
for (let cold = 0; cold < (x.has_cache() ? 2 : 1); cold++) {
  if (x.release_prepare(cold) !== 0) {
    console.error('run.mjs: the director did not set up');
    process.exit(1);
  }
  const v = [];
  for (let r = -1; r < rounds; r++) {
    const t0 = cpuUs();
    sink += x.release(RELEASES);
    const t1 = cpuUs();
    if (r >= 0) v.push((t1 - t0) / RELEASES);
  }
  console.log(`figure\twasm_release${cold ? '_cold' : ''}_us\t${median(v).toFixed(2)}\tus`);
}
{
  const v = [];
  for (let r = -1; r < rounds; r++) {
    const t0 = cpuUs();
    sink += x.step_alone(RELEASES);
    const t1 = cpuUs();
    if (r >= 0) v.push((t1 - t0) / RELEASES);
  }
  console.log(`figure\twasm_step_alone_us\t${median(v).toFixed(2)}\tus`);
}
{
  const v = [];
  for (let r = -1; r < rounds; r++) {
    const t0 = cpuUs();
    sink += x.step_new(RELEASES);
    const t1 = cpuUs();
    if (r >= 0) v.push((t1 - t0) / RELEASES);
  }
  console.log(`figure\twasm_step_new_us\t${median(v).toFixed(2)}\tus`);
}
console.log(`info\twasm_release_decision_step\t${x.release_decision_step()}\tstep`);
if (x.runup_prepare() !== 0) {
  console.error('run.mjs: the run-up did not strike');
  process.exit(1);
}
for (const [kernel, name] of [[x.strike_frame, 'strike_frame'], [x.runup_total, 'runup_total']]) {
  const v = [];
  for (let r = -1; r < rounds; r++) {
    const t0 = cpuUs();
    sink += kernel(RELEASES);
    const t1 = cpuUs();
    if (r >= 0) v.push((t1 - t0) / RELEASES);
  }
  console.log(`figure\twasm_${name}_us\t${median(v).toFixed(2)}\tus`);
}
console.log(`info\twasm_runup_decision_step\t${x.release_decision_step()}\tstep`);
for (const [scene, name] of [[0, 'flight'], [1, 'replay']]) {
  for (const window of [300, 600]) {
    if (x.rollback_prepare(scene, window) !== 0) {
      console.error(`run.mjs: scene ${name} did not set up`);
      process.exit(1);
    }
    const v = [];
    for (let r = -1; r < rounds; r++) {
      const t0 = cpuUs();
      sink += x.fill(K);
      const t1 = cpuUs();
      sink += x.fill_rollback(K);
      const t2 = cpuUs();
      if (r >= 0) v.push((t2 - t1) / K - (t1 - t0) / K);
    }
    console.log(`figure\twasm_rollback_${name}_${window}_us\t${median(v).toFixed(2)}\tus`);
  }
}
if (sink === 42n) process.exit(1);
