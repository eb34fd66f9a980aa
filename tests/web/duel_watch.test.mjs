// SPDX-License-Identifier: MIT
// Watching a penalty duel (issue 25), in Chromium: two pages play a whole
// shoot-out through the relay while others watch.
//  - watcher 1 opens the players' own room link once both seats are taken:
//    the relay makes it a watcher (not "room-full");
//  - watcher 2 opens the watch link (?watch=ROOM) in the middle of the match
//    and catches up (its progress figure below 1, then 1);
//  - both watchers end on the players' final state hash at the same step,
//    with the same score, and saw the same moments (goals, saves, misses,
//    in order) as the players' pages flashed;
//  - a watcher has no input: its strike and tap are refused.
// The pages run with ?manual: the test hands them frames (window.__duel.run),
// so SwiftShader's slow drawing cannot change the game; the network is real.
// Everything on 127.0.0.1; the relay and the server are stopped by their ids.
import { join } from 'node:path';
import { args, run, serve, launch, watchErrors, startRelay, sleep, rng, DUEL_PHASE as PHASE } from './lib.mjs';

const opts = args();
const site = join(opts.build, 'site');

run('web_duel_watch', async (t) => {
  // The test hands frames faster than real time: a relay rate (and so a page budget) to match.
  const relay = await startRelay(['--latency-ms', '20', '--jitter-ms', '20', '--rate', '1000', '--burst', '2000']);
  const port = Number(/:(\d+)\/$/.exec(relay.url)[1]);
  const server = await serve(site, [], ['--relay-port', String(port)]);
  const browser = await launch({ width: 800, height: 600 });
  try {
    const a = await browser.context.newPage(), b = await browser.context.newPage();
    const errs = [watchErrors(a), watchErrors(b)];
    await a.goto(`${server.url}duel/?manual`);
    await a.waitForFunction(() => window.__duel && window.__duel.ready, null, { timeout: 30000 });
    await a.click('#btn-create');
    await a.waitForFunction(() => window.__duel.link && window.__duel.watchLink, null, { timeout: 10000 });
    const { link, watchLink } = await a.evaluate(() => ({ link: window.__duel.link, watchLink: window.__duel.watchLink }));
    const room = new URL(link).searchParams.get('room');
    t.ok(new URL(watchLink).searchParams.get('watch') === room, `the room's page shows a watch link: ${watchLink}`);
    await b.goto(`${link}&manual`);
    await b.waitForFunction(() => window.__duel && window.__duel.started, null, { timeout: 30000 });
    await a.waitForFunction(() => window.__duel.started, null, { timeout: 10000 });

    // Watcher 1: a third client on the players' own room link.
    const w1 = await browser.context.newPage();
    errs.push(watchErrors(w1));
    await w1.goto(`${link}&manual`);
    await w1.waitForFunction(() => window.__duel && window.__duel.started, null, { timeout: 30000 });
    const w1s = await w1.evaluate(() => ({ watching: window.__duel.watching, seat: window.__duel.seat }));
    t.ok(w1s.watching === true && w1s.seat === -1, `a third client on the room link watches (${JSON.stringify(w1s)})`);
    t.ok((await w1.evaluate(() => window.__duel.strike(24, 0.15, 0.2))) !== 0 && (await w1.evaluate(() => window.__duel.tap(0, 1))) !== 0,
      'a watcher has no input: its strike and tap are refused');

    const pages = [a, b];
    const watchers = [w1];
    const rand = rng(25);
    const plans = new Map();
    let w2 = null, w2Behind = 0, w2JoinedAt = -1;
    const t0 = Date.now();
    const views = [null, null];
    let wv = [];
    for (let round = 0; round < 20000; round++) {
      for (let p = 0; p < 2; p++) {
        const v = (views[p] = await pages[p].evaluate(() => window.__duel.run(4)));
        if (v.over || v.duel_phase === PHASE.OVER) continue;
        const key = `${p}:${v.kick}`;
        if (!plans.has(key)) {
          plans.set(key, {
            strikeAt: 20 + Math.floor(rand() * 120),
            launch: [18 + rand() * 12, 0.05 + rand() * 0.25, (rand() - 0.5) * 0.55, (rand() - 0.5) * 50],
            tapAt: rand() < 0.75 ? 5 + Math.floor(rand() * 60) : -1,
            tap: [(rand() - 0.5) * 5, 0.3 + rand() * 1.5],
            done: false,
          });
        }
        const plan = plans.get(key);
        if (plan.done) continue;
        if (v.may_strike && v.phase_age >= plan.strikeAt) {
          plan.done = true;
          await pages[p].evaluate((l) => window.__duel.strike(...l), plan.launch);
        } else if (v.may_tap && v.duel_phase === PHASE.FLIGHT && plan.tapAt >= 0 && v.phase_age >= plan.tapAt) {
          plan.done = true;
          await pages[p].evaluate((tp) => window.__duel.tap(...tp), plan.tap);
        }
      }
      wv = [];
      for (const w of watchers) wv.push(await w.evaluate(() => ({ ...window.__duel.run(4), over: window.__duel.over })));
      if (w2) {
        const v = wv[1];
        if (v.watch_progress < 1) w2Behind++;
      }
      // Watcher 2 arrives in the middle of the match, on the watch link.
      if (!w2 && views[0].kick >= 4) {
        w2 = await browser.context.newPage();
        errs.push(watchErrors(w2));
        await w2.goto(`${watchLink}&manual`);
        await w2.waitForFunction(() => window.__duel && window.__duel.started, null, { timeout: 30000 });
        w2JoinedAt = views[0].confirmed;
        watchers.push(w2);
      }
      if (views[0].over && views[1].over && wv.length === 2 && wv.every((v) => v.over)) break;
      if (Date.now() - t0 > 200000) break;
    }
    const end = [];
    for (const p of [a, b, ...watchers])
      end.push(await p.evaluate(() => ({ over: window.__duel.over, hash: window.__duel.finalHash, step: window.__duel.endStep,
        score: window.__duel.score, flashes: window.__duel.flashes, watching: !!window.__duel.watching, progress: window.__duel.watchProgress })));
    const [ea, eb, e1, e2] = end;
    t.ok(ea.over && eb.over && ea.hash === eb.hash && ea.step === eb.step, `the players end on one hash ${ea.hash} at step ${ea.step}`);
    t.ok(w2 !== null && w2JoinedAt > 0, `watcher 2 arrived mid-match (the players' confirmed step ${w2JoinedAt})`);
    t.ok(w2Behind > 0 && e2 && e2.progress === 1, `watcher 2 caught up: behind for ${w2Behind} rounds, then at its place (progress ${e2 && e2.progress})`);
    for (const [name, e] of [['watcher 1', e1], ['watcher 2', e2]]) {
      t.ok(e && e.over && e.hash === ea.hash && e.step === ea.step, `${name} ends on the players' hash ${e && e.hash} at step ${e && e.step}`);
      t.ok(e && JSON.stringify(e.score) === JSON.stringify(ea.score), `${name} has the players' score ${JSON.stringify(e && e.score)}`);
      t.ok(e && e.flashes.length > 0 && e.flashes.join(' ') === ea.flashes.join(' '),
        `${name} saw the same moments in order: ${e && e.flashes.join(' ')} (players: ${ea.flashes.join(' ')})`);
    }
    t.ok(ea.flashes.join(' ') === eb.flashes.join(' '), 'both players\' pages flashed the same moments');
    const problems = errs.flatMap((e) => e);
    t.ok(problems.length === 0, `no page errors (${problems.join('; ')})`);
  } finally {
    await browser.close();
    await server.stop();
    relay.stop();
  }
});
