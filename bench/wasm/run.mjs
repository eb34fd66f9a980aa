// The wasm half of the wasm-against-native benchmark: loads bench_kick.wasm
// in Node and runs the kernels with the same schedule as native_main.c.
//   node bench/wasm/run.mjs <bench_kick.wasm> [rounds]
// Each figure is the fastest of the rounds.
// Output: figure<TAB>name<TAB>value<TAB>unit lines (wasm_ prefix).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

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
// The fastest round: on a shared machine noise only ever adds time.
const fastest = (v) => Math.min(...v);
const look = [], kick = [], copy = [], step = [], solve = [];
let sink = 0n;
for (let r = -1; r < rounds; r++) {
  const t0 = performance.now();
  sink += x.lookahead(LOOKAHEAD_N);
  const t1 = performance.now();
  sink += x.kick(KICK_N);
  const kickSteps = Number(x.last_steps());
  const t2 = performance.now();
  sink += x.copy(COPY_N);
  const t3 = performance.now();
  sink += x.solve(SOLVE_N);
  const t4 = performance.now();
  if (r < 0) continue;
  look.push(((t1 - t0) * 1000) / LOOKAHEAD_N);
  kick.push(((t2 - t1) * 1000) / KICK_N);
  step.push(((t2 - t1) * 1e6) / kickSteps);
  copy.push(((t3 - t2) * 1e6) / COPY_N);
  solve.push(((t4 - t3) * 1000) / SOLVE_N);
}
const out = (name, value, unit) => console.log(`figure\t${name}\t${value.toFixed(3)}\t${unit}`);
out('wasm_lookahead_us', fastest(look), 'us');
out('wasm_kick_us', fastest(kick), 'us');
out('wasm_kick_ns_per_step', fastest(step), 'ns');
out('wasm_state_copy_ns', fastest(copy), 'ns');
out('wasm_solve_us', fastest(solve), 'us');
console.log(`info\twasm_state_bytes\t${x.state_bytes()}\tB`);
if (sink === 42n) process.exit(1);
