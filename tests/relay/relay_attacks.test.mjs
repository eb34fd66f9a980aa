// SPDX-License-Identifier: MIT
// The relay (tools/relay.mjs) against the abuse of issue 21, one regression
// test each, every relay on 127.0.0.1 in this process with short timeouts:
//  - a device that never reads: its connection is closed once more than
//    --max-buffered bytes wait for it, and the other seat is told peer-left;
//  - a started match lasts --match-seconds at most (peer-gone "expired");
//  - a page of a foreign web origin is refused (403); the relay's own host and
//    an --allow-origin are not;
//  - one address holds --max-rooms-per-address rooms and
//    --max-clients-per-address connections; other addresses (127.0.0.x) are
//    served meanwhile;
//  - a lobby whose creator leaves closes at once (its seat is not kept);
//  - a device that vanishes without closing (answers no ping) is cut after
//    the heartbeat and the other seat is told peer-left;
//  - one seat claiming an absurd ack cannot make the relay refuse the other
//    seat's honest inputs as stale-input;
//  - a client dribbling its headers is cut at the 10 s header limit, and a
//    match held meanwhile is not.
import net from 'node:net';
import { createRequire } from 'node:module';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRelay } from '../../tools/relay.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const WebSocket = createRequire(join(ROOT, 'web', 'package.json'))('ws');

let passed = 0, failed = 0;
function ok(cond, what, detail = '') {
  if (cond) { passed++; console.log(`ok - ${what}`); } else { failed++; console.log(`FAIL - ${what}${detail ? `: ${detail}` : ''}`); }
  return cond;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A client (optionally from another loopback address, with an Origin) that queues what it receives. */
function client(port, { from, origin } = {}) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/`, { ...(from ? { localAddress: from } : {}), ...(origin ? { origin } : {}) });
  const c = { ws, control: [], data: [], bytes: 0, closed: null, refused: null, waiters: [] };
  ws.on('message', (d, bin) => {
    if (bin) { c.data.push(d); c.bytes += d.length; } else c.control.push(JSON.parse(d.toString()));
    for (const w of c.waiters.splice(0)) w();
  });
  ws.on('unexpected-response', (req, res) => { c.refused = res.statusCode; res.resume(); ws.terminate(); });
  ws.on('close', (code, reason) => { c.closed = { code, reason: reason.toString() }; for (const w of c.waiters.splice(0)) w(); });
  ws.on('error', () => {});
  c.opened = new Promise((r) => { ws.once('open', () => r(true)); ws.once('close', () => r(false)); ws.once('error', () => r(false)); });
  c.send = (obj) => ws.send(typeof obj === 'string' ? obj : JSON.stringify(obj));
  c.next = async (pred = () => true, ms = 3000) => {
    const end = Date.now() + ms;
    for (;;) {
      const i = c.control.findIndex(pred);
      if (i >= 0) return c.control.splice(i, 1)[0];
      if (Date.now() > end || c.closed) return null;
      await Promise.race([new Promise((r) => c.waiters.push(r)), sleep(Math.max(1, end - Date.now()))]);
    }
  };
  return c;
}

function msg({ player, seq, seen = 0, ack = 0, from = 0, steps = 0, extra = 0 }) {
  const b = Buffer.alloc(36 + 8 + extra);
  b.write('KSRB', 0, 'latin1');
  b[4] = 1; b[5] = player; b[7] = 64;
  b.writeUInt32LE(seq, 8); b.writeUInt32LE(seen, 12); b.writeUInt32LE(ack, 16);
  b.writeUInt32LE(from, 28); b.writeUInt16LE(steps, 32);
  return b;
}

async function pairUp(port, opt) {
  const a = client(port, opt), b = client(port, opt);
  await a.opened; await b.opened;
  a.send({ t: 'create' });
  const created = await a.next((m) => m.t === 'created');
  b.send({ t: 'join', room: created?.room });
  const joined = await b.next((m) => m.t === 'joined');
  await a.next((m) => m.t === 'start'); await b.next((m) => m.t === 'start');
  return { a, b, created, joined };
}

async function withRelay(opts, fn) {
  const relay = await startRelay({ host: '127.0.0.1', port: 0, maxRooms: 100, maxClients: 200, maxBytes: 16384, rate: 200, burst: 400,
    rejoinSeconds: 20, roomSeconds: 30, latencyMs: 0, jitterMs: 0, loss: 0, seed: 1, ...opts });
  try {
    await fn(relay);
  } finally {
    await relay.close();
  }
}

async function main() {
  // 1. A device that never reads (its socket paused), while the other sends 16 KiB messages.
  await withRelay({ maxBuffered: 256 * 1024, rate: 1e5, burst: 1e5 }, async (relay) => {
    const { a, b } = await pairUp(relay.port);
    b.ws._socket.pause();
    let sent = 0, left = null;
    for (let i = 0; i < 4096 && !left; i++) { // at most 64 MiB
      a.ws.send(msg({ player: 0, seq: i + 1, extra: 16384 - 44 }));
      sent += 16384;
      if (i % 64 === 63) left = await a.next((m) => m.t === 'peer-left', 50);
    }
    left = left || (await a.next((m) => m.t === 'peer-left', 5000));
    ok(left && relay.stats.notReading >= 1, `a device that never reads is closed (4008) after ${(sent / 1048576).toFixed(1)} MiB sent to it, and the other seat is told peer-left`,
      JSON.stringify({ left, stats: relay.stats }));
    b.ws._socket.resume();
    const end = Date.now() + 5000;
    while (!b.closed && Date.now() < end) await sleep(20);
    ok(b.closed !== null, `its connection is gone (close code ${b.closed?.code})`);
    a.ws.close();
  });

  // 2. A started match expires.
  await withRelay({ matchSeconds: 1 }, async (relay) => {
    const { a, b } = await pairUp(relay.port);
    const ga = await a.next((m) => m.t === 'peer-gone', 4000), gb = await b.next((m) => m.t === 'peer-gone', 1000);
    ok(ga?.reason === 'expired' && gb?.reason === 'expired' && relay.rooms.size === 0, 'a match older than --match-seconds closes: peer-gone "expired" to both',
      JSON.stringify([ga, gb]));
    a.ws.close(); b.ws.close();
  });

  // 3. Origins, rooms and connections per address, lobbies that never started.
  await withRelay({ allowOrigins: ['http://app.example:8600'], maxRoomsPerAddress: 4, maxClientsPerAddress: 8 }, async (relay) => {
    const evil = client(relay.port, { origin: 'http://evil.example' });
    ok((await evil.opened) === false && evil.refused === 403, 'a page of a foreign origin is refused (HTTP 403)', `refused ${evil.refused}`);
    const own = client(relay.port, { origin: 'http://127.0.0.1:8600' });
    const listed = client(relay.port, { origin: 'http://app.example:8600' });
    ok((await own.opened) && (await listed.opened), "a page of the relay's own host and one of an --allow-origin connect");
    own.ws.close(); listed.ws.close();

    const many = [];
    for (let i = 0; i < 6; i++) many.push(client(relay.port, { from: '127.0.0.2' }));
    await Promise.all(many.map((c) => c.opened));
    for (const c of many) c.send({ t: 'create' });
    const answers = await Promise.all(many.map((c) => c.next((m) => m.t === 'created' || m.t === 'error')));
    const made = answers.filter((m) => m?.t === 'created').length, refusedRooms = answers.filter((m) => m?.code === 'too-many-rooms').length;
    ok(made === 4 && refusedRooms === 2, `one address holds 4 rooms (--max-rooms-per-address): ${made} created, ${refusedRooms} too-many-rooms`);
    const other = client(relay.port, { from: '127.0.0.3' });
    await other.opened;
    other.send({ t: 'create' });
    ok((await other.next((m) => m.t === 'created')) !== null, 'another address still creates a room');
    // Leaving the lobby (closing the connection) frees the room and the seat at once.
    const gone = answers.find((m) => m?.t === 'created');
    for (const c of many) c.ws.close();
    await sleep(300);
    ok(relay.rooms.size === 1, `lobbies whose creator left are closed at once (${relay.rooms.size} room open, the other address's)`);
    const back = client(relay.port, { from: '127.0.0.2' });
    await back.opened;
    back.send({ t: 'rejoin', room: gone.room, token: gone.token });
    const r = await back.next((m) => m.t === 'rejoined' || m.t === 'error');
    ok(r?.code === 'unknown-room', 'its seat is not kept: a rejoin with its token is unknown-room', JSON.stringify(r));
    back.send({ t: 'create' });
    ok((await back.next((m) => m.t === 'created' || m.t === 'error'))?.t === 'created', "the address's rooms are counted back: it may create again");
    back.ws.close(); other.ws.close();

    const crowd = [];
    for (let i = 0; i < 20; i++) crowd.push(client(relay.port, { from: '127.0.0.4' }));
    const opened = (await Promise.all(crowd.map((c) => c.opened))).filter(Boolean).length;
    await sleep(200);
    const alive = crowd.filter((c) => c.ws.readyState === WebSocket.OPEN).length;
    const honest = client(relay.port);
    ok(alive <= 8 && (await honest.opened), `one address holds 8 connections (--max-clients-per-address): ${alive} of 20 open (${opened} had opened), and another address still connects`);
    for (const c of [...crowd, honest]) c.ws.terminate();
  });

  // 4. A device that vanishes without closing: no pong.
  await withRelay({ heartbeatSeconds: 0.2, rejoinSeconds: 5 }, async (relay) => {
    const { a, b } = await pairUp(relay.port);
    b.ws._socket.pause(); // reads nothing from now on: pings go unanswered
    const left = await a.next((m) => m.t === 'peer-left', 4000);
    ok(left && left.timeout === 5 && relay.stats.noPong >= 1, 'a device that answers no ping is cut after the heartbeat, and the other seat is told peer-left',
      JSON.stringify({ left, stats: relay.stats }));
    b.ws.terminate(); a.ws.close();
  });

  // 5. An absurd ack from one seat about the other.
  await withRelay({}, async (relay) => {
    const { a, b } = await pairUp(relay.port);
    a.ws.send(msg({ player: 0, seq: 1, from: 0, steps: 10 }));
    await sleep(100);
    b.ws.send(msg({ player: 1, seq: 1, seen: 1, ack: 1e9, from: 0, steps: 10 }));
    await sleep(100);
    a.ws.send(msg({ player: 0, seq: 2, seen: 1, ack: 10, from: 10, steps: 5 }));
    const stale = await a.next((m) => m.t === 'error', 500);
    await sleep(100);
    ok(!stale && b.data.length === 2, 'a seat claiming an absurd ack cannot get the other seat\'s honest inputs refused as stale-input', JSON.stringify(stale));
    // An ack the relay saw covered (A's inputs below 15 were delivered to B) still refuses a resend below it.
    b.ws.send(msg({ player: 1, seq: 2, seen: 2, ack: 15, from: 10, steps: 5 }));
    await sleep(100);
    a.ws.send(msg({ player: 0, seq: 3, seen: 2, ack: 15, from: 12, steps: 5 }));
    ok((await a.next((m) => m.t === 'error', 1000))?.code === 'stale-input', 'inputs below an ack of delivered inputs are still stale-input');
    a.ws.close(); b.ws.close();
  });

  // 6. Headers dribbled for ever: cut at the 10 s header limit (Node's own
  // check comes round only every 30 s), while a match held meanwhile, longer
  // than the 15 s request limit, is not cut.
  await withRelay({ heartbeatSeconds: 2 }, async (relay) => {
    const { a, b } = await pairUp(relay.port);
    const s = net.connect({ host: '127.0.0.1', port: relay.port, localAddress: '127.0.0.5' });
    s.on('error', () => {});
    const t0 = Date.now();
    let closedAt = null;
    s.on('close', () => { closedAt = Date.now(); });
    await new Promise((r) => s.once('connect', r));
    s.write('GET / HTTP/1.1\r\nHost: x\r\n');
    while (closedAt === null && Date.now() - t0 < 17000) {
      await sleep(500);
      if (closedAt === null) s.write('X-Slow: 1\r\n');
    }
    const lasted = (closedAt || Date.now()) - t0;
    s.destroy();
    ok(lasted >= 9000 && lasted <= 13000, 'headers dribbled for ever: cut at the 10 s header limit', `${lasted} ms`);
    await sleep(Math.max(0, 16500 - (Date.now() - t0))); // past the request limit
    a.ws.send(msg({ player: 0, seq: 1, from: 0, steps: 10 }));
    const got = await b.next(() => false, 300).then(() => b.data.length);
    ok(a.ws.readyState === WebSocket.OPEN && b.ws.readyState === WebSocket.OPEN && got === 1,
      `a match open for ${((Date.now() - t0) / 1000).toFixed(0)} s meanwhile is not cut by the request limit, and still relays`, `data ${got}`);
    a.ws.close(); b.ws.close();
  });

  console.log(`relay attacks: ${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
}

main().catch((e) => {
  console.log(`FAIL - the test ran to the end: ${e.stack || e}`);
  console.log(`relay attacks: ${passed} passed, ${failed + 1} failed`);
  process.exitCode = 1;
});
