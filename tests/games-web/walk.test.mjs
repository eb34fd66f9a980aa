// SPDX-License-Identifier: MIT
// The walk page in Chromium: no console error, a non-blank picture, the step
// rate selectable, the report table agreeing at four rates, a key pressed and
// released between two frames still jumping, the course walked live by the C
// script, and a look displacement turning the view once per frame.
//   node tests/games-web/walk.test.mjs --build BUILD_DIR
import { join } from 'node:path';
import { args, run, serve, launch, watchErrors, shot } from '../web/lib.mjs';

const opts = args();
await run('games_web_walk', async (t) => {
  const server = await serve(join(opts.build, 'site'));
  const browser = await launch({ width: 1280, height: 900 });
  try {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    const resp = await page.goto(server.url + 'walk/', { waitUntil: 'load' });
    t.ok(resp && resp.ok(), 'walk page answers 200');
    await page.waitForFunction(() => window.__ready === true, null, { timeout: 15000 });

    // The report table: four rate columns, equal in every row as printed.
    const rows = await page.$$eval('#report tr', (trs) => trs.slice(1).map((tr) => [...tr.children].slice(1).map((td) => td.textContent)));
    t.ok(rows.length >= 20, 'report has its rows', String(rows.length));
    t.ok(rows.every((r) => r.length === 4 && r.every((c) => c === r[0])), 'all four rates agree to the centimetre');

    // Seed 001's ledge, shown: a per-step Euler jump misses it at 60/s and
    // clears it at 120/s; the controller clears it at every rate; the figure
    // is the one walk-cli --ledge prints and docs/walk.md quotes.
    const ledge = await page.$$eval('#ledge tr', (trs) => trs.slice(1).map((tr) => [...tr.children].map((td) => td.textContent)));
    const row = (r) => (ledge.find((x) => x[0] === `${r}/s`) || []).join(' ');
    t.ok(row(60) === '60/s 0.8500 m misses 0.9000 m clears' && row(120) === '120/s 0.8750 m clears 0.9000 m clears',
      'the ledge table: Euler misses at 60/s and clears at 120/s, exact clears both', JSON.stringify(ledge));
    const figure = await page.textContent('#ledge-figure');
    t.ok(figure.includes('peaks 2.50 cm lower at 60 steps/s than at 120 steps/s'), 'the ledge figure says 2.50 cm', figure);

    // The rate is selectable.
    await page.selectOption('#rate', '30');
    await page.waitForTimeout(300);
    t.ok((await page.evaluate(() => window.__walk.view().rate)) === 30, 'rate 30 selected');

    // Walk forward with the held key for a moment.
    await page.evaluate(() => window.__walk.hold(window.__walk.keys.forward));
    await page.waitForTimeout(800);
    const moved = await page.evaluate(() => window.__walk.view());
    t.ok(moved.x > 1, 'held key walks', `x ${moved.x}`);
    t.ok(moved.grounded === 1 && Math.abs(moved.cam_bob) <= 0.03 && typeof moved.cam_bob === 'number', 'the view carries the head bob', `bob ${moved.cam_bob}`);
    await page.evaluate(() => window.__walk.hold(0));

    // A jump pressed and released between two frames (real key events, at 30
    // steps a second with frames of 1/144 s driven from here): the page
    // forwards both events, and the first step to run jumps.
    await page.selectOption('#rate', '30');
    await page.waitForTimeout(100);
    const press = await page.evaluate(() => {
      window.__walk.manual(true);
      window.__walk.reset();
      window.__walk.frame(1 / 30); // one step: the bank is empty
      return window.__walk.view();
    });
    await page.keyboard.down('Space');
    await page.keyboard.up('Space');
    const jumped = await page.evaluate(() => {
      let idle = 0;
      while (window.__walk.frame(1 / 144) === 0 && idle < 10) idle++;
      const v = window.__walk.view();
      window.__walk.manual(false);
      return { idle, vy: v.vy, grounded: v.grounded, step: v.step, log: window.__walk.log() };
    });
    t.ok(press.grounded === 1 && jumped.idle >= 3, 'the frames after the press ran no step at first', `${jumped.idle} frames without a step`);
    t.ok(jumped.grounded === 0 && jumped.vy > 0 && jumped.log.some((l) => l.startsWith('takeoff')),
      'a press and release between two frames still jumps on the next step', `vy ${jumped.vy}, step ${jumped.step}`);

    // A look displacement turns the view once, whatever the frame's steps.
    await page.selectOption('#rate', '240');
    await page.waitForTimeout(200);
    const y0 = await page.evaluate(() => window.__walk.view().cam_yaw);
    await page.evaluate(() => window.__walk.look(100, 0));
    await page.waitForTimeout(300);
    const y1 = await page.evaluate(() => window.__walk.view().cam_yaw);
    t.ok(Math.abs(y1 - y0 - 0.25) < 1e-9, 'a 100-pixel look turns 0.25 rad once', `${y1 - y0}`);

    // The course walked live by the script in C, at 60 steps a second.
    await page.selectOption('#rate', '60');
    await page.click('#auto');
    const end = await page.evaluate(async () => {
      const t0 = performance.now();
      while (window.__walk.view().time < 9 && performance.now() - t0 < 20000) await new Promise((r) => setTimeout(r, 100));
      return window.__walk.view();
    });
    t.ok(end.time >= 9 && end.x > 37 && end.y < 0, 'the course walked live reaches the bottom of the ledge', `t ${end.time} x ${end.x} y ${end.y}`);
    const a = await shot(page, opts.build, 'games-walk');
    t.ok(a.stddev > 4 && a.distinct > 8, 'screenshot is not blank', `stddev ${a.stddev.toFixed(2)}, ${a.distinct} colours`);
    t.ok(errors.length === 0, 'no console errors', errors.join(' | '));
  } finally {
    await browser.close();
    server.stop();
  }
});
