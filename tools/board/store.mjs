// SPDX-License-Identifier: MIT
// The board's database: SQLite (better-sqlite3, a file) by default, PostgreSQL
// (pg) when a postgres:// URL is given. The same SQL and the same versioned
// migrations for both; every write is one transaction, and a try is answered
// "accepted" only after its transaction committed.
//
//   const s = await openStore('build/data/board.sqlite' | 'postgres://...')
//   await s.recordTry(t)   // {ok: true, id} or {ok: false, reason}
//   await s.board(day, deviceHash, friendSkeletons)  // {count, top, you, friends}
//   await s.winner(day)    await s.entry(id)    await s.stats()    await s.close()
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

// The npm packages live in web/ (web/package-lock.json, npm ci by tools/deps.sh --web).
const require = createRequire(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'package.json'));

export const TRIES_PER_DAY = 3;
export const TOP = 50;

// Schema migrations, in order; schema_version holds how many have run. Never
// edit one that has shipped: add the next. {sqlite, pg} when the dialects differ.
const MIGRATIONS = [
  {
    name: 'players, tries, bests',
    sql: [
      // A name belongs to the device that first took it: keyed by its skeleton
      // (lower case, look-alike digits folded, separators dropped).
      `CREATE TABLE players (skeleton TEXT PRIMARY KEY, name TEXT NOT NULL, device_hash TEXT NOT NULL,
         created_ms BIGINT NOT NULL)`,
      // The name a device plays under on a day (one a day).
      `CREATE TABLE day_names (day INTEGER NOT NULL, device_hash TEXT NOT NULL, skeleton TEXT NOT NULL,
         PRIMARY KEY (day, device_hash))`,
      {
        sqlite: `CREATE TABLE tries (id INTEGER PRIMARY KEY AUTOINCREMENT, day INTEGER NOT NULL,
           device_hash TEXT NOT NULL, skeleton TEXT NOT NULL, name TEXT NOT NULL, try_number INTEGER NOT NULL,
           points INTEGER NOT NULL, outcome INTEGER NOT NULL, decision_step INTEGER NOT NULL,
           input_hash TEXT NOT NULL, shot_hash TEXT NOT NULL, submission BLOB NOT NULL, created_ms BIGINT NOT NULL,
           CONSTRAINT tries_one_number UNIQUE (day, device_hash, try_number),
           CONSTRAINT tries_one_input UNIQUE (day, input_hash))`,
        pg: `CREATE TABLE tries (id BIGSERIAL PRIMARY KEY, day INTEGER NOT NULL,
           device_hash TEXT NOT NULL, skeleton TEXT NOT NULL, name TEXT NOT NULL, try_number INTEGER NOT NULL,
           points INTEGER NOT NULL, outcome INTEGER NOT NULL, decision_step INTEGER NOT NULL,
           input_hash TEXT NOT NULL, shot_hash TEXT NOT NULL, submission BYTEA NOT NULL, created_ms BIGINT NOT NULL,
           CONSTRAINT tries_one_number UNIQUE (day, device_hash, try_number),
           CONSTRAINT tries_one_input UNIQUE (day, input_hash))`,
      },
      // A device's best try of the day: the board's rows.
      `CREATE TABLE bests (day INTEGER NOT NULL, device_hash TEXT NOT NULL, skeleton TEXT NOT NULL, name TEXT NOT NULL,
         points INTEGER NOT NULL, try_id BIGINT NOT NULL, tries INTEGER NOT NULL, PRIMARY KEY (day, device_hash))`,
      `CREATE INDEX bests_rank ON bests (day, points DESC, try_id)`,
    ],
  },
];
export const SCHEMA_VERSION = MIGRATIONS.length;

const pick = (stmt, dialect) => (typeof stmt === 'string' ? stmt : stmt[dialect]);

// ? placeholders to $1, $2, ... for PostgreSQL.
const toPg = (sql) => {
  let i = 0;
  return sql.replace(/\?/g, () => `$${++i}`);
};

class Refused extends Error {
  constructor(reason, id, name) {
    super(reason);
    this.reason = reason;
    this.id = id;
    this.name = name;
  }
}

// Which refusal a unique violation is.
function uniqueReason(e) {
  const m = `${e.constraint || ''} ${e.message || ''}`;
  if (/tries_one_input|tries\.day, tries\.input_hash/.test(m)) return 'copied_input';
  if (/tries_one_number|tries\.day, tries\.device_hash, tries\.try_number/.test(m)) return 'try_repeated';
  return null;
}

/* The bodies are generators that yield [sql, params] and are given the rows
   back, so one body runs synchronously in a better-sqlite3 transaction and
   asynchronously on a pg client. */
const q = (sql, params) => [sql, params];

function runSync(gen, exec) {
  let step = gen.next();
  while (!step.done) step = gen.next(exec(step.value[0], step.value[1]));
  return step.value;
}

async function runAsync(gen, exec) {
  let step = gen.next();
  while (!step.done) {
    let rows;
    try {
      rows = await exec(step.value[0], step.value[1]);
    } catch (e) {
      step = gen.throw(e);
      continue;
    }
    step = gen.next(rows);
  }
  return step.value;
}

/* The body of recordTry, the same for both dialects. */
function* recordIn(t) {
  // The name: first come, first owned.
  yield q(`INSERT INTO players (skeleton, name, device_hash, created_ms) VALUES (?, ?, ?, ?)
           ON CONFLICT (skeleton) DO NOTHING`, [t.skeleton, t.name, t.deviceHash, t.nowMs]);
  const owner = (yield q('SELECT device_hash FROM players WHERE skeleton = ?', [t.skeleton]))[0];
  if (!owner || owner.device_hash !== t.deviceHash) throw new Refused('name_taken');
  // One name a day for a device.
  yield q(`INSERT INTO day_names (day, device_hash, skeleton) VALUES (?, ?, ?)
           ON CONFLICT (day, device_hash) DO NOTHING`, [t.day, t.deviceHash, t.skeleton]);
  const dn = (yield q('SELECT skeleton FROM day_names WHERE day = ? AND device_hash = ?', [t.day, t.deviceHash]))[0];
  if (!dn || dn.skeleton !== t.skeleton) {
    // The device's own name today goes back to it, so its page can send the try under it.
    const own = dn ? (yield q('SELECT name FROM players WHERE skeleton = ?', [dn.skeleton]))[0] : null;
    throw new Refused('device_renamed', undefined, own ? own.name : undefined);
  }
  const mine = yield q('SELECT id, try_number, input_hash FROM tries WHERE day = ? AND device_hash = ?',
    [t.day, t.deviceHash]);
  // The very same try sent again (an answer lost on the way, a queue resent):
  // nothing is stored again, and the sender learns where it is.
  const same = mine.find((r) => r.input_hash === t.inputHash && Number(r.try_number) === t.tryNumber);
  if (same) throw new Refused('already_recorded', Number(same.id));
  const done = mine.map((r) => Number(r.try_number));
  if (done.length >= TRIES_PER_DAY) throw new Refused('fourth_try');
  if (done.includes(t.tryNumber)) throw new Refused('try_repeated');
  const seen = yield q('SELECT id FROM tries WHERE day = ? AND input_hash = ?', [t.day, t.inputHash]);
  if (seen.length) throw new Refused('copied_input');
  const ins = yield q(`INSERT INTO tries (day, device_hash, skeleton, name, try_number, points, outcome, decision_step,
      input_hash, shot_hash, submission, created_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  [t.day, t.deviceHash, t.skeleton, t.name, t.tryNumber, t.points, t.outcome, t.decisionStep, t.inputHash,
    t.shotHash, t.submission, t.nowMs]);
  const id = Number(ins[0].id);
  yield q(`INSERT INTO bests (day, device_hash, skeleton, name, points, try_id, tries) VALUES (?, ?, ?, ?, ?, ?, 1)
           ON CONFLICT (day, device_hash) DO UPDATE SET tries = bests.tries + 1,
             points = CASE WHEN excluded.points > bests.points THEN excluded.points ELSE bests.points END,
             try_id = CASE WHEN excluded.points > bests.points THEN excluded.try_id ELSE bests.try_id END`,
  [t.day, t.deviceHash, t.skeleton, t.name, t.points, id]);
  return id;
}

const rowOut = (r, rank) => ({ rank, name: r.name, points: Number(r.points), entry: Number(r.try_id),
  tries: Number(r.tries) });

function* boardIn(day, deviceHash, friends) {
  const top = yield q('SELECT * FROM bests WHERE day = ? ORDER BY points DESC, try_id ASC LIMIT ?', [day, TOP]);
  const count = Number((yield q('SELECT COUNT(*) AS n FROM bests WHERE day = ?', [day]))[0].n);
  const rankSql = 'SELECT COUNT(*) AS n FROM bests WHERE day = ? AND (points > ? OR (points = ? AND try_id < ?))';
  const out = { day, count, top: top.map((r, i) => rowOut(r, i + 1)), you: null, friends: [] };
  if (deviceHash) {
    const me = (yield q('SELECT * FROM bests WHERE day = ? AND device_hash = ?', [day, deviceHash]))[0];
    if (me) out.you = rowOut(me, 1 + Number((yield q(rankSql, [day, me.points, me.points, me.try_id]))[0].n));
  }
  for (const sk of (friends || []).slice(0, 50)) {
    const f = (yield q('SELECT * FROM bests WHERE day = ? AND skeleton = ?', [day, sk]))[0];
    if (f) out.friends.push(rowOut(f, 1 + Number((yield q(rankSql, [day, f.points, f.points, f.try_id]))[0].n)));
  }
  return out;
}

async function sqliteStore(file) {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const Database = require('better-sqlite3');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL'); // a committed try survives the process and the machine
  db.pragma('busy_timeout = 5000');
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  const migrate = db.transaction(() => {
    let row = db.prepare('SELECT version FROM schema_version').get();
    if (!row) {
      db.prepare('INSERT INTO schema_version (version) VALUES (0)').run();
      row = { version: 0 };
    }
    if (row.version > MIGRATIONS.length) throw new Error(`board db: schema ${row.version} is newer than this server`);
    for (let v = row.version; v < MIGRATIONS.length; v++) {
      for (const st of MIGRATIONS[v].sql) db.exec(pick(st, 'sqlite'));
      db.prepare('UPDATE schema_version SET version = ?').run(v + 1);
    }
  });
  migrate.immediate();
  const cache = new Map();
  const exec = (sql, params) => {
    let st = cache.get(sql);
    if (!st) {
      st = db.prepare(sql);
      cache.set(sql, st);
    }
    if (st.reader) return st.all(...params);
    st.run(...params);
    return [];
  };
  const record = db.transaction((t) => runSync(recordIn(t), exec));
  const one = (sql, params) => exec(sql, params)[0];
  return {
    dialect: 'sqlite',
    async recordTry(t) {
      try {
        return { ok: true, id: record.immediate(t) };
      } catch (e) {
        if (e instanceof Refused) return { ok: false, reason: e.reason, id: e.id, name: e.name };
        const r = String(e.code || '').startsWith('SQLITE_CONSTRAINT') ? uniqueReason(e) : null;
        if (r) return { ok: false, reason: r };
        throw e;
      }
    },
    async board(day, deviceHash, friends) { return runSync(boardIn(day, deviceHash, friends), exec); },
    async winner(day) {
      const r = one('SELECT * FROM bests WHERE day = ? ORDER BY points DESC, try_id ASC LIMIT 1', [day]);
      return r ? rowOut(r, 1) : null;
    },
    async entry(id) { return one('SELECT * FROM tries WHERE id = ?', [id]) || null; },
    async stats() {
      return { tries: Number(one('SELECT COUNT(*) AS n FROM tries', []).n),
        bests: Number(one('SELECT COUNT(*) AS n FROM bests', []).n),
        players: Number(one('SELECT COUNT(*) AS n FROM players', []).n),
        schema: one('SELECT version FROM schema_version', []).version };
    },
    async all(day) { return exec('SELECT * FROM tries WHERE day = ? ORDER BY id', [day]); },
    async close() { db.close(); },
  };
}

export async function openStore(where) {
  if (/^postgres(ql)?:\/\//.test(where)) return pgStore(where);
  return sqliteStore(where);
}

async function pgStore(url) {
  const pg = require('pg');
  pg.types.setTypeParser(20, (v) => Number(v)); // BIGINT as a number (ids and counts stay far below 2^53)
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(4242026)'); // one migrator at a time
    await client.query('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
    let row = (await client.query('SELECT version FROM schema_version')).rows[0];
    if (!row) {
      await client.query('INSERT INTO schema_version (version) VALUES (0)');
      row = { version: 0 };
    }
    if (row.version > MIGRATIONS.length) throw new Error(`board db: schema ${row.version} is newer than this server`);
    for (let v = row.version; v < MIGRATIONS.length; v++) {
      for (const st of MIGRATIONS[v].sql) await client.query(pick(st, 'pg'));
      await client.query('UPDATE schema_version SET version = $1', [v + 1]);
    }
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
  const exec = async (sql, params) => (await pool.query(toPg(sql), params)).rows;
  const one = async (sql, params) => (await exec(sql, params))[0];
  return {
    dialect: 'pg',
    async recordTry(t) {
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        // The tries of one device are taken one at a time, on every server.
        await c.query('SELECT pg_advisory_xact_lock(hashtext($1))', [t.deviceHash]);
        const id = await runAsync(recordIn(t), async (sql, params) => (await c.query(toPg(sql), params)).rows);
        await c.query('COMMIT');
        return { ok: true, id };
      } catch (e) {
        await c.query('ROLLBACK').catch(() => {});
        if (e instanceof Refused) return { ok: false, reason: e.reason, id: e.id, name: e.name };
        if (e.code === '23505') {
          const r = uniqueReason(e);
          if (r) return { ok: false, reason: r };
          return { ok: false, reason: 'name_taken' };
        }
        throw e;
      } finally {
        c.release();
      }
    },
    async board(day, deviceHash, friends) { return runAsync(boardIn(day, deviceHash, friends), exec); },
    async winner(day) {
      const r = await one('SELECT * FROM bests WHERE day = ? ORDER BY points DESC, try_id ASC LIMIT 1', [day]);
      return r ? rowOut(r, 1) : null;
    },
    async entry(id) { return (await one('SELECT * FROM tries WHERE id = ?', [id])) || null; },
    async stats() {
      return { tries: Number((await one('SELECT COUNT(*) AS n FROM tries', [])).n),
        bests: Number((await one('SELECT COUNT(*) AS n FROM bests', [])).n),
        players: Number((await one('SELECT COUNT(*) AS n FROM players', [])).n),
        schema: (await one('SELECT version FROM schema_version', [])).version };
    },
    async all(day) { return exec('SELECT * FROM tries WHERE day = ? ORDER BY id', [day]); },
    async close() { await pool.end(); },
  };
}
