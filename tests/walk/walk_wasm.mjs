// SPDX-License-Identifier: MIT
// walk.wasm against the native walk-cli: the course report at 30, 60, 120 and
// 240 steps a second must be the same numbers, bit for bit (compared with the
// exact IEEE bits walk-cli prints next to each number).
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
const native = JSON.parse(spawnSync(cli, ['--json'], { encoding: 'utf8' }).stdout);
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
X.walk_frame(3 / 120, 0, 100, 0);
const view = new Float64Array(X.memory.buffer, X.walk_view(), X.walk_view_count());
const yaw = view[2];
checked++;
if (Math.abs(yaw - 100 * 0.0025) > 1e-15) {
  console.log(`FAIL - look once per frame: yaw ${yaw}`);
  failed++;
}
console.log(`walk wasm vs native: ${checked} checks, ${failed} failed`);
process.exit(failed === 0 && checked > 90 ? 0 : 1);
