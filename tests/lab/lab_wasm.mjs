// SPDX-License-Identifier: MIT
// lab.wasm: the lab's claims, checked through the module the page uses.
//   node tests/lab/lab_wasm.mjs LAB_WASM
import { readFileSync } from 'node:fs';

const wasmPath = process.argv[2];
if (!wasmPath) {
  console.error('usage: node lab_wasm.mjs LAB_WASM');
  process.exit(2);
}
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const X = instance.exports;
const view = (ptr, n) => new Float64Array(X.memory.buffer, ptr, n);
let failed = 0;
let passed = 0;
const ok = (c, what) => {
  if (c) passed++;
  else {
    failed++;
    console.log(`FAIL - ${what}`);
  }
};

// Frame-tied at 15 fps covers a quarter of the fixed step's distance.
ok(X.lab_loop_reset(60, 1) === 0, 'lab_loop_reset');
for (let f = 0; f < 60; f++) X.lab_loop_frame(1 / 15);
let v = view(X.lab_loop_view(), 11);
ok(Math.abs(v[8] / v[0] - 4) < 1e-12, `frame-tied at 15 fps is 4x slower (${v[8]} vs ${v[0]})`);
ok(X.lab_loop_config(0, 1) !== 0, 'bad rate rejected');

// Uneven 20 fps: variable peaks differ, fixed peaks equal the line to the bit.
ok(X.lab_jump_reset(1) === 0, 'lab_jump_reset');
const peaksVar = new Set();
let fixedSame = true;
let lastFixed = -1;
let t = 0;
let next = 0.3;
for (let f = 0; f < 400; f++) {
  if (t >= next) {
    X.lab_jump_press();
    next += 1.3;
  }
  const dt = X.lab_jump_next_frame();
  X.lab_jump_frame(dt);
  t += dt;
  const j = view(X.lab_jump_view(), 12);
  if (j[4] > lastFixed && j[4] > 0) {
    lastFixed = j[4];
    if (!Object.is(j[6], j[2])) fixedSame = false;
  }
  if (j[3] > 0) peaksVar.add(j[5]);
}
ok(peaksVar.size >= 3, `variable-step peaks differ (${peaksVar.size} distinct)`);
ok(fixedSame && lastFixed >= 10, 'fixed-step peaks all at the line');

// The frame-rate choices: even rates repeat one variable-step peak, each its own;
// the fixed-step ball peaks at the line at every rate.
const choicePeaks = [];
let line0 = null;
let fixedOnLine = true;
for (let r = 0; r < X.lab_jump_rate_count(); r++) {
  ok(X.lab_jump_choose(r, 1) === 0, `lab_jump_choose(${r})`);
  const seen = new Set();
  let tt = 0, nx = 0.3;
  while (tt < 8) {
    if (tt >= nx) { X.lab_jump_press(); nx += 1.3; }
    const dt = X.lab_jump_next_frame();
    X.lab_jump_frame(dt);
    tt += dt;
    const j = view(X.lab_jump_view(), 12);
    if (j[3] > 0) seen.add(j[5]);
    if (j[4] > 0 && !Object.is(j[6], j[2])) fixedOnLine = false;
    if (line0 === null) line0 = j[2];
    if (!Object.is(j[2], line0)) fixedOnLine = false;
  }
  choicePeaks.push({ uneven: view(X.lab_jump_view(), 12)[10] > 0, seen });
}
const evenOnes = choicePeaks.filter((c) => !c.uneven);
ok(evenOnes.length === 5 && evenOnes.every((c) => c.seen.size === 1), 'even rates repeat their variable-step peak');
ok(new Set(evenOnes.map((c) => [...c.seen][0])).size === 5, 'each even rate peaks at its own height');
ok(fixedOnLine, 'the fixed-step ball peaks at the line at every rate');
ok(X.lab_jump_choose(99, 1) !== 0, 'an unknown rate is rejected');

// Explicit Euler gains energy; semi-implicit stays bounded.
ok(X.lab_spring_reset(1 / 30) === 0, 'lab_spring_reset');
const e0 = view(X.lab_spring_view(), 6)[3];
X.lab_spring_run(300);
const s = view(X.lab_spring_view(), 6);
ok(s[3] > 1000 * e0, `explicit energy grows (${s[3]})`);
ok(s[4] > 0.75 * e0 && s[4] < 1.25 * e0, `semi-implicit bounded (${s[4]})`);
console.log(`lab wasm: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
