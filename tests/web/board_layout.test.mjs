// SPDX-License-Identifier: MIT
// The Daily Kick board screen laid out on five screens (1280x800, 390x844,
// 844x390, 740x360, 1024x600), with a full board of 50 entries answered by a
// stub of the board's API: the panel is opaque (nothing of the screen under
// it shows through its text), it fits the screen without scrolling itself,
// the list of 50 scrolls on its own, Back is wholly on screen and answers a
// click, the first row and the player's own line are in sight, and on a short
// landscape screen the side (you, the day) sits beside the list, not above it.
import { join } from 'node:path';
import { args, run, serve, launch, watchErrors, shot } from './lib.mjs';

const { build } = args();
const site = join(build, 'site');
const names = ['Ann', 'Ben', 'Cat', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jo'];
const top = Array.from({ length: 50 }, (_, i) => ({ rank: i + 1, name: names[i % 10] + (i >= 10 ? i : ''), points: 2500 - i * 37, entry: 100 + i }));
const board = { day: 20427, date: '2025-12-05', count: 137, top, you: { rank: 12, points: 2093, entry: 111 }, friends: [top[2], top[7]], yesterday: { day: 20426, name: 'Ivy', points: 2710 } };
const sizes = [
  { tag: 'desk', width: 1280, height: 800, touch: false, side: false },
  { tag: 'phone', width: 390, height: 844, touch: true, side: false },
  { tag: 'land', width: 844, height: 390, touch: true, side: true },
  { tag: 'land-small', width: 740, height: 360, touch: true, side: true },
  { tag: 'tablet', width: 1024, height: 600, touch: true, side: false },
];

await run('board_layout', async (t) => {
  const server = await serve(site, [], ['--board-port', '1']);
  try {
    // One browser for the mouse, one for touch; the touch screens are the same page resized
    // (the layout follows the media queries live), the board shown again on each.
    for (const touch of [false, true]) {
      const first = sizes.find((s) => s.touch === touch);
      const b = await launch({ width: first.width, height: first.height }, touch ? { hasTouch: true, isMobile: true } : {});
      try {
        const page = await b.context.newPage();
        const errors = watchErrors(page);
        await page.route('**/api/board/day**', (r) => r.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify(board) }));
        await page.goto(`${server.url}kick/?manual&board=http://127.0.0.1:9`, { waitUntil: 'load' });
        await page.waitForFunction(() => window.__ready === true && !!(window.__kick && window.__kick.board), null, { timeout: 60000 });
        await page.evaluate(() => window.__kick.board.setName('Kim'));
        for (const s of sizes.filter((x) => x.touch === touch)) {
          await page.setViewportSize({ width: s.width, height: s.height });
          await page.evaluate(() => window.__kick.board.show());
          await page.waitForFunction(() => document.querySelectorAll('#board-top li').length === 50, null, { timeout: 15000 });
          await page.waitForTimeout(200);
          const m = await page.evaluate(() => {
            const box = (e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; };
            const panel = document.querySelector('.board-panel');
            const list = panel.querySelector('.board-list');
            const side = panel.querySelector('.board-side');
            const bg = getComputedStyle(panel).backgroundImage;
            const alphas = [...bg.matchAll(/rgba\([^)]*,\s*([\d.]+)\)/g)].map((x) => Number(x[1]));
            const first = document.querySelector('#board-top li');
            const close = document.getElementById('board-close');
            const cb = box(close);
            const hit = document.elementFromPoint((cb.left + cb.right) / 2, (cb.top + cb.bottom) / 2);
            return {
              vh: innerHeight, vw: innerWidth,
              panel: { scroll: panel.scrollHeight, client: panel.clientHeight, ...box(panel) },
              list: { scroll: list.scrollHeight, client: list.clientHeight, ...box(list) },
              side: box(side), first: box(first), close: cb,
              closeHit: !!hit && (hit === close || close.contains(hit)),
              opaque: /gradient\(.*rgb/.test(bg) && alphas.every((a) => a >= 1),
              bg,
              you: document.getElementById('board-you').textContent,
            };
          });
          const tag = `${s.tag} ${s.width}x${s.height}`;
          t.ok(m.opaque, `${tag}: the board panel is opaque`, JSON.stringify(m));
          t.ok(m.panel.scroll <= m.panel.client + 1, `${tag}: the panel fits the screen (the list scrolls, not the panel)`, `${m.panel.scroll} > ${m.panel.client}`);
          t.ok(m.list.scroll > m.list.client + 20, `${tag}: the list of 50 scrolls on its own`, `${m.list.scroll} vs ${m.list.client}`);
          t.ok(m.close.top >= 0 && m.close.bottom <= m.vh && m.close.left >= 0 && m.close.right <= m.vw, `${tag}: Back is wholly on screen`, JSON.stringify(m.close));
          t.ok(m.closeHit, `${tag}: Back is the element under its own middle`);
          t.ok(m.first.top >= m.list.top - 1 && m.first.bottom <= m.list.bottom + 1 && m.first.bottom <= m.vh, `${tag}: the first row is in sight`, JSON.stringify(m.first));
          t.ok(/#12/.test(m.you) && /2093/.test(m.you), `${tag}: your place is shown`, m.you);
          if (s.side) t.ok(m.side.right <= m.list.left + 1 && m.side.top < m.list.bottom && m.list.top < m.side.bottom, `${tag}: the side sits beside the list`, JSON.stringify({ side: m.side, list: m.list }));
          else t.ok(m.side.bottom <= m.list.top + 1, `${tag}: the side sits above the list`, JSON.stringify({ side: m.side, list: m.list }));
          const png = await shot(page, build, `board-layout-${s.tag}`);
          t.ok(png.stddev > 5, `${tag}: the screenshot is not blank`, png.file);
          await page.click('#board-close');
          await page.waitForTimeout(200);
          const hidden = await page.evaluate(() => { const o = document.getElementById('board'); return !o || o.classList.contains('hidden') || getComputedStyle(o).display === 'none'; });
          t.ok(hidden, `${tag}: Back closes the board`);
          t.ok(errors.length === 0, `${tag}: no page errors`, errors.join(' | '));
        }
      } finally {
        await b.close();
      }
    }
  } finally {
    server.stop();
  }
});
