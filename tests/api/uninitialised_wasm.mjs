// SPDX-License-Identifier: MIT
// The wasm exports of every game, called before any reset (the module's state
// all zero bytes) and after the test-only *_test_fill export filled the game's
// state with 0xA5 or 0xFF bytes (memory no init function wrote): every step,
// frame and advance export answers 0 (or a negative KS_ERR_UNINITIALISED where
// the export returns a status), never traps, and a reset still starts a game.
// tests/api/test_uninitialised.c asks the same of the C functions natively.
//   node tests/api/uninitialised_wasm.mjs DIR   (DIR: the modules with the test-only exports, KS_WASM_TESTING: BUILD/wasm-testing)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node uninitialised_wasm.mjs DIR');
  process.exit(2);
}
const KS_ERR_UNINITIALISED = 4;
const KS_ERR_STATE = 6;
let failed = 0;
let passed = 0;
const ok = (c, what) => {
  if (c) passed++;
  else {
    failed++;
    console.log(`FAIL - ${what}`);
  }
};
// Runs f; a trap (RuntimeError: divide by zero, out of bounds) is a failure.
const call = (what, f) => {
  try {
    return f();
  } catch (e) {
    ok(false, `${what} trapped: ${e.message}`);
    return undefined;
  }
};
const load = async (game) => (await WebAssembly.instantiate(readFileSync(join(dir, `${game}.wasm`)), {})).instance.exports;
const states = [['zeroed', null], ['0xA5 bytes', 0xa5], ['0xFF bytes', 0xff]];

for (const [how, byte] of states) {
  // brake: brake_sim_step divided by zero here (a trap) before brake_reset.
  {
    const X = await load('brake');
    if (byte !== null) X.brake_test_fill(byte);
    ok(call(`brake_frame (${how})`, () => X.brake_frame(1 / 60, 1)) === 0, `brake_frame runs no step (${how})`);
    ok(call(`brake_frame 10 s (${how})`, () => X.brake_frame(10, 0)) === 0, `brake_frame of 10 s runs no step (${how})`);
    ok(call(`brake_begin_frame (${how})`, () => X.brake_begin_frame(1)) === 0, `brake_begin_frame: 0 (${how})`);
    call(`brake_step (${how})`, () => { for (let i = 0; i < 200; i++) X.brake_step(1); });
    ok(call(`brake_run_out (${how})`, () => X.brake_run_out()) === 0, `brake_run_out scores 0 (${how})`);
    ok(byte !== null || new Float64Array(X.memory.buffer, X.brake_view(), X.brake_view_count())[X.brake_view_count() - 1] === 0,
       `brake: no frame counted (${how})`);
    ok(X.brake_event_count() === 0, `brake: no event (${how})`);
    // (brake_reset keeps the driver; a driver of garbage bytes is refused, and the run is a human's.)
    const reset = X.brake_reset();
    ok((reset === 0 || byte !== null) && X.brake_frame(1 / 60, 0) === 2, `brake: a reset still starts a run (${how})`);
  }
  // walk
  {
    const X = await load('walk');
    if (byte !== null) X.walk_test_fill(byte);
    X.walk_key(1, 1);
    ok(call(`walk_frame (${how})`, () => X.walk_frame(1 / 60, 3, 1)) === 0, `walk_frame runs no step (${how})`);
    ok(call(`walk_frame 10 s (${how})`, () => X.walk_frame(10, 0, 0)) === 0, `walk_frame of 10 s runs no step (${how})`);
    ok(X.walk_event_count() === 0, `walk: no event (${how})`);
    ok(X.walk_reset(60) === 0 && X.walk_frame(1 / 60, 0, 0) === 1, `walk: a reset still starts a game (${how})`);
  }
  // lab: lab_loop_config on a loop never reset returned OK and dropped its clamp and cap.
  {
    const X = await load('lab');
    if (byte !== null) X.lab_test_fill(byte);
    ok(call(`lab_loop_frame (${how})`, () => X.lab_loop_frame(1 / 60)) === 0, `lab_loop_frame: 0 (${how})`);
    ok(call(`lab_loop_config (${how})`, () => X.lab_loop_config(30, 1)) === KS_ERR_UNINITIALISED,
       `lab_loop_config refuses a loop never reset (${how})`);
    ok(call(`lab_loop_frame 1e9 s (${how})`, () => X.lab_loop_frame(1e9)) === 0, `lab_loop_frame of 1e9 s: 0 (${how})`);
    ok(call(`lab_jump_frame (${how})`, () => X.lab_jump_frame(1 / 20)) === 0, `lab_jump_frame: 0 (${how})`);
    ok(call(`lab_jump_next_frame (${how})`, () => X.lab_jump_next_frame()) === 0, `lab_jump_next_frame: 0 (${how})`);
    call(`lab_spring_run (${how})`, () => X.lab_spring_run(1000));
    const spring = new Float64Array(X.memory.buffer, X.lab_spring_view(), 6);
    ok(byte !== null || spring[0] === 0, `lab_spring_run takes no step (${how})`);
    ok(X.lab_loop_reset(60, 1) === 0 && X.lab_loop_config(30, 1) === 0 && X.lab_loop_frame(1e9) === 5,
       `lab: a reset loop changes rate and keeps its cap (${how})`);
  }
  // kick: the director before kx_init.
  {
    const X = await load('kick');
    if (byte !== null) X.kx_test_fill(byte);
    ok(call(`kx_frame (${how})`, () => X.kx_frame(1 / 60)) === -KS_ERR_UNINITIALISED, `kx_frame: uninitialised (${how})`);
    ok(call(`kx_frame 10 s (${how})`, () => X.kx_frame(10)) === -KS_ERR_UNINITIALISED, `kx_frame of 10 s: uninitialised (${how})`);
  }
  // duel: the peer's frame (the fill passes dx_frame's own "not started" gate).
  {
    const X = await load('duel');
    if (byte !== null) X.dx_test_fill(byte);
    const r = call(`dx_frame (${how})`, () => X.dx_frame(1 / 60));
    ok(r === 0 || r === -KS_ERR_STATE, `dx_frame runs no step (${how}: ${r})`);
    ok(call(`dx_frame 10 s (${how})`, () => X.dx_frame(10)) <= 0, `dx_frame of 10 s runs no step (${how})`);
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
