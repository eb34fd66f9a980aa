// SPDX-License-Identifier: MIT
// A seeded fuzz run of the relay's refusals (tools/relay.mjs), on 127.0.0.1 only.
//
//   node tests/relay/relay_fuzz.mjs [--seed N] [--cases N] [--seconds S] [--relay FILE]
//
// The relay runs as a child process with short timeouts (heartbeat 0.3 s,
// first byte 300 ms, 256 KiB buffered at most, 8 connections and 3 rooms per
// address). A seeded generator (SplitMix64: a seed always gives the same
// cases) picks each case: malformed control messages (random bytes, odd
// JSON, wrong fields, huge numbers, prototype keys), binary frames (random
// bytes, rollback headers with random fields and lengths, in a room and out
// of one), floods past the rate, oversized frames, slow readers (a paired
// device that stops reading while the other sends), devices that vanish
// without closing, many rooms and connections from one address, silent and
// garbage TCP connections, foreign origins. Each case comes from its own
// loopback address (127.0.0.2-127.0.0.250). After every case an honest pair
// from 127.0.0.1 must create and join a room and get a game message through
// both ways, and the relay must still be running. Then SIGTERM must end it
// with exit 0. Bounded: --cases (default 150) and --seconds (default 60).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const WebSocket = createRequire(join(ROOT, 'web', 'package.json'))('ws');
const argv = process.argv.slice(2);
const arg = (name, def) => { const i = argv.indexOf(`--${name}`); return i >= 0 ? argv[i + 1] : def; };
const SEED = BigInt(arg('seed', '1'));
const CASES = Number(arg('cases', '150'));
const SECONDS = Number(arg('seconds', '60'));
const RELAY = resolve(arg('relay', join(ROOT, 'tools', 'relay.mjs')));

let state = SEED;
function next64() {
  state = (state + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
  let z = state;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
  return z ^ (z >> 31n);
}
const below = (n) => Number(next64() % BigInt(n));
const pick = (a) => a[below(a.length)];
const bytes = (n) => Buffer.from(Array.from({ length: n }, () => below(256)));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let passed = 0, failed = 0;
function ok(cond, what, detail = '') {
  if (cond) passed++;
  else { failed++; console.log(`FAIL - ${what}${detail ? `: ${detail}` : ''}`); }
  return cond;
}

// ---------------------------------------------------------------- the relay
let exited = null;
const child = spawn(process.execPath, [RELAY, '--port', '0', '--heartbeat-seconds', '0.3', '--first-byte-ms', '300', '--max-buffered', '262144',
  '--max-clients-per-address', '8', '--max-rooms-per-address', '3', '--rejoin-seconds', '1', '--max-bytes', '16384', '--rate', '200', '--burst', '400'],
{ stdio: ['ignore', 'pipe', 'pipe'] });
let log = '';
child.stdout.on('data', (d) => (log += d));
child.stderr.on('data', (d) => (log += d));
child.on('exit', (code, signal) => (exited = { code, signal }));
const port = await new Promise((res, rej) => {
  const t = setTimeout(() => rej(new Error(`the relay did not start: ${log}`)), 10000);
  const poll = setInterval(() => {
    const m = /listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(log);
    if (m || exited) { clearInterval(poll); clearTimeout(t); m ? res(Number(m[1])) : rej(new Error(`the relay exited: ${log}`)); }
  }, 20);
});

// ---------------------------------------------------------------- clients
const open = new Set();
function client(from, extra = {}) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/`, { localAddress: from, ...extra });
  const c = { ws, control: [], data: 0, closed: null, waiters: [] };
  open.add(ws);
  ws.on('message', (d, bin) => {
    if (bin) c.data++;
    else { try { c.control.push(JSON.parse(d.toString())); } catch { c.control.push({ t: 'unparsable' }); } }
    for (const w of c.waiters.splice(0)) w();
  });
  ws.on('close', (code) => { c.closed = code; open.delete(ws); for (const w of c.waiters.splice(0)) w(); });
  ws.on('unexpected-response', (req, res) => { res.resume(); ws.terminate(); });
  ws.on('error', () => {});
  c.opened = new Promise((r) => { ws.once('open', () => r(true)); ws.once('close', () => r(false)); });
  c.send = (x) => { if (ws.readyState === 1) ws.send(typeof x === 'string' || Buffer.isBuffer(x) ? x : JSON.stringify(x)); };
  c.next = async (pred, ms = 2000) => {
    const end = Date.now() + ms;
    for (;;) {
      const i = c.control.findIndex(pred);
      if (i >= 0) return c.control.splice(i, 1)[0];
      if (Date.now() > end || c.closed !== null) return null;
      await Promise.race([new Promise((r) => c.waiters.push(r)), sleep(Math.max(1, end - Date.now()))]);
    }
  };
  return c;
}
function msg(player, f = {}) {
  const b = Buffer.alloc(44 + Math.max(0, f.extra || 0));
  b.write(f.magic || 'KSRB', 0, 'latin1');
  b[4] = f.version ?? 1; b[5] = player; b[7] = 64;
  b.writeUInt32LE(f.seq ?? 1, 8); b.writeUInt32LE(f.seen ?? 0, 12); b.writeUInt32LE(f.ack ?? 0, 16);
  b.writeUInt32LE(f.from ?? 0, 28); b.writeUInt16LE(f.steps ?? 0, 32);
  return f.extra < 0 ? b.subarray(0, 44 + f.extra) : b; // a header cut short
}
async function pair(from) {
  const a = client(from), b = client(from);
  if (!(await a.opened) || !(await b.opened)) return { a, b, ok: false };
  a.send({ t: 'create' });
  const cr = await a.next((m) => m.t === 'created' || m.t === 'error');
  if (cr?.t !== 'created') return { a, b, ok: false, why: JSON.stringify(cr) };
  b.send({ t: 'join', room: cr.room });
  const st = await b.next((m) => m.t === 'start');
  await a.next((m) => m.t === 'start');
  return { a, b, ok: !!st, room: cr.room, token: cr.token };
}

/** The honest pair: a room, one message each way. */
async function honest() {
  const p = await pair('127.0.0.1');
  let good = p.ok;
  if (good) {
    p.a.send(msg(0, { seq: 1, from: 0, steps: 2 }));
    p.b.send(msg(1, { seq: 1, seen: 1, ack: 2, from: 0, steps: 2 }));
    const end = Date.now() + 2000;
    while ((p.a.data < 1 || p.b.data < 1) && Date.now() < end) await sleep(10);
    good = p.a.data >= 1 && p.b.data >= 1;
    p.a.send({ t: 'leave' });
  }
  p.a.ws.close(); p.b.ws.close();
  return good ? 'ok' : `pair ${p.ok} ${p.why || ''} data ${p.a.data}/${p.b.data}`;
}

// ---------------------------------------------------------------- cases
const CONTROL = [
  () => bytes(1 + below(200)).toString('latin1'),
  () => '{"t":' + 'x'.repeat(below(5000)),
  () => JSON.stringify(pick([null, 1, 'create', [], [{ t: 'create' }], { t: 5 }, { t: null }, { T: 'create' }])),
  () => JSON.stringify({ t: pick(['create', 'join', 'rejoin', 'leave', 'ping', '__proto__', 'constructor', 'toString', 'x'.repeat(300)]),
    room: pick([undefined, 1, '', '0'.repeat(16), 'z'.repeat(16), '__proto__', bytes(16).toString('latin1'), ['a']]),
    token: pick([undefined, 1, '', 'x'.repeat(22), { a: 1 }]), n: pick([1e308, -0, 'n', null, { a: 1 }]) }),
  () => '{"t":"ping","__proto__":{"t":"create"},"constructor":{"prototype":{"polluted":1}}}',
  () => JSON.stringify({ t: 'ping', n: 1, pad: 'y'.repeat(below(12000)) }),
];
const CASE = {
  async control(from) {
    const c = client(from);
    await c.opened;
    for (let i = 0; i < 1 + below(20); i++) c.send(pick(CONTROL)());
    await sleep(50);
    c.ws.terminate();
  },
  async binary(from) {
    const p = below(2) ? await pair(from) : { a: client(from), b: null };
    await p.a.opened;
    for (let i = 0; i < 1 + below(30); i++) {
      const f = { magic: pick(['KSRB', 'KSRB', 'KSRQ', 'KSRH', 'KSRP', 'XXXX']), version: pick([1, 1, 0, 2, 255]), seq: below(2 ** 32),
        seen: below(4), ack: pick([0, below(2 ** 32)]), from: below(2 ** 32), steps: below(65536), extra: pick([0, 0, below(300), -44, -20]) };
      const buf = below(4) ? msg(pick([0, 1, 2, 255]), { ...f, extra: Math.max(-44, f.extra) }) : bytes(below(400));
      p.a.send(buf.length ? buf : Buffer.alloc(0));
    }
    await sleep(50);
    p.a.ws.terminate(); p.b?.ws.terminate();
  },
  async flood(from) {
    const c = client(from);
    await c.opened;
    const n = 300 + below(1500);
    for (let i = 0; i < n; i++) c.send(below(2) ? { t: 'ping', n: i } : msg(0));
    await c.next(() => false, 300);
    c.ws.terminate();
  },
  async oversized(from) {
    const c = client(from);
    await c.opened;
    c.send(below(2) ? bytes(16385 + below(50000)) : 'x'.repeat(16385 + below(50000)));
    await c.next(() => false, 300);
    c.ws.terminate();
  },
  async slowReader(from) {
    const p = await pair(from);
    if (!p.ok) return;
    p.b.ws._socket.pause();
    for (let i = 0; i < 1200 && p.a.ws.readyState === 1; i++) {
      p.a.send(msg(0, { seq: i + 1, extra: 16000 }));
      if (i % 100 === 99) await sleep(5);
    }
    await p.a.next((m) => m.t === 'peer-left', 2000);
    p.a.ws.terminate(); p.b.ws.terminate();
  },
  async vanish(from) {
    const p = await pair(from);
    if (!p.ok) return;
    p.b.ws._socket.pause();
    await p.a.next((m) => m.t === 'peer-left', 2000);
    p.a.ws.terminate(); p.b.ws.terminate();
  },
  async manyRooms(from) {
    const cs = Array.from({ length: 4 + below(8) }, () => client(from));
    await Promise.all(cs.map((c) => c.opened));
    for (const c of cs) c.send({ t: 'create' });
    await Promise.all(cs.map((c) => c.next((m) => m.t === 'created' || m.t === 'error', 500)));
    for (const c of cs) c.ws.terminate();
  },
  async manyConnections(from) {
    const cs = Array.from({ length: 10 + below(40) }, () => client(from));
    await Promise.all(cs.map((c) => c.opened));
    for (const c of cs) c.ws.terminate();
  },
  async rawTcp(from) {
    const socks = [];
    for (let i = 0; i < 1 + below(40); i++) {
      const s = net.connect({ host: '127.0.0.1', port, localAddress: from });
      s.on('error', () => {});
      if (below(2)) s.write(pick([bytes(below(300)), 'GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n', 'GET / HTTP/1.1\r\n\r\n']));
      socks.push(s);
    }
    await sleep(100 + below(400));
    for (const s of socks) s.destroy();
  },
  async origin(from) {
    const c = client(from, { origin: pick(['http://evil.example', 'null', 'file://', 'http://127.0.0.2.evil.example:8600']) });
    await c.opened;
    c.send({ t: 'create' });
    await sleep(50);
    c.ws.terminate();
  },
};
const KINDS = Object.keys(CASE);

const t0 = Date.now();
const counts = {};
let n = 0;
const first = await honest();
ok(first === 'ok', 'an honest pair is served before the run', first);
for (; n < CASES && (Date.now() - t0) / 1000 < SECONDS && !exited; n++) {
  const kind = pick(KINDS);
  counts[kind] = (counts[kind] || 0) + 1;
  const from = `127.0.0.${2 + (n % 249)}`;
  try {
    await CASE[kind](from);
  } catch (e) {
    ok(false, `case ${n} (${kind}) ran`, e.stack || String(e));
  }
  const h = await honest();
  ok(h === 'ok' && !exited, `case ${n} (${kind}, seed ${SEED}): an honest pair is served after it`, `${h} ${exited ? JSON.stringify(exited) : ''}`);
}
for (const ws of open) ws.terminate();
ok(n > 0 && !exited, `the relay ran ${n} cases`, log);
const stop = Date.now();
child.kill('SIGTERM');
while (!exited && Date.now() - stop < 3000) await sleep(20);
ok(exited && exited.code === 0, 'SIGTERM ends the relay, exit 0', JSON.stringify(exited));
if (!exited) child.kill('SIGKILL');
console.log(`relay fuzz: seed ${SEED}, ${n} cases in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);
console.log(`relay fuzz: ${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
