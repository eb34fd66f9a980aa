// SPDX-License-Identifier: MIT
// Runs the wasm32 parity module in Node and checks every scene against its
// golden timeline.  usage: node run-node.mjs MODULE.wasm GOLDEN_DIR [OUT_DIR] [--label NAME]
// Exit: 0 all identical, 1 a scene differs or has no golden, 2 usage or load error.
import { readFileSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compareTimelines } from './compare.mjs';

const args = process.argv.slice(2);
let label = 'wasm32';
const li = args.indexOf('--label');
if (li >= 0) {
  label = args[li + 1];
  args.splice(li, 2);
}
const [wasmPath, goldenDir, outDir] = args;
if (!wasmPath || !goldenDir) {
  console.error('usage: node run-node.mjs MODULE.wasm GOLDEN_DIR [OUT_DIR] [--label NAME]');
  process.exit(2);
}

let ex;
try {
  const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
  ex = instance.exports;
} catch (err) {
  console.error(`${label}: cannot load ${wasmPath}: ${err.message}`);
  process.exit(2);
}

const cString = (ptr) => {
  const bytes = new Uint8Array(ex.memory.buffer, ptr);
  let n = 0;
  while (bytes[n] !== 0) n++;
  return new TextDecoder().decode(bytes.subarray(0, n));
};

let failures = 0;
const seen = new Set();
const count = ex.ks_parity_count();
for (let i = 0; i < count; i++) {
  const name = cString(ex.ks_parity_name(i));
  seen.add(name);
  const golden = join(goldenDir, `${name}.jsonl`);
  const len = ex.ks_parity_run(i);
  if (len === 0) {
    console.log(`FAIL ${label} ${name}: the scene wrote no timeline (output overflow or failure)`);
    failures++;
    continue;
  }
  const text = new TextDecoder().decode(new Uint8Array(ex.memory.buffer, ex.ks_parity_out(), len));
  if (outDir) writeFileSync(join(outDir, `${name}.jsonl`), text);
  if (!existsSync(golden)) {
    console.log(`FAIL ${label} ${name}: no golden file ${golden} (run tools/parity/regen-goldens.sh ${name})`);
    failures++;
    continue;
  }
  const r = compareTimelines(readFileSync(golden, 'utf8'), text);
  if (r.identical) {
    console.log(`ok   ${label} ${name}`);
  } else {
    console.log(`FAIL ${label} ${name}: ${r.message}`);
    failures++;
  }
}
for (const f of readdirSync(goldenDir)) {
  if (f.endsWith('.jsonl') && !seen.has(f.slice(0, -6))) {
    console.log(`FAIL ${label}: golden file ${f} has no scene tests/parity/scenes/${f.slice(0, -6)}.c`);
    failures++;
  }
}
console.log(`${label}: ${count - failures >= 0 ? count : 0} scenes, ${failures} failing`);
process.exit(failures ? 1 : 0);
