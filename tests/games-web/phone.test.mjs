// SPDX-License-Identifier: MIT
// The brake, walk and lab pages at a phone's size in Chromium: each loads with
// no console error and draws a picture that is not blank.
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
      await page.close();
    }
  } finally {
    await browser.close();
    server.stop();
  }
});
