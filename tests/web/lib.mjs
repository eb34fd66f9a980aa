// SPDX-License-Identifier: MIT
// Shared helpers of the browser tests: the static server, Debian's Chromium
// through playwright-core, console-error capture, screenshots and a blank check.
//
// Nothing here downloads a browser. If chromium is missing, launch() throws a
// message that says how to install it, and the test fails (never skips).
import { spawn, execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const requireWeb = createRequire(join(ROOT, 'web', 'package.json'));

export function args() {
  const a = process.argv.slice(2);
  const out = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i].startsWith('--')) out[a[i].slice(2)] = a[i + 1], i++;
  }
  if (!out.build) throw new Error('usage: node <test>.mjs --build BUILD_DIR');
  out.build = resolve(out.build);
  return out;
}

/** Counts checks; report() prints "N passed, N failed" and sets the exit code. */
export function checker(name) {
  let passed = 0;
  let failed = 0;
  return {
    ok(cond, what, detail = '') {
      if (cond) {
        passed++;
        console.log(`ok - ${what}`);
      } else {
        failed++;
        console.log(`FAIL - ${what}${detail ? `: ${detail}` : ''}`);
      }
      return cond;
    },
    report() {
      console.log(`${name}: ${passed} passed, ${failed} failed`);
      process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
    },
  };
}

/** Starts tools/serve.mjs on a free loopback port (extra: more of its options); resolves to {url, stop}. */
export function serve(siteDir, mounts = [], extra = []) {
  const argv = [join(ROOT, 'tools', 'serve.mjs'), siteDir, '--port', '0', ...extra];
  for (const m of mounts) argv.push('--mount', m);
  const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((res, rej) => {
    let out = '';
    const timer = setTimeout(() => rej(new Error(`server did not start: ${out}`)), 10000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) {
        clearTimeout(timer);
        res({ url: m[1], stop: () => child.kill('SIGTERM') });
      }
    });
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => rej(new Error(`server exited with ${code}: ${out}`)));
  });
}

export function chromiumPath() {
  try {
    return execFileSync('bash', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('chromium is not installed: run `bash tools/deps.sh` (Debian package chromium). Browser tests never download a browser.');
  }
}

/** Launches Debian's Chromium headless in a throwaway profile; returns {context, close}. */
export async function launch(viewport = { width: 1280, height: 800 }, extra = {}) {
  let pw;
  try {
    pw = requireWeb('playwright-core');
  } catch {
    throw new Error('playwright-core is missing in web/node_modules: run `bash tools/deps.sh --web`');
  }
  const profile = mkdtempSync(join(tmpdir(), 'ks-chromium-'));
  const context = await pw.chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    viewport,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--use-gl=swiftshader', '--enable-unsafe-swiftshader', '--autoplay-policy=no-user-gesture-required'],
    ...extra,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Records console errors and page errors of a page. */
export function watchErrors(page) {
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('requestfailed', (req) => errors.push(`request failed: ${req.url()} ${req.failure()?.errorText}`));
  return errors;
}

/**
 * Saves a screenshot under BUILD/web-shots/ and measures it in the page itself:
 * returns {file, stddev, distinct} of the luminance over a grid of pixels. A blank
 * (single-colour) image has stddev 0 and one distinct value.
 */
export async function shot(page, build, name) {
  const dir = join(build, 'web-shots');
  mkdirSync(dir, { recursive: true });
  const png = await page.screenshot();
  const file = join(dir, `${name}.png`);
  writeFileSync(file, png);
  const stats = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    let n = 0, sum = 0, sum2 = 0;
    const seen = new Set();
    for (let y = 0; y < c.height; y += 4) {
      for (let x = 0; x < c.width; x += 4) {
        const i = (y * c.width + x) * 4;
        const l = 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
        sum += l; sum2 += l * l; n++;
        seen.add((d[i] >> 3) << 10 | (d[i + 1] >> 3) << 5 | (d[i + 2] >> 3));
      }
    }
    const mean = sum / n;
    return { stddev: Math.sqrt(Math.max(0, sum2 / n - mean * mean)), distinct: seen.size };
  }, png.toString('base64'));
  return { file, ...stats };
}

/** Wraps a test body: prints the error and fails the process on any throw. */
export async function run(name, body) {
  const t = checker(name);
  try {
    await body(t);
  } catch (e) {
    t.ok(false, 'test ran to the end', e.stack || String(e));
  }
  t.report();
}

/**
 * Sends a stroke's samples [{x, y, t}] (CSS pixels of the page, t in seconds)
 * as real input through the DevTools protocol, each event with its own
 * timestamp: touch (touchStart, touchMove..., touchEnd: pointerType touch) or
 * mouse (mousePressed, mouseMoved..., mouseReleased). The first sample is
 * sent at `base` seconds since the epoch, the others at their offsets from it;
 * the lift-off comes at the last sample's time and place.
 */
export async function cdpStroke(cdp, touch, samples, base = Date.now() / 1000 + 0.5) {
  const at = (p) => base + (p.t - samples[0].t);
  const first = samples[0], last = samples[samples.length - 1];
  if (touch) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: first.x, y: first.y }], timestamp: at(first) });
    for (const p of samples.slice(1)) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: p.x, y: p.y }], timestamp: at(p) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [], timestamp: at(last) });
  } else {
    await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x: first.x, y: first.y, button: 'left', buttons: 1, clickCount: 1, timestamp: at(first) });
    for (const p of samples.slice(1)) await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: p.x, y: p.y, button: 'left', buttons: 1, timestamp: at(p) });
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x: last.x, y: last.y, button: 'left', buttons: 0, clickCount: 1, timestamp: at(last) });
  }
}

/** A double's bits as kick-cli prints them ("0x" and 16 hex digits). */
export function hexBits(x) {
  const buf = new Float64Array([x]);
  return `0x${new BigUint64Array(buf.buffer)[0].toString(16).padStart(16, '0')}`;
}

/** tools/relay.mjs on a free loopback port (extra: its options, fault injection and the like);
 * resolves to { url, stop } once it listens. Stopped by its own process. */
export function startRelay(extra = []) {
  const child = spawn(process.execPath, [join(ROOT, 'tools', 'relay.mjs'), '--port', '0', ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((res, rej) => {
    let out = '';
    const timer = setTimeout(() => rej(new Error(`relay did not start: ${out}`)), 10000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (ws:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) {
        clearTimeout(timer);
        res({ url: m[1], stop: () => child.kill('SIGTERM') });
      }
    });
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => rej(new Error(`relay exited with ${code}: ${out}`)));
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The duel's phases as its view names them (kick_duel_phase). */
export const DUEL_PHASE = { READY: 0, AIM: 1, FLIGHT: 2, AFTER: 3, REPLAY: 4, OVER: 5 };

/** A small seeded generator (mulberry32) for scripted players' choices: numbers in [0, 1). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Opens a party of three in Chromium: three pages of `browser` (each watched
    for errors); page A opens the party page of the site at `serverUrl` (one
    round, in ?manual, through the relay at `relayUrl`) and creates a party room
    of 3 with a click; pages B and C open its link, and the call resolves once
    all three have started. `hooks.created(link, pages)` runs when A shows the
    room's link, `hooks.second(pages)` when B has its seat and before C joins.
    Resolves to { pages, errs, link }, errs holding each page's console and
    page errors. */
export async function openParty(browser, serverUrl, relayUrl, hooks = {}) {
  const pages = [];
  const errs = [];
  for (let i = 0; i < 3; i++) {
    const p = await browser.context.newPage();
    errs.push(watchErrors(p));
    pages.push(p);
  }
  const [a, b, c] = pages;
  await a.goto(`${serverUrl}party/?manual&rounds=1&relay=${encodeURIComponent(relayUrl)}`);
  await a.waitForFunction(() => window.__party && window.__party.ready, null, { timeout: 30000 });
  await a.click('#btn-party3');
  await a.waitForFunction(() => window.__party.link, null, { timeout: 10000 });
  const link = await a.evaluate(() => window.__party.link);
  if (hooks.created) await hooks.created(link, pages);
  await b.goto(`${link}&manual`);
  await b.waitForFunction(() => window.__party && window.__party.seat === 1, null, { timeout: 30000 });
  if (hooks.second) await hooks.second(pages);
  await c.goto(`${link}&manual`);
  for (const p of pages) await p.waitForFunction(() => window.__party && window.__party.started, null, { timeout: 30000 });
  return { pages, errs, link };
}

/** Saves a party's shoot-out record (bytes) as <build>/web-shots/<name> and,
    when the test was given kick-cli (opts.cli), checks that `kick-cli replay
    verify` re-simulates it natively to the end the pages showed (view `end`:
    its final hash and the three scores). */
export function verifyPartyRecord(t, opts, name, record, end) {
  mkdirSync(join(opts.build, 'web-shots'), { recursive: true });
  const file = join(opts.build, 'web-shots', name);
  writeFileSync(file, Buffer.from(record));
  if (!opts.cli) return;
  let verdict = null;
  try {
    verdict = JSON.parse(execFileSync(opts.cli, ['replay', 'verify', file, '--json'], { encoding: 'utf8' }));
  } catch (e) {
    t.ok(false, 'kick-cli replay verify runs on the saved party', String(e.stdout || e.message));
  }
  if (verdict) {
    t.ok(verdict.identical === true && verdict.players === 3 && verdict.final_hash === end.final_hash &&
      verdict.score.join('-') === `${end.score0}-${end.score1}-${end.score2}`,
    `kick-cli replay verify: the saved party is identical natively (${verdict.verdict}, ${verdict.score.join('-')})`);
  }
}

/** A party page's plan for one kick (seen in view v): when and how its player
    strikes, and whether and where it dives. Past the first round (a tie at the
    top plays whole extra rounds) players 2 and 3 shoot far wide and player 1
    low inside a post with no keeper diving, so a party ends after one or two
    extra rounds instead of when the dice happen to break the tie. */
export function partyPlan(v, rand, latest = 160) {
  const plan = { at: 20 + Math.floor(rand() * latest), dir: rand() * 0.6 - 0.3, speed: 18 + rand() * 10,
    tapWhen: rand() < 0.7 ? 1 : 2, tapAt: Math.floor(rand() * 60), x: rand() * 6 - 3 };
  if (v.kick >= 3) {
    if (v.shooter === 0) Object.assign(plan, { dir: v.kick % 2 ? 0.2 : -0.2, speed: 24 });
    else Object.assign(plan, { dir: v.kick % 2 ? 0.7 : -0.7 });
    plan.tapWhen = 2;
  }
  return plan;
}

/** Carries out a party page's plan for the kick its view v shows: strikes once
    when it may and the plan's moment has come, dives once in the flight. */
export async function partyAct(page, v, plan) {
  if (v.may_strike && v.phase_age >= plan.at && !plan.struck)
    plan.struck = (await page.evaluate(([s, d]) => window.__party.strike(s, 0.1, d), [plan.speed, plan.dir])) === 0;
  if (v.may_tap && plan.tapWhen === 1 && v.duel_phase === DUEL_PHASE.FLIGHT && v.phase_age >= plan.tapAt && !plan.tapped)
    plan.tapped = (await page.evaluate((x) => window.__party.tap(x, 1.0), plan.x)) === 0;
}
