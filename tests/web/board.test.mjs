// SPDX-License-Identifier: MIT
// The Daily Kick board in the page, in Chromium, against the real service
// (tools/board/server.mjs on a free port, a fresh SQLite file) and the site
// served with --board-port: two players (two browsers, two device keys) each
// play a Daily Kick try; both are accepted and both players see the same
// board; an entry's replay, opened from its share link, plays and ends where
// its score says; a try played with the network cut is queued, sent once when
// the network is back, and not sent again after a reload; a renamed player's
// tries stay under the day's name; a player with no name, or a name that looks
// like another's, keeps the try until a name of their own is picked.
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { args, run, serve, launch, watchErrors, cdpStroke } from './lib.mjs';
import { startBoard, api } from '../board/lib.mjs';

const { build } = args();
const site = join(build, 'site');
const SCREEN_RESULT = 2;

async function openPlayer(url, name) {
  const browser = await launch({ width: 1280, height: 800 });
  const page = await browser.context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${url}kick/?manual`, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__ready === true && !!(window.__kick && window.__kick.board), null, { timeout: 60000 });
  if (name) await page.evaluate((n) => window.__kick.board.setName(n), name);
  return { browser, page, errors };
}

/** Opens the Daily Kick (or goes to its next try) and kicks with keys to the result. */
async function dailyTry(page, first, aim) {
  if (first) {
    await page.evaluate(() => {
      if (document.getElementById('menu').classList.contains('hidden')) document.getElementById('btn-menu').click();
    });
    await page.click('#btn-daily');
  } else {
    await page.click('#btn-next');
  }
  return page.evaluate(([RESULT, a]) => {
    const k = window.__kick;
    k.run(40);
    const g = k.game;
    g.keysSet(a, 0.35, 0.1);
    const t0 = performance.now() / 1000;
    g.keysCharge(t0);
    const st = g.keysRelease(t0 + 0.55);
    k.run(3000, 1 / 60, (v) => v('screen') === RESULT);
    return { st, screen: k.view('screen'), points: k.view('last_points'), outcome: k.view('last_outcome'), attempt: k.view('attempt') };
  }, [SCREEN_RESULT, aim]);
}

/** Opens the Daily Kick and swipes at the goal with real mouse events (their own timestamps). */
async function dailySwipe(page) {
  await page.evaluate(() => {
    if (document.getElementById('menu').classList.contains('hidden')) document.getElementById('btn-menu').click();
  });
  await page.click('#btn-daily');
  const at = await page.evaluate(() => {
    const k = window.__kick;
    k.run(40);
    const r = document.getElementById('trail').getBoundingClientRect();
    return { bx: k.view('aim_ball_px') + r.left, by: k.view('aim_ball_py') + r.top, gx: k.view('aim_goal_px') + r.left, gy: k.view('aim_goal_py') + r.top };
  });
  const pts = [];
  for (let i = 0; i <= 12; i++) {
    const u = i / 12;
    const e = u * u * (3 - 2 * u);
    pts.push({ x: at.bx + (at.gx + 40 - at.bx) * e, y: at.by + (at.gy - at.by) * e, t: i / 60 });
  }
  const cdp = await page.context().newCDPSession(page);
  await cdpStroke(cdp, false, pts);
  return page.evaluate((RESULT) => {
    const k = window.__kick;
    k.run(3000, 1 / 60, (v) => v('screen') === RESULT);
    return { st: 0, screen: k.view('screen'), points: k.view('last_points'), outcome: k.view('last_outcome'), attempt: k.view('attempt') };
  }, SCREEN_RESULT);
}

const answered = (page, n) => page.waitForFunction((m) => window.__kick.board.state.answered.length >= m, n, { timeout: 30000 });

await run('board', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'ks-board-web-'));
  const board = await startBoard(['--db', join(dir, 'board.sqlite'), '--rate-address', '1000/100', '--rate-read', '10000/1000']);
  const server = await serve(site, [], ['--board-port', String(board.port)]);
  const players = [];
  try {
    const ann = await openPlayer(server.url, 'Ann');
    players.push(ann);
    const ben = await openPlayer(server.url, 'Ben');
    players.push(ben);
    const a1 = await dailySwipe(ann.page);
    const b1 = await dailyTry(ben.page, true, 0.3);
    t.ok(a1.st === 0 && a1.screen === SCREEN_RESULT && b1.st === 0 && b1.screen === SCREEN_RESULT, 'both players kick their first Daily try (a swipe, keys)', JSON.stringify([a1, b1]));
    await answered(ann.page, 1);
    await answered(ben.page, 1);
    const ansA = await ann.page.evaluate(() => window.__kick.board.state.answered[0]);
    const ansB = await ben.page.evaluate(() => window.__kick.board.state.answered[0]);
    t.ok(ansA.accepted && ansB.accepted, "both tries accepted by the server's re-simulation", JSON.stringify([ansA, ansB, await ann.page.evaluate(() => window.__kick.board.lastLocalVerdict)]));
    const boardA = await ann.page.evaluate(() => window.__kick.board.fetchBoard());
    const boardB = await ben.page.evaluate(() => window.__kick.board.fetchBoard());
    const names = (b) => b.top.map((e) => `${e.name}:${e.points}`).sort().join(',');
    t.ok(boardA.count === 2 && JSON.stringify(boardA.top) === JSON.stringify(boardB.top), 'both players see the same board', `${names(boardA)} | ${names(boardB)}`);
    t.ok(names(boardA) === [`Ann:${a1.points}`, `Ben:${b1.points}`].sort().join(','), "the board holds each player's points as the page showed them", names(boardA));
    t.ok(boardA.you && boardA.you.name === 'Ann' && boardB.you && boardB.you.name === 'Ben', 'each sees their own place');
    // The board's screen.
    await ann.page.evaluate(() => window.__kick.board.show());
    await ann.page.waitForSelector('#board-top li', { timeout: 10000 });
    const rows = await ann.page.$$eval('#board-top li', (l) => l.length);
    t.ok(rows === 2, "the Today's board screen lists both", String(rows));

    // An entry's replay from its share link ends where its score says.
    const benEntry = boardA.top.find((e) => e.name === 'Ben');
    const link = await ann.page.evaluate((id) => window.__kick.board.watchLink(id), benEntry.entry);
    t.ok(typeof link === 'string' && /\?share=[A-Za-z0-9_-]+$/.test(link), 'the entry has a share link', String(link));
    await ann.page.goto(`${server.url.replace(/\/$/, '')}${link}&manual`, { waitUntil: 'load' });
    await ann.page.waitForFunction(() => window.__ready === true, null, { timeout: 60000 });
    const replay = await ann.page.evaluate((RESULT) => {
      const k = window.__kick;
      k.run(6000, 1 / 60, (v) => v('screen') === RESULT);
      return { screen: k.view('screen'), points: k.view('last_points'), outcome: k.view('last_outcome'), mode: k.view('mode') };
    }, SCREEN_RESULT);
    t.ok(replay.screen === SCREEN_RESULT && replay.points === benEntry.points && replay.outcome === b1.outcome,
      "the entry's replay plays and ends where its score says", JSON.stringify([replay, benEntry, b1]));

    // Offline: Ben's second try is queued, sent once when the network is back.
    // Ben renames himself first: today's tries still go on the board as Ben.
    await ben.page.evaluate(() => window.__kick.board.setName('Benny'));
    await ben.browser.context.setOffline(true);
    const b2 = await dailyTry(ben.page, false, -0.35);
    t.ok(b2.st === 0 && b2.screen === SCREEN_RESULT && b2.attempt === 2, 'offline, the second Daily try plays', JSON.stringify(b2));
    await ben.page.waitForFunction(() => window.__kick.board.state.queue.length === 1, null, { timeout: 10000 });
    let stats = (await api(board.port, '/api/board/health')).body.stats;
    t.ok(stats.tries === 2, 'offline, nothing reached the server', JSON.stringify(stats));
    await ben.browser.context.setOffline(false);
    await ben.page.evaluate(() => window.dispatchEvent(new Event('online')));
    await ben.page.waitForFunction(() => window.__kick.board.state.queue.length === 0, null, { timeout: 30000 });
    stats = (await api(board.port, '/api/board/health')).body.stats;
    t.ok(stats.tries === 3, 'back online, the queued try was sent and stored', JSON.stringify(stats));
    await ben.page.reload({ waitUntil: 'load' });
    await ben.page.waitForFunction(() => window.__ready === true && !!(window.__kick && window.__kick.board), null, { timeout: 60000 });
    await ben.page.waitForTimeout(1500);
    const sent = await ben.page.evaluate(() => window.__kick.board.state.sent);
    stats = (await api(board.port, '/api/board/health')).body.stats;
    t.ok(stats.tries === 3 && sent === 0, 'after a reload it is not sent again', JSON.stringify({ stats, sent }));
    let day = await api(board.port, '/api/board/day');
    const benRow = day.body.top.find((e) => e.name === 'Ben');
    t.ok(benRow && benRow.tries === 2 && !day.body.top.some((e) => e.name === 'Benny'),
      'renamed mid-day, the second try is on the board under the name of the first', JSON.stringify(day.body.top));

    // The page lost which name it played today under (another tab, a cleared
    // store): the server names it, and the third try goes under it.
    await ben.page.evaluate(() => { window.__kick.board.state.dayName = null; localStorage.removeItem('kickstep.board.dayname'); });
    const b3 = await dailyTry(ben.page, true, 0.6);
    t.ok(b3.st === 0 && b3.screen === SCREEN_RESULT && b3.attempt === 3, 'the third Daily try plays after the reload', JSON.stringify(b3));
    await answered(ben.page, 1);
    const ansB3 = await ben.page.evaluate(() => window.__kick.board.state.answered.at(-1));
    day = await api(board.port, '/api/board/day');
    t.ok(ansB3.accepted && day.body.top.find((e) => e.name === 'Ben')?.tries === 3,
      'with its day name lost, the try is sent again under the name the server gives back', JSON.stringify([ansB3, day.body.top]));

    // A new player with no name: the try waits, and the page says why; a name
    // that looks like someone else's is refused and the try still waits; a name
    // of their own puts it on the board.
    const cat = await openPlayer(server.url, null);
    players.push(cat);
    const c1 = await dailyTry(cat.page, true, -0.2);
    t.ok(c1.st === 0 && c1.screen === SCREEN_RESULT, "a player with no name kicks a Daily try", JSON.stringify(c1));
    await cat.page.waitForFunction(() => window.__kick.board.state.queue.length === 1 && /Pick a name/.test(document.getElementById('board-rank').textContent), null, { timeout: 10000 });
    stats = (await api(board.port, '/api/board/health')).body.stats;
    t.ok(stats.tries === 4, 'with no name, the try waits on the page and the result screen says to pick one',
      await cat.page.evaluate(() => document.getElementById('board-rank').textContent));
    await cat.page.evaluate(() => window.__kick.board.setName('B_EN'));
    await cat.page.waitForFunction(() => !!window.__kick.board.state.nameProblem, null, { timeout: 10000 });
    const taken = await cat.page.evaluate(() => ({ q: window.__kick.board.state.queue.length, line: document.getElementById('board-rank').textContent }));
    stats = (await api(board.port, '/api/board/health')).body.stats;
    t.ok(taken.q === 1 && /belongs to another player/.test(taken.line) && stats.tries === 4,
      "a name that looks like another player's is refused: the try is kept and the page asks for another", JSON.stringify(taken));
    await cat.page.evaluate(() => window.__kick.board.setName('Cat'));
    await cat.page.waitForFunction(() => window.__kick.board.state.queue.length === 0, null, { timeout: 30000 });
    const ansC = await cat.page.evaluate(() => window.__kick.board.state.answered.at(-1));
    t.ok(ansC.accepted, 'with a name of their own, the kept try is on the board', JSON.stringify(ansC));
    const bad = players.flatMap((p) => p.errors).filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR|status of 409/.test(e)); // 409: the refusals this test asks for
    t.ok(bad.length === 0, 'no page errors', bad.join('\n'));
  } finally {
    for (const p of players) await p.browser.close();
    server.stop();
    await board.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
