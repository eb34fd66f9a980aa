// SPDX-License-Identifier: MIT
// The installable app in Chromium: the page links a manifest with 192 and 512
// px icons and a start URL; the Workbox service worker installs and precaches
// the site (pages, scripts, wasm); with the network cut, the free-kick page
// loads from it and a World Tour kick and a Daily Kick try play to their
// results; the board's API is never answered from a cache. A new version
// waits (no skipWaiting): the installed worker is the one that served this start.
import { join } from 'node:path';
import { args, run, serve, launch, watchErrors } from './lib.mjs';

const { build } = args();
const site = join(build, 'site');
const SCREEN_RESULT = 2;

await run('pwa', async (t) => {
  const server = await serve(site);
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
        return { st, screen: k.view('screen'), outcome: k.view('outcome') };
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
    await browser.context.setOffline(false);
  } finally {
    await browser.close();
    server.stop();
  }
});
