// SPDX-License-Identifier: MIT
// The free-kick page in Chromium, end to end:
//  - a hidden tab pauses the game and nothing is caught up when it returns;
//  - a scripted mouse swipe from the ball to the goal as drawn (CSS pixels) gives a kick; every call the page made
//    into the wasm module is replayed by the native build of the same exports
//    (kick_native), and every field of the page's final view must be equal to
//    the bit; native kick-cli re-simulates each kick from the page's share code
//    and predicts the same outcome on the same step, and plays the page's own
//    swipe samples (kick-cli shoot --swipe) to the same outcome, decision step
//    and crossing bits;
//  - the settings turn on a friend in goal; a tap in flight sends the keeper;
//  - a share link plays its kick: slow motion comes, the instant replay plays
//    from the long lens and a tap skips it; the outcome equals the kick's own
//    in Node; a damaged share link is refused with a named error;
//  - screenshots of the aiming view, the slow-motion moment and the replay are
//    saved under BUILD/web-shots and must not be blank.
// The page is driven with ?manual: the test hands it frames with scripted
// timestamps (window.__kick.run), so a loaded machine cannot change the result.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { args, run, serve, launch, watchErrors, shot, hexBits } from './lib.mjs';

const opts = args();
const { build } = opts;
const site = join(build, 'site');
const native = opts.native;
const SCREEN = { AIM: 0, FLIGHT: 1, RESULT: 2, REPLAY: 3 };

/** Formats the log of calls as lines for kick_native (numbers round-trip exactly). */
function logText(log) {
  return log.map((c) => c.map((a) => String(a)).join(' ')).join('\n') + '\n';
}

/** The page's view as "name hex" lines, like kick_native prints. */
async function pageView(page) {
  return page.evaluate(() => {
    const g = window.__kick.game.read();
    const out = [];
    const buf = new Float64Array(1);
    const u = new BigUint64Array(buf.buffer);
    for (const [name, i] of Object.entries(g.index).sort((a, b) => a[1] - b[1])) {
      buf[0] = g.v(name);
      out.push(`${name} ${u[0].toString(16).padStart(16, '0')}`);
    }
    out.push(`share ${g.shareCode() || '-'}`);
    return out.join('\n') + '\n';
  });
}

function compareWithNative(t, label, log, viewText) {
  const dir = join(build, 'web-shots');
  mkdirSync(dir, { recursive: true });
  const logFile = join(dir, `${label}.calls.txt`);
  writeFileSync(logFile, logText(log));
  writeFileSync(join(dir, `${label}.view.txt`), viewText);
  const nat = execFileSync(native, [logFile], { encoding: 'utf8' });
  writeFileSync(join(dir, `${label}.native.txt`), nat);
  const a = viewText.trim().split('\n');
  const b = nat.trim().split('\n');
  let first = null;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) {
      first = `page "${a[i]}" vs native "${b[i]}"`;
      break;
    }
  }
  t.ok(first === null, `${label}: every view field equals the native build's, bit for bit (${a.length} fields, ${log.length} calls)`, first || '');
}

/** kick-cli (native) re-simulates a kick from the page's share code and must
    agree with the page: identical to what the code records, same outcome and step. */
function checkWithCli(t, label, code, [outcome, decision]) {
  if (!t.ok(code.length > 0, `${label}: the page gives a share code`)) return;
  let out;
  try {
    out = JSON.parse(execFileSync(opts.cli, ['replay', 'open', code, '--json'], { encoding: 'utf8' }));
  } catch (e) {
    t.ok(false, `${label}: kick-cli replay open runs`, String(e.stdout || e.message));
    return;
  }
  t.ok(out.identical === true && out.outcome === outcome && out.decision_step === decision,
    `${label}: native kick-cli predicts the page's outcome (${out.outcome}, step ${out.decision_step}, ${out.verdict})`,
    JSON.stringify({ cli: out, page: { outcome, decision } }));
}

/** The page's swipe samples (CSS pixels of its screen), fed to native
    `kick-cli shoot --screen WxH --swipe` on the same level, match seed, kick
    number and wait on the spot (read from the page's share code), must give the
    page's outcome, decision step and crossing bits, and its aim's bits. */
function checkSwipeWithCli(t, label, level, log, code, [outcome, decision], screen) {
  let begin = -1;
  for (let i = 0; i < log.length; i++) if (log[i][0] === 'kx_swipe_begin') begin = i;
  const pts = log.slice(begin + 1).filter((c) => c[0] === 'kx_swipe_point');
  if (!t.ok(begin >= 0 && pts.length >= 2, `${label}: the page's swipe samples are in its call log (${pts.length})`)) return;
  // kx_swipe_point(t, x, y) -> kick-cli's "x,y,t"; JS prints each double exactly (shortest round trip).
  const swipe = pts.map((c) => `${c[2]},${c[3]},${c[1]}`).join(' ');
  let rep, cli;
  try {
    rep = JSON.parse(execFileSync(opts.cli, ['replay', 'open', code, '--json'], { encoding: 'utf8' }));
    const args = ['shoot', '--level', level, '--match-seed', String(rep.match_seed), '--kick', String(rep.kick_number),
      '--wait', String(rep.wait_steps / 600), '--screen', `${screen.w}x${screen.h}`, '--swipe', swipe, '--json'];
    cli = JSON.parse(execFileSync(opts.cli, args, { encoding: 'utf8' }));
  } catch (e) {
    t.ok(false, `${label}: kick-cli shoot --swipe runs`, String(e.stderr || e.stdout || e.message));
    return;
  }
  const r = cli.result;
  const sw = cli.kick && cli.kick.swipe;
  t.ok(sw && sw.aim_x_bits === hexBits(screen.aim[0]) && sw.aim_y_bits === hexBits(screen.aim[1]),
    `${label}: kick-cli shoot --screen ${screen.w}x${screen.h} reads the page's samples to the page's aim, bit for bit (${screen.aim.map((x) => x.toFixed(3)).join(', ')} m)`,
    JSON.stringify({ cli: sw, page: screen }));
  const sameCrossing = rep.crossing && r.crossing ? rep.crossing.x_hex === r.crossing.x_hex && rep.crossing.y_hex === r.crossing.y_hex
    : !rep.crossing && !r.crossing;
  t.ok(rep.history === 0 && r.outcome === outcome && r.decision_step === decision && sameCrossing,
    `${label}: native kick-cli shoot --swipe with the page's ${pts.length} samples predicts the page's kick (${r.outcome}, step ${r.decision_step})`,
    JSON.stringify({ cli: r, page: { outcome, decision }, code: rep }));
}

/** Finds, in Node with the same module at 1280x800, a hand-like flick (native
    `kick-cli flick`, pixels of that screen) at a top corner of the goal as drawn
    that scores on level 1-1 with slow motion and a replay, and returns its share code. */
async function findShowcaseKick() {
  const { instance } = await WebAssembly.instantiate(readFileSync(join(site, 'wasm', 'kick.wasm')), {});
  const e = instance.exports;
  const str = (p) => {
    const u = new Uint8Array(e.memory.buffer);
    let s = '';
    while (u[p]) s += String.fromCharCode(u[p++]);
    return s;
  };
  const n = e.kx_view_count();
  const idx = {};
  for (let i = 0; i < n; i++) idx[str(e.kx_view_name(i))] = i;
  if (e.kx_screen(1280, 800) !== 0) return null;
  for (const [x, y] of [[2.9, 2.0], [-2.9, 2.0], [2.6, 1.8], [-2.6, 1.8], [3.1, 2.2], [-3.1, 2.2]]) {
    for (const dur of [0.12, 0.16, 0.2]) {
      for (const seed of [1, 2, 3]) {
        const flick = JSON.parse(execFileSync(opts.cli, ['flick', '--level', '1-1', '--screen', '1280x800', '--at', `${x},${y},0.11`,
          '--duration', String(dur), '--rate', '60', '--seed', String(seed), '--json'], { encoding: 'utf8' }));
        e.kx_init(0, 20261029, 0);
        let T = 1000;
        for (let i = 0; i < 20; i++) e.kx_frame((T += 1 / 60));
        e.kx_swipe_begin();
        for (const [px, py, t] of flick.samples) e.kx_swipe_point(t, px, py);
        if (e.kx_swipe_end() !== 0) continue;
        let slow = 0, replay = 0;
        for (let f = 0; f < 1500; f++) {
          e.kx_frame((T += 1 / 60));
          const v = new Float64Array(e.memory.buffer, e.kx_view(), n);
          slow |= v[idx.slow_motion];
          replay |= v[idx.replay];
          if (v[idx.screen] === SCREEN.RESULT) break;
        }
        const v = new Float64Array(e.memory.buffer, e.kx_view(), n);
        if (slow && replay && v[idx.last_outcome] === 1) {
          const len = e.kx_share_encode();
          return {
            code: new TextDecoder().decode(new Uint8Array(e.memory.buffer, e.kx_text(), len)),
            outcome: v[idx.last_outcome],
            moments: v[idx.last_moments],
            decision: v[idx.decision_step],
            crossX: v[idx.cross_x],
            crossY: v[idx.cross_y],
          };
        }
      }
    }
  }
  return null;
}

async function openPage(browser, url) {
  const page = await browser.context.newPage();
  const errors = watchErrors(page);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__ready === true, null, { timeout: 60000 });
  return { page, errors };
}

await run('web_kick', async (t) => {
  if (!native || !opts.cli) throw new Error('usage: node kick.test.mjs --build BUILD --native PATH/kick_native --cli PATH/kick-cli');
  const server = await serve(site);
  const browser = await launch({ width: 390, height: 844 }, { hasTouch: false });
  try {
    await browser.context.addInitScript(() => {
      localStorage.setItem('kickstep.kick.settings', JSON.stringify({ effects: true, keeper: false, sound: false }));
    });

    // ---- a swipe on level 1-1, compared with the native build
    {
      const { page, errors } = await openPage(browser, `${server.url}kick/?manual`);
      t.ok(await page.isVisible('#menu-main'), 'the page opens on its menu');
      await page.click('#btn-tour');
      await page.click('.level-btn[data-level="0"]');
      t.ok(await page.isHidden('#menu'), 'choosing level 1-1 starts it');
      await page.evaluate(() => window.__kick.run(40));
      await page.waitForTimeout(300);
      const aim = await shot(page, build, 'kick-aim');
      t.ok(aim.stddev > 8 && aim.distinct > 40, 'aiming view screenshot is not blank', `stddev ${aim.stddev.toFixed(1)}, ${aim.distinct} colours`);
      t.ok((await page.textContent('#hud-level')).includes('1-1'), 'the HUD names the level');

      // The tab hidden: the game pauses; shown again, the first frame counts as
      // 1/60 s whatever its length (10 steps), so nothing is caught up.
      const setHidden = (hidden) => page.evaluate((h) => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
      await setHidden(true);
      const s0 = await page.evaluate(() => window.__kick.view('steps'));
      await page.evaluate(() => window.__kick.run(30));
      const s1 = await page.evaluate(() => window.__kick.view('steps'));
      t.ok((await page.evaluate(() => window.__kick.view('paused'))) === 1 && s1 === s0, 'a hidden tab pauses the game (no steps run)', `steps ${s0} -> ${s1}`);
      await setHidden(false);
      await page.evaluate(() => window.__kick.run(1, 5.0));
      const s2 = await page.evaluate(() => window.__kick.view('steps'));
      t.ok(s2 - s1 === 10, 'the first frame after the tab returns counts as 1/60 s (10 steps), not the 5 s it took', `${s2 - s1} steps`);

      // A swipe from the ball to the goal's middle as drawn (pixels of the page), bowed a little, in 14 mouse moves.
      const box = await page.locator('#trail').boundingBox();
      const aimAt = () => page.evaluate(() => ['aim_ball_px', 'aim_ball_py', 'aim_goal_px', 'aim_goal_py'].map((k) => window.__kick.view(k)));
      let [bx, by, gx, gy] = await aimAt();
      let x0 = box.x + bx, y0 = box.y + by, dx = gx - bx, dy = gy - by;
      await page.mouse.move(x0, y0);
      await page.mouse.down();
      for (let i = 1; i <= 14; i++) {
        const f = i / 14;
        await page.mouse.move(x0 + dx * f + 25 * Math.sin(Math.PI * f), y0 + dy * f);
      }
      await page.mouse.up();
      const status = await page.evaluate(() => window.__kick.lastStatus);
      const err = await page.evaluate(() => window.__kick.game.swipeError());
      t.ok(status === 0, 'the swipe is read as a kick', `status ${status}, ${err}`);
      t.ok((await page.evaluate(() => window.__kick.view('screen'))) === SCREEN.FLIGHT, 'the ball is in flight after the swipe');
      const samples = await page.evaluate(() => window.__kick.log.filter((c) => c[0] === 'kx_swipe_point').length);
      t.ok(samples >= 10, `the page passed the swipe's samples with their own timestamps (${samples})`);
      await page.evaluate(() => window.__kick.run(3000, 1 / 60, (v) => v('screen') === 2));
      t.ok((await page.evaluate(() => window.__kick.view('screen'))) === SCREEN.RESULT, 'the kick ends on the result screen');
      await page.waitForTimeout(300);
      t.ok(await page.isVisible('#result'), 'the result panel shows');
      const title = await page.textContent('#result-title');
      t.ok(title.length > 0, `the result is named (${title})`);
      await shot(page, build, 'kick-result');
      const swipeCode = await page.evaluate(() => window.__kick.game.shareCode());
      const swipeResult = await page.evaluate(() => [window.__kick.game.outcomeName(window.__kick.view('last_outcome')), window.__kick.view('decision_step')]);
      checkWithCli(t, 'the swipe kick', swipeCode, swipeResult);
      const screen = await page.evaluate(() => ({ w: window.__kick.view('screen_w'), h: window.__kick.view('screen_h'), aim: [window.__kick.view('aim_x'), window.__kick.view('aim_y')] }));
      t.ok(screen.w === box.width && screen.h === box.height, `the page told the module its drawing's size (${screen.w}x${screen.h})`);
      checkSwipeWithCli(t, 'the swipe kick', '1-1', await page.evaluate(() => window.__kick.log), swipeCode, swipeResult, screen);

      // Settings: a friend keeps goal from the next kick; a tap in flight sends the keeper diving.
      await page.click('#btn-result-menu');
      await page.click('#btn-settings');
      await page.check('#opt-keeper');
      await page.click('#menu-settings [data-back]');
      await page.click('#btn-resume');
      await page.click('#btn-next');
      t.ok((await page.evaluate(() => window.__kick.view('person_keeper'))) === 1, 'with the setting on, the next kick has a person in goal');
      const nx = await page.evaluate(() => [window.__kick.view('level'), window.__kick.view('attempt'), window.__kick.view('stars')]);
      t.ok((nx[0] === 0 && nx[1] === 2) || (nx[0] === 1 && nx[1] === 1), 'the next kick is attempt 2 of 1-1, or 2-1 after a pass', JSON.stringify(nx));
      [bx, by, gx, gy] = await aimAt();
      x0 = box.x + bx; y0 = box.y + by; dx = gx - bx; dy = gy - by;
      await page.mouse.move(x0, y0);
      await page.mouse.down();
      for (let i = 1; i <= 10; i++) await page.mouse.move(x0 + (dx - 0.25 * Math.abs(dy)) * (i / 10), y0 + dy * 0.8 * (i / 10));
      await page.mouse.up();
      t.ok((await page.evaluate(() => window.__kick.view('screen'))) === SCREEN.FLIGHT, 'the second swipe kicks');
      // The shooter runs up (0.45 s), then the ball is struck and the friend may dive.
      await page.evaluate(() => window.__kick.run(60, 1 / 60, (v) => v('struck') === 1));
      await page.evaluate(() => window.__kick.run(4));
      await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.45);
      t.ok((await page.evaluate(() => window.__kick.view('taps'))) === 1, 'a tap during the flight is recorded as the keeper\'s dive');
      await page.evaluate(() => window.__kick.run(3000, 1 / 60, (v) => v('screen') === 2));
      t.ok((await page.evaluate(() => window.__kick.view('slow_motion'))) === 0, 'no slow motion with a person in goal');
      const log = await page.evaluate(() => window.__kick.log);
      compareWithNative(t, 'kick-swipe', log, await pageView(page));
      checkWithCli(t, 'the kick with a friend in goal', await page.evaluate(() => window.__kick.game.shareCode()),
        await page.evaluate(() => [window.__kick.game.outcomeName(window.__kick.view('last_outcome')), window.__kick.view('decision_step')]));
      t.ok(errors.length === 0, 'no console errors while playing', errors.join(' | '));
      await page.close();
    }

    // ---- a share link: slow motion, the replay, a tap to skip it
    const showcase = await findShowcaseKick();
    t.ok(showcase !== null, 'Node finds a top-corner kick on 1-1 that earns slow motion and a replay');
    if (showcase) {
      const { page, errors } = await openPage(browser, `${server.url}kick/?manual&share=${showcase.code}`);
      t.ok((await page.evaluate(() => window.__kick.shareStatus)) === 'ok', 'the share link loads');
      t.ok(await page.isHidden('#menu'), 'a share link goes straight to the kick');
      const slowAt = await page.evaluate(() => window.__kick.run(1200, 1 / 60, (v) => v('slow_motion') === 1));
      t.ok((await page.evaluate(() => window.__kick.view('time_scale'))) === 0.3, `slow motion comes at 0.3× (frame ${slowAt})`);
      await page.evaluate(() => window.__kick.run(6));
      await page.waitForTimeout(200);
      const slow = await shot(page, build, 'kick-slowmo');
      t.ok(slow.stddev > 8 && slow.distinct > 40, 'slow-motion screenshot is not blank', `stddev ${slow.stddev.toFixed(1)}`);
      t.ok(await page.evaluate(() => document.body.classList.contains('slowmo')), 'the page marks slow motion (letterbox)');
      await page.evaluate(() => window.__kick.run(3000, 1 / 60, (v) => v('screen') === 3));
      t.ok((await page.evaluate(() => window.__kick.view('screen'))) === SCREEN.REPLAY, 'the instant replay starts after the goal');
      t.ok((await page.evaluate(() => window.__kick.view('camera_long_lens'))) === 1, 'the replay is seen from the long lens');
      t.ok((await page.evaluate(() => window.__kick.view('time_scale'))) === 0.45, 'the replay plays at 0.45×');
      // Let the replay reach its decision (all four runs then exist), then look and skip.
      await page.evaluate(() => window.__kick.run(600, 1 / 60, (v) => v('outcome') !== 0 || v('screen') !== 3));
      await page.evaluate(() => window.__kick.run(8));
      t.ok((await page.evaluate(() => window.__kick.view('screen'))) === SCREEN.REPLAY, 'the replay is still playing after its decision');
      await page.waitForTimeout(200);
      const rep = await shot(page, build, 'kick-replay');
      t.ok(rep.stddev > 8 && rep.distinct > 40, 'replay screenshot is not blank', `stddev ${rep.stddev.toFixed(1)}`);
      t.ok(await page.isVisible('#replay-badge'), 'the replay badge shows');
      const box = await page.locator('#trail').boundingBox();
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.evaluate(() => window.__kick.run(2));
      const skipped = await page.evaluate(() => window.__kick.events.some((e) => e.name === 'replay_end' && e.subject === 1));
      t.ok(skipped, 'a tap skips the replay (replay_end, skipped)');
      t.ok((await page.evaluate(() => window.__kick.view('screen'))) === SCREEN.RESULT, 'after the skip the result shows');
      const shareStats = await page.textContent('#result-stats');
      t.ok(Number(/^(\d+\.\d) m\/s/.exec(shareStats)?.[1]) > 5, `the shared kick's result says how fast it went ("${shareStats}")`);
      const got = await page.evaluate(() => ({
        outcome: window.__kick.view('last_outcome'), moments: window.__kick.view('last_moments'),
        decision: window.__kick.view('decision_step'), crossX: window.__kick.view('cross_x'), crossY: window.__kick.view('cross_y'),
        agree: window.__kick.view('runs_agree'), runs: window.__kick.view('runs_mask'),
      }));
      t.ok(got.outcome === showcase.outcome && got.moments === showcase.moments && got.decision === showcase.decision &&
        Object.is(got.crossX, showcase.crossX) && Object.is(got.crossY, showcase.crossY),
        'the shared kick ends exactly as the original: outcome, moments, decision step, crossing bits', JSON.stringify({ got, showcase }));
      t.ok(got.agree === 1 && got.runs === 15, 'look-ahead, live, probe and replay were decided on the same step at the same point', JSON.stringify(got));
      compareWithNative(t, 'kick-share', await page.evaluate(() => window.__kick.log), await pageView(page));
      checkWithCli(t, 'the shared kick', showcase.code, ['goal', showcase.decision]);
      t.ok(errors.length === 0, 'no console errors in the share replay', errors.join(' | '));
      await page.close();

      // A damaged code is refused with a named reason, and the page still works.
      const bad = showcase.code.slice(0, 20) + (showcase.code[20] === 'A' ? 'B' : 'A') + showcase.code.slice(21);
      const b = await openPage(browser, `${server.url}kick/?manual&share=${bad}`);
      const st = await b.page.evaluate(() => [window.__kick.shareStatus, window.__kick.shareMessage]);
      t.ok(st[0] !== 'ok' && st[0] !== undefined, `a damaged share link is refused (${st[0]}: ${st[1]})`);
      t.ok(b.errors.length === 0, 'no console errors for a damaged link', b.errors.join(' | '));
      await b.page.close();

      // A code long in UTF-8 bytes but short in UTF-16 units (1,400 'é': 2,800 bytes)
      // is refused like any bad code, and the game starts.
      for (const long of ['\u00e9'.repeat(1400), 'A'.repeat(2730) + '\u00e9', '\u{1f600}'.repeat(700)]) {
        const c = await openPage(browser, `${server.url}kick/?manual&share=${encodeURIComponent(long)}`);
        const ls = await c.page.evaluate(() => [window.__kick.shareStatus, window.__kick.shareMessage, window.__ready]);
        t.ok(ls[0] !== 'ok' && ls[0] !== undefined && /share code is malformed/.test(ls[1] ?? ''),
          `a share code of ${new TextEncoder().encode(long).length} UTF-8 bytes is refused with the bad-code message (${ls[0]}: ${ls[1]})`);
        t.ok(c.errors.length === 0, 'no console errors for a code long in bytes', c.errors.join(' | '));
        await c.page.close();
      }
    }
  } finally {
    await browser.close();
    server.stop();
  }
});
