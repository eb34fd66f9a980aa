// SPDX-License-Identifier: MIT
// The browser parity test: the wasm32 parity module (built by
// tools/parity/parity.sh, the same module the Node run checks) runs inside
// Chromium and must reproduce every golden timeline in tests/golden bit for
// bit, compared by tools/parity/compare.mjs loaded into the page.
import { readdirSync, mkdirSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { args, run, serve, launch, watchErrors, ROOT } from './lib.mjs';

const { build } = args();

await run('web_parity_chromium', async (t) => {
  const work = join(build, 'web-parity');
  mkdirSync(work, { recursive: true });
  execFileSync('bash', [join(ROOT, 'tools/parity/parity.sh'), 'build', 'wasm32', work], { stdio: 'inherit' });
  t.ok(existsSync(join(work, 'parity.wasm')), 'the parity module is built (wasm32, plain clang)');
  const goldens = readdirSync(join(ROOT, 'tests/golden')).filter((f) => f.endsWith('.jsonl')).map((f) => f.slice(0, -6));
  t.ok(goldens.length > 0, `there are golden timelines (${goldens.length})`);

  const server = await serve(join(ROOT, 'tests/web'), [
    `/parity-tools=${join(ROOT, 'tools/parity')}`,
    `/parity-module=${work}`,
    `/golden=${join(ROOT, 'tests/golden')}`,
  ]);
  const browser = await launch();
  try {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}parity.html`);
    await page.waitForFunction(() => window.__parity && window.__parity.done, null, { timeout: 120000 });
    const p = await page.evaluate(() => window.__parity);
    t.ok(!p.error, 'the module loads and runs in Chromium', p.error || '');
    t.ok(/Chrom/.test(p.userAgent || ''), `it ran in Chromium (${(p.userAgent || '').match(/Chrom\S+/)?.[0]})`);
    const seen = new Set();
    for (const r of p.results) {
      seen.add(r.name);
      t.ok(r.identical, `${r.name}: Chromium reproduces the golden timeline bit for bit (${r.lines} lines)`, r.message);
    }
    for (const g of goldens) t.ok(seen.has(g), `golden ${g}.jsonl has a scene that ran`);
    t.ok(errors.length === 0, 'no console errors', errors.join(' | '));
  } finally {
    await browser.close();
    server.stop();
  }
});
