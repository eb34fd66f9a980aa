// SPDX-License-Identifier: MIT
// board.wasm verifications per CPU-second of this process: the same 64 honest
// tries kick-board-verify's bench uses (hand --try 1 + i % 3 --seed i + 1), verified in turn. Prints one JSON line like the native bench.
//   node tools/board/bench-wasm.mjs BOARD_WASM KICK_BOARD_VERIFY [COUNT] [DAY]
import { execFileSync } from 'node:child_process';
import { openWasmVerifier } from './verifier.mjs';

const [wasm, bin, countArg, dayArg] = process.argv.slice(2);
const count = Number(countArg || 5000);
const day = Number(dayArg || 20424);
const tries = [];
for (let i = 0; i < 64; i++) {
  const line = execFileSync(bin, ['hand', '--day', String(day), '--try', String(1 + (i % 3)), '--seed', String(i + 1)],
    { encoding: 'utf8' });
  tries.push(Buffer.from(JSON.parse(line).b64, 'base64'));
}
const v = await openWasmVerifier(wasm);
for (const t of tries) if (v.verifySync(t).verdict !== 'ok') throw new Error('bench: an honest try was refused');
const c0 = process.cpuUsage();
let steps = 0;
for (let k = 0; k < count; k++) steps += v.verifySync(tries[k % 64]).steps;
const c = process.cpuUsage(c0);
const cpu = (c.user + c.system) / 1e6;
console.log(JSON.stringify({ verifications: count, cpu_s: cpu, per_cpu_s: count / cpu, steps_per_verification: steps / count }));
