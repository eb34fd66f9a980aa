// SPDX-License-Identifier: MIT
// The board's forgery suite, run against one database (a SQLite file or a
// PostgreSQL URL): honest tries from the C swipe generator are accepted, each
// forgery class is refused with its reason, and a refused one changes nothing
// in the database (its counts and the day's board are compared before and after).
import { ok, hand, forge, device, startBoard, api, submit, today, DAY_MS } from './lib.mjs';

const snapshot = async (port, day) => {
  const h = await api(port, '/api/board/health');
  const b = await api(port, `/api/board/day?day=${day}`);
  return JSON.stringify([h.body.stats, b.body.top, b.body.count]);
};

export async function runSuite(db, label) {
  const day = today();
  const board = await startBoard(['--db', db, '--rate-address', '1000/1000', '--rate-player', '1000/1000',
    '--rate-read', '10000/10000']);
  const port = board.port;
  try {
    const players = ['Ada', 'Brook', 'Cleo', 'Dev'];
    const dev = Object.fromEntries(players.map((p) => [p, device(`${label}-${p}`)]));
    const tries = {}; // tries[k][p]
    for (let k = 1; k <= 3; k++) {
      const got = hand(day, k, 100 * k, players.length);
      tries[k] = Object.fromEntries(players.map((p, i) => [p, got[i]]));
    }
    // Honest: everyone's first two tries.
    let honestOk = 0;
    for (let k = 1; k <= 2; k++) {
      for (const p of players) {
        const r = await submit(port, p, dev[p], tries[k][p].b64);
        if (r.status === 200 && r.body.accepted && r.body.points === tries[k][p].claim.points) honestOk++;
        else console.log(`  ${p} try ${k}: ${JSON.stringify(r.body)}`);
      }
    }
    ok(honestOk === 8, `[${label}] honest tries from the C generator accepted with their points (${honestOk}/8)`);

    const refusedWith = async (what, want, name, dk, b64) => {
      const before = await snapshot(port, day);
      const r = await (typeof b64 === 'function' ? b64() : submit(port, name, dk, b64));
      const after = await snapshot(port, day);
      ok(r.body && r.body.accepted === false && r.body.reason === want && r.status >= 400 && after === before,
        `[${label}] ${what}: refused as ${want}, database unchanged`,
        `status ${r.status} ${JSON.stringify(r.body).slice(0, 200)}${after === before ? '' : ' (database changed)'}`);
      return r;
    };

    const t3 = tries[3].Ada;
    const b3 = t3.b64;
    // The claim changed: points, outcome, crossing; the checksum made again.
    await refusedWith('claimed points +1', 'claim_points', 'Ada', dev.Ada, forge(b3, (b) => b.writeInt32LE(b.readInt32LE(20) + 1, 20)));
    await refusedWith('claimed points 5000', 'claim_points', 'Ada', dev.Ada, forge(b3, (b) => b.writeInt32LE(5000, 20)));
    await refusedWith('claimed outcome changed', 'claim_outcome', 'Ada', dev.Ada,
      forge(b3, (b) => { b[16] = b[16] === 1 ? 2 : 1; }));
    let crossed = [1, 2, 3].flatMap((k) => players.map((p) => [p, tries[k][p]])).find(([, t]) => t.claim.crossed);
    // Some days' kick makes a crossing rare: then more generated tries, for a
    // player of their own (Eve's first try), until one crosses.
    for (let batch = 0; !crossed && batch < 8; batch++) {
      const more = hand(day, 1, 7000 + 131 * batch, 16).find((t) => t.claim.crossed);
      if (more) {
        dev.Eve = device(`${label}-Eve`);
        crossed = ['Eve', more];
      }
    }
    if (crossed) {
      await refusedWith('claimed crossing moved one ulp', 'claim_crossing', crossed[0], dev[crossed[0]],
        forge(crossed[1].b64, (b) => { b[32] ^= 1; }));
    } else ok(false, `[${label}] a crossed try among the generated ones`);
    await refusedWith('claimed decision step +1', 'claim_decision', 'Ada', dev.Ada,
      forge(b3, (b) => b.writeUInt32LE(b.readUInt32LE(24) + 1, 24)));
    // Another day's kick: yesterday's honest try, and today's input relabelled as tomorrow's.
    const old = hand(day - 2, 3, 900)[0];
    await refusedWith("another day's honest kick", 'day_not_today', 'Ada', dev.Ada, old.b64);
    const relabelled = forge(b3, (b) => b.writeInt32LE(day - 1, 8));
    const rr = await submit(port, 'Ada', dev.Ada, relabelled);
    ok(rr.status >= 400 && /^claim_|day_not_today$/.test(rr.body.reason),
      `[${label}] today's input under another day's date refused (${rr.body.reason})`);
    // The same try twice.
    await refusedWith('the same try twice', 'already_recorded', 'Ada', dev.Ada, tries[1].Ada.b64);
    await refusedWith('another play under a try number already played', 'try_repeated', 'Ada', dev.Ada,
      hand(day, 1, 704)[0].b64);
    // Someone else's try under another name (another device).
    await refusedWith("someone else's accepted try under another name", 'copied_input', 'Eve', device(`${label}-Eve`),
      tries[1].Brook.b64);
    await refusedWith("someone else's name", 'name_taken', 'Ada', device(`${label}-Eve`), hand(day, 3, 700)[0].b64);
    await refusedWith('a look-alike of someone else\'s name', 'name_taken', 'AD_A', device(`${label}-Eve`),
      hand(day, 3, 701)[0].b64);
    const renamed = await refusedWith('one device, a second name the same day', 'device_renamed', 'Ada2', dev.Ada, hand(day, 3, 702)[0].b64);
    ok(renamed.body.name === 'Ada', `[${label}] the refusal names the device's own name today, so its page can send it under that`,
      JSON.stringify(renamed.body));
    // The third try, then a fourth.
    const third = await submit(port, 'Ada', dev.Ada, b3);
    ok(third.status === 200 && third.body.accepted, `[${label}] the third try accepted`);
    await refusedWith('a fourth try', 'fourth_try', 'Ada', dev.Ada, hand(day, 1, 703)[0].b64);
    await refusedWith('try number 4', 'bad_try', 'Brook', dev.Brook, forge(tries[3].Brook.b64, (b) => { b[7] = 4; }));
    // Damaged and malformed bytes.
    const raw = Buffer.from(tries[3].Brook.b64, 'base64');
    await refusedWith('truncated', 'truncated', 'Brook', dev.Brook, raw.subarray(0, raw.length - 9).toString('base64'));
    await refusedWith('oversized (bytes after the checksum)', 'oversized', 'Brook', dev.Brook,
      Buffer.concat([raw, Buffer.alloc(8)]).toString('base64'));
    await refusedWith('oversized (200 KB)', 'oversized', 'Brook', dev.Brook, Buffer.alloc(200000, 7).toString('base64'));
    const flipped = Buffer.from(raw);
    flipped[100] ^= 4;
    await refusedWith('one bit flipped', 'bad_checksum', 'Brook', dev.Brook, flipped.toString('base64'));
    await refusedWith('unknown rules version', 'unknown_rules', 'Brook', dev.Brook, forge(tries[3].Brook.b64, (b) => { b[4] = 9; }));
    await refusedWith('not base64', 'malformed', 'Brook', dev.Brook, '@@@@');
    await refusedWith('not JSON', 'malformed', null, null, () => api(port, '/api/board/try', '{"name": "Brook"'));
    await refusedWith('a bad name', 'bad_name', '<b>x</b>', dev.Brook, tries[3].Brook.b64);
    await refusedWith('a bad device key', 'bad_device', 'Brook', 'short', tries[3].Brook.b64);
    // The rest of the honest third tries.
    let rest = 0;
    for (const p of ['Brook', 'Cleo', 'Dev']) rest += (await submit(port, p, dev[p], tries[3][p].b64)).body.accepted ? 1 : 0;
    ok(rest === 3, `[${label}] the other third tries accepted after the refusals`);

    // The board: everyone's best, ranked; your place; friends; an entry's input for replay.
    const b = await api(port, `/api/board/day?device=${dev.Cleo}&friends=Ada,Dev,Nobody`);
    const best = (p) => Math.max(...[1, 2, 3].map((k) => tries[k][p].claim.points));
    const want = players.map((p) => best(p)).sort((x, y) => y - x);
    ok(b.body.count === 4 && JSON.stringify(b.body.top.map((e) => e.points)) === JSON.stringify(want),
      `[${label}] the board holds each player's best, ranked`, JSON.stringify(b.body.top));
    ok(b.body.you && b.body.you.name === 'Cleo' && b.body.you.points === best('Cleo'), `[${label}] your place`);
    ok(b.body.friends.length === 2 && b.body.friends.every((f) => ['Ada', 'Dev'].includes(f.name)), `[${label}] friends' names`);
    const top = b.body.top[0];
    const e = await api(port, `/api/board/entry/${top.entry}`);
    const entryTry = [1, 2, 3].map((k) => tries[k][top.name]).find((t) => t.b64 === e.body.b64);
    ok(e.status === 200 && entryTry && e.body.points === top.points, `[${label}] an entry gives back its submitted bytes`);
    ok(typeof e.body.share === 'string' && /^[A-Za-z0-9_-]{100,}$/.test(e.body.share), `[${label}] and its replay as a share code`);
    const missing = await api(port, '/api/board/entry/999999');
    ok(missing.status === 404, `[${label}] an unknown entry is 404`);
    const h = await api(port, '/api/board/health');
    ok(h.body.stats.tries === 12 && h.body.stats.bests === 4 && h.body.stats.schema === 1,
      `[${label}] twelve tries stored, four players, schema 1`, JSON.stringify(h.body.stats));
    // Tomorrow (a service whose clock is a day on): today's top is yesterday's winner.
    const next = await startBoard(['--db', db, '--clock-offset-ms', String(DAY_MS), '--rate-read', '10000/10000']);
    try {
      const y = await api(next.port, '/api/board/yesterday');
      const d2 = await api(next.port, '/api/board/day');
      ok(y.body.day === day && y.body.winner && y.body.winner.name === top.name && y.body.winner.points === top.points &&
        d2.body.day === day + 1 && d2.body.count === 0 && d2.body.yesterday && d2.body.yesterday.name === top.name,
      `[${label}] the next day, today's top is yesterday's winner`, JSON.stringify([y.body, d2.body.yesterday]));
    } finally {
      await next.stop();
    }
  } finally {
    await board.stop();
  }

  // Limits: a flood from one address, and from one player.
  const slow = await startBoard(['--db', db, '--rate-address', '3/0.01', '--rate-player', '1000/1000']);
  try {
    const t = hand(day, 1, 5000, 5);
    const st = [];
    for (let i = 0; i < 5; i++) st.push((await submit(slow.port, `Flood${i}`, device(`${label}-flood${i}`), t[i].b64)).body.reason || 'ok');
    ok(st.slice(0, 3).every((s) => s === 'ok') && st.slice(3).every((s) => s === 'rate_limited'),
      `[${label}] a flood from one address is cut after its burst`, st.join(','));
  } finally {
    await slow.stop();
  }
  const perPlayer = await startBoard(['--db', db, '--rate-address', '1000/1000', '--rate-player', '2/0.01']);
  try {
    const d = device(`${label}-greedy`);
    const t = hand(day, 2, 6000, 3);
    const st = [];
    for (let i = 0; i < 3; i++) st.push((await submit(perPlayer.port, 'Greedy', d, t[i].b64)).body.reason || 'ok');
    ok(st[0] === 'ok' && st[2] === 'rate_limited_player', `[${label}] a flood from one player is cut`, st.join(','));
  } finally {
    await perPlayer.stop();
  }

  // The grace window around midnight UTC: today's try at 00:10 tomorrow is
  // taken (default 30 min after), at 01:00 it is not; 4 minutes before today
  // began it is taken (5 min before).
  let graceN = 0;
  const at = async (msFromDayStart, dayOfTry, want, what) => {
    graceN++;
    const offset = dayOfTry * DAY_MS + msFromDayStart - Date.now();
    const s = await startBoard(['--db', db, '--clock-offset-ms', String(offset), '--rate-address', '1000/1000']);
    try {
      const t = hand(day, 1, 7000 + graceN)[0];
      const r = await submit(s.port, `Grace${graceN}`, device(`${label}-grace${graceN}`), t.b64);
      ok((r.body.accepted ? 'ok' : r.body.reason) === want, `[${label}] grace: ${what}`, JSON.stringify(r.body));
    } finally {
      await s.stop();
    }
  };
  await at(DAY_MS + 10 * 60000, day, 'ok', "today's try 10 min after midnight: taken");
  await at(DAY_MS + 60 * 60000, day, 'day_not_today', "today's try an hour after midnight: refused");
  await at(-4 * 60000, day, 'ok', "today's try 4 min before its day began: taken");
  await at(-20 * 60000, day, 'day_not_today', "today's try 20 min before its day began: refused");
}
