// SPDX-License-Identifier: MIT
// The timestep lab page in Chromium: no console error, a non-blank picture,
// the sliders and the hitch reach the C side, the jump demo's fixed-step peaks
// sit on the line while the variable-step ones differ, at every frame rate the
// page offers, and the energy plot runs.
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

    // The frame-rate choice (15, 20, 30, 60, 144 fps and uneven), from the
    // page's own select, with the demo's frames run from here: at each even
    // rate the variable-step ball repeats one peak, a different one at each
    // rate; the fixed-step ball peaks at the line at every rate.
    const rates = await page.evaluate(() => window.__lab.jumpRates());
    t.ok(rates.length === 6 && rates.includes('144 fps') && rates.some((r) => r.startsWith('uneven')),
      'the page offers 15, 20, 30, 60, 144 fps and uneven', rates.join(', '));
    const byRate = {};
    for (let i = 0; i < rates.length; i++) {
      await page.selectOption('#jump-rate', String(i));
      byRate[rates[i]] = await page.evaluate(() => {
        window.__lab.jumpRun(9);
        return { ...window.__lab.peaks(), line: window.__lab.jump()[2], fps: window.__lab.jump()[9] };
      });
    }
    const even = rates.filter((r) => !r.startsWith('uneven'));
    const evenPeaks = even.map((r) => byRate[r].variable[byRate[r].variable.length - 1]);
    t.ok(even.every((r) => byRate[r].variable.length >= 3 && new Set(byRate[r].variable).size === 1),
      'at an even rate the variable-step ball repeats its peak', even.map((r) => `${r}: ${byRate[r].variable.length}`).join(', '));
    t.ok(new Set(evenPeaks).size === even.length, 'the variable-step peak differs between rates',
      even.map((r, i) => `${r} ${evenPeaks[i].toFixed(4)}`).join(', '));
    const line0 = byRate[rates[0]].line;
    t.ok(rates.every((r) => byRate[r].fixed.length >= 3 && byRate[r].fixed.every((y) => Object.is(y, line0)) && Object.is(byRate[r].line, line0)),
      'the fixed-step peak is the same, on the line, at every rate', `line ${line0}`);
    const uneven = byRate[rates.find((r) => r.startsWith('uneven'))];
    t.ok(new Set(uneven.variable).size >= 2, 'at the uneven rate the variable-step peaks differ jump to jump', uneven.variable.join(' '));
    t.ok(byRate['144 fps'].fps === 144, 'the choice reaches C', String(byRate['144 fps'].fps));

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
