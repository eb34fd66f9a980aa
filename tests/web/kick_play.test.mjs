// SPDX-License-Identifier: MIT
// The free-kick page played as a player plays it, in Chromium at a phone's
// size (touch) and a laptop's (mouse):
//  - real touch and mouse events sent through the DevTools protocol with their
//    own timestamps: one hand-like flick sampled at 60, 120 and 240 Hz and
//    released at once or after 50 ms of rest gives launch speeds within 5% and
//    the same bend;
//  - in every level's aiming view and through flights, slow motion and the
//    replay, the ball is on screen and no box of the shooter overlaps it (the
//    page projects both each frame: Stadium.check); at the goal on a phone the
//    ball is still a few pixels wide;
//  - the first-kick coach shows on 1-1 and stays away once the player has
//    scored; after a kick the goal shows where it crossed and the result says
//    how fast and how much it bent; the replay draws its own path only;
//  - a keyboard kick (arrows, B, Space held and released) goes through the C
//    reader: the page's calls replayed by the native build give the same view,
//    bit for bit; Escape pauses;
//  - a tap skips a rolling kick to its result; a friend in goal switched on
//    while aiming keeps this kick; attempts and the Daily Kick's three tries
//    survive a reload; the day's share line is handed to the Web Share API;
//    passing the Final shows the trophy; the call log stays bounded.
// Screenshots (coach, run-up, dive, celebration, wet level, tour ending, at
// both sizes where it matters) are saved under BUILD/web-shots/play-*.png.
import { writeFileSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { args, run, serve, launch, watchErrors, shot } from './lib.mjs';

const opts = args();
const { build } = opts;
const site = join(build, 'site');
const SCREEN = { AIM: 0, FLIGHT: 1, RESULT: 2, REPLAY: 3 };
const SETTINGS = JSON.stringify({ effects: true, keeper: false, sound: false, music: false, haptics: true });
const FINAL = 29;

async function openPage(browser, url) {
  const page = await browser.context.newPage();
  const errors = watchErrors(page);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__ready === true, null, { timeout: 60000 });
  return { page, errors };
}

/** Opens every level (as a player who has passed them all) and starts `level` through the menu. */
async function startLevel(page, level, unlockAll = true) {
  await page.evaluate(([lv, all]) => {
    if (all) for (let i = 0; i < 30; i++) if (window.__kick.game.levelStars(i) === 0) window.__kick.game.progressSet(i, 1, 1000);
    document.getElementById('menu').classList.contains('hidden') && document.getElementById('btn-menu').click();
  }, [level, unlockAll]);
  await page.click('#btn-tour');
  await page.click(`.level-btn[data-level="${level}"]`);
  await page.evaluate(() => window.__kick.run(30));
}

const view = (page, name) => page.evaluate((n) => window.__kick.view(n), name);

/** A keyboard kick with scripted timestamps: the keys' aim, height, bend, and Space held `hold` s. */
async function keyKick(page, aim, height, bend, hold) {
  return page.evaluate(([a, h, b, s]) => {
    const g = window.__kick.game;
    g.keysSet(a, h, b);
    const t = performance.now() / 1000;
    g.keysCharge(t);
    return g.keysRelease(t + s);
  }, [aim, height, bend, hold]);
}

/** A hand-like flick (minimum-jerk) in CSS pixels, sampled at hz, with dwell s of rest before lift-off. */
function flick(x0, y0, rise, bow, dur, hz, dwell, t0) {
  const pts = [];
  const mj = (u) => u * u * u * (10 - 15 * u + 6 * u * u);
  const n = Math.round(dur * hz);
  for (let i = 0; i <= n; i++) {
    const u = mj(i / n);
    pts.push({ x: x0 + bow * Math.sin(Math.PI * u), y: y0 - rise * u, t: t0 + i / hz });
  }
  const last = pts[pts.length - 1];
  for (let k = 1; k * (1 / hz) <= dwell + 1e-9; k++) pts.push({ x: last.x, y: last.y, t: last.t + k / hz });
  return { pts, up: pts[pts.length - 1].t + (dwell > 0 ? 0 : 0.002) };
}

async function cdpSwipe(cdp, touch, swipe) {
  const { pts, up } = swipe;
  if (touch) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: pts[0].x, y: pts[0].y }], timestamp: pts[0].t });
    for (const p of pts.slice(1)) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: p.x, y: p.y }], timestamp: p.t });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [], timestamp: up });
  } else {
    await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x: pts[0].x, y: pts[0].y, button: 'left', buttons: 1, clickCount: 1, timestamp: pts[0].t });
    for (const p of pts.slice(1)) await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: p.x, y: p.y, button: 'left', buttons: 1, timestamp: p.t });
    const l = pts[pts.length - 1];
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x: l.x, y: l.y, button: 'left', buttons: 0, clickCount: 1, timestamp: up });
  }
}

/** The page's calls replayed by the native build: every view field equal, bit for bit. */
async function compareWithNative(t, page, label) {
  const { log, viewText } = await page.evaluate(() => {
    const g = window.__kick.game.read();
    const out = [];
    const buf = new Float64Array(1);
    const u = new BigUint64Array(buf.buffer);
    for (const [name, i] of Object.entries(g.index).sort((a, b) => a[1] - b[1])) {
      buf[0] = g.v(name);
      out.push(`${name} ${u[0].toString(16).padStart(16, '0')}`);
    }
    out.push(`share ${g.shareCode() || '-'}`);
    return { log: window.__kick.log.map((c) => c.map(String).join(' ')).join('\n') + '\n', viewText: out.join('\n') + '\n', dropped: window.__kick.log.dropped };
  });
  const dir = join(build, 'web-shots');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${label}.calls.txt`), log);
  const nat = execFileSync(opts.native, [join(dir, `${label}.calls.txt`)], { encoding: 'utf8' });
  const a = viewText.trim().split('\n'), b = nat.trim().split('\n');
  const first = a.findIndex((line, i) => line !== b[i]);
  t.ok(first < 0 && a.length === b.length, `${label}: the native build given the page's calls gives the same view, bit for bit (${a.length} fields)`, first >= 0 ? `page "${a[first]}" vs native "${b[first]}"` : '');
}

async function playSize(t, server, size) {
  const phone = size.tag === 'phone';
  const browser = await launch({ width: size.width, height: size.height }, phone ? { hasTouch: true, isMobile: true } : {});
  try {
    await browser.context.addInitScript((s) => {
      if (!localStorage.getItem('kickstep.kick.settings')) localStorage.setItem('kickstep.kick.settings', s);
      window.__shared = [];
      navigator.share = (data) => {
        window.__shared.push(data);
        return Promise.resolve();
      };
      navigator.vibrate = (p) => {
        (window.__buzz = window.__buzz || []).push(p);
        return true;
      };
    }, SETTINGS);
    const { page, errors } = await openPage(browser, `${server.url}kick/?manual`);
    const cdp = await browser.context.newCDPSession(page);

    // ---- the coach on 1-1, before the player has scored
    await startLevel(page, 0, false);
    await page.waitForTimeout(900);
    const coachOn = await page.isVisible('#coach');
    t.ok(coachOn, `${size.tag}: the coach shows on 1-1 before the first goal`);
    if (phone || !coachOn) await shot(page, build, `play-coach-${size.tag}`);
    const aim = await page.evaluate(() => window.__kick.check());
    t.ok(aim.onScreen && !aim.overlap, `${size.tag}: 1-1's aiming view shows the ball (${aim.ball.x.toFixed(0)}, ${aim.ball.y.toFixed(0)}), uncovered`, JSON.stringify(aim.ball));
    t.ok(aim.ball.y < size.height * 0.9 && aim.ball.y > size.height * 0.6, `${size.tag}: the ball sits in the lower part of the screen, not at its edge`, `y ${aim.ball.y.toFixed(0)} of ${size.height}`);
    if (!phone) {
      const hint = await page.locator('#hint').boundingBox();
      const b = aim.ball;
      const clear = hint && (hint.y > b.y + b.r || hint.y + hint.height < b.y - b.r || hint.x > b.x + b.r || hint.x + hint.width < b.x - b.r);
      t.ok(clear, 'laptop: the swipe hint is not on the ball', JSON.stringify({ hint, ball: b }));
    }

    // ---- one flick, sampled at 60/120/240 Hz, released at once or after 50 ms of rest
    const readings = [];
    for (const hz of [60, 120, 240]) {
      for (const dwell of [0, 0.05]) {
        await page.evaluate(() => {
          window.__kick.game.init(0);
          window.__kick.run(20);
        });
        const b = await page.evaluate(() => window.__kick.check().ball);
        const t0 = Date.now() / 1000 + 0.5;
        await cdpSwipe(cdp, phone, flick(b.x, b.y + 30, size.height * 0.36, size.height * 0.04, 0.16, hz, dwell, t0));
        const r = await page.evaluate(() => ({ st: window.__kick.lastStatus, speed: window.__kick.view('launch_speed'), bend: window.__kick.view('bend'), n: window.__kick.log.filter((c) => c[0] === 'kx_swipe_point').length }));
        readings.push({ hz, dwell, ...r });
      }
    }
    const ok = readings.every((r) => r.st === 0);
    const speeds = readings.map((r) => r.speed);
    const spread = (Math.max(...speeds) - Math.min(...speeds)) / Math.min(...speeds);
    t.ok(ok, `${size.tag}: every ${phone ? 'touch' : 'mouse'} flick is read as a kick`, JSON.stringify(readings));
    t.ok(spread <= 0.05, `${size.tag}: the same flick at 60/120/240 Hz, released at once or after 50 ms, kicks at ${Math.min(...speeds).toFixed(1)}-${Math.max(...speeds).toFixed(1)} m/s (within ${(spread * 100).toFixed(1)}% <= 5%)`, JSON.stringify(readings));
    t.ok(readings.every((r) => Math.sign(r.bend) === Math.sign(readings[0].bend) && r.bend !== 0), `${size.tag}: ... and bends the same way every time (${readings.map((r) => r.bend.toFixed(2)).join(' ')})`);

    // ---- a kick, its run-up, the feedback on the goal and in the result panel
    await page.evaluate(() => {
      window.__kick.game.init(0);
      window.__kick.run(20);
    });
    t.ok((await keyKick(page, 0.05, 0.3, 0.5, 0.7)) === 0, `${size.tag}: a keyboard kick on 1-1`);
    await page.evaluate(() => window.__kick.run(14));
    const runup = await view(page, 'runup');
    t.ok(runup > 0.3 && runup < 1 && (await view(page, 'struck')) === 0, `${size.tag}: the shooter runs up before the strike (run-up ${runup.toFixed(2)})`);
    const ru = await page.evaluate(() => window.__kick.check());
    t.ok(ru.onScreen && !ru.overlap, `${size.tag}: during the run-up the shooter does not cover the ball`, JSON.stringify(ru.overlap));
    if (phone) await shot(page, build, 'play-runup-phone');
    else await shot(page, build, 'play-runup-laptop');
    const fl = await page.evaluate(() => window.__kick.checkFrames(2000, 1 / 60, (v) => v('screen') === 2));
    t.ok(fl.bad.length === 0, `${size.tag}: through the flight (${fl.checked} frames) the ball is on screen and uncovered`, JSON.stringify(fl.bad.slice(0, 3)));
    await page.waitForTimeout(300);
    const stats = await page.textContent('#result-stats');
    t.ok(/\d+\.\d m\/s/.test(stats) && /(bent|no bend)/.test(stats), `${size.tag}: the result says how fast and how much it bent ("${stats}")`);
    t.ok((await page.textContent('#result-points')).includes('Points'), `${size.tag}: the result lists the points`);
    const parts = await page.evaluate(() => Array.from(document.querySelectorAll('#result-stats span'), (s) => [s.textContent, s.getClientRects().length]));
    t.ok(parts.length >= 2 && parts.every((p) => p[1] === 1), `${size.tag}: no part of the result's numbers breaks across lines`, JSON.stringify(parts));
    const marks = await page.evaluate(() => window.__kick.stadium.marks.filter((m) => m.visible).length);
    const crossed = await view(page, 'crossed');
    t.ok(crossed === 0 || marks >= 1, `${size.tag}: the goal shows where the ball crossed (${marks} mark${marks === 1 ? '' : 's'})`);
    const scored = (await view(page, 'last_outcome')) === 1;
    t.ok(scored, `${size.tag}: the keyboard kick scores on 1-1`);
    if (scored) {
      await page.click('#btn-result-menu');
      await startLevel(page, 0, false);
      await page.waitForTimeout(400);
      t.ok(await page.isHidden('#coach'), `${size.tag}: once the player has scored the coach stays away`);
    }

    // ---- every level's aiming view: the ball on screen, the shooter clear of it
    const aims = await page.evaluate(([W, H]) => {
      const out = [], cut = [], away = [];
      // A HUD text cut short (an ellipsis) or overlapping its neighbours.
      const hudCut = (tag) => {
        for (const el of document.querySelectorAll('.hud-top *')) {
          if (el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1) cut.push(`${tag} #${el.id}: "${el.textContent}"`);
        }
        const a = document.querySelector('.hud-level').getBoundingClientRect();
        for (const sel of ['.hud-right', '#wind']) {
          const b = document.querySelector(sel).getBoundingClientRect();
          if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) cut.push(`${tag}: the level's text runs into ${sel}`);
        }
      };
      for (let i = 0; i < 30; i++) {
        window.__kick.game.init(i);
        window.__kick.checkFrames(3, 1 / 60, null, false);
        const c = window.__kick.check();
        if (!c.onScreen || c.overlap) out.push({ level: i, ball: c.ball, overlap: c.overlap, onScreen: c.onScreen });
        // The shooter waits where the player sees him: no more than 8% of his width off the screen.
        let x0 = Infinity, x1 = -Infinity;
        for (const b of c.boxes) { x0 = Math.min(x0, b.x0); x1 = Math.max(x1, b.x1); }
        const off = (Math.max(0, -x0) + Math.max(0, x1 - W)) / (x1 - x0);
        if (!(off <= 0.08)) away.push({ level: i, x0: Math.round(x0), x1: Math.round(x1), off: +off.toFixed(2) });
        hudCut(window.__kick.game.levelText(i, 'id'));
      }
      window.__kick.game.initDaily(2026, 12, 1);
      window.__kick.checkFrames(1, 1 / 60, null, false);
      hudCut('daily');
      window.__kick.game.init(0);
      return { out, cut, away };
    }, [size.width, size.height]);
    t.ok(aims.out.length === 0, `${size.tag}: in all 30 aiming views the ball is on screen and the shooter does not cover it`, JSON.stringify(aims.out));
    t.ok(aims.away.length === 0, `${size.tag}: in all 30 aiming views the whole shooter is on screen, waiting beside the ball`, JSON.stringify(aims.away));
    t.ok(aims.cut.length === 0, `${size.tag}: the HUD's level, venue, keeper and star rule are never cut short, in all 30 levels and the Daily Kick`, aims.cut.join(' | '));

    // ---- the Final: a top corner, slow motion, the keeper's dive, the replay
    await page.evaluate((lv) => {
      window.__kick.game.init(lv);
      window.__kick.run(20);
    }, FINAL);
    await keyKick(page, 0.85, 0.35, 0, 1.1);
    let flight = await page.evaluate(() => window.__kick.checkFrames(800, 1 / 60, (v) => v('keeper_diving') === 1 && v('keeper_dive') > 0.35));
    await page.evaluate(() => window.__kick.run(1));
    if (await view(page, 'keeper_diving')) await shot(page, build, `play-dive-${size.tag}`);
    t.ok((await view(page, 'keeper_diving')) === 1, `${size.tag}: Idris dives`);
    const rest = await page.evaluate(() => window.__kick.checkFrames(1600, 1 / 60, (v) => v('outcome') !== 0));
    flight.bad.push(...rest.bad);
    const goal = (await view(page, 'outcome')) === 1;
    t.ok(goal, `${size.tag}: the top corner beats Idris`);
    // 0.6 s of the celebration, every frame drawn (run() would draw only its last).
    await page.evaluate(() => window.__kick.checkFrames(36, 1 / 60, null, false));
    await page.evaluate(() => window.__kick.run(1));
    await shot(page, build, `play-celebration-${size.tag}`);
    const confetti = await page.evaluate(() => window.__kick.stadium.confettiOnScreen());
    t.ok(confetti >= 150, `${size.tag}: the goal's confetti is in view (${confetti} of 500 pieces on screen)`);
    const buzz = await page.evaluate(() => window.__buzz || []);
    t.ok(buzz.length >= 2, `${size.tag}: the phone vibrates on the strike and the goal (${JSON.stringify(buzz)})`);
    const more = await page.evaluate(() => window.__kick.checkFrames(3000, 1 / 60, (v) => v('screen') === 3));
    flight.bad.push(...more.bad);
    t.ok((await view(page, 'screen')) === SCREEN.REPLAY, `${size.tag}: the replay plays`);
    await page.evaluate(() => window.__kick.run(3));
    const trail = await page.evaluate(() => {
      const s = window.__kick.stadium;
      const p = s.trailPts[0];
      return { run: s.trailRun, first: p ? [p.x, p.y, p.z] : null, spot: [window.__kick.view('spot_x'), window.__kick.view('spot_z')] };
    });
    t.ok(trail.run === 'replay' && trail.first && Math.hypot(trail.first[0] - trail.spot[0], trail.first[2] - trail.spot[1]) < 1.5,
      `${size.tag}: the replay draws its own path only, from the spot`, JSON.stringify(trail));
    const rep = await page.evaluate(() => window.__kick.checkFrames(2000, 1 / 60, (v) => v('screen') === 2));
    flight.bad.push(...rep.bad);
    t.ok(flight.bad.length === 0, `${size.tag}: the Final's flight, slow motion and replay keep the ball on screen and uncovered`, JSON.stringify(flight.bad.slice(0, 3)));
    // The ball at the goal on a phone: a few pixels at least.
    if (phone) {
      await page.evaluate(() => {
        window.__kick.game.init(23);
        window.__kick.run(20);
      });
      await keyKick(page, 0.2, 0.4, 0, 1.0);
      await page.evaluate(() => window.__kick.run(600, 1 / 60, (v) => v('ball_z') > -2 || v('outcome') !== 0));
      const c = await page.evaluate(() => window.__kick.check());
      t.ok(c.onScreen && c.ball.r >= 2.5, `phone: near the goal 24 m away the ball is on screen, ${(2 * c.ball.r).toFixed(1)} px across`, JSON.stringify(c.ball));
    }

    // ---- other flights: wide, a lob, a roller (a tap skips it), a crosswind
    const kicks = [[20, -0.9, 0.3, 0.5, 0.9], [14, 0.1, 1.0, 0, 0.7], [21, 0.6, 0.2, -1, 1.0], [5, 0, 0, 0, 0.12]];
    for (const [lv, a, h, b, s] of kicks) {
      await page.evaluate((l) => {
        window.__kick.game.init(l);
        window.__kick.run(15);
      }, lv);
      await keyKick(page, a, h, b, s);
      const r = await page.evaluate(() => window.__kick.checkFrames(400, 1 / 60, (v) => v('screen') !== 1 || v('can_skip') === 1));
      const before = await page.evaluate(() => [window.__kick.view('can_skip'), window.__kick.view('screen')]);
      if (before[0] === 1) {
        const hint = await page.evaluate(() => {
          const el = document.getElementById('skip-hint');
          const cs = getComputedStyle(el);
          return { h: el.getBoundingClientRect().height, line: parseFloat(cs.fontSize) * 1.6 + parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom), shown: cs.display !== 'none' };
        });
        t.ok(hint.shown && hint.h <= hint.line, `${size.tag}: "Tap to see the result" shows on one line (${hint.h.toFixed(0)} px high)`, JSON.stringify(hint));
        await page.evaluate(() => window.__kick.game.tap(0, 0));
        t.ok((await view(page, 'screen')) === SCREEN.RESULT, `${size.tag}: a tap skips level ${lv + 1}'s rolling or decided kick to its result`);
      }
      const r2 = await page.evaluate(() => window.__kick.checkFrames(3000, 1 / 60, (v) => v('screen') === 2));
      t.ok(r.bad.length + r2.bad.length === 0, `${size.tag}: level index ${lv}: the ball stays on screen and uncovered (${r.checked + r2.checked} frames)`, JSON.stringify(r.bad.concat(r2.bad).slice(0, 3)));
    }

    // ---- a wet level in a storm
    await page.evaluate(() => {
      window.__kick.game.init(18);
      window.__kick.run(30);
    });
    await page.waitForTimeout(300);
    const wet = await shot(page, build, `play-wet-${size.tag}`);
    t.ok(wet.stddev > 6, `${size.tag}: Thunder Road draws (rain, storm)`);
    t.ok(await page.evaluate(() => window.__kick.stadium.rain.lines.visible), `${size.tag}: it rains on a wet level`);

    t.ok(errors.length === 0, `${size.tag}: no console errors`, errors.join(' | '));
    await page.close();
  } finally {
    await browser.close();
  }
}

await run('web_kick_play', async (t) => {
  if (!opts.native) throw new Error('usage: node kick_play.test.mjs --build BUILD --native PATH/kick_native');
  const server = await serve(site);
  try {
    for (const size of [{ width: 390, height: 844, tag: 'phone' }, { width: 1280, height: 800, tag: 'laptop' }]) await playSize(t, server, size);

    // ---- the keyboard, pause, the friend in goal, reloads, the Daily Kick, the trophy, the log
    const browser = await launch({ width: 1280, height: 800 });
    try {
      await browser.context.addInitScript((s) => {
        if (!localStorage.getItem('kickstep.kick.settings')) localStorage.setItem('kickstep.kick.settings', s);
        window.__shared = [];
        navigator.share = (data) => {
          window.__shared.push(data);
          return Promise.resolve();
        };
      }, SETTINGS);
      let { page, errors } = await openPage(browser, `${server.url}kick/?manual`);
      await startLevel(page, 1, true);
      t.ok(await page.isHidden('#menu'), 'keys: 1-2 starts');
      // Real key presses: the arrows aim, B bends, Space held and released kicks.
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('b');
      const keys = await page.evaluate(() => [window.__kick.view('key_aim'), window.__kick.view('key_height'), window.__kick.view('key_bend')]);
      t.ok(keys[0] > 0.1 && keys[2] === 0.5, `keys: the arrows aim and B bends (${keys.map((k) => k.toFixed(2)).join(' ')})`);
      // An arrow on the grass shows where the keys aim: from the ball, along the launch direction.
      const arrow = await page.evaluate(() => {
        window.__kick.run(1);
        const a = window.__kick.stadium.aim;
        a.updateMatrixWorld();
        const e = a.matrixWorld.elements;
        return { visible: a.visible, dir: Math.atan2(e[4], e[6]), up: e[5], want: window.__kick.view('key_direction'), at: [a.position.x - window.__kick.view('spot_x'), a.position.z - window.__kick.view('spot_z')] };
      });
      t.ok(arrow.visible && Math.abs(arrow.dir - arrow.want) < 1e-6 && Math.abs(arrow.up) < 1e-9 && Math.hypot(...arrow.at) < 1e-9,
        `keys: an arrow on the grass from the ball shows the keys' aim (${arrow.want.toFixed(3)} rad)`, JSON.stringify(arrow));
      await page.keyboard.down(' ');
      await page.waitForTimeout(450);
      t.ok(await page.evaluate(() => window.__kick.view('key_charging') === 1), 'keys: holding Space charges the power');
      await page.keyboard.up(' ');
      t.ok((await view(page, 'screen')) === SCREEN.FLIGHT && (await page.evaluate(() => window.__kick.lastStatus)) === 0, 'keys: releasing Space kicks');
      t.ok(await page.evaluate(() => { window.__kick.run(1); return !window.__kick.stadium.aim.visible; }), 'keys: the aim arrow goes once the kick is on its way');
      await page.evaluate(() => window.__kick.run(3000, 1 / 60, (v) => v('screen') === 2));
      await compareWithNative(t, page, 'play-keys');
      await page.keyboard.press('Escape');
      t.ok(await page.isVisible('#menu-main') && (await view(page, 'paused')) === 1, 'keys: Escape pauses');
      const helpBox = await page.locator('#menu-main .keys-help').boundingBox();
      const homeBox = await page.locator('#menu-main .back').boundingBox();
      t.ok(helpBox && homeBox && homeBox.y >= helpBox.y + helpBox.height - 1, 'menu: the keys line and the home link are lines of their own', JSON.stringify({ helpBox, homeBox }));
      await page.keyboard.press('Escape');
      t.ok(await page.isHidden('#menu'), 'keys: Escape again resumes');
      // The attempt survives a reload.
      const before = await view(page, 'attempt');
      if ((await view(page, 'passed')) === 0) {
        await page.click('#btn-next');
        const at = await view(page, 'attempt');
        await page.reload({ waitUntil: 'load' });
        await page.waitForFunction(() => window.__ready === true);
        await startLevel(page, 1, true);
        t.ok((await view(page, 'attempt')) === at && at === before + 1, `reload: 1-2 resumes on attempt ${at}`);
      } else {
        t.ok(true, 'reload: (1-2 was passed at once: no attempt to resume)');
      }
      // A friend in goal, switched on while aiming: this kick.
      if (await page.isVisible('#result')) await page.click('#btn-next');
      await page.evaluate(() => window.__kick.run(5));
      await page.click('#btn-menu');
      await page.click('#btn-settings');
      await page.check('#opt-keeper');
      await page.click('#menu-settings [data-back]');
      await page.click('#btn-resume');
      t.ok((await view(page, 'person_keeper')) === 1 && (await view(page, 'screen')) === SCREEN.AIM, 'settings: a friend in goal switched on while aiming keeps this kick');
      await page.evaluate(() => window.__kick.run(1));
      t.ok((await page.textContent('#hud-venue')).includes('a friend in goal') && /friendly/i.test(await page.textContent('#hud-rule')), 'settings: the HUD says a friend is in goal, for no stars');
      // A friendly: no stars, and the same attempt again.
      const friendAt = await page.evaluate(() => [window.__kick.view('level'), window.__kick.view('attempt'), window.__kick.game.levelStars(1)]);
      await keyKick(page, 0.6, 0.35, 0, 0.9);
      await page.evaluate(() => window.__kick.run(3000, 1 / 60, (v) => v('screen') === 2));
      await page.waitForTimeout(100);
      t.ok(/friendly/i.test(await page.textContent('#result-note')) && (await page.textContent('#result-stars')) === '' && (await view(page, 'friendly')) === 1,
        'settings: a kick against a friend is a friendly, for no stars', await page.textContent('#result-note'));
      await page.click('#btn-next');
      const friendNext = await page.evaluate(() => [window.__kick.view('level'), window.__kick.view('attempt'), window.__kick.game.levelStars(1)]);
      t.ok(JSON.stringify(friendNext) === JSON.stringify(friendAt), 'settings: ... and uses no attempt', JSON.stringify({ friendAt, friendNext }));
      await page.click('#btn-menu');
      await page.click('#btn-settings');
      await page.uncheck('#opt-keeper');
      await page.click('#menu-settings [data-back]');
      await page.click('#btn-resume');

      // The Daily Kick: three tries, the day's line to the Web Share API, no fourth try after a reload.
      await page.click('#btn-menu');
      await page.click('#btn-daily');
      for (let k = 0; k < 3; k++) {
        await page.evaluate(() => window.__kick.run(15));
        await keyKick(page, 0.9, 0.1, 0, 0.15 + 0.05 * k);
        await page.evaluate(() => {
          window.__kick.run(400, 1 / 60, (v) => v('can_skip') === 1 || v('screen') === 2);
          if (window.__kick.view('can_skip')) window.__kick.game.tap(0, 0);
          window.__kick.run(3000, 1 / 60, (v) => v('screen') === 2);
        });
        await page.waitForTimeout(100);
        t.ok((await view(page, 'daily_tries')) === k + 1, `daily: try ${k + 1} is counted`);
        await page.click('#btn-next');
      }
      t.ok(await page.isVisible('#menu-daily'), 'daily: after three tries the day is done');
      await page.click('#btn-daily-share');
      const shared = await page.evaluate(() => window.__shared);
      t.ok(shared.length === 1 && /^Daily Kick \d{4}-\d\d-\d\d: (⚽|❌){3}$/u.test(shared[0].text) && /share=/.test(shared[0].url),
        `daily: the Web Share API gets the day's line and the replay link ("${shared[0] && shared[0].text}")`, JSON.stringify(shared));
      await page.reload({ waitUntil: 'load' });
      await page.waitForFunction(() => window.__ready === true);
      await page.click('#btn-daily');
      t.ok(await page.isVisible('#menu-daily') && (await view(page, 'daily_tries')) === 3, 'daily: a reload gives no fourth try');

      // The tour's ending: every level passed, the Final won.
      await page.click('#menu-daily [data-back]');
      await startLevel(page, FINAL, true);
      await keyKick(page, 0.85, 0.35, 0, 1.1);
      await page.evaluate(() => window.__kick.run(5000, 1 / 60, (v) => v('screen') === 2 || v('screen') === 3));
      await page.evaluate(() => { if (window.__kick.view('screen') === 3) window.__kick.game.tap(0, 0); window.__kick.run(5); });
      await page.waitForTimeout(200);
      t.ok((await view(page, 'tour_complete')) === 1, 'tour: winning the Final completes the tour');
      await page.click('#btn-next');
      await page.evaluate(() => window.__kick.run(30));
      await page.waitForTimeout(300);
      t.ok(await page.isVisible('#trophy'), 'tour: the trophy screen shows');
      const total = await page.textContent('#trophy-stars');
      t.ok(Number(total) >= 30, `tour: with the tour's total stars (${total})`);
      await shot(page, build, 'play-tour-end-laptop');
      await page.click('#btn-trophy-share');
      const s2 = await page.evaluate(() => window.__shared);
      t.ok(s2.length >= 1 && /World Tour/.test(s2[s2.length - 1].text), 'tour: the trophy can be shared');
      t.ok(errors.length === 0, 'no console errors (keys, daily, tour)', errors.join(' | '));
      await page.close();

      // The call log is bounded: 3,000 frames with room for 1,000 calls.
      ({ page, errors } = await openPage(browser, `${server.url}kick/?manual&logmax=1000`));
      await startLevel(page, 0, false);
      await page.evaluate(() => window.__kick.run(3000));
      const lg = await page.evaluate(() => ({ n: window.__kick.log.length, dropped: window.__kick.log.dropped, max: window.__kick.log.max }));
      t.ok(lg.n <= 1000 && lg.dropped >= 2000, `the call log stays bounded (${lg.n} calls kept, ${lg.dropped} dropped)`);
      const def = await page.evaluate(() => window.__kick.game.log.max);
      t.ok(def === 1000, 'the bound comes from the page (default 50,000 calls)');
      await page.close();
    } finally {
      await browser.close();
    }
  } finally {
    server.stop();
  }
});
