// SPDX-License-Identifier: MIT
// The page's call log played natively by `kick-cli play`:
//  - in Chromium, a player plays the World Tour's first level through the menu
//    with real mouse swipes (each event with its own timestamp), goes on with
//    "Next", then plays a Daily Kick try by the keys; after each kick the test
//    reads what the page shows (level, attempt, outcome, points, stars, the
//    tour's stars, the Daily Kick's tries and streak, the share code);
//  - the page's call log (window.__kick.log) is saved, turned into a play
//    script by tools/calllog-to-play.mjs and played by native kick-cli play
//    --json: every kick's results must equal the page's exactly (the share
//    code holds the kick's whole setup, launch and final hash, so equal codes
//    mean the same bits);
//  - the page is reloaded: it gives the session its stored progress bytes
//    back (kx_progress_load, in the log as hex), plays 1-2, and that log
//    played natively gives the same kick again;
//  - the first script with one swipe sample moved by a pixel gives other
//    results (the comparison can fail).
import { writeFileSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { args, run, serve, launch, watchErrors, cdpStroke, ROOT } from './lib.mjs';

const opts = args();
const { build } = opts;
const site = join(build, 'site');
const SETTINGS = JSON.stringify({ effects: true, keeper: false, sound: false, music: false, haptics: false });

/** What the page shows once a kick's result is up. */
function pageResult(page) {
  return page.evaluate(() => {
    const g = window.__kick.game.read();
    const v = (n) => g.v(n);
    const mode = Object.keys(g.names.MODE).find((k) => g.names.MODE[k] === v('mode')).toLowerCase();
    const r = { mode, attempt: v('attempt'), outcome: g.outcomeName(v('last_outcome')), points: v('last_points'), decision_step: v('decision_step'), share: g.shareCode() };
    if (mode === 'tour') Object.assign(r, { level: v('level'), stars: v('last_stars'), tour_stars: v('tour_stars') });
    if (mode === 'daily') Object.assign(r, { daily_tries: v('daily_tries'), streak: v('daily_streak') });
    return r;
  });
}

/** The same fields from a kick-cli play --json line. */
function cliResult(k) {
  const r = { mode: k.mode, attempt: k.attempt, outcome: k.outcome, points: k.points, decision_step: k.decision_step, share: k.share };
  if (k.mode === 'tour') Object.assign(r, { level: k.level, stars: k.stars, tour_stars: k.tour_stars });
  if (k.mode === 'daily') Object.assign(r, { daily_tries: k.daily_tries, streak: k.streak });
  return r;
}

/** Where the ball and the goal's middle are drawn, px. */
async function aimPoints(page) {
  return page.evaluate(() => {
    const v = (n) => window.__kick.view(n);
    return { bx: v('aim_ball_px'), by: v('aim_ball_py'), gx: v('aim_goal_px'), gy: v('aim_goal_py') };
  });
}

function kickCliPlay(script) {
  const out = execFileSync(opts.cli, ['play', '--json', '-'], { input: script, encoding: 'utf8' });
  const lines = out.trim().split('\n').map((l) => JSON.parse(l));
  return lines.filter((l) => l.kick !== undefined).map(cliResult);
}

/** The page's log so far, converted and played by kick-cli play: every kick as the page showed it. Returns the script. */
async function compareNatively(t, page, errors, results, label) {
  const { log, dropped } = await page.evaluate(() => ({ log: JSON.stringify(window.__kick.log), dropped: window.__kick.log.dropped }));
  t.ok(dropped === 0, `${label}: the page kept its whole call log`);
  t.ok(errors.length === 0, `${label}: no page errors`, errors.join(' | '));
  const dir = join(build, 'web-shots');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${label}.calls.json`), log);
  const script = execFileSync(process.execPath, [join(ROOT, 'tools', 'calllog-to-play.mjs'), join(dir, `${label}.calls.json`)], { encoding: 'utf8' });
  writeFileSync(join(dir, `${label}.play.jsonl`), script);
  const native = kickCliPlay(script);
  writeFileSync(join(dir, `${label}.results.json`), JSON.stringify({ page: results, native }, null, 1));
  t.ok(native.length === results.length, `${label}: kick-cli play gives as many kicks as the page showed (${native.length} vs ${results.length})`);
  for (let i = 0; i < Math.max(native.length, results.length); i++) {
    const a = JSON.stringify(results[i]), b = JSON.stringify(native[i]);
    t.ok(a === b, `${label}: kick ${i + 1} (${results[i] && results[i].mode} ${results[i] && results[i].outcome}): kick-cli play gives the page's result exactly`, `page ${a} vs native ${b}`);
  }
  return script;
}

await run('web_kick_calllog', async (t) => {
  if (!opts.cli) throw new Error('usage: node kick_calllog.test.mjs --build BUILD --cli PATH/kick-cli');
  const server = await serve(site);
  const browser = await launch({ width: 1280, height: 800 });
  try {
    await browser.context.addInitScript((s) => localStorage.setItem('kickstep.kick.settings', s), SETTINGS);
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}kick/?manual`, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__ready === true, null, { timeout: 60000 });
    const cdp = await browser.context.newCDPSession(page);
    const results = [];

    // ---- the World Tour from its menu: 1-1, swipes until a star, then 1-2
    await page.click('#btn-tour');
    await page.click('.level-btn[data-level="0"]');
    const offsets = [[-150, -40], [150, -40], [-120, 30], [120, 30], [0, -60], [-60, -70]];
    for (let k = 0; k < offsets.length && results.length < 4; k++) {
      await page.evaluate(() => window.__kick.run(30));
      const p = await aimPoints(page);
      const [dx, dy] = offsets[k];
      const samples = [];
      for (let i = 0; i <= 9; i++) {
        const u = i / 9;
        samples.push({ x: p.bx + (p.gx + dx - p.bx) * u, y: p.by + 20 + (p.gy + dy - p.by - 20) * u, t: i / 60 });
      }
      await cdpStroke(cdp, false, samples);
      const screen = await page.evaluate(() => window.__kick.run(4000, 1 / 60, (v) => v('screen') === 2) && window.__kick.view('screen'));
      t.ok(screen === 2, `kick ${k + 1}: the result shows`);
      await page.waitForTimeout(100);
      results.push(await pageResult(page));
      await page.click('#btn-next');
    }

    // ---- a Daily Kick try by the keys
    await page.evaluate(() => window.__kick.run(10));
    await page.evaluate(() => document.getElementById('menu').classList.contains('hidden') && document.getElementById('btn-menu').click());
    await page.click('#btn-daily');
    await page.evaluate(() => window.__kick.run(40));
    const st = await page.evaluate(() => {
      const g = window.__kick.game;
      g.keysSet(0.55, 0.35, -0.4);
      const t0 = performance.now() / 1000;
      g.keysCharge(t0);
      return g.keysRelease(t0 + 0.75);
    });
    t.ok(st === 0, 'the Daily Kick: a key kick is read');
    await page.evaluate(() => window.__kick.run(4000, 1 / 60, (v) => v('screen') === 2));
    results.push(await pageResult(page));

    const modes = results.map((r) => r.mode).join(',');
    t.ok(results.length >= 2 && results.some((r) => r.mode === 'daily') && results.some((r) => r.mode === 'tour'), `the page played World Tour and Daily Kick kicks (${modes})`);
    const first = await compareNatively(t, page, errors, results, 'calllog');

    // ---- a reload: the stored progress bytes go back into the module (logged as kx_progress_load)
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(() => window.__ready === true, null, { timeout: 60000 });
    const back = await page.evaluate(() => ({ stars: window.__kick.view('tour_stars'), tries: window.__kick.view('daily_tries'), load: window.__kick.log.filter((c) => c[0] === 'kx_progress_load').length }));
    t.ok(back.load === 1 && back.stars === results[results.length - 2].tour_stars && back.tries === 1, `after a reload the page gives the session its stored bytes back (${back.stars} stars, ${back.tries} Daily try)`, JSON.stringify(back));
    const again = [];
    await page.click('#btn-tour');
    await page.click('.level-btn[data-level="1"]');
    await page.evaluate(() => window.__kick.run(30));
    const p = await aimPoints(page);
    const samples = [];
    for (let i = 0; i <= 9; i++) samples.push({ x: p.bx + (p.gx - 130 - p.bx) * (i / 9), y: p.by + 20 + (p.gy - 50 - p.by - 20) * (i / 9), t: i / 60 });
    await cdpStroke(cdp, false, samples);
    await page.evaluate(() => window.__kick.run(4000, 1 / 60, (v) => v('screen') === 2));
    again.push(await pageResult(page));
    await compareNatively(t, page, errors, again, 'calllog-reload');

    // The comparison can fail: one swipe sample a pixel off is another kick.
    const lines = first.split('\n');
    const at = lines.findIndex((l) => l.includes('"swipe_point"'));
    const moved = JSON.parse(lines[at]);
    moved.x += 1;
    lines[at] = JSON.stringify(moved);
    const other = kickCliPlay(lines.join('\n'));
    t.ok(other.length > 0 && JSON.stringify(other[0]) !== JSON.stringify(results[0]), 'a swipe sample moved by one pixel gives another first kick');
  } finally {
    await browser.close();
    server.stop();
  }
});
