// SPDX-License-Identifier: MIT
// The brake page in Chromium: it loads with no console error, draws a
// non-blank picture, and its console object window.__brake drives the C game:
// a named driver and a JavaScript driver give the native program's results.
//   node tests/games-web/brake.test.mjs --build BUILD_DIR [--cli path/to/brake-cli]
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { args, run, serve, launch, watchErrors, shot } from '../web/lib.mjs';

const opts = args();
const site = join(opts.build, 'site');

await run('games_web_brake', async (t) => {
  const server = await serve(site);
  const browser = await launch({ width: 1280, height: 800 });
  try {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    page.on('response', (r) => { if (r.status() >= 400) errors.push(`HTTP ${r.status()} ${r.url()}`); });
    const resp = await page.goto(server.url + 'brake/', { waitUntil: 'load' });
    t.ok(resp && resp.ok(), 'brake page answers 200');
    await page.waitForFunction(() => window.__ready === true, null, { timeout: 15000 });
    t.ok(await page.evaluate(() => typeof window.__brake === 'object'), 'window.__brake exists');

    // The countdown runs in simulated time: after a moment the phase has moved on.
    await page.waitForTimeout(1500);
    const s1 = await page.evaluate(() => window.__brake.state());
    t.ok(s1.step > 0, 'the game steps in the page', `step ${s1.step}`);
    const a = await shot(page, opts.build, 'games-brake-countdown');
    t.ok(a.stddev > 4 && a.distinct > 8, 'screenshot is not blank', `stddev ${a.stddev.toFixed(2)}, ${a.distinct} colours`);
    // The ramp is far ahead, off the screen: an arrow at the right edge says how far.
    const mk = await page.evaluate(() => [window.__brake.marker(), window.__brake.state().gap, innerWidth]);
    t.ok(mk[0] && mk[0].text === `ramp ${Math.round(mk[1])} m` && mk[0].x + mk[0].w <= mk[2], 'the ramp off the screen is shown by an arrow at the right edge with its distance', JSON.stringify(mk));

    // A named driver, run whole from the console.
    const late = await page.evaluate(() => window.__brake.run('late'));
    t.ok(late.outcome === 'short' && late.score > 2700, 'late driver stops short of the ramp', JSON.stringify(late));
    // A JS driver called per step: brake within 52 m of the ramp's foot.
    const js = await page.evaluate(() => window.__brake.run((s) => s.gap <= 52));
    t.ok(js.outcome === 'short' || js.outcome === 'ramp' || js.outcome === 'leap', 'JS driver runs to the end', JSON.stringify(js));
    const same = await page.evaluate(() => window.__brake.run('at-distance:52'));
    t.ok(js.hash === same.hash && js.score === same.score, 'JS driver per step = the same C driver', `${js.hash} vs ${same.hash}`);

    if (opts.cli) {
      for (const p of ['late', 'never', 'stunt:18']) {
        const r = await page.evaluate((name) => window.__brake.run(name, 144), p);
        const native = JSON.parse(spawnSync(opts.cli, ['--policy', p, '--json'], { encoding: 'utf8' }).stdout);
        t.ok(r.hash === native.hash && r.score === native.score && r.steps === native.steps,
          `${p}: Chromium gives the native result`, `${r.hash} ${r.score} vs ${native.hash} ${native.score}`);
      }
    }

    // Seed 002's common mistake: a tap pressed and released before the next
    // frame (so before any step runs) must still reach a step and brake.
    await page.evaluate(() => window.__brake.policy(null));
    await page.waitForFunction(() => window.__brake.state().phase === 1 && window.__brake.state().speed > 8, null, { timeout: 15000 });
    const tap = await page.evaluate(async () => {
      const before = window.__brake.state();
      dispatchEvent(new KeyboardEvent('keydown', { code: 'Space', key: ' ' }));
      dispatchEvent(new KeyboardEvent('keyup', { code: 'Space', key: ' ' }));
      for (let i = 0; i < 10; i++) await new Promise((r) => requestAnimationFrame(r));
      const after = window.__brake.state();
      return { braked0: before.braked, braked: after.braked, steps: after.step - before.step };
    });
    t.ok(tap.braked0 === 0 && tap.braked === 1 && tap.steps > 0, 'a tap pressed and released between two frames brakes (the press waits for a step)', JSON.stringify(tap));

    // Play a leap live with a C driver that brakes too late (40 m before the ramp) and watch slow motion happen.
    await page.evaluate(() => window.__brake.policy('at-distance:40'));
    const live = await page.evaluate(async () => {
      let min = 1;
      let first = null; // the state when the result first showed
      const t0 = performance.now();
      while (performance.now() - t0 < 25000 && window.__brake.state().phase !== 5) {
        await new Promise((r) => requestAnimationFrame(r));
        const s = window.__brake.state();
        min = Math.min(min, s.time_scale);
        if (!first && !document.getElementById('result').hidden)
          first = { phase: s.phase, cleared: s.cleared, ended: s.ended, title: document.getElementById('result-title').textContent };
      }
      return { min, first };
    });
    const minScale = live.min;
    t.ok(minScale < 0.6, 'slow motion during the leap', `lowest time scale ${minScale.toFixed(3)}`);
    // Seed 004: the what-if starts when the run ends early, the barrier cleared:
    // the result shows while the car is still in the air, with the full run's score.
    const f = live.first;
    t.ok(f && f.phase === 3 && f.cleared === 1 && f.ended === 1, 'the result shows as the car clears the barrier, still in the air', JSON.stringify(f));
    const end = await page.evaluate(() => window.__brake.state());
    t.ok(end.phase === 5 && end.outcome === 3, 'the live leap ends with a result', JSON.stringify({ phase: end.phase, outcome: end.outcome }));
    t.ok(f && f.title.endsWith(`— ${end.score} points`), 'the what-if\'s score is the one the live run reaches', `${f && f.title} vs ${end.score}`);
    const visible = await page.evaluate(() => !document.getElementById('result').hidden);
    t.ok(visible, 'the result panel shows');
    const res = await page.evaluate(() => ({
      lines: Array.from(document.querySelectorAll('#result-text span'), (e) => e.textContent),
      tip: document.getElementById('result-tip').textContent,
      banner: document.getElementById('banner').textContent,
    }));
    t.ok(res.lines.length >= 3 && res.lines.some((l) => /^Braked 4\d\.\d m before the ramp$/.test(l)), 'the result says one fact a line, where the car braked among them', JSON.stringify(res.lines));
    t.ok(/^Brake earlier/.test(res.tip), `braking too late and leaping, the tip says to brake earlier ("${res.tip}")`);
    t.ok(res.banner === '', 'no banner over the result', res.banner);
    const b = await shot(page, opts.build, 'games-brake-result');
    t.ok(b.stddev > 4 && b.distinct > 8, 'result screenshot is not blank');
    t.ok(errors.length === 0, 'no console errors', errors.join(' | '));
  } finally {
    await browser.close();
    server.stop();
  }
});
