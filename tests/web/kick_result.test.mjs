// SPDX-License-Identifier: MIT
// What the player sees after a free kick, in Chromium at a laptop's size
// (1280x800) and a phone's (390x844):
//  - the attempt is spent when the kick is read: reloading the page during
//    the run-up or the flight does not give it back (World Tour attempts and
//    the Daily Kick's tries alike);
//  - the result panel does not cover where the ball went: the crossing is
//    marked in the picture (projected with the scene's camera) and the panel
//    keeps away from the mark; a miss says which way and how far in words
//    (kx_miss_text: "just wide of the right post", "over the bar"), on the
//    shooter's side as the screen shows it; the same miss twice brings a tip;
//  - a bad share link says that it cannot be read, in a player's words.
// Screenshots: BUILD/web-shots/result-*.png.
import { join } from 'node:path';
import { args, run, serve, launch, watchErrors, shot } from './lib.mjs';

const opts = args();
const { build } = opts;
const site = join(build, 'site');
const SCREEN = { AIM: 0, FLIGHT: 1, RESULT: 2, REPLAY: 3 };
const SETTINGS = JSON.stringify({ effects: true, keeper: false, sound: false, music: false, haptics: false });

async function openPage(browser, url) {
  const page = await browser.context.newPage();
  const errors = watchErrors(page);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__ready === true, null, { timeout: 60000 });
  return { page, errors };
}
const view = (page, name) => page.evaluate((n) => window.__kick.view(n), name);

/** Starts World Tour level `level` through the menu, as a player does. */
async function startLevel(page, level) {
  await page.evaluate(() => document.getElementById('menu').classList.contains('hidden') && document.getElementById('btn-menu').click());
  await page.click('#btn-tour');
  await page.click(`.level-btn[data-level="${level}"]`);
  await page.evaluate(() => window.__kick.run(30));
}

/** A keyboard kick through the page's own game object (the calls the key handlers make). */
async function keyKick(page, aim, height, hold) {
  return page.evaluate(([a, h, s]) => {
    const g = window.__kick.game;
    g.keysSet(a, h, 0);
    const t = performance.now() / 1000;
    g.keysCharge(t);
    return g.keysRelease(t + s);
  }, [aim, height, hold]);
}

/** Runs the kick to its result (skipping the replay) and lets the page draw it. */
async function toResult(page) {
  await page.evaluate(() => {
    const k = window.__kick;
    k.run(4000, 1 / 60, (v) => v('screen') === 2 || v('screen') === 3);
    if (k.view('screen') === 3) k.game.tap(0, 0);
    k.run(4000, 1 / 60, (v) => v('screen') === 2);
    k.run(1);
  });
  await page.waitForTimeout(250);
}

/** The mark, the panel and the words as the page shows them. */
function resultSeen(page) {
  return page.evaluate(() => {
    const mark = document.getElementById('cross-mark');
    const panel = document.querySelector('#result .panel');
    const ring = mark && mark.querySelector('i');
    const m = ring ? ring.getBoundingClientRect() : null;
    const p = panel.getBoundingClientRect();
    const k = window.__kick;
    return {
      markShown: !!mark && !mark.classList.contains('hidden') && getComputedStyle(mark).display !== 'none',
      mark: m && { x: m.left + m.width / 2, y: m.top + m.height / 2 },
      projected: k.crossMark || null,
      panel: { left: p.left, top: p.top, right: p.right, bottom: p.bottom },
      words: (document.getElementById('result-miss') || {}).textContent || '',
      label: (document.getElementById('cross-label') || {}).textContent || '',
      tip: (document.getElementById('result-tip') || {}).textContent || '',
      title: document.getElementById('result-title').textContent,
      crossed: k.view('crossed'), crossX: k.view('cross_x'), crossY: k.view('cross_y'), outcome: k.game.outcomeName(k.view('last_outcome')),
    };
  });
}

async function reloadRule(t, server) {
  const browser = await launch({ width: 1280, height: 800 });
  try {
    await browser.context.addInitScript((s) => localStorage.setItem('kickstep.kick.settings', s), SETTINGS);
    const { page, errors } = await openPage(browser, `${server.url}kick/?manual`);
    await startLevel(page, 0);
    t.ok((await view(page, 'attempt')) === 1, 'reload: 1-1 starts on attempt 1');
    // In flight: struck, the ball on its way.
    t.ok((await keyKick(page, 0.9, 0.2, 0.6)) === 0, 'reload: a kick is read');
    await page.evaluate(() => window.__kick.run(45));
    t.ok((await view(page, 'screen')) === SCREEN.FLIGHT && (await view(page, 'struck')) === 1, 'reload: the ball is in flight');
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(() => window.__ready === true);
    await startLevel(page, 0);
    const at = await view(page, 'attempt');
    t.ok(at === 2, `reload during the flight does not give the attempt back: 1-1 resumes on attempt ${at} (2)`);
    // In the run-up: read, not yet struck.
    t.ok((await keyKick(page, 0.9, 0.2, 0.6)) === 0 && (await view(page, 'struck')) === 0, 'reload: a second kick is read (the run-up, nothing struck yet)');
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(() => window.__ready === true);
    await startLevel(page, 0);
    const at2 = await view(page, 'attempt');
    t.ok(at2 === 3, `reload during the run-up does not give it back either: attempt ${at2} (3)`);
    // The Daily Kick's try, the same.
    await page.click('#btn-menu');
    await page.click('#btn-daily');
    await page.evaluate(() => window.__kick.run(15));
    const try1 = await view(page, 'attempt');
    t.ok((await keyKick(page, 0.9, 0.2, 0.6)) === 0, 'reload: a Daily Kick is read');
    await page.evaluate(() => window.__kick.run(45));
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(() => window.__ready === true);
    await page.click('#btn-daily');
    await page.evaluate(() => window.__kick.run(15));
    const dailyAfter = [await view(page, 'attempt'), await view(page, 'daily_tries')];
    t.ok(try1 === 1 && dailyAfter[0] === 2 && dailyAfter[1] === 1, `reload during a Daily Kick's flight spends the try: try ${dailyAfter[0]} of 3 next (${dailyAfter[1]} used)`);
    t.ok(errors.length === 0, 'reload: no console errors', errors.join(' | '));
    await page.close();
  } finally {
    await browser.close();
  }
}

async function resultAt(t, server, size) {
  const browser = await launch({ width: size.width, height: size.height }, size.touch ? { hasTouch: true, isMobile: true } : {});
  try {
    await browser.context.addInitScript((s) => localStorage.setItem('kickstep.kick.settings', s), SETTINGS);
    const { page, errors } = await openPage(browser, `${server.url}kick/?manual`);
    await startLevel(page, 0);
    const kicks = [
      { name: 'wide', aim: 1, height: 0.25, hold: 0.8 },
      { name: 'over', aim: 0, height: 1, hold: 1.6 },
      { name: 'over-again', aim: 0.1, height: 1, hold: 1.6 },
    ];
    for (const [i, k] of kicks.entries()) {
      if (i > 0) {
        await page.click('#btn-next');
        await page.evaluate(() => window.__kick.run(30));
      }
      t.ok((await keyKick(page, k.aim, k.height, k.hold)) === 0, `${size.tag}: the ${k.name} kick is read`);
      await toResult(page);
      const r = await resultSeen(page);
      const file = (await shot(page, build, `result-${k.name}-${size.tag}`)).file;
      const label = `${size.tag} ${k.name} (${r.outcome}, crossed at x ${r.crossX.toFixed(2)} y ${r.crossY.toFixed(2)})`;
      t.ok(r.outcome === 'wide' || r.outcome === 'over', `${label}: a miss (${r.title})`);
      if (r.outcome === 'wide') {
        // +x is the shooter's left: the screen's right is -x.
        const side = r.crossX < 0 ? 'right' : 'left';
        t.ok(new RegExp(`wide of the ${side} post$`, 'i').test(r.words), `${label}: the result says "${r.words}" (the ${side} post)`);
      } else if (r.outcome === 'over') {
        t.ok(/over the bar/i.test(r.words), `${label}: the result says "${r.words}"`);
      }
      t.ok(r.label.toLowerCase() === r.words.toLowerCase(), `${label}: the mark carries the same words ("${r.label}")`);
      t.ok(r.crossed === 1 && r.markShown && r.mark && r.projected && Math.hypot(r.mark.x - r.projected.x, r.mark.y - r.projected.y) < 2,
        `${label}: the crossing is marked in the picture at its projection (${r.mark && r.mark.x.toFixed(0)}, ${r.mark && r.mark.y.toFixed(0)})`, JSON.stringify(r));
      const covered = r.mark && r.mark.x > r.panel.left - 10 && r.mark.x < r.panel.right + 10 && r.mark.y > r.panel.top - 10 && r.mark.y < r.panel.bottom + 10;
      t.ok(r.mark && !covered, `${label}: the result panel does not cover the mark (panel ${JSON.stringify(r.panel)}) — ${file}`);
      if (k.name === 'over-again') t.ok(/twice over the bar/i.test(r.tip), `${size.tag}: two kicks over the bar in a row bring a tip ("${r.tip}")`);
      if (k.name === 'over') t.ok(r.tip === '', `${size.tag}: one kick over the bar brings no tip yet ("${r.tip}")`);
    }
    t.ok(errors.length === 0, `${size.tag}: no console errors`, errors.join(' | '));
    await page.close();
  } finally {
    await browser.close();
  }
}

async function badShare(t, server) {
  const browser = await launch({ width: 390, height: 844 });
  try {
    const { page, errors } = await openPage(browser, `${server.url}kick/?manual&share=ks1AAAAAAAAAAAAAAAAAAAAAA`);
    const shown = await page.evaluate(() => ({ toast: document.getElementById('toast').textContent, status: window.__kick.shareStatus, message: window.__kick.shareMessage }));
    t.ok(shown.status !== 'ok' && /cannot be read/.test(shown.toast) && !/character|bits|trailing|checksum|version/i.test(shown.toast),
      `a bad share link says it cannot be read, in a player's words ("${shown.toast}"; the decoder said "${shown.message}")`);
    t.ok(errors.length === 0, 'bad share link: no console errors', errors.join(' | '));
    await page.close();
  } finally {
    await browser.close();
  }
}

await run('web_kick_result', async (t) => {
  const server = await serve(site);
  try {
    await reloadRule(t, server);
    await resultAt(t, server, { width: 1280, height: 800, tag: 'laptop' });
    await resultAt(t, server, { width: 390, height: 844, tag: 'phone', touch: true });
    await badShare(t, server);
  } finally {
    server.stop();
  }
});
