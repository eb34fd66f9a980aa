// SPDX-License-Identifier: MIT
// The timestep lab page in Chromium: no console error, a non-blank picture,
// the sliders and the hitch reach the C side, the jump demo's fixed-step peaks
// sit on the line while the variable-step ones differ, and the energy plot runs.
//   node tests/games-web/lab.test.mjs --build BUILD_DIR
import { join } from 'node:path';
import { args, run, serve, launch, watchErrors, shot } from '../web/lib.mjs';

const opts = args();
await run('games_web_lab', async (t) => {
  const server = await serve(join(opts.build, 'site'));
  const browser = await launch({ width: 1280, height: 1100 });
  try {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    const resp = await page.goto(server.url + 'lab/', { waitUntil: 'load' });
    t.ok(resp && resp.ok(), 'lab page answers 200');
    await page.waitForFunction(() => window.__ready === true, null, { timeout: 15000 });

    // 15 fps render, 60 Hz simulation: frame-tied falls to a quarter of fixed.
    await page.evaluate(() => window.__lab.set(15, 60, true));
    await page.click('#loop-reset');
    await page.waitForTimeout(2500);
    const v = await page.evaluate(() => window.__lab.loop());
    const ratio = v[8] / v[0];
    t.ok(ratio > 3.5 && ratio < 4.5, 'frame-tied at 15 fps moves about 4x slower than fixed', `ratio ${ratio.toFixed(3)}`);
    t.ok(v[9] === 60, 'the simulation slider reaches C', String(v[9]));

    // The hitch: the fixed step drops time, capped at 5 steps.
    await page.evaluate(() => window.__lab.hitch());
    await page.waitForTimeout(300);
    const h = await page.evaluate(() => window.__lab.loop());
    t.ok(h[6] > 0, 'a hitch drops simulated time', `dropped ${h[6]}`);

    // Jump demo: let it jump a few times by itself.
    await page.waitForFunction(() => window.__lab.peaks().fixed.length >= 4, null, { timeout: 20000 });
    const p = await page.evaluate(() => ({ ...window.__lab.peaks(), line: window.__lab.jump()[2] }));
    t.ok(p.fixed.every((y) => Object.is(y, p.line)), 'fixed-step peaks are all on the line', p.fixed.join(' '));
    t.ok(new Set(p.variable).size >= 2, 'variable-step peaks differ', p.variable.join(' '));

    const s = await page.evaluate(() => window.__lab.spring());
    t.ok(s[0] > 10 && s[3] > s[4], 'the Euler plot runs and explicit energy pulls ahead', `${s[0]} steps`);
    const a = await shot(page, opts.build, 'games-lab');
    t.ok(a.stddev > 4 && a.distinct > 8, 'screenshot is not blank', `stddev ${a.stddev.toFixed(2)}, ${a.distinct} colours`);
    t.ok(errors.length === 0, 'no console errors', errors.join(' | '));
  } finally {
    await browser.close();
    server.stop();
  }
});
