// SPDX-License-Identifier: MIT
// The board service's verifier: kick_board_verify (kickstep/kick_board.h), the
// same C the page runs, either as a long-lived native process speaking JSON
// lines (kick-board-verify) or as board.wasm in this process.
//
//   const v = await openVerifier({ kind: 'native', bin }) // or { kind: 'wasm', wasm }
//   const code = await v.share(bytes) // the accepted try's replay as a share code, or null
//   const r = await v.verify(bytes)   // {verdict, text, rules, day, try, strike_step, input,
//                                     //  result: {outcome, points, ...}, shot_hash, input_hash}
//   v.close()
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const VIEW = ['verdict', 'simulated', 'outcome', 'points', 'decision_step', 'moments', 'crossed', 'cross_x',
  'cross_y', 'day', 'try', 'strike_step', 'input', 'steps', 'shot_lo', 'shot_hi', 'in_lo', 'in_hi'];

const hex64 = (lo, hi) => hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');

export async function openWasmVerifier(path) {
  const { instance } = await WebAssembly.instantiate(readFileSync(path), {});
  const x = instance.exports;
  const cstr = (p) => {
    const m = new Uint8Array(x.memory.buffer);
    let e = p;
    while (m[e]) e++;
    return new TextDecoder().decode(m.subarray(p, e));
  };
  const max = 98408;
  return {
    kind: 'wasm',
    rules: x.kb_rules(),
    async verify(bytes) {
      return this.verifySync(bytes);
    },
    verifySync(bytes) {
      if (bytes.length > max) return { verdict: 'oversized', text: cstr(x.kb_verdict_text(2)) };
      new Uint8Array(x.memory.buffer, x.kb_buf(), bytes.length).set(bytes);
      const v = x.kb_verify(bytes.length);
      const a = new Float64Array(x.memory.buffer, x.kb_view(), VIEW.length);
      const r = { verdict: cstr(x.kb_verdict_name(v)), text: cstr(x.kb_verdict_text(v)) };
      if (a[9] || a[10]) {
        r.rules = x.kb_rules();
        r.day = a[9];
        r.try = a[10];
        r.strike_step = a[11];
        r.input = a[12] === 2 ? 'keys' : 'swipe';
      }
      if (a[1]) {
        r.result = { outcome: a[2], points: a[3], decision_step: a[4], moments: a[5], crossed: !!a[6],
          cross_x: a[7], cross_y: a[8] };
        r.steps = a[13];
        r.shot_hash = hex64(a[14], a[15]);
        r.input_hash = hex64(a[16], a[17]);
      }
      return r;
    },
    async share(bytes) {
      if (bytes.length > max) return null;
      new Uint8Array(x.memory.buffer, x.kb_buf(), bytes.length).set(bytes);
      const n = x.kb_share(bytes.length);
      return n > 0 ? cstr(x.kb_text()) : null;
    },
    close() {},
  };
}

export function openNativeVerifier(bin) {
  const child = spawn(bin, ['verify'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = [];
  let dead = null;
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    const w = waiting.shift();
    if (!w) return;
    try {
      w.resolve(JSON.parse(line));
    } catch (e) {
      w.reject(e);
    }
  });
  const fail = (why) => {
    dead = dead || new Error(`verifier: ${why}`);
    while (waiting.length) waiting.shift().reject(dead);
  };
  child.on('exit', (code, sig) => fail(`kick-board-verify exited (${code ?? sig})`));
  child.on('error', (e) => fail(e.message));
  child.stdin.on('error', (e) => fail(e.message));
  return {
    kind: 'native',
    rules: 1,
    pid: child.pid,
    verify(bytes) {
      if (dead) return Promise.reject(dead);
      return new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        child.stdin.write(Buffer.from(bytes).toString('base64') + '\n');
      });
    },
    async share(bytes) {
      if (dead) throw dead;
      const r = await new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        child.stdin.write(JSON.stringify({ b64: Buffer.from(bytes).toString('base64'), share: true }) + '\n');
      });
      return r.share || null;
    },
    close() {
      child.stdin.end();
    },
  };
}

export async function openVerifier({ kind, bin, wasm }) {
  if (kind === 'wasm') return openWasmVerifier(wasm);
  return openNativeVerifier(bin);
}
