// SPDX-License-Identifier: MIT
// The installable app in Chromium: the page links a manifest with 192 and 512
// px icons and a start URL; the Workbox service worker installs and precaches
// the site (pages, scripts, wasm); with the network cut, the free-kick page
// loads from it and a World Tour kick and a Daily Kick try play to their
// results, and the World Tour kick's replay from its share link plays; the
// board's API is never answered from a cache. Then a new version of the site
// is deployed (its kick page changed, the worker generated again by
// tools/pwa/sw.mjs): it installs in the background and waits, a kick played
// meanwhile plays on the old version with no reload, and the next start of
// the app (every page closed, one opened) gets the new version.
import { join } from 'node:path';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { args, run, serve, launch, watchErrors, ROOT } from './lib.mjs';

const { build } = args();
const site = join(build, 'site');
const SCREEN_RESULT = 2;

await run('pwa', async (t) => {
  // A copy of the site, so that a new version can be deployed over it.
  const tmp = mkdtempSync(join(tmpdir(), 'ks-pwa-'));
  const copy = join(tmp, 'site');
  cpSync(site, copy, { recursive: true });
  const server = await serve(copy);
  const browser = await launch({ width: 390, height: 844 });
  try {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}kick/?manual`, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__ready === true, null, { timeout: 60000 });
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector('link[rel="manifest"]');
      const m = await (await fetch(link.href)).json();
      const icons = await Promise.all(m.icons.filter((i) => i.type === 'image/png').map(async (i) => {
        const r = await fetch(new URL(i.src, link.href));
        const b = await createImageBitmap(await r.blob());
        return `${b.width}x${b.height}`;
      }));
      return { start: m.start_url, display: m.display, icons };
    });
    t.ok(manifest.icons.includes('192x192') && manifest.icons.includes('512x512') && manifest.start === './kick/',
      'the manifest has a start URL and 192 and 512 px icons that decode', JSON.stringify(manifest));
    const sw = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      const keys = await caches.keys();
      let wasm = false;
      for (const k of keys) {
        const c = await caches.open(k);
        for (const r of await c.keys()) if (/\/wasm\/kick\.wasm/.test(r.url)) wasm = true;
      }
      return { scope: reg.scope, state: reg.active && reg.active.state, caches: keys.length, wasm };
    });
    t.ok(sw.state === 'activated' && sw.scope === server.url && sw.wasm,
      'the service worker installs for the whole site and precaches kick.wasm', JSON.stringify(sw));

    // Chromium's own verdict: nothing stops the app from being installed.
    const cdp = await page.context().newCDPSession(page);
    const inst = await cdp.send('Page.getInstallabilityErrors');
    t.ok(Array.isArray(inst.installabilityErrors) && inst.installabilityErrors.length === 0,
      'Chromium finds the app installable', JSON.stringify(inst.installabilityErrors));
    await cdp.detach();
    // The browser's offer reaches the menu: "Install the app" is shown.
    const offered = await page.waitForFunction(() => {
      const b = document.getElementById('btn-install');
      return b && !b.classList.contains('hidden') && b.getBoundingClientRect().height > 0;
    }, null, { timeout: 15000 }).then(() => true, () => false);
    t.ok(offered, "the browser's install offer shows the menu's \"Install the app\" button");

    // The network cut: the page comes from the worker.
    await browser.context.setOffline(true);
    errors.length = 0;
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(() => window.__ready === true, null, { timeout: 60000 });
    const controlled = await page.evaluate(() => !!navigator.serviceWorker.controller);
    t.ok(controlled, 'offline, the page loads under the service worker');

    // A World Tour kick, then a Daily Kick try, with keys, to their results.
    const kick = async (button) => {
      await page.evaluate(() => {
        if (document.getElementById('menu').classList.contains('hidden')) document.getElementById('btn-menu').click();
      });
      await page.click(button);
      if (button === '#btn-tour') await page.click('.level-btn[data-level="0"]');
      return page.evaluate((RESULT) => {
        const k = window.__kick;
        k.run(30);
        const g = k.game;
        g.keysSet(0.1, 0.4, 0);
        const t0 = performance.now() / 1000;
        g.keysCharge(t0);
        const st = g.keysRelease(t0 + 0.6);
        k.run(3000, 1 / 60, (v) => v('screen') === RESULT);
        return { st, screen: k.view('screen'), outcome: k.view('outcome'), points: k.view('last_points'), share: g.shareCode() };
      }, SCREEN_RESULT);
    };
    const tour = await kick('#btn-tour');
    t.ok(tour.st === 0 && tour.screen === SCREEN_RESULT, 'offline, a World Tour kick plays to its result', JSON.stringify(tour));
    const daily = await kick('#btn-daily');
    t.ok(daily.st === 0 && daily.screen === SCREEN_RESULT, 'offline, a Daily Kick try plays to its result', JSON.stringify(daily));
    const bad = errors.filter((e) => !/api\/board|board\.json|relay\.json|ERR_INTERNET_DISCONNECTED/.test(e));
    t.ok(bad.length === 0, 'no page errors offline', bad.join('\n'));
    const api = await page.evaluate(() => fetch('/api/board/today').then(() => 'answered', () => 'failed'));
    t.ok(api === 'failed', 'offline, the board API is not answered from a cache');

    // The World Tour kick's replay, from its share link, offline.
    await page.goto(`${server.url}kick/?share=${tour.share}&manual`, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__ready === true, null, { timeout: 60000 });
    const replay = await page.evaluate((RESULT) => {
      const k = window.__kick;
      k.run(6000, 1 / 60, (v) => v('screen') === RESULT);
      return { screen: k.view('screen'), outcome: k.view('outcome'), points: k.view('last_points') };
    }, SCREEN_RESULT);
    t.ok(typeof tour.share === 'string' && tour.share.length > 8 && replay.screen === SCREEN_RESULT && replay.outcome === tour.outcome && replay.points === tour.points,
      "offline, the tour kick's replay from its share link plays and ends as the kick did", JSON.stringify([replay, tour]));
    await browser.context.setOffline(false);

    // A new version is deployed: the kick page changes and the worker is generated again.
    const indexFile = join(copy, 'kick', 'index.html');
    writeFileSync(indexFile, readFileSync(indexFile, 'utf8').replace('<head>', '<head><meta name="ks-deployed" content="2">'));
    const gen = spawnSync(process.execPath, [join(ROOT, 'tools', 'pwa', 'sw.mjs'), copy], { encoding: 'utf8' });
    t.ok(gen.status === 0, 'the new version\'s worker is generated', gen.stderr);
    await page.goto(`${server.url}kick/?manual`, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__ready === true, null, { timeout: 60000 });
    await page.evaluate(() => { window.__sameStart = true; });
    const waiting = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      await reg.update();
      for (let i = 0; i < 200 && !reg.waiting; i++) await new Promise((r) => setTimeout(r, 50));
      return { waiting: !!reg.waiting, state: reg.waiting && reg.waiting.state, deployed: !!document.querySelector('meta[name="ks-deployed"]') };
    });
    t.ok(waiting.waiting && waiting.state === 'installed' && !waiting.deployed,
      'the new version installs in the background and waits; the page open is the old one', JSON.stringify(waiting));
    const mid = await kick('#btn-tour');
    const still = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return { same: window.__sameStart === true, waiting: !!reg.waiting, deployed: !!document.querySelector('meta[name="ks-deployed"]') };
    });
    t.ok(mid.st === 0 && mid.screen === SCREEN_RESULT && still.same && still.waiting && !still.deployed,
      'a kick played while it waits plays to its result on the old version, with no reload', JSON.stringify([mid, still]));
    // The next start: every page of the app closed, then one opened.
    await page.close();
    await new Promise((r) => setTimeout(r, 1000));
    const next = await browser.context.newPage();
    await next.goto(`${server.url}kick/?manual`, { waitUntil: 'load' });
    await next.waitForFunction(() => window.__ready === true, null, { timeout: 60000 });
    const after = await next.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return { deployed: !!document.querySelector('meta[name="ks-deployed"]'), waiting: !!reg.waiting, controlled: !!navigator.serviceWorker.controller };
    });
    t.ok(after.deployed && !after.waiting && after.controlled, 'the next start of the app gets the new version', JSON.stringify(after));
  } finally {
    await browser.close();
    server.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
});
