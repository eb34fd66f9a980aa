// SPDX-License-Identifier: MIT
// The wasm half of the worst-case rollback benchmark: bench_rollback.wasm in
// Node with native_main.c's schedule (process CPU time, medians of rounds).
//   node bench/rollback/run.mjs <bench_rollback.wasm> [rounds]
import { readFileSync } from 'node:fs';

const K = 8;
const [file, roundsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node run.mjs <bench_rollback.wasm> [rounds]');
  process.exit(2);
}
const rounds = Math.max(1, Math.min(101, Number(roundsArg) || 9));
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
for (const [scene, name] of [[0, 'flight'], [1, 'replay'], [2, 'four']]) {
  for (const window of [300, 600]) {
    if (x.prepare(scene, window) !== 0) {
      console.error(`run.mjs: scene ${name} did not set up`);
      process.exit(1);
    }
    const rb = [], step = [];
    for (let r = -1; r < rounds; r++) {
      const t0 = cpuUs();
      sink += x.fill(K);
      const t1 = cpuUs();
      sink += x.fill_rollback(K);
      const t2 = cpuUs();
      if (r < 0) continue;
      const fill = (t1 - t0) / K, both = (t2 - t1) / K;
      rb.push(both - fill);
      step.push((fill / window) * 1000);
    }
    console.log(`figure\twasm_rollback_${name}_${window}_us\t${median(rb).toFixed(2)}\tus`);
    console.log(`figure\twasm_step_${name}_${window}_ns\t${median(step).toFixed(1)}\tns`);
  }
}
if (sink === 42n) process.exit(1);
