// SPDX-License-Identifier: MIT
// The penalty duel in Chromium, two pages through the relay, end to end:
//  - the relay runs with injected latency, jitter and loss (tools/relay.mjs
//    --latency-ms --jitter-ms --loss); page A creates a room with a click,
//    page B opens the room link;
//  - they play a whole shoot-out: the first kick from a real mouse swipe
//    and a real click in goal, the rest from the page's own strike and tap
//    calls at varied moments (before the strike, in flight, or no dive);
//  - page B loses its connection in the middle (its socket is closed): A
//    shows that it waits, B comes back to its seat by itself and the match
//    goes on;
//  - page A is reloaded in the middle of a kick: B shows that it waits (and
//    how long), A takes its seat back with the token it kept, B hands the
//    match over, A rebuilds it from the setup and the confirmed inputs, both
//    show that it resumed, and the match goes on;
//  - both pages end with the same score, the same final state hash on the
//    same step and byte-identical shoot-out records, and native
//    `kick-cli replay verify` re-simulates the record to the same end;
//  - screenshots of both pages (mid-match and the result) must not be blank;
//  - then two more pages (one of them closed and its room link opened again
//    in a new tab: it takes its seat back too): one page's step is made to nudge
//    the ball by one ulp in the first kick's flight (a test hook), and both
//    pages show the desync with its first differing step (the planted one)
//    and field (vx).
// The pages run with ?manual: the test hands them frames with scripted
// timestamps (window.__duel.run), so SwiftShader's slow drawing cannot
// change the game; the network between them is real.
import { execFileSync } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { args, run, serve, launch, watchErrors, shot, ROOT, startRelay, sleep, rng, DUEL_PHASE as PHASE } from './lib.mjs';

const opts = args();
const { build } = opts;
const site = join(build, 'site');


/**
 * Two pages. First page D's tab is closed and the room link opened in a new
 * tab: it takes seat 1 back with the token the browser kept (after seat 0's,
 * which page C holds, is refused). Then page D's step nudges the ball's vx by
 * one ulp 100 steps into the first kick's flight.
 */
async function plantedDesync(t, browser, server, relay) {
  const c = await browser.context.newPage();
  let d = await browser.context.newPage();
  const errs = [watchErrors(c), watchErrors(d)];
  // ?debug: the desync's step and field are engine figures, shown to developers only.
  await c.goto(`${server.url}duel/?manual&debug&relay=${encodeURIComponent(relay.url)}`);
  await c.waitForFunction(() => window.__duel && window.__duel.ready, null, { timeout: 30000 });
  await c.click('#btn-create');
  await c.waitForFunction(() => window.__duel.link, null, { timeout: 10000 });
  const roomLink = `${await c.evaluate(() => window.__duel.link)}&manual&debug`;
  await d.goto(roomLink);
  await d.waitForFunction(() => window.__duel && window.__duel.started, null, { timeout: 30000 });
  await c.waitForFunction(() => window.__duel.started, null, { timeout: 10000 });
  for (let i = 0; i < 20; i++) for (const p of [c, d]) await p.evaluate(() => window.__duel.run(4));
  await d.close();
  d = await browser.context.newPage();
  errs.push(watchErrors(d));
  await d.goto(roomLink);
  let back = false;
  for (let i = 0; i < 400 && !back; i++) {
    await c.evaluate(() => window.__duel.run(2));
    if (await d.evaluate(() => window.__duel && window.__duel.started)) await d.evaluate(() => window.__duel.run(2));
    back = await d.evaluate(() => window.__duel && window.__duel.resumed === true);
    await sleep(40);
  }
  const seat = await d.evaluate(() => ({ seat: window.__duel.seat, errors: window.__duel.errors }));
  t.ok(back && seat.seat === 1 && seat.errors.some((e) => /room-full/.test(e)),
    `a closed tab's room link opened again takes its seat (1) back with the browser's kept token, the other seat's refused (${seat.errors.join('; ')})`);
  await d.evaluate(() => window.__duel.plant(0, 100));
  let struck = false, both = false;
  for (let round = 0; round < 3000 && !both; round++) {
    const vc = await c.evaluate(() => window.__duel.run(4));
    await d.evaluate(() => window.__duel.run(4));
    if (!struck && vc.may_strike && vc.phase_age >= 30) struck = (await c.evaluate(() => window.__duel.strike(24, 0.15, 0.2))) === 0;
    both = await Promise.all([c, d].map((p) => p.evaluate(() => /first differing field/.test(window.__duel.desync || ''))));
    both = both[0] && both[1];
    if (round % 8 === 7) await sleep(5);
  }
  const seen = [];
  for (const p of [c, d]) {
    await p.evaluate(() => window.__duel.run(1));
    seen.push(await p.evaluate(() => ({ status: document.getElementById('status').textContent,
      shown: !document.getElementById('status').classList.contains('hidden'), desync: window.__duel.desync || '',
      planted: window.__duel.view().planted_step, step: window.__duel.view().desync_step })));
  }
  const planted = seen[1].planted;
  const stepOf = (x) => Number((/first differing step (\d+)/.exec(x.status) || [])[1]);
  t.ok(struck && planted > 0 && seen[0].planted === -1, `page D alone nudged the ball, at step ${planted}`);
  for (const [i, x] of seen.entries()) {
    t.ok(x.shown && /Out of step with the other device/.test(x.status) && stepOf(x) === planted && x.step === planted &&
      /first differing field: vx/.test(x.status), `page ${i ? 'D' : 'C'} shows the desync at the planted step and names the field: ${x.status}`);
  }
  const bad = errs.flat().filter((e) => !/favicon/.test(e));
  t.ok(bad.length === 0, 'no console or page errors on the desync pages', bad.join('; '));
  await c.close();
  await d.close();
}

run('web_duel', async (t) => {
  // The test hands frames faster than real time: a relay rate (and so a page budget) to match.
  const relay = await startRelay(['--latency-ms', '40', '--jitter-ms', '25', '--loss', '0.08', '--seed', '11', '--rejoin-seconds', '20',
    '--rate', '1000', '--burst', '2000']);
  const server = await serve(site, [], ['--relay', relay.url, '--allow-relay', relay.url]); // the pages' ?relay= links name it
  const browser = await launch({ width: 900, height: 640 });
  try {
    const a = await browser.context.newPage();
    const b = await browser.context.newPage();
    const errA = watchErrors(a), errB = watchErrors(b);
    const base = `${server.url}duel/?manual&relay=${encodeURIComponent(relay.url)}`;
    await a.goto(base);
    await a.waitForFunction(() => window.__duel && window.__duel.ready, null, { timeout: 30000 });
    await a.click('#btn-create');
    await a.waitForFunction(() => window.__duel.link, null, { timeout: 10000 });
    const roomLink = await a.evaluate(() => window.__duel.link);
    t.ok(/\/duel\/\?room=[0-9a-z]{16}/.test(roomLink), 'page A creates a room and shows its link', roomLink);
    await b.goto(`${roomLink}&manual`);
    await b.waitForFunction(() => window.__duel && window.__duel.started, null, { timeout: 30000 });
    await a.waitForFunction(() => window.__duel.started, null, { timeout: 10000 });
    const seats = [await a.evaluate(() => window.__duel.seat), await b.evaluate(() => window.__duel.seat)];
    t.ok(seats[0] === 0 && seats[1] === 1, 'the creator is player 0 (shoots first), the joiner player 1');

    const pages = [a, b];
    const rand = rng(2026);
    const plans = new Map(); // `${player}:${kick}` -> plan
    let dropped = false, waitedShown = false, realSwipe = false, realTap = false;
    let reloaded = false, reloadWaitShown = false, resumedA = false, resumedShownB = false, reloadedAt = null;
    let shots = 0, taps = 0, midShot = false;
    const t0 = Date.now();

    /** One player's move, from what its own page shows now. */
    async function act(p, v) {
      const page = pages[p];
      if (v.over || v.duel_phase === PHASE.OVER) return;
      const key = `${p}:${v.kick}`;
      if (!plans.has(key)) {
        plans.set(key, {
          strikeAt: 20 + Math.floor(rand() * 150),
          launch: [18 + rand() * 12, 0.05 + rand() * 0.25, (rand() - 0.5) * 0.55, (rand() - 0.5) * 50],
          tapWhen: rand() < 0.3 ? PHASE.AIM : rand() < 0.85 ? PHASE.FLIGHT : -1,
          tapAt: 10 + Math.floor(rand() * 120),
          tap: [(rand() - 0.5) * 7, 0.3 + rand() * 1.8],
          done: false,
        });
      }
      const plan = plans.get(key);
      if (plan.done) return;
      if (v.may_strike && v.phase_age >= plan.strikeAt) {
        plan.done = true;
        if (v.kick === 0) {
          // A real swipe with the mouse: up the middle of the screen, bending a little.
          const box = await page.locator('#touch').boundingBox();
          const x0 = box.x + box.width * 0.5, y0 = box.y + box.height * 0.92;
          await page.mouse.move(x0, y0);
          await page.mouse.down();
          for (let i = 1; i <= 8; i++) await page.mouse.move(x0 + i * 4, y0 - i * box.height * 0.07);
          await page.mouse.up();
          realSwipe = (await page.evaluate(() => window.__duel.lastStatus)) === 0;
        } else {
          await page.evaluate((l) => window.__duel.strike(...l), plan.launch);
        }
        shots++;
      } else if (v.may_tap && v.duel_phase === plan.tapWhen && v.phase_age >= plan.tapAt) {
        plan.done = true;
        if (v.kick === 0 && !realTap) {
          // A real click in goal, towards the top left corner.
          const box = await page.locator('#touch').boundingBox();
          await page.mouse.click(box.x + box.width * 0.35, box.y + box.height * 0.45);
          realTap = (await page.evaluate(() => window.__duel.lastStatus)) === 0;
        } else {
          await page.evaluate((tp) => window.__duel.tap(...tp), plan.tap);
        }
        taps++;
      }
    }

    const views = [null, null];
    for (let round = 0; round < 20000; round++) {
      for (let p = 0; p < 2; p++) {
        views[p] = await pages[p].evaluate(() => window.__duel.run(4));
        await act(p, views[p]);
      }
      if (views[0].over && views[1].over) break;
      if (Date.now() - t0 > 150000) break;
      // Mid-match: B's connection drops; it comes back by itself.
      if (!dropped && views[1].kick >= 3 && views[1].duel_phase === PHASE.READY) {
        dropped = true;
        await b.evaluate(() => window.__duel.dropConnection());
        for (let i = 0; i < 40 && !waitedShown; i++) {
          await a.evaluate(() => window.__duel.run(2));
          waitedShown = await a.evaluate(() => /lost the connection/.test(document.getElementById('status').textContent) &&
            !document.getElementById('status').classList.contains('hidden'));
          await sleep(50);
        }
      }
      // Mid-match, in a kick's flight: page A is reloaded.
      if (dropped && !reloaded && views[0].kick >= 4 && views[0].duel_phase === PHASE.FLIGHT) {
        reloaded = true;
        reloadedAt = { kick: views[0].kick, frame: views[0].frame };
        const t1 = Date.now();
        await a.reload();
        for (const key of [...plans.keys()]) if (key.startsWith('0:')) plans.delete(key); // A's player plans afresh
        await a.waitForFunction(() => window.__duel && window.__duel.ready, null, { timeout: 30000 });
        for (let i = 0; i < 400 && !(resumedA && resumedShownB); i++) {
          await b.evaluate(() => window.__duel.run(2));
          if (!reloadWaitShown) {
            reloadWaitShown = await b.evaluate(() => /lost the connection — waiting for them, \d+ s left/.test(window.__duel.statusLog.join('|')));
          }
          if (await a.evaluate(() => window.__duel.started)) await a.evaluate(() => window.__duel.run(2));
          resumedA = await a.evaluate(() => window.__duel.resumed === true && /Match resumed where it was/.test(window.__duel.statusLog.join('|')));
          resumedShownB = await b.evaluate(() => window.__duel.peerResumed === 1 && /reloaded the page/.test(window.__duel.statusLog.join('|')) &&
            /match resumed/.test(window.__duel.statusLog.join('|')));
          await sleep(40);
        }
        const back = await a.evaluate(() => ({ seat: window.__duel.seat, v: window.__duel.view(), log: window.__duel.statusLog }));
        t.ok(back.seat === 0 && back.v.resumed === 1 && back.v.resumed_at > 0 && back.v.resumed_at <= reloadedAt.frame + 6,
          `page A, reloaded in kick ${reloadedAt.kick + 1}'s flight, takes seat 0 back and rebuilds the match to step ${back.v.resumed_at} (it was at ${reloadedAt.frame}) in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
        t.ok(reloadWaitShown, 'while page A was away, page B said it was waiting for it and how long');
        t.ok(resumedA && /resuming the match/.test(back.log.join('|')), `page A showed that it was resuming, then that it resumed (${back.log.join(' / ')})`);
        t.ok(resumedShownB, 'page B showed that A reloaded, and that the match resumed');
      }
      if (!midShot && views[0].duel_phase === PHASE.FLIGHT && views[0].kick >= 1) {
        midShot = true;
        await a.evaluate(() => window.__duel.draw());
        await b.evaluate(() => window.__duel.draw());
        const sa = await shot(a, build, 'duel-a-flight'), sb = await shot(b, build, 'duel-b-flight');
        t.ok(sa.stddev > 8 && sb.stddev > 8, `mid-match screenshots are not blank (${sa.stddev.toFixed(1)}, ${sb.stddev.toFixed(1)})`);
      }
      if (round % 8 === 7) await sleep(5); // let the sockets breathe
    }
    const secs = ((Date.now() - t0) / 1000).toFixed(1);
    t.ok(views[0].over && views[1].over, `both pages reach the end of the shoot-out (${secs} s, ${views[0].kick + 1} kicks, ${shots} shots, ${taps} taps)`);
    t.ok(realSwipe, 'a real mouse swipe on the page struck the first kick');
    t.ok(realTap, 'a real click in goal sent the keeper diving');
    t.ok(dropped && waitedShown, 'while page B was cut off, page A said it was waiting for it');
    t.ok(reloaded, 'page A was reloaded in the middle of the match');
    const ends = [];
    for (const page of pages) {
      ends.push(await page.evaluate(() => ({ score: window.__duel.score, hash: window.__duel.finalHash, step: window.__duel.endStep, winner: window.__duel.winner,
        rollbacks: window.__duel.view().rollbacks, record: window.__duel.record(), desync: window.__duel.desync || '' })));
    }
    t.ok(ends[0].score && ends[0].score.join('-') === ends[1].score.join('-'), `both pages end with the same score (${ends[0].score} / ${ends[1].score})`);
    t.ok(ends[0].hash && ends[0].hash === ends[1].hash && ends[0].step === ends[1].step,
      `both pages end with the same final state hash on the same step (${ends[0].hash} @ ${ends[0].step} / ${ends[1].hash} @ ${ends[1].step})`);
    t.ok(!ends[0].desync && !ends[1].desync, 'no desync', `${ends[0].desync} ${ends[1].desync}`);
    t.ok(ends[0].rollbacks + ends[1].rollbacks > 0, `the late inputs were corrected by rollback (${ends[0].rollbacks} + ${ends[1].rollbacks} rollbacks)`);
    t.ok(ends[0].record.length > 0 && ends[0].record === ends[1].record, 'both pages save byte-identical shoot-out records');

    // The saved shoot-out, re-simulated natively.
    const dir = join(build, 'web-shots');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'duel.ksso');
    writeFileSync(file, Buffer.from(ends[0].record, 'base64'));
    let verdict = null;
    try {
      verdict = JSON.parse(execFileSync(opts.cli, ['replay', 'verify', file, '--json'], { encoding: 'utf8' }));
    } catch (e) {
      t.ok(false, 'kick-cli replay verify runs on the saved shoot-out', String(e.stdout || e.message));
    }
    if (verdict) {
      t.ok(verdict.identical === true && verdict.kind === 'shootout', `kick-cli replay verify: the saved shoot-out is identical natively (${verdict.verdict})`);
      t.ok(verdict.score.join('-') === ends[0].score.join('-') && verdict.final_hash === ends[0].hash && verdict.end_step === ends[0].step,
        `natively the same score, final hash and end step (${verdict.score}, ${verdict.final_hash}, ${verdict.end_step})`);
    }

    // The result on both screens.
    for (const [p, page] of pages.entries()) {
      await page.evaluate(() => window.__duel.draw());
      const title = await page.textContent('#result-title');
      const s = await shot(page, build, `duel-${p ? 'b' : 'a'}-result`);
      t.ok(/YOU (WIN|LOSE)|A DRAW/.test(title) && s.stddev > 8, `page ${p ? 'B' : 'A'} shows the result (${title}) and is not blank`);
    }
    const titles = [await a.textContent('#result-title'), await b.textContent('#result-title')];
    t.ok((titles[0] === 'A DRAW') === (titles[1] === 'A DRAW') && (titles[0] === 'A DRAW' || titles[0] !== titles[1]), `one wins, the other loses (${titles})`);
    const bad = [...errA, ...errB].filter((e) => !/favicon/.test(e));
    t.ok(bad.length === 0, 'no console or page errors on either page', bad.join('; '));
    await a.close();
    await b.close();

    await plantedDesync(t, browser, server, relay);
  } finally {
    await browser.close();
    server.stop();
    relay.stop();
  }
});
