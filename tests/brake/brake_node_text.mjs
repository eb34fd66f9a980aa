// SPDX-License-Identifier: MIT
// tools/brake-node.mjs's text line prints each run's stopping distance (seed
// 004: "print stopping distances and scores"), the same figure its --json and
// the native brake-cli give; a run that never braked says so.
//   node tests/brake/brake_node_text.mjs WASM BRAKE_CLI
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join, dirname } from 'node:path';

const [wasm, cli] = process.argv.slice(2);
const tool = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'tools', 'brake-node.mjs');
const policies = ['late', 'early', 'at-distance:30', 'never', 'stunt:18'];
const args = ['--wasm', wasm, ...policies.flatMap((p) => ['--policy', p])];
const text = spawnSync(process.execPath, [tool, ...args], { encoding: 'utf8' });
const json = spawnSync(process.execPath, [tool, ...args, '--json'], { encoding: 'utf8' });
let bad = 0;
const fail = (m) => { console.log(`FAIL ${m}`); bad++; };
if (text.status !== 0 || json.status !== 0) fail(`brake-node exited ${text.status}/${json.status}: ${text.stderr}${json.stderr}`);
const lines = text.stdout.trim().split('\n');
const results = JSON.parse(json.stdout);
if (lines.length !== policies.length) fail(`${lines.length} lines for ${policies.length} policies`);
policies.forEach((p, i) => {
  const line = lines[i] ?? '';
  const r = results[i];
  const native = JSON.parse(spawnSync(cli, ['--policy', p, '--json'], { encoding: 'utf8' }).stdout);
  const m = /, stopping distance (\d+\.\d\d) m,/.exec(line);
  if (native.stopping_distance_m > 0) {
    if (!m) fail(`${p}: no stopping distance in "${line}"`);
    else if (m[1] !== native.stopping_distance_m.toFixed(2) || m[1] !== r.stopping_distance_m.toFixed(2))
      fail(`${p}: prints ${m[1]} m, native ${native.stopping_distance_m}, json ${r.stopping_distance_m}`);
    else if (!/, score \d+,/.test(line)) fail(`${p}: no score in "${line}"`);
    else console.log(`ok ${p}: ${line}`);
  } else if (!/, never braked,/.test(line)) fail(`${p}: never braked, but the line says "${line}"`);
  else console.log(`ok ${p}: ${line}`);
});
if (!lines.some((l) => /stopping distance [1-9]/.test(l))) fail('no run printed a stopping distance');
process.exit(bad ? 1 : 0);
