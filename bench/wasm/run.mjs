// SPDX-License-Identifier: MIT
// The wasm half of the wasm-against-native benchmark: loads bench_kick.wasm
// in Node and runs the kernels with the same schedule as native_main.c.
//   node bench/wasm/run.mjs <bench_kick.wasm> [rounds]
// Times are the process's CPU time; each figure is the median of the rounds.
// Output: figure<TAB>name<TAB>value<TAB>unit lines (wasm_ prefix).
import { readFileSync } from 'node:fs';

const LOOKAHEAD_N = 40, KICK_N = 12, SOLVE_N = 20, COPY_N = 200000;
const [file, roundsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node run.mjs <bench_kick.wasm> [rounds]');
  process.exit(2);
}
const rounds = Math.max(1, Math.min(101, Number(roundsArg) || 9));
const { instance } = await WebAssembly.instantiate(readFileSync(file), {});
const x = instance.exports;
if (x.prepare() !== 0) {
  console.error('run.mjs: the benchmark scene did not set up');
  process.exit(1);
}
const median = (v) => {
  const s = [...v].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
};
// The process's CPU time in ms (time given to other programs does not count).
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const look = [], kick = [], copy = [], step = [], solve = [];
let sink = 0n;
for (let r = -1; r < rounds; r++) {
  const t0 = cpuMs();
  sink += x.lookahead(LOOKAHEAD_N);
  const t1 = cpuMs();
  sink += x.kick(KICK_N);
  const kickSteps = Number(x.last_steps());
  const t2 = cpuMs();
  sink += x.copy(COPY_N);
  const t3 = cpuMs();
  sink += x.solve(SOLVE_N);
  const t4 = cpuMs();
  if (r < 0) continue;
  look.push(((t1 - t0) * 1000) / LOOKAHEAD_N);
  kick.push(((t2 - t1) * 1000) / KICK_N);
  step.push(((t2 - t1) * 1e6) / kickSteps);
  copy.push(((t3 - t2) * 1e6) / COPY_N);
  solve.push(((t4 - t3) * 1000) / SOLVE_N);
}
const out = (name, value, unit) => console.log(`figure\t${name}\t${value.toFixed(3)}\t${unit}`);
out('wasm_lookahead_us', median(look), 'us');
out('wasm_kick_us', median(kick), 'us');
out('wasm_kick_ns_per_step', median(step), 'ns');
out('wasm_state_copy_ns', median(copy), 'ns');
out('wasm_solve_us', median(solve), 'us');
console.log(`info\twasm_state_bytes\t${x.state_bytes()}\tB`);
if (sink === 42n) process.exit(1);
