// SPDX-License-Identifier: MIT
// A party page reloaded mid-match (docs/duel.md, "Reloading in a party"):
// three pages play a 3-player party through the relay (latency, jitter and
// loss); in the middle of the second kick page A (player 1, who created the
// room) is reloaded:
//  - the other two pages show that player 1 lost the connection, then that
//    the party goes on without it (its kicks missed) once it has been quiet
//    for the disconnect time;
//  - page A takes its seat back with the token this browser kept, asks the
//    two others for the party, and only player 2's page (the lowest seat
//    still playing) answers; A shows that it is back, the others that
//    player 1 is back in the party;
//  - the three pages end on the same scores, the same final state hash on the
//    same step and byte-identical records (version 2), which native
//    `kick-cli replay verify` re-simulates to the same end.
// The pages run with ?manual: the test hands them frames with scripted
// timestamps (window.__party.run), the modules' clocks (the 5 s after which a
// quiet player is dropped) are those timestamps; the network is real.
import { join } from 'node:path';
import { args, run, serve, launch, startRelay, openParty, sleep, rng, DUEL_PHASE as PHASE, partyPlan, partyAct, verifyPartyRecord } from './lib.mjs';

const opts = args();
const { build } = opts;
const site = join(build, 'site');

const log = (p) => p.evaluate(() => window.__party.statusLog.join('|'));

run('web_party_reload', async (t) => {
  const relay = await startRelay(['--latency-ms', '20', '--jitter-ms', '10', '--loss', '0.03', '--seed', '7']);
  const server = await serve(site, [], ['--relay', relay.url, '--allow-relay', relay.url]);
  const browser = await launch({ width: 800, height: 700 });
  try {
    const { pages, errs } = await openParty(browser, server.url, relay.url, {
      created: (link, [a]) => t.ok(/[?&]room=/.test(a.url()), 'the creator\'s own address names its room (a reload comes back to it)', a.url()),
    });
    const [a] = pages;

    const rand = rng(41);
    const plans = new Map();
    let ends = null, last = null, reloaded = null, resumedAt = null;
    const t0 = Date.now();
    for (let round = 0; round < 3000 && !ends && Date.now() - t0 < 150000; round++) {
      const views = [];
      last = views;
      for (const p of pages) views.push((await p.evaluate(() => window.__party.started)) ? await p.evaluate(() => window.__party.run(12)) : null);
      for (const [i, v] of views.entries()) {
        if (!v || !v.ready || v.over) continue;
        const key = `${i}:${v.kick}`;
        if (!plans.has(key)) plans.set(key, partyPlan(v, rand, 120));
        await partyAct(pages[i], v, plans.get(key));
      }
      // Mid-match, in the second kick (player 2 shoots at player 1 or 3): page A is reloaded.
      if (!reloaded && views[0] && views[0].kick === 1 && views[0].duel_phase === PHASE.AIM) {
        reloaded = { kick: views[0].kick, frame: views[0].frame };
        await a.reload();
        await a.waitForFunction(() => window.__party && window.__party.ready, null, { timeout: 30000 });
        for (const key of [...plans.keys()]) if (key.startsWith('0:')) plans.delete(key); // A's player plans afresh
      }
      if (reloaded && !resumedAt && views[0] && views[0].resumed) resumedAt = views[0].resumed_at;
      if (views.every((v) => v && v.over)) ends = views;
      if (round % 10 === 9) await sleep(5);
    }
    const errors = await Promise.all(pages.map((p) => p.evaluate(() => window.__party.errors.slice(0, 8))));
    t.ok(reloaded !== null, 'page A is reloaded in the middle of the second kick', JSON.stringify(reloaded));
    const [logA, logB, logC] = await Promise.all(pages.map(log));
    t.ok([logB, logC].every((l) => /Player 1 lost the connection — waiting \d+ s/.test(l) && /Player 1 is away: their kicks are missed/.test(l)),
      'the two other pages show that player 1 lost the connection and that the party goes on without it', `${logB} // ${logC}`);
    t.ok(resumedAt !== null && /Back in your seat/.test(logA) && /Back in the party where it was/.test(logA),
      `page A takes its seat back with its kept token and resumes the party (at step ${resumedAt})`, logA);
    const handed = await Promise.all(pages.map((p) => p.evaluate(() => window.__party.handed)));
    t.ok(handed[1] > 0 && handed[2] === 0, 'only player 2\'s page (the lowest seat still playing) answers the handover requests',
      JSON.stringify(handed));
    t.ok([logB, logC].every((l) => /Player 1 is back in the party/.test(l)), 'the two other pages show that player 1 is back in the party',
      `${logB} // ${logC}`);
    t.ok(ends !== null, 'the three pages play the party to its end', JSON.stringify({ last, errors }));
    if (!ends) return;
    const allErrors = await Promise.all(pages.map((p) => p.evaluate(() => window.__party.errors)));
    t.ok(allErrors.flat().length === 0, 'no page refused a message or was refused by the relay', JSON.stringify(allErrors));
    const same = (f) => ends.every((v) => v[f] === ends[0][f]);
    t.ok(['score0', 'score1', 'score2', 'taken0', 'taken1', 'taken2', 'winner', 'end_step', 'final_hash'].every(same) && ends[0].players === 3,
      `the three pages end on the same score ${ends[0].score0}-${ends[0].score1}-${ends[0].score2}, winner ${ends[0].winner}, final hash ${ends[0].final_hash} at step ${ends[0].end_step}`);
    t.ok(ends.every((v) => v.record_ok === 1 && v.desync === 0), 'every page\'s record holds every input, no desync');
    const records = await Promise.all(pages.map((p) => p.evaluate(() => window.__party.record())));
    t.ok(records[0] && records[0][4] === 2 && records.every((r) => r && r.join() === records[0].join()),
      'the three pages save byte-identical shoot-out records (version 2)');
    verifyPartyRecord(t, opts, 'party-reload.ksso', records[0], ends[0]);
    const bad = errs.flat().filter((e) => !/favicon/.test(e));
    t.ok(bad.length === 0, 'no console or page errors', bad.join('; '));
  } finally {
    await browser.close();
    server.stop();
    relay.stop();
  }
});
