// SPDX-License-Identifier: MIT
// The service under kill -9 while it writes: players keep submitting honest
// tries; the service is killed (SIGKILL, by its pid) at a random moment,
// restarted on the same database, and every try it answered "accepted" must be
// there exactly once, with no half try (a try without its board row, a board
// row whose count disagrees with the tries). Rounds are bounded in count and time.
import { ok, hand, device, startBoard, api, submit, today, sleep } from './lib.mjs';

export async function killTest(db, label, { rounds = 3, players = 24 } = {}) {
  const day = today();
  const all = [];
  for (let k = 1; k <= 3; k++) {
    const got = hand(day, k, 20000 + 1000 * k, players);
    got.forEach((t, i) => all.push({ name: `K${label}${i}`.slice(0, 16), dev: device(`${label}-kill-${i}`), t }));
  }
  const accepted = new Map(); // input b64 -> entry id
  let next = 0;
  let killedMidFlight = 0;
  let seed = 12345;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const fast = ['--rate-address', '100000/100000', '--rate-player', '1000/1000', '--rate-read', '100000/100000'];
  for (let round = 0; round < rounds && next < all.length; round++) {
    const b = await startBoard(['--db', db, ...fast]);
    let stop = false;
    const worker = async () => {
      while (!stop && next < all.length) {
        const s = all[next++];
        try {
          const r = await submit(b.port, s.name, s.dev, s.t.b64);
          if ((r.status === 200 && r.body.accepted) || r.body.reason === 'already_recorded') accepted.set(s.t.b64, r.body.id);
          else s.refused = r.body.reason;
        } catch {
          killedMidFlight++;
          s.retry = true; // unanswered: the page would send it again (the same bytes)
        }
      }
    };
    const ws = Array.from({ length: 6 }, worker);
    await sleep(150 + Math.floor(rnd() * 400));
    stop = true;
    await b.kill9();
    await Promise.allSettled(ws);
  }
  // Restart: resend the unanswered ones (a page's queue does), then check.
  const b = await startBoard(['--db', db, ...fast]);
  try {
    for (const s of all.filter((x) => x.retry)) {
      const r = await submit(b.port, s.name, s.dev, s.t.b64);
      if ((r.status === 200 && r.body.accepted) || r.body.reason === 'already_recorded') accepted.set(s.t.b64, r.body.id);
    }
    const stats = (await api(b.port, '/api/board/health')).body.stats;
    const entries = [];
    for (const [b64, id] of accepted) entries.push([b64, (await api(b.port, `/api/board/entry/${id}`)).body]);
    const allThere = entries.every(([b64, e]) => e && e.b64 === b64);
    ok(accepted.size > 0 && allThere, `[${label}] every accepted try is there after kill -9 and restart (${accepted.size} accepted, ${killedMidFlight} cut mid-flight)`);
    const board = (await api(b.port, `/api/board/day?day=${day}`)).body;
    const sumTries = board.top.reduce((n, e) => n + e.tries, 0);
    ok(stats.tries === accepted.size, `[${label}] no try stored twice or unanswered-but-stored left unreported`,
      `stored ${stats.tries}, accepted ${accepted.size}`);
    ok(board.count <= 50 ? sumTries === stats.tries : true, `[${label}] no half try: the board's counts agree with the tries`,
      `${sumTries} vs ${stats.tries}`);
    ok(all.every((s) => !s.refused), `[${label}] no honest try refused`, all.filter((s) => s.refused).map((s) => s.refused).join(','));
  } finally {
    await b.stop();
  }
}
