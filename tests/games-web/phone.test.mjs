// SPDX-License-Identifier: MIT
// The brake, walk and lab pages at a phone's size in Chromium: each loads with
// no console error and draws a picture that is not blank; nothing is wider
// than the screen (the walk report's table scrolls in its own box) and the
// lab's accumulator gauge keeps a usable width.
//   node tests/games-web/phone.test.mjs --build BUILD_DIR
import { join } from 'node:path';
import { args, run, serve, launch, watchErrors, shot } from '../web/lib.mjs';

const opts = args();
await run('games_web_phone', async (t) => {
  const server = await serve(join(opts.build, 'site'));
  const browser = await launch({ width: 390, height: 844 });
  try {
    for (const p of ['brake', 'walk', 'lab']) {
      const page = await browser.context.newPage();
      const errors = watchErrors(page);
      const resp = await page.goto(`${server.url}${p}/`, { waitUntil: 'load' });
      t.ok(resp && resp.ok(), `${p} answers 200 (phone)`);
      await page.waitForFunction(() => window.__ready === true, null, { timeout: 15000 });
      await page.waitForTimeout(1500);
      const s = await shot(page, opts.build, `games-${p}-phone`);
      t.ok(s.stddev > 4 && s.distinct > 8, `${p} screenshot is not blank (phone)`, `stddev ${s.stddev.toFixed(2)}, ${s.distinct} colours`);
      t.ok(errors.length === 0, `${p} has no console errors (phone)`, errors.join(' | '));
      const fit = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, vw: window.innerWidth }));
      t.ok(fit.sw <= fit.vw, `${p} is no wider than the phone (${fit.sw} <= ${fit.vw} px)`);
      if (p === 'lab') {
        const w = await page.evaluate(() => document.querySelector('.gauge').getBoundingClientRect().width);
        t.ok(w >= 120, `the lab's accumulator gauge is ${w.toFixed(0)} px wide on a phone (>= 120)`);
      }
      await page.close();
    }
  } finally {
    await browser.close();
    server.stop();
  }
});
