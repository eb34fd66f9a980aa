// SPDX-License-Identifier: MIT
// Every page of the built site loads in Chromium with no console error, no
// failed request and a screenshot that is not blank, at a phone size and a
// laptop size. Pages are found in the built site (each folder with an
// index.html), so pages added later are covered without editing this file.
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { args, run, serve, launch, watchErrors, shot } from './lib.mjs';

const { build } = args();
const site = join(build, 'site');

await run('web_pages', async (t) => {
  t.ok(existsSync(join(site, 'index.html')), 'site is built', `${site}/index.html missing`);
  const pages = [''].concat(
    readdirSync(site, { withFileTypes: true })
      .filter((e) => e.isDirectory() && existsSync(join(site, e.name, 'index.html')))
      .map((e) => `${e.name}/`),
  );
  t.ok(['kick/', 'brake/', 'walk/', 'lab/'].every((p) => pages.includes(p)), 'the four systems have pages', pages.join(' '));
  const server = await serve(site);
  const sizes = [{ width: 390, height: 844, tag: 'phone' }, { width: 1280, height: 800, tag: 'laptop' }];
  // One browser; each page is opened at each size.
  const browser = await launch({ width: 390, height: 844 });
  try {
    for (const size of sizes) {
      for (const p of pages) {
        const page = await browser.context.newPage();
        await page.setViewportSize({ width: size.width, height: size.height });
        const errors = watchErrors(page);
        const resp = await page.goto(server.url + p, { waitUntil: 'load' });
        t.ok(resp && resp.ok(), `${p || 'home'} answers 200 (${size.tag})`);
        // A page may say it is ready (window.__ready); otherwise give it a moment to draw.
        await page.waitForFunction(() => window.__ready === true || window.__ready === undefined, null, { timeout: 90000 });
        await page.waitForTimeout(p === '' ? 200 : 700);
        const s = await shot(page, build, `page-${(p || 'home').replace(/\//g, '')}-${size.tag}`);
        t.ok(s.stddev > 4 && s.distinct > 8, `${p || 'home'} screenshot is not blank (${size.tag})`, `stddev ${s.stddev.toFixed(2)}, ${s.distinct} colours`);
        t.ok(errors.length === 0, `${p || 'home'} has no console errors (${size.tag})`, errors.join(' | '));
        await page.close();
      }
    }
    const page = await browser.context.newPage();
    await page.goto(server.url, { waitUntil: 'load' });
    const links = await page.$$eval('a.card', (as) => as.map((a) => a.getAttribute('href')));
    t.ok(['./kick/', './brake/', './walk/', './lab/'].every((h) => links.includes(h)), 'home links the four systems', links.join(' '));
    await page.close();
  } finally {
    await browser.close();
    server.stop();
  }
});
