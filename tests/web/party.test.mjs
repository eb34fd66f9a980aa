// SPDX-License-Identifier: MIT
// The party mode of the penalty duel in Chromium: three pages play a whole
// 3-player match through the relay (with injected latency, jitter and loss):
//  - page A creates a party room of 3 with a click; pages B and C open its
//    link; the room starts when the third joins, each page told its seat;
//  - every page shows whose turn it is to shoot and who keeps goal, and the
//    shooter's and keeper's pages alone may strike and dive (round by round
//    each player shoots once and keeps once);
//  - the three pages end on the same scores, the same final state hash on the
//    same step and byte-identical shoot-out records (version 2, a party's),
//    and native `kick-cli replay verify` re-simulates the record to the same
//    end and score;
//  - a screenshot of the result is not blank.
// The pages run with ?manual: the test hands them frames with scripted
// timestamps (window.__party.run); the network between them is real.
import { join } from 'node:path';
import { args, run, serve, launch, shot, openParty, startRelay, sleep, rng, DUEL_PHASE as PHASE, partyPlan, partyAct, verifyPartyRecord } from './lib.mjs';

const opts = args();
const { build } = opts;
const site = join(build, 'site');


run('web_party', async (t) => {
  const relay = await startRelay(['--latency-ms', '30', '--jitter-ms', '20', '--loss', '0.05', '--seed', '5']);
  const server = await serve(site, [], ['--relay', relay.url, '--allow-relay', relay.url]);
  const browser = await launch({ width: 800, height: 700 });
  try {
    const { pages, errs } = await openParty(browser, server.url, relay.url, {
      created: (link) => t.ok(/\/party\/\?room=[0-9a-z]{16}&rounds=1/.test(link), 'page A creates a party room of 3 and shows its link', link),
      second: async ([a]) => t.ok(!(await a.evaluate(() => window.__party.started)), 'the party does not start with two of three'),
    });
    const [a] = pages;
    const seats = await Promise.all(pages.map((p) => p.evaluate(() => [window.__party.seat, window.__party.seats])));
    t.ok(seats.every((s, i) => s[0] === i && s[1] === 3), 'when the third page joins, the three start as players 1, 2 and 3', JSON.stringify(seats));

    const rand = rng(29);
    const plans = new Map();
    const turns = new Set(); // `${kick}:${shooter}:${keeper}`, as the pages show it
    let shown = true, onlyTheirs = true;
    let ends = null;
    let last = null;
    const cap = Number(process.env.KS_PARTY_ROUNDS) || 3000;
    for (let round = 0; round < cap && !ends; round++) {
      const views = [];
      last = views;
      for (const p of pages) views.push(await p.evaluate(() => window.__party.run(12)));
      for (const [i, v] of views.entries()) {
        if (v.over) continue;
        if (v.duel_phase === PHASE.AIM || v.duel_phase === PHASE.FLIGHT) {
          turns.add(`${v.kick}:${v.shooter}:${v.keeper}`);
          if ((v.may_strike && v.shooter !== i) || (v.may_tap && v.keeper !== i)) onlyTheirs = false;
        }
        const key = `${i}:${v.kick}`;
        if (!plans.has(key)) plans.set(key, partyPlan(v, rand));
        await partyAct(pages[i], v, plans.get(key));
      }
      if (round % 50 === 0) {
        const txt = await pages[views[0].shooter]?.evaluate(() => document.getElementById('turn').textContent);
        if (!views[0].over && views[0].duel_phase === PHASE.AIM && !/shoot/.test(txt || '')) shown = false;
      }
      if (views.every((v) => v.over)) ends = views;
      if (round % 10 === 9) await sleep(5);
    }
    const errors = await Promise.all(pages.map((p) => p.evaluate(() => window.__party.errors.slice(0, 5))));
    t.ok(ends !== null, 'the three pages play the party to its end', JSON.stringify({ last, errors }));
    if (!ends) return;
    const allErrors = await Promise.all(pages.map((p) => p.evaluate(() => window.__party.errors)));
    t.ok(allErrors.flat().every((e) => !/messages a second|rate/.test(e)),
      'no page sends faster than the relay takes (its own budget under the relay\'s rate)', JSON.stringify(allErrors));
    const kicks = ends[0].taken0 + ends[0].taken1 + ends[0].taken2;
    t.ok(onlyTheirs, 'only the shooter\'s page may strike and only the keeper\'s may dive');
    t.ok(shown, 'the shooter\'s page says whose turn it is to shoot');
    // Round by round each shoots once and keeps once: the keeper of kick k is (k%3 + 1 + floor(k/3)%2) % 3.
    const rotation = [...turns].map((x) => x.split(':').map(Number)).every(([k, s, kp]) => s === k % 3 && kp === (s + 1 + (Math.floor(k / 3) % 2)) % 3);
    t.ok(rotation && turns.size >= kicks, `each kick's shooter and keeper follow the rotation (${turns.size} turns seen)`);
    const same = (f) => ends.every((v) => v[f] === ends[0][f]);
    t.ok(['score0', 'score1', 'score2', 'winner', 'end_step', 'final_hash'].every(same) && ends[0].players === 3,
      `the three pages end on the same score ${ends[0].score0}-${ends[0].score1}-${ends[0].score2}, winner ${ends[0].winner}, final hash ${ends[0].final_hash} at step ${ends[0].end_step}`);
    t.ok(ends.every((v) => v.record_ok === 1 && v.desync === 0), 'every page\'s record holds every input, no desync');
    const records = await Promise.all(pages.map((p) => p.evaluate(() => window.__party.record())));
    t.ok(records[0] && records[0][4] === 2 && records.every((r) => r && r.join() === records[0].join()),
      'the three pages save byte-identical shoot-out records (version 2)');
    const results = await Promise.all(pages.map((p) => p.evaluate(() => ({ title: document.getElementById('result-title').textContent,
      hash: document.getElementById('result-hash').textContent, rows: document.querySelectorAll('#scores tbody tr').length }))));
    t.ok(results.every((r) => r.title.length > 0 && r.hash.includes(ends[0].final_hash) && r.rows === 3),
      'each page shows the result, the final hash and a score table of 3', JSON.stringify(results[0]));
    verifyPartyRecord(t, opts, 'party.ksso', records[0], ends[0]);
    const s = await shot(a, build, 'party-result');
    t.ok(s.stddev > 4 && s.distinct > 8, 'the result screenshot is not blank', `stddev ${s.stddev.toFixed(2)}`);
    const bad = errs.flat().filter((e) => !/favicon/.test(e));
    t.ok(bad.length === 0, 'no console or page errors', bad.join('; '));
  } finally {
    await browser.close();
    server.stop();
    relay.stop();
  }
});
