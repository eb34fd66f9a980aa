// SPDX-License-Identifier: MIT
// walk.wasm against the native walk-cli: the course report at 30, 60, 120 and
// 240 steps a second, and at 25, 97 and 144, must be the same numbers, bit for
// bit (compared with the exact IEEE bits walk-cli prints next to each number);
// then the module's input rules: a look once per frame, a press between two
// frames kept for the next step, a key's auto-repeat no new press; the
// ledge (walk-cli --ledge --json) to the bit.
//   node tests/walk/walk_wasm.mjs WALK_WASM WALK_CLI
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const [wasmPath, cli] = process.argv.slice(2);
if (!wasmPath || !cli) {
  console.error('usage: node walk_wasm.mjs WALK_WASM WALK_CLI');
  process.exit(2);
}
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const X = instance.exports;
const cstr = (p) => {
  const b = new Uint8Array(X.memory.buffer, p);
  let n = 0;
  while (b[n]) n++;
  return new TextDecoder().decode(b.subarray(0, n));
};
const native = JSON.parse(
  spawnSync(cli, ['--json', ...[30, 60, 120, 240, 25, 97, 144].flatMap((r) => ['--rate', String(r)])], { encoding: 'utf8' }).stdout,
);
let failed = 0;
let checked = 0;
for (const rep of native.reports) {
  if (X.walk_report(rep.steps_per_second) !== 0) {
    console.log(`FAIL - walk_report(${rep.steps_per_second})`);
    failed++;
    continue;
  }
  const v = new Float64Array(X.memory.buffer, X.walk_report_values(), X.walk_report_count());
  for (let i = 0; i < v.length; i++) {
    const name = cstr(X.walk_report_name(i));
    checked++;
    const bits = new DataView(new Float64Array([v[i]]).buffer).getBigUint64(0, true).toString(16).padStart(16, '0');
    if (bits !== rep.hex[name]) {
      console.log(`FAIL - ${name} at ${rep.steps_per_second}/s: wasm ${bits} native ${rep.hex[name]}`);
      failed++;
    }
  }
}
// A frame that runs three steps turns the view once.
X.walk_reset(120);
X.walk_frame(3 / 120, 100, 0);
const view = new Float64Array(X.memory.buffer, X.walk_view(), X.walk_view_count());
const yaw = view[2];
checked++;
if (Math.abs(yaw - 100 * 0.0025) > 1e-15) {
  console.log(`FAIL - look once per frame: yaw ${yaw}`);
  failed++;
}
// A press and release between two frames, at 30 steps/s on a 144 Hz display:
// the frame after it runs no step, and the jump still comes on the first step.
const view2 = () => new Float64Array(X.memory.buffer, X.walk_view(), X.walk_view_count());
const names = Array.from({ length: X.walk_view_count() }, (_, i) => cstr(X.walk_view_name(i)));
const at = (n) => view2()[names.indexOf(n)];
X.walk_reset(30);
X.walk_frame(1 / 30, 0, 0); // one step on the spot; the bank is empty again
X.walk_key(16, 1);
X.walk_key(16, 0);
let frames = 0;
while (X.walk_frame(1 / 144, 0, 0) === 0 && frames < 10) frames++;
checked++;
if (!(frames > 0 && at('vy') > 0 && at('grounded') === 0)) {
  console.log(`FAIL - a press between two frames jumps on the next step (frames without a step ${frames}, vy ${at('vy')})`);
  failed++;
}
// Auto-repeat (a press of a key already held) is no new press: one jump only.
X.walk_reset(60);
X.walk_key(16, 1);
let takeoffs = 0;
for (let f = 0; f < 120; f++) {
  if (f % 10 === 5) X.walk_key(16, 1);
  X.walk_frame(1 / 60, 0, 0);
  const ev = new Float64Array(X.memory.buffer, X.walk_events(), X.walk_event_count() * 6);
  for (let i = 0; i < X.walk_event_count(); i++) if (ev[i * 6 + 1] === 1) takeoffs++;
}
checked++;
if (takeoffs !== 1) {
  console.log(`FAIL - a held jump key that repeats jumps once, not ${takeoffs} times`);
  failed++;
}
// Seed 001's ledge: the same results in wasm as natively, to the bit (the
// exact IEEE bits walk-cli --ledge --json prints next to each number).
const hexOf = (d) => new DataView(new Float64Array([d]).buffer).getBigUint64(0, true).toString(16).padStart(16, '0');
const ledge = JSON.parse(spawnSync(cli, ['--ledge', '--json'], { encoding: 'utf8' }).stdout);
for (const r of ledge.rates) {
  const e = Array.from(new Float64Array(X.memory.buffer, X.walk_ledge(r.steps_per_second, 1), 7));
  const x = Array.from(new Float64Array(X.memory.buffer, X.walk_ledge(r.steps_per_second, 0), 7));
  const want = [r.euler_clears ? 1 : 0, r.hex.euler_apex_m, r.hex.euler_land_x_m, r.exact_clears ? 1 : 0, r.hex.exact_apex_m, r.hex.exact_land_x_m];
  const got = [e[0], hexOf(e[2]), hexOf(e[3]), x[0], hexOf(x[2]), hexOf(x[3])];
  checked++;
  if (got.some((g, i) => g !== want[i])) {
    console.log(`FAIL - the ledge at ${r.steps_per_second}/s: wasm ${got} native ${want}`);
    failed++;
  }
}
checked++;
if (hexOf(X.walk_euler_gap()) !== ledge.euler_60_below_120_hex) {
  console.log(`FAIL - the Euler gap: wasm ${X.walk_euler_gap()} native ${ledge.euler_60_below_120_m}`);
  failed++;
}
console.log(`walk wasm vs native: ${checked} checks, ${failed} failed`);
process.exit(failed === 0 && checked > 160 ? 0 : 1);
