// SPDX-License-Identifier: MIT
// The Daily Kick board: an HTTP JSON service that takes a try only when the
// engine, re-simulating the submitted input on the day's setup, makes exactly
// the claimed result (kick_board_verify, the same C as the page). It holds no
// game rule of its own. API, byte format, limits: docs/board.md.
//
//   node tools/board/server.mjs [--host 127.0.0.1] [--port 8602] [--db FILE|postgres://URL]
//        [--verifier native|wasm] [--bin PATH] [--wasm PATH] [--grace-before S] [--grace-after S]
//        [--rate-address BURST/PER_S] [--rate-player BURST/PER_S] [--rate-read BURST/PER_S]
//        [--clock-offset-ms MS]
// Prints "board: listening on http://HOST:PORT (db DIALECT, verifier KIND)" when ready.
import http from 'node:http';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guardConnections } from '../netguard.mjs';
import { openStore } from './store.mjs';
import { openVerifier } from './verifier.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
export const RULES = 1;
export const MAX_SUBMISSION_BYTES = 98408; // KICK_BOARD_MAX_BYTES
const MAX_BODY_BYTES = 160 * 1024;
const DAY_MS = 86400000;

const USAGE = `usage: node tools/board/server.mjs [options]
  --host H              listen address (default 127.0.0.1)
  --port N              port (default 8602; 0 picks a free one)
  --db FILE|URL         SQLite file (default build/data/board.sqlite) or postgres://... URL
  --verifier native|wasm  kick-board-verify process (default when built) or board.wasm in-process
  --bin PATH            kick-board-verify (default build/apps/kick-board-verify/kick-board-verify)
  --wasm PATH           board.wasm (default build/wasm/board.wasm)
  --grace-before S      a day's tries are taken from S seconds before its midnight UTC (default 300)
  --grace-after S       ... until S seconds after its end (default 1800)
  --rate-address B/R    submissions per address: burst B, then R a second (default 30/1)
  --rate-player B/R     submissions per device key (default 6/0.05)
  --rate-read B/R       reads per address (default 60/10)
  --clock-offset-ms MS  shifts the server's clock (tests of the grace window)`;

// Refusals the service adds to kick_board_verify's (docs/board.md).
export const REASONS = {
  malformed: [400, 'the request is not the JSON the API takes'],
  oversized: [413, 'the request is larger than the largest submission'],
  bad_name: [400, 'a name is 2 to 16 letters, digits, spaces, "_", "-" or ".", starting and ending with a letter or digit'],
  bad_device: [400, 'the device key is 32 to 64 lower-case hex digits'],
  rate_limited: [429, 'too many submissions from this address: wait a little'],
  rate_limited_player: [429, 'too many submissions from this player: wait a little'],
  day_not_today: [422, 'this try is not for today (UTC, with the grace window around midnight)'],
  name_taken: [409, 'this name belongs to another player'],
  device_renamed: [409, 'this device already plays today under another name'],
  fourth_try: [409, 'three tries a day: this player has played all of today\'s'],
  already_recorded: [409, 'this very try is already on the board (sent twice): nothing was stored again'],
  try_repeated: [409, 'this try number was already played today'],
  copied_input: [409, 'this exact play is already on today\'s board'],
  not_found: [404, 'no such entry'],
};

const NAME_RE = /^[A-Za-z0-9](?:[A-Za-z0-9 _.-]{0,14}[A-Za-z0-9])$/;
/** A name's skeleton: what two names that look alike share (case, separators, 0/O, 1/l/I, 5/S). */
export function skeleton(name) {
  return name.toLowerCase().replace(/[ _.-]/g, '').replace(/0/g, 'o').replace(/[1i]/g, 'l').replace(/5/g, 's');
}
export function nameOk(name) {
  return typeof name === 'string' && NAME_RE.test(name) && !/[ _.-]{2}/.test(name) && skeleton(name).length >= 2;
}
const DEVICE_RE = /^[0-9a-f]{32,64}$/;
const B64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

/** Token buckets per key: `burst` at once, then `perSec` a second. */
export class Buckets {
  constructor(burst, perSec, now = () => Date.now()) {
    Object.assign(this, { burst, perSec, now, map: new Map() });
  }
  take(key) {
    const t = this.now();
    let b = this.map.get(key);
    if (!b) {
      if (this.map.size >= 100000) this.map.delete(this.map.keys().next().value); // oldest first
      b = { tokens: this.burst, t };
    }
    b.tokens = Math.min(this.burst, b.tokens + ((t - b.t) / 1000) * this.perSec);
    b.t = t;
    this.map.delete(key);
    this.map.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }
}

function parseRate(s) {
  const m = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(s || '');
  if (!m) throw new Error(`bad rate ${s} (BURST/PER_S)`);
  return [Number(m[1]), Number(m[2])];
}

export function dateOf(day) {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export async function startBoard(opts = {}) {
  const o = {
    host: '127.0.0.1', port: 8602, db: join(root, 'build', 'data', 'board.sqlite'),
    bin: join(root, 'build', 'apps', 'kick-board-verify', 'kick-board-verify'),
    wasm: join(root, 'build', 'wasm', 'board.wasm'), graceBefore: 300, graceAfter: 1800,
    rateAddress: [30, 1], ratePlayer: [6, 0.05], rateRead: [60, 10], clockOffsetMs: 0, ...opts,
  };
  if (!o.verifier) o.verifier = existsSync(o.bin) ? 'native' : 'wasm';
  const now = () => Date.now() + o.clockOffsetMs;
  const verifier = await openVerifier({ kind: o.verifier, bin: o.bin, wasm: o.wasm });
  const store = await openStore(o.db);
  const byAddress = new Buckets(...o.rateAddress, now);
  const byPlayer = new Buckets(...o.ratePlayer, now);
  const reads = new Buckets(...o.rateRead, now);
  const counters = { accepted: 0, refused: {} };

  const today = () => Math.floor(now() / DAY_MS);
  const dayOpen = (day) => {
    const t = now();
    return t >= day * DAY_MS - o.graceBefore * 1000 && t < (day + 1) * DAY_MS + o.graceAfter * 1000;
  };

  const send = (res, status, body) => {
    const s = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store',
      'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type',
      'x-content-type-options': 'nosniff',
    });
    res.end(s);
  };
  const refuse = (res, reason, extra = {}) => {
    counters.refused[reason] = (counters.refused[reason] || 0) + 1;
    const [status, text] = REASONS[reason] || [422, extra.text || reason];
    send(res, status, { accepted: false, reason, text: extra.text || text, ...extra });
  };

  const readBody = (req) => new Promise((resolve) => {
    const chunks = [];
    let n = 0;
    let over = false;
    req.on('data', (c) => {
      n += c.length;
      if (n > MAX_BODY_BYTES) over = true;
      else chunks.push(c);
    });
    req.on('end', () => resolve(over ? null : Buffer.concat(chunks)));
    req.on('error', () => resolve(undefined));
  });

  const deviceHash = (device) => createHash('sha256').update(`kickstep-board:${device}`).digest('hex');

  async function submit(req, res, address) {
    if (!byAddress.take(address)) return refuse(res, 'rate_limited');
    const body = await readBody(req);
    if (body === null) return refuse(res, 'oversized');
    if (body === undefined) return;
    let j;
    try {
      j = JSON.parse(body.toString('utf8'));
    } catch {
      return refuse(res, 'malformed');
    }
    if (!j || typeof j !== 'object' || typeof j.b64 !== 'string') return refuse(res, 'malformed');
    if (!nameOk(j.name)) return refuse(res, 'bad_name');
    if (typeof j.device !== 'string' || !DEVICE_RE.test(j.device)) return refuse(res, 'bad_device');
    const dh = deviceHash(j.device);
    if (!byPlayer.take(dh)) return refuse(res, 'rate_limited_player');
    if (!B64_RE.test(j.b64)) return refuse(res, 'malformed');
    const bytes = Buffer.from(j.b64, 'base64');
    if (bytes.length > MAX_SUBMISSION_BYTES) return refuse(res, 'oversized');
    const v = await verifier.verify(bytes);
    if (v.verdict !== 'ok') return refuse(res, v.verdict, { text: v.text });
    if (!dayOpen(v.day)) return refuse(res, 'day_not_today', { day: v.day, today: today() });
    const r = await store.recordTry({
      day: v.day, deviceHash: dh, skeleton: skeleton(j.name), name: j.name, tryNumber: v.try,
      points: v.result.points, outcome: v.result.outcome, decisionStep: v.result.decision_step,
      inputHash: v.input_hash, shotHash: v.shot_hash, submission: bytes, nowMs: now(),
    });
    if (!r.ok) return refuse(res, r.reason, { ...(r.id ? { id: r.id } : {}), ...(r.name ? { name: r.name } : {}) });
    counters.accepted++;
    const b = await store.board(v.day, dh, []);
    send(res, 200, { accepted: true, id: r.id, day: v.day, try: v.try, points: v.result.points,
      outcome: v.result.outcome, rank: b.you ? b.you.rank : null, best: b.you ? b.you.points : null, count: b.count });
  }

  async function route(req, res) {
    const address = String(req.socket.remoteAddress || '').replace(/^::ffff:/, '');
    const url = new URL(req.url, 'http://board');
    const p = url.pathname;
    if (req.method === 'OPTIONS') return send(res, 204, {});
    if (req.method === 'POST' && p === '/api/board/try') return submit(req, res, address);
    if (req.method !== 'GET') return send(res, 405, { error: 'method not allowed' });
    if (!reads.take(address)) return refuse(res, 'rate_limited');
    if (p === '/api/board/today') {
      const d = today();
      return send(res, 200, { day: d, date: dateOf(d), rules: RULES, grace_before_s: o.graceBefore,
        grace_after_s: o.graceAfter, tries: 3 });
    }
    if (p === '/api/board/day') {
      const day = url.searchParams.has('day') ? Number(url.searchParams.get('day')) : today();
      if (!Number.isInteger(day) || day < 0 || day > 200000) return refuse(res, 'malformed', { text: 'day is a day number (days since 1970-01-01 UTC)' });
      const dev = url.searchParams.get('device') || '';
      const friends = (url.searchParams.get('friends') || '').split(',').filter(nameOk).slice(0, 50).map(skeleton);
      const b = await store.board(day, DEVICE_RE.test(dev) ? deviceHash(dev) : null, friends);
      const y = await store.winner(day - 1);
      return send(res, 200, { ...b, date: dateOf(day), yesterday: y ? { day: day - 1, ...y } : null });
    }
    if (p === '/api/board/yesterday') {
      const day = today() - 1;
      const y = await store.winner(day);
      return send(res, 200, { day, date: dateOf(day), winner: y });
    }
    const m = /^\/api\/board\/entry\/(\d{1,15})$/.exec(p);
    if (m) {
      const e = await store.entry(Number(m[1]));
      if (!e) return refuse(res, 'not_found');
      const bytes = Buffer.from(e.submission);
      return send(res, 200, { id: Number(e.id), day: Number(e.day), date: dateOf(Number(e.day)), name: e.name,
        try: Number(e.try_number), points: Number(e.points), outcome: Number(e.outcome),
        b64: bytes.toString('base64'), share: await verifier.share(bytes) });
    }
    if (p === '/api/board/health') {
      return send(res, 200, { ok: true, rules: RULES, db: store.dialect, verifier: verifier.kind, ...counters,
        stats: await store.stats() });
    }
    return send(res, 404, { error: 'not found' });
  }

  const server = http.createServer({ connectionsCheckingInterval: 1000 }, (req, res) => {
    route(req, res).catch((e) => {
      console.error(`board: ${e.stack || e}`);
      if (!res.headersSent) send(res, 500, { accepted: false, reason: 'server_error', text: 'the server failed; nothing was stored' });
      else res.destroy();
    });
  });
  server.headersTimeout = 10000;
  server.requestTimeout = 15000;
  server.keepAliveTimeout = 5000;
  server.maxConnections = 2000;
  guardConnections(server, { perAddress: 64, firstByteMs: 3000 });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, resolve);
  });
  const port = server.address().port;
  return {
    port, server, store, verifier, counters,
    async close() {
      await new Promise((r) => server.close(r));
      server.closeAllConnections?.();
      verifier.close();
      await store.close();
    },
  };
}

async function main(argv) {
  const opts = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--help' || a === '-h') {
      console.log(USAGE);
      return 0;
    } else if (a === '--host') opts.host = val();
    else if (a === '--port') opts.port = Number(val());
    else if (a === '--db') opts.db = val();
    else if (a === '--verifier') opts.verifier = val();
    else if (a === '--bin') opts.bin = val();
    else if (a === '--wasm') opts.wasm = val();
    else if (a === '--grace-before') opts.graceBefore = Number(val());
    else if (a === '--grace-after') opts.graceAfter = Number(val());
    else if (a === '--rate-address') opts.rateAddress = parseRate(val());
    else if (a === '--rate-player') opts.ratePlayer = parseRate(val());
    else if (a === '--rate-read') opts.rateRead = parseRate(val());
    else if (a === '--clock-offset-ms') opts.clockOffsetMs = Number(val());
    else throw new Error(`unknown option ${a}`);
  }
  if (process.env.KICKSTEP_BOARD_DB && !opts.db) opts.db = process.env.KICKSTEP_BOARD_DB;
  if (opts.verifier && !['native', 'wasm'].includes(opts.verifier)) throw new Error('--verifier is native or wasm');
  const b = await startBoard(opts);
  const host = opts.host || '127.0.0.1';
  console.log(`board: listening on http://${host}:${b.port} (db ${b.store.dialect}, verifier ${b.verifier.kind})`);
  const stop = () => b.close().then(() => process.exit(0), () => process.exit(1));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return null;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).then((code) => {
    if (code !== null) process.exit(code);
  }, (e) => {
    console.error(`board: ${e.message}`);
    process.exit(1);
  });
}
