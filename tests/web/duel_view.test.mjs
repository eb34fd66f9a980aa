// SPDX-License-Identifier: MIT
// The penalty duel as players see it, two pages at a phone's size (390x844)
// through the relay (tools/relay.mjs):
//  - the keeper's page sees the kick from the keeper's side (high behind the
//    goal, the ball and the goal mouth in the picture), the shooter's from
//    behind the ball;
//  - network and engine figures (the relay's round trip, steps ahead,
//    rollbacks, hashes, step numbers) are not on the players' screen unless
//    ?debug (or the D key) asks for them;
//  - no text overlaps the scoreboard, with or without the figures;
//  - the moment's flash says the kick's result even when the page skips the
//    flight between two drawn frames (as a page catching up after a rejoin
//    does): a goal never flashes "TIME!".
// Screenshots: BUILD/web-shots/duel-phone-{shooter,keeper}.png.
import { join } from 'node:path';
import { args, run, serve, launch, watchErrors, shot, ROOT, startRelay, sleep, DUEL_PHASE as PHASE } from './lib.mjs';

const opts = args();
const { build } = opts;
const site = join(build, 'site');

/** What a page shows over the picture: each visible text box of the HUD, and the scoreboard's box. */
function hudBoxes(page) {
  return page.evaluate(() => {
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    const board = box(document.querySelector('.board'));
    const texts = [];
    for (const el of document.querySelectorAll('#hud > *:not(.board)')) {
      const cs = getComputedStyle(el);
      if (cs.display === 'none' || cs.visibility === 'hidden' || !el.textContent.trim()) continue;
      // The text's own extent (a full-width line of centred text is only as wide as its words).
      const range = document.createRange();
      range.selectNodeContents(el);
      for (const r of range.getClientRects()) if (r.width > 0) texts.push({ id: el.id, text: el.textContent.trim().slice(0, 60), left: r.left, top: r.top, right: r.right, bottom: r.bottom });
    }
    const over = texts.filter((t) => t.left < board.right && t.right > board.left && t.top < board.bottom && t.bottom > board.top);
    const visibleText = Array.from(document.querySelectorAll('#hud *'))
      .filter((el) => el.children.length === 0 && el.textContent.trim() && getComputedStyle(el).display !== 'none' && el.getClientRects().length > 0)
      .map((el) => el.textContent.trim()).join(' | ');
    return { board, texts, over, visibleText };
  });
}

/** Steps a page's match by n frames without drawing its HUD (as a page that is catching up does). */
function stepUndrawn(page, n) {
  return page.evaluate((k) => {
    const api = window.__duel;
    const d = api.duel;
    for (let i = 0; i < k; i++) {
      d.frame((1000 + (api.frames + 1) * (1000 / 60)) / 1000);
      const msg = d.send();
      if (msg) api.relay.data(msg);
      api.frames++;
    }
    return api.view();
  }, n);
}

run('web_duel_view', async (t) => {
  const relay = await startRelay();
  const server = await serve(site, [], ['--relay', relay.url, '--allow-relay', relay.url]); // the pages' ?relay= links name it
  const browser = await launch({ width: 390, height: 844 }, { hasTouch: true, isMobile: true });
  try {
    const a = await browser.context.newPage();
    const b = await browser.context.newPage();
    const errs = [watchErrors(a), watchErrors(b)];
    await a.goto(`${server.url}duel/?manual&relay=${encodeURIComponent(relay.url)}`);
    await a.waitForFunction(() => window.__duel && window.__duel.ready, null, { timeout: 30000 });
    await a.click('#btn-create');
    await a.waitForFunction(() => window.__duel.link, null, { timeout: 10000 });
    await b.goto(`${await a.evaluate(() => window.__duel.link)}&manual`);
    await b.waitForFunction(() => window.__duel && window.__duel.started, null, { timeout: 30000 });
    await a.waitForFunction(() => window.__duel.started, null, { timeout: 10000 });
    // To the first kick's aim: A (seat 0) shoots, B keeps goal.
    let va = null, vb = null;
    for (let i = 0; i < 400; i++) {
      va = await a.evaluate(() => window.__duel.run(4));
      vb = await b.evaluate(() => window.__duel.run(4));
      if (va.may_strike && va.phase_age >= 60 && vb.duel_phase === PHASE.AIM) break;
      if (i % 8 === 7) await sleep(5);
    }
    t.ok(va.may_strike === 1 && va.shooter === 0 && vb.keeper === 1, 'the first kick: page A shoots, page B keeps goal');

    // ---- the cameras
    const cams = [];
    for (const p of [a, b]) {
      await p.evaluate(() => window.__duel.draw());
      await p.waitForTimeout(150);
      cams.push(await p.evaluate(() => {
        const s = window.__duel.stadium;
        const c = s.camera;
        c.updateMatrixWorld();
        const v = window.__duel.view();
        const dir = c.getWorldDirection(c.position.clone());
        const ball = s.project(v.ball_x, v.ball_y, v.ball_z);
        const corners = [[-3.66, 0], [3.66, 0], [-3.66, 2.44], [3.66, 2.44]].map(([x, y]) => s.project(x, y, 0));
        const inside = (q) => q.visible && q.x > 0.02 && q.x < 0.98 && q.y > 0.02 && q.y < 0.98;
        return { pos: [c.position.x, c.position.y, c.position.z], dir: [dir.x, dir.y, dir.z], spotZ: v.spot_z, ballIn: inside(ball), goalIn: corners.every(inside),
          ballPx: ball, corners, left: corners[1].x, right: corners[0].x };
      }));
    }
    const [ca, cb] = cams;
    t.ok(ca.pos[2] < ca.spotZ && ca.dir[2] > 0.5 && ca.ballIn && ca.goalIn, `the shooter's page sees the kick from behind the ball (camera at z ${ca.pos[2].toFixed(1)}, the spot at ${ca.spotZ.toFixed(1)})`, JSON.stringify(ca));
    t.ok(cb.pos[2] > 0 && cb.dir[2] < -0.5 && cb.ballIn && cb.goalIn, `the keeper's page sees it from the keeper's side: behind the goal line (camera at z ${cb.pos[2].toFixed(1)}), looking out at the ball, the ball and the goal mouth in the picture`, JSON.stringify(cb));
    t.ok(cb.left > cb.right, "from behind the goal the shooter's left post (+x) is on the keeper's right, as a keeper sees it", JSON.stringify(cb));
    const sa = await shot(a, build, 'duel-phone-shooter'), sb = await shot(b, build, 'duel-phone-keeper');
    t.ok(sa.stddev > 8 && sb.stddev > 8, `the duel at phone size draws on both pages (${sa.stddev.toFixed(1)}, ${sb.stddev.toFixed(1)})`);

    // ---- figures off the players' screen, and nothing over the scoreboard
    for (const [name, p] of [['A', a], ['B', b]]) {
      const seen = await hudBoxes(p);
      t.ok(!/rtt|ahead \d+ steps|rollback|hash|step \d/i.test(seen.visibleText), `page ${name} shows no network or engine figures by default ("${seen.visibleText}")`);
      t.ok(seen.over.length === 0, `page ${name}: no text overlaps the scoreboard on a phone`, JSON.stringify({ board: seen.board, over: seen.over }));
    }
    await b.keyboard.press('d');
    await b.evaluate(() => window.__duel.run(1));
    const dbg = await hudBoxes(b);
    t.ok(/relay rtt \d+ ms/.test(dbg.visibleText) && /rollbacks/.test(dbg.visibleText), `the D key shows them for a developer ("${dbg.visibleText}")`);
    t.ok(dbg.over.length === 0, 'with the figures shown, still no text overlaps the scoreboard', JSON.stringify({ board: dbg.board, over: dbg.over }));
    await shot(b, build, 'duel-phone-keeper-debug');
    await b.keyboard.press('d');
    await b.evaluate(() => window.__duel.run(1));
    t.ok(!/rtt/.test((await hudBoxes(b)).visibleText), 'the D key hides them again');
    const withParam = await browser.context.newPage();
    await withParam.goto(`${server.url}duel/?manual&debug`);
    await withParam.waitForFunction(() => window.__duel && window.__duel.ready, null, { timeout: 30000 });
    t.ok(await withParam.evaluate(() => document.body.classList.contains('debug') && getComputedStyle(document.getElementById('net')).display !== 'none'), '?debug shows them from the start');
    await withParam.close();

    // ---- a goal seen only before and after its flight: the flash says GOAL!, not TIME!
    t.ok((await a.evaluate(() => window.__duel.strike(25, 0.14, 0.22))) === 0, 'page A strikes towards the corner (the keeper does not dive)');
    let end = null;
    for (let i = 0; i < 600 && !end; i++) {
      await a.evaluate(() => window.__duel.run(4));
      const v = await stepUndrawn(b, 4);
      if (v.duel_phase === PHASE.AFTER) end = v;
      if (i % 4 === 3) await sleep(5);
    }
    const before = await b.evaluate(() => window.__duel.flashes ? window.__duel.flashes.length : 0);
    await b.evaluate(() => window.__duel.run(1));
    const flash = await b.evaluate(() => document.getElementById('moment').textContent);
    t.ok(end && end.last_result === 1, `page B reached the kick's end without drawing its flight: a goal (${end && end.last_result})`);
    t.ok(flash === 'GOAL!', `page B, skipping the flight between two frames, flashes "${flash}" for the goal (never "TIME!")`, JSON.stringify({ before }));
    const bad = errs.flat().filter((e) => !/favicon/.test(e));
    t.ok(bad.length === 0, 'no console or page errors', bad.join('; '));
  } finally {
    await browser.close();
    server.stop();
    relay.stop();
  }
});
