// SPDX-License-Identifier: MIT
// kick-cli report in Chromium: the page opens with no error and fetches
// nothing but itself, and every figure it shows is the result's (and, for
// the players' spread, what the records give, computed here again).
//   node tests/sweep/report.test.mjs --build BUILD --cli KICK_CLI --work DIR
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { args, launch, run, shot, watchErrors } from '../web/lib.mjs';

const a = args();
const work = a.work || join(a.build, 'tests', 'sweep', 'work_report');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const cli = (...argv) => execFileSync(a.cli, argv, { cwd: work, encoding: 'utf8' });

// Ten kicks a level (5 players x 2), so every rate is a whole number of tenths.
const levels = ['6-5', '1-1', '2-3', '3-5', '4-2', '5-2', '5-4'];
cli('simulate', '--levels', levels.join(','), '--players', '5', '--kicks', '2', '--seed', '21', '--quiet',
  '--out', 'r.json', '--records', 'r.jsonl');
cli('report', 'r.json', '--records', 'r.jsonl', '--out', 'r.html');
cli('report', 'r.json', '--out', 'plain.html');
const res = JSON.parse(readFileSync(join(work, 'r.json'), 'utf8'));
const recs = readFileSync(join(work, 'r.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));

const near = (x, y, eps = 1e-9) => Math.abs(x - y) <= eps;
const num = (el, attr) => Number(el.getAttribute(attr));
function quantile(x, p) {
  const h = (x.length - 1) * p;
  const lo = Math.floor(h);
  return lo >= x.length - 1 ? x[x.length - 1] : x[lo] + (h - lo) * (x[lo + 1] - x[lo]);
}
// Each level's players' own goal rates, from the records.
function spreadOf(level) {
  const per = new Map();
  for (const r of recs.filter((x) => x.level === level)) {
    const p = per.get(r.player) || { g: 0, k: 0 };
    p.k++;
    if (r.outcome === 'goal') p.g++;
    per.set(r.player, p);
  }
  const rates = [...per.values()].map((p) => p.g / p.k).sort((x, y) => x - y);
  return { players: rates.length, min: rates[0], q1: quantile(rates, 0.25), median: quantile(rates, 0.5),
    q3: quantile(rates, 0.75), max: rates[rates.length - 1] };
}
const tourKey = (id) => id.split('-').map(Number).reduce((w, n) => w * 10 + n);

await run('web_sweep_report', async (t) => {
  const browser = await launch({ width: 1200, height: 900 });
  try {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    const requests = [];
    page.on('request', (req) => requests.push(req.url()));
    const url = pathToFileURL(join(work, 'r.html')).href;
    await page.goto(url, { waitUntil: 'load' });
    t.ok(errors.length === 0, 'the page opens with no console or page error', errors.join('; '));
    t.ok(requests.length === 1 && requests[0] === url, 'the page fetches nothing but itself', requests.join(' '));
    t.ok((await page.title()).includes(res.run), 'the title names the run', await page.title());

    // One figure object per chart and table, read from the page's DOM.
    const dom = await page.evaluate(() => {
      const attrs = (el) => Object.fromEntries([...el.attributes].map((x) => [x.name, x.value]));
      const all = (sel) => [...document.querySelectorAll(sel)].map((el) => ({ ...attrs(el), text: el.textContent.trim() }));
      const rows = [...document.querySelectorAll('#level-table tbody tr')].map((tr) => ({
        level: tr.dataset.level,
        cells: Object.fromEntries([...tr.querySelectorAll('td[data-key]')].map((td) => [td.dataset.key,
          { text: td.textContent.trim(), value: td.dataset.value }])),
      }));
      const spreads = [...document.querySelectorAll('g.spread')].map((g) => ({ ...attrs(g),
        lines: [...g.querySelectorAll('line')].map(attrs), box: attrs(g.querySelector('rect')) }));
      const svgFull = (name) => Number(document.querySelector(`svg[data-chart="${name}"]`).dataset.full);
      const curve = document.querySelector('svg[data-chart="curve"]');
      return {
        summary: all('#summary .fig'), rows, spreads, bars: all('rect.bar'), points: all('circle.pt'),
        segs: all('rect.seg'), outcomeCells: all('#outcome-table td[data-outcome]'),
        outcomeRows: [...document.querySelectorAll('#outcome-table tbody tr')].map((tr) => tr.dataset.level),
        moments: [...document.querySelectorAll('#moment-table tbody tr')].map((tr) => ({ level: tr.dataset.level,
          cells: [...tr.querySelectorAll('td[data-moment]')].map((td) => ({ moment: td.dataset.moment,
            count: td.dataset.count, text: td.textContent.trim() })) })),
        cells: all('rect.cell'), levelsFull: svgFull('levels'), outcomesFull: svgFull('outcomes'),
        curveY: [Number(curve.dataset.y0), Number(curve.dataset.y1)],
        build: Object.fromEntries([...document.querySelectorAll('#build dd')].map((d) => [d.dataset.key, d.textContent])),
      };
    });

    const total = res.totals;
    const fig = Object.fromEntries(dom.summary.map((f) => [f['data-key'], f]));
    t.ok(Number(fig.kicks['data-value']) === total.kicks && fig.kicks.text.startsWith(String(total.kicks)),
      'the summary shows the kicks', fig.kicks.text);
    t.ok(Number(fig.goal_rate['data-value']) === total.goals / total.kicks &&
      fig.goal_rate.text.startsWith(`${(100 * total.goals / total.kicks).toFixed(1)}%`),
    'the summary shows the goal rate', fig.goal_rate.text);
    t.ok(Number(fig.goals['data-value']) === total.goals, 'the summary shows the goals');

    // The goal rate per level: the table, the bars and the players' spread.
    t.ok(dom.rows.map((r) => r.level).join() === res.per_level.map((l) => l.level).join(),
      'the table has one row per level, in the result\'s order', dom.rows.map((r) => r.level).join());
    let rowsOk = true, barsOk = true, spreadOk = true, detail = '';
    for (const [i, lv] of res.per_level.entries()) {
      const row = dom.rows[i].cells;
      const rate = lv.goals / lv.kicks;
      if (row.kicks.text !== String(lv.kicks) || row.goals.text !== String(lv.goals) ||
          Number(row.goal_rate.value) !== rate || row.goal_rate.text !== `${(100 * rate).toFixed(1)}%` ||
          !near(Number(row.mean_flight_s.value), lv.mean_flight_s, 1e-12)) {
        rowsOk = false;
        detail += ` row ${lv.level}: ${JSON.stringify(row)}`;
      }
      const stars = lv.stars.reduce((s, n, k) => s + n * k, 0) / lv.decided;
      if (!near(Number(row.mean_stars.value), stars, 1e-12)) rowsOk = false, detail += ` stars ${lv.level}`;
      const top = lv.candidates.indexOf(Math.max(...lv.candidates));
      if (Number(row.top_candidate.value) !== top) rowsOk = false, detail += ` top ${lv.level}`;
      const bar = dom.bars.find((b) => b['data-level'] === lv.level);
      if (!bar || Number(bar['data-value']) !== rate || !near(Number(bar.width), rate * dom.levelsFull)) {
        barsOk = false;
        detail += ` bar ${lv.level}: ${bar && bar.width}`;
      }
      const want = spreadOf(lv.level);
      const g = dom.spreads.find((s) => s['data-level'] === lv.level);
      const x0 = Number(bar.x);
      if (!g || Number(g['data-players']) !== want.players ||
          ['min', 'q1', 'median', 'q3', 'max'].some((k) => !near(Number(g[`data-${k}`]), want[k], 1e-12)) ||
          !near(Number(g.lines[0].x1), x0 + want.min * dom.levelsFull) ||
          !near(Number(g.lines[0].x2), x0 + want.max * dom.levelsFull) ||
          !near(Number(g.box.width), (want.q3 - want.q1) * dom.levelsFull) ||
          !near(Number(g.lines[1].x1), x0 + want.median * dom.levelsFull) ||
          row.spread_median.text !== `${(100 * want.median).toFixed(1)}%`) {
        spreadOk = false;
        detail += ` spread ${lv.level}: ${JSON.stringify(g)} want ${JSON.stringify(want)}`;
      }
    }
    t.ok(rowsOk, 'each row shows the level\'s kicks, goals, goal rate, stars, flight and top candidate', detail);
    t.ok(barsOk, 'each bar is the level\'s goal rate long', detail);
    t.ok(spreadOk, 'each level\'s spread is its players\' own goal rates from the records', detail);

    // The difficulty curve: tour order, one point per level at its goal rate.
    const tour = [...res.per_level].sort((x, y) => tourKey(x.level) - tourKey(y.level));
    const [y0, y1] = dom.curveY;
    t.ok(dom.points.map((p) => p['data-level']).join() === tour.map((l) => l.level).join(),
      'the curve runs along the tour', dom.points.map((p) => p['data-level']).join());
    t.ok(tour.every((lv, i) => Number(dom.points[i]['data-value']) === lv.goals / lv.kicks &&
      near(Number(dom.points[i].cy), y1 - (y1 - y0) * (lv.goals / lv.kicks))),
    'each point of the curve is at its level\'s goal rate');
    t.ok(dom.points.every((p, i) => i === 0 || Number(p.cx) > Number(dom.points[i - 1].cx)), 'the curve goes left to right');

    // Outcomes: segments and table, per level and for all levels.
    const rowsOf = [...res.per_level.map((l) => [l.level, l]), ['all', total]];
    let segOk = true, outTableOk = true;
    detail = '';
    for (const [id, c] of rowsOf) {
      const segs = dom.segs.filter((s) => s['data-level'] === id);
      const width = segs.reduce((w, s) => w + Number(s.width), 0);
      if (segs.length !== Object.keys(c.outcomes).length || !near(width, dom.outcomesFull, 1e-6) ||
          segs.some((s) => Number(s['data-count']) !== c.outcomes[s['data-outcome']] ||
            !near(Number(s.width), (c.outcomes[s['data-outcome']] / c.kicks) * dom.outcomesFull))) {
        segOk = false;
        detail += ` ${id}`;
      }
    }
    const per = Object.keys(total.outcomes).length;
    for (const [r, [id, c]] of rowsOf.entries()) {
      const cells = dom.outcomeCells.slice(r * per, (r + 1) * per);
      if (dom.outcomeRows[r] !== id || cells.some((td) => td.text !== String(c.outcomes[td['data-outcome']]))) outTableOk = false;
    }
    t.ok(segOk, 'each outcome bar is the level\'s outcome counts, end to end', detail);
    t.ok(outTableOk, 'the outcome table is the result\'s outcome counts');

    // Moments and candidates.
    t.ok(dom.moments.length === rowsOf.length && dom.moments.every((row, r) => row.level === rowsOf[r][0] &&
      row.cells.length === Object.keys(total.moments).length &&
      row.cells.every((m) => m.text === String(rowsOf[r][1].moments[m.moment]) && m.count === m.text)),
    'the moment table is the result\'s moment counts');
    t.ok(rowsOf.every(([id, c]) => {
      const cells = dom.cells.filter((x) => x['data-level'] === id);
      return cells.length === 26 && cells.every((x) => Number(x['data-count']) === c.candidates[Number(x['data-candidate'])]);
    }), 'the candidate grid is how often each candidate was chosen, per level and in all');
    t.ok(Object.entries(res.build).every(([k, v]) => dom.build[k] === v), 'the page names the build', JSON.stringify(dom.build));

    const s = await shot(page, a.build, 'sweep-report');
    t.ok(s.stddev > 10 && s.distinct > 20, 'the page is drawn (not blank)', JSON.stringify(s));

    // Without records: the same figures, no spread, and a note saying why.
    await page.goto(pathToFileURL(join(work, 'plain.html')).href, { waitUntil: 'load' });
    const plain = await page.evaluate(() => ({ spreads: document.querySelectorAll('g.spread').length,
      note: !!document.getElementById('no-records'), bars: document.querySelectorAll('rect.bar').length }));
    t.ok(plain.spreads === 0 && plain.note && plain.bars === res.per_level.length,
      'without records the page has the bars, no spread, and says the spread needs the records', JSON.stringify(plain));
    t.ok(errors.length === 0, 'no console or page error on either page', errors.join('; '));
  } finally {
    await browser.close();
  }
});
