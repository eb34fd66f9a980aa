// SPDX-License-Identifier: MIT
// The board on a real PostgreSQL: initdb into a temporary folder, postgres on
// 127.0.0.1 on a free port as the unprivileged user nobody (when run as root),
// stopped by its own pid. The same forgery suite as on SQLite, kill -9 during
// writes, and two service processes against one database taking the same
// day's tries at once: none lost, none doubled. Exit 77 (skipped, with the
// reason) when PostgreSQL cannot run here; never a silent pass.
import { ok, finish, startPostgres, startBoard, hand, device, submit, api, today } from './lib.mjs';
import { runSuite } from './suite.mjs';
import { killTest } from './kill.mjs';

const pg = await startPostgres();
if (pg.skip) {
  console.log(`SKIP: PostgreSQL cannot run here: ${pg.skip}`);
  process.exit(77);
}
try {
  await runSuite(pg.newDb(), 'pg');
  await killTest(pg.newDb(), 'pg');

  // Two services, one database: every player sends each try to both at once
  // (a page that retried on another server) and further tries to either.
  const db = pg.newDb();
  const fast = ['--rate-address', '100000/100000', '--rate-player', '1000/1000', '--rate-read', '100000/100000'];
  const a = await startBoard(['--db', db, ...fast]);
  const b = await startBoard(['--db', db, ...fast]);
  try {
    const day = today();
    const n = 20;
    const jobs = [];
    for (let k = 1; k <= 3; k++) {
      hand(day, k, 40000 + 1000 * k, n).forEach((t, i) => {
        const name = `Two${i}`;
        const dev = device(`pg-two-${i}`);
        jobs.push(Promise.all([submit(a.port, name, dev, t.b64), submit(b.port, name, dev, t.b64)]));
      });
    }
    const res = await Promise.all(jobs);
    const firsts = res.filter(([x, y]) => (x.body.accepted ? 1 : 0) + (y.body.accepted ? 1 : 0) === 1).length;
    const seconds = res.filter(([x, y]) => [x, y].some((r) => r.body.reason === 'already_recorded')).length;
    ok(firsts === 3 * n, `two services: each try accepted by exactly one of them (${firsts}/${3 * n})`);
    ok(seconds === 3 * n, `two services: the other answered already_recorded (${seconds}/${3 * n})`);
    const sa = (await api(a.port, '/api/board/health')).body.stats;
    const bd = (await api(b.port, `/api/board/day?day=${day}`)).body;
    ok(sa.tries === 3 * n && sa.bests === n && bd.count === n && bd.top.every((e) => e.tries === 3),
      'two services: 60 tries stored once, 20 players with three each, the same board from both',
      JSON.stringify(sa));
    const ba = (await api(a.port, `/api/board/day?day=${day}`)).body;
    ok(JSON.stringify(ba.top) === JSON.stringify(bd.top), 'two services: both show the same board');
  } finally {
    await a.stop();
    await b.stop();
  }
} finally {
  await pg.stop();
}
finish();
