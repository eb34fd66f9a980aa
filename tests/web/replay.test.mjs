// SPDX-License-Identifier: MIT
// The seed's replay test inside Chromium (seed 000: "The browser port runs
// the replay test too"), on the page's own kick.wasm as the site serves it:
// Set Piece (5-2), Thunder Road (4-4) and The Final (6-5), each kick after
// half a second on the spot, the live kick in frames of 1/60, 1/120, 1/37,
// 0.3/60 and 1/90 s, the copy advanced 0.45/120 s at a time. In the browser,
// outcome, crossing bits and decision step of live and copy must be equal
// with no tolerance; and every number must equal the native run's
// (kick_replay_native, the same C), bit for bit.
//   node tests/web/replay.test.mjs --build BUILD_DIR --native KICK_REPLAY_NATIVE
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { args, run, serve, launch, watchErrors, ROOT } from './lib.mjs';

const opts = args();
if (!opts.native) throw new Error('usage: node replay.test.mjs --build BUILD_DIR --native KICK_REPLAY_NATIVE');

function nativeRun() {
  let text;
  try {
    text = execFileSync(opts.native, [], { encoding: 'utf8' });
  } catch (e) {
    text = e.stdout || ''; // exit 1: a case disagreed natively; the lines still say which
  }
  const cases = [];
  for (const line of text.split('\n')) {
    const m = /^case (\d+) (\S+) (-?\d+) (.*)$/.exec(line);
    if (!m) continue;
    const bits = Object.fromEntries(m[4].split(' ').map((kv) => kv.split('=')));
    cases.push({ i: Number(m[1]), level: m[2], agree: Number(m[3]), bits });
  }
  return cases;
}

await run('web_replay_chromium', async (t) => {
  const native = nativeRun();
  t.ok(native.length === 126, `the native run has its cases (${native.length})`);
  const server = await serve(join(opts.build, 'site'), [`/replay-test=${join(ROOT, 'tests/web')}`]);
  const browser = await launch();
  try {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}replay-test/replay.html`);
    await page.waitForFunction(() => window.__replay && window.__replay.done, null, { timeout: 100000 });
    const p = await page.evaluate(() => window.__replay);
    t.ok(!p.error, 'kick.wasm loads and runs the replay test in Chromium', p.error || '');
    t.ok(/Chrom/.test(p.userAgent || ''), `it ran in Chromium (${(p.userAgent || '').match(/Chrom\S+/)?.[0]})`);
    const cases = p.cases || [];
    t.ok(cases.length === native.length, `the browser ran every case (${cases.length} in ${Math.round(p.ms || 0)} ms)`);
    const levels = new Set(cases.map((c) => c.level));
    t.ok(['5-2', '4-4', '6-5'].every((l) => levels.has(l)), 'on Set Piece, Thunder Road and The Final', [...levels].join(' '));
    const waits = new Set(cases.map((c) => c.num.wait_steps));
    t.ok(waits.size === 1 && waits.has(300), 'each kick waits half a second (300 steps) on the spot');
    // In the browser: live and copy equal with no tolerance.
    const differ = cases.filter((c) => c.agree !== 1);
    t.ok(differ.length === 0, 'live (1/60, 1/120, 1/37, 0.3/60, 1/90 s) and copy (0.45/120 s) agree in every case',
      differ.slice(0, 3).map((c) => `case ${c.i} (${c.level}) ${c.agree}`).join('; '));
    const fieldsEqual = (c, a, b) => c.bits[a] === c.bits[b];
    const exact = cases.every((c) => ['strike', 'outcome', 'decision', 'crossed', 'cross_x', 'cross_y', 'cross_z', 'moments']
      .every((f) => fieldsEqual(c, `live_${f}`, `copy_${f}`)));
    t.ok(exact, 'outcome, crossing bits, decision step and moments are bit-equal between live and copy');
    const outcomes = {};
    for (const c of cases) outcomes[c.num.live_outcome] = (outcomes[c.num.live_outcome] || 0) + 1;
    t.ok(Object.keys(outcomes).length >= 3 && cases.filter((c) => c.num.live_crossed === 1).length > 60,
      'the kicks end in several ways, most crossing the line', JSON.stringify(outcomes));
    t.ok(cases.some((c) => c.num.live_frames !== c.num.copy_frames), 'live and copy ran in different frames');
    // Against the native run: every field of every case, bit for bit.
    let mismatches = 0;
    const shown = [];
    for (const c of cases) {
      const n = native[c.i];
      for (const name of p.names) {
        if (!n || n.bits[name] !== c.bits[name]) {
          mismatches++;
          if (shown.length < 4) shown.push(`case ${c.i} ${name}: browser ${c.bits[name]} native ${n && n.bits[name]}`);
        }
      }
      if (n && n.agree !== c.agree) mismatches++;
    }
    t.ok(mismatches === 0, `every number equals the native run's (${cases.length} cases x ${p.names.length} fields)`, shown.join('; '));
    t.ok(errors.length === 0, 'no console errors', errors.join(' | '));
  } finally {
    await browser.close();
    server.stop();
  }
});
