// SPDX-License-Identifier: MIT
// The duel relay (tools/relay.mjs) as clients see it: pairing, forwarding,
// every refusal (malformed and oversized messages, unknown rooms, a third
// client, inputs for steps already confirmed, floods, too many rooms, bad
// tokens), disconnects with a rejoin and with a timeout, a reloaded page's
// handover messages, a lobby kept for its reloaded creator, unguessable
// codes, and the fault-injection mode (latency and loss). Each relay runs on
// 127.0.0.1 on a free port, in this process, and is closed at the end.
import { createRequire } from 'node:module';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import http from 'node:http';
import { startRelay } from '../../tools/relay.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const WebSocket = createRequire(join(ROOT, 'web', 'package.json'))('ws');

let passed = 0, failed = 0;
function ok(cond, what, detail = '') {
  if (cond) { passed++; console.log(`ok - ${what}`); } else { failed++; console.log(`FAIL - ${what}${detail ? `: ${detail}` : ''}`); }
  return cond;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A client that queues what it receives: control as objects, binary as Buffers. */
function client(port) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/`);
  const c = { ws, control: [], data: [], closed: null, waiters: [] };
  ws.on('message', (d, bin) => {
    if (bin) c.data.push({ at: Date.now(), buf: d });
    else c.control.push(JSON.parse(d.toString()));
    for (const w of c.waiters.splice(0)) w();
  });
  ws.on('close', (code, reason) => { c.closed = { code, reason: reason.toString() }; for (const w of c.waiters.splice(0)) w(); });
  ws.on('error', () => {});
  c.open = () => new Promise((r, j) => { ws.once('open', r); ws.once('error', j); });
  c.send = (obj) => ws.send(typeof obj === 'string' ? obj : JSON.stringify(obj));
  /** The next control message matching pred (default: any), or null after ms. */
  c.next = async (pred = () => true, ms = 3000) => {
    const end = Date.now() + ms;
    for (;;) {
      const i = c.control.findIndex(pred);
      if (i >= 0) return c.control.splice(i, 1)[0];
      if (Date.now() > end || c.closed) return null;
      await Promise.race([new Promise((r) => c.waiters.push(r)), sleep(Math.max(1, end - Date.now()))]);
    }
  };
  c.error = (code, ms) => c.next((m) => m.t === 'error' && m.code === code, ms);
  return c;
}

/** A rollback message header as tools/relay.mjs reads it (docs/duel.md), padded to a valid length. */
function msg({ player, seq, seen = 0, ack = 0, from = 0, steps = 0, magic = 'KSRB', version = 1, extra = 0 }) {
  const b = Buffer.alloc(36 + 8 + extra);
  b.write(magic, 0, 'latin1');
  b[4] = version; b[5] = player; b[7] = 64;
  b.writeUInt32LE(seq, 8); b.writeUInt32LE(seen, 12); b.writeUInt32LE(ack, 16);
  b.writeUInt32LE(from, 28); b.writeUInt16LE(steps, 32);
  return b;
}

async function pairUp(port) {
  const a = client(port), b = client(port);
  await a.open(); await b.open();
  a.send({ t: 'create' });
  const created = await a.next((m) => m.t === 'created');
  b.send({ t: 'join', room: created.room });
  const joined = await b.next((m) => m.t === 'joined');
  const sa = await a.next((m) => m.t === 'start'), sb = await b.next((m) => m.t === 'start');
  return { a, b, created, joined, started: sa && sb && sa.seat === 0 && sb.seat === 1 };
}

/** A watcher's request (KSRS, 20 bytes) and a seat's confirmed inputs (KSRC), as the relay reads them. */
function watchRequest(from = 0) {
  const b = Buffer.alloc(20);
  b.write('KSRS', 0, 'latin1');
  b[4] = 1; b[5] = 2; b[7] = 64;
  b.writeUInt32LE(from, 8);
  return b;
}
function confirmed(steps = 1) {
  const b = Buffer.alloc(28 + steps * 128);
  b.write('KSRC', 0, 'latin1');
  b[4] = 1; b[5] = 2; b[7] = 64;
  b.writeUInt16LE(steps, 12);
  b.writeUInt32LE(steps, 16);
  return b;
}

async function watchers() {
  const relay = await startRelay({ host: '127.0.0.1', port: 0, maxRooms: 10, maxClients: 50, maxWatchers: 2, maxWatchersPerAddress: 3,
    rate: 1000, burst: 1000 });
  const port = relay.port;
  const all = [];
  const open = async () => { const c = client(port); await c.open(); all.push(c); return c; };
  try {
    // A watcher of a lobby is told when the match starts.
    const a = await open(), b = await open();
    a.send({ t: 'create' });
    const created = await a.next((m) => m.t === 'created');
    const w1 = await open();
    w1.send({ t: 'watch', room: created.room });
    const early = await w1.next((m) => m.t === 'watching');
    ok(early && early.started === false, 'a watcher of a room still waiting: watching, not started', JSON.stringify(early));
    b.send({ t: 'join', room: created.room });
    ok((await b.next((m) => m.t === 'joined')) && (await a.next((m) => m.t === 'start')), 'the second device still joins as a player');
    const st = await w1.next((m) => m.t === 'start');
    ok(st && st.seat === -1, 'the watcher is told the match started, with no seat', JSON.stringify(st));

    // A watcher cannot inject inputs: none of its data but a request reaches a player.
    const aBefore = a.data.length, bBefore = b.data.length;
    for (const player of [0, 1]) w1.ws.send(msg({ player, seq: 1, from: 0, steps: 3 }));
    w1.ws.send(msg({ player: 1, seq: 1, magic: 'KSRQ' }).subarray(0, 28));
    w1.ws.send(msg({ player: 0, seq: 1, magic: 'KSRH', extra: 8 }));
    w1.ws.send(confirmed(2));
    let refusals = 0;
    for (let i = 0; i < 5; i++) if (await w1.error('watch-only', 1000)) refusals++;
    await sleep(150);
    ok(refusals === 5 && a.data.length === aBefore && b.data.length === bBefore,
      `a watcher's session messages (either player's), handover messages and confirmed inputs are refused (watch-only) and reach no player (${refusals} refusals, ${a.data.length - aBefore} + ${b.data.length - bBefore} delivered)`);
    // Its request goes to one seat, byte for byte; the answer goes to the watchers only.
    const req = watchRequest(7);
    w1.ws.send(req);
    await sleep(150);
    ok(a.data.length === aBefore + 1 && a.data.at(-1).buf.equals(req) && b.data.length === bBefore,
      'a watcher\'s request (KSRS) reaches the first seat only, byte for byte');
    w1.ws.send(req);
    await sleep(150);
    ok(a.data.length === aBefore + 1 && b.data.length === bBefore + 1 && b.data.at(-1).buf.equals(req),
      'the next request reaches the other seat (the seats answer in turn: one that cannot answer is not asked for ever)');
    w1.ws.send(Buffer.concat([req, Buffer.alloc(4)]));
    ok(await w1.error('watch-only'), 'a request of the wrong length: watch-only');
    const w2 = await open();
    w2.send({ t: 'join', room: created.room });
    ok((await w2.next((m) => m.t === 'watching'))?.started === true, 'a second watcher (joining the full room)');
    const ans = confirmed(3);
    a.ws.send(ans);
    await sleep(150);
    ok(w1.data.length === 1 && w1.data[0].buf.equals(ans) && w2.data.length === 1 && b.data.length === bBefore + 1,
      'a seat\'s confirmed inputs (KSRC) reach every watcher, never the other seat');
    b.ws.send(req);
    ok(await b.error('bad-data'), 'a player sends no watch request: bad-data');
    // Session messages between the players do not go to watchers.
    a.ws.send(msg({ player: 0, seq: 1, from: 0, steps: 3 }));
    await sleep(150);
    ok(b.data.length === bBefore + 2 && w1.data.length === 1 && w2.data.length === 1, 'the players\' session messages reach the other seat, not the watchers');

    // Limits: 2 watchers a room, 3 an address.
    const w3 = await open();
    w3.send({ t: 'watch', room: created.room });
    const full = await w3.error('room-full');
    ok(full && /2 watchers/.test(full.message), 'a third watcher of one room (--max-watchers 2): room-full', JSON.stringify(full));
    const c = await open(), d = await open();
    c.send({ t: 'create' });
    const other = await c.next((m) => m.t === 'created');
    d.send({ t: 'join', room: other.room });
    await d.next((m) => m.t === 'joined');
    w3.send({ t: 'watch', room: other.room });
    ok((await w3.next((m) => m.t === 'watching')) !== null, 'another room takes the address\'s third watcher');
    const w4 = await open();
    w4.send({ t: 'watch', room: other.room });
    const addr = await w4.error('room-full');
    ok(addr && /one address holds 3 watchers/.test(addr.message), 'a fourth watcher from one address (--max-watchers-per-address 3): room-full', JSON.stringify(addr));
    // A watcher that leaves frees its place and closes nothing.
    w2.send({ t: 'leave' });
    await sleep(100);
    w4.send({ t: 'watch', room: created.room });
    ok((await w4.next((m) => m.t === 'watching')) !== null, 'a watcher that leaves frees its place');
    w1.ws.close();
    await sleep(100);
    a.ws.send(msg({ player: 0, seq: 2, from: 3, steps: 1 }));
    await sleep(100);
    ok(b.data.length === bBefore + 3 && !(await a.next((m) => m.t === 'peer-left' || m.t === 'peer-gone', 200)),
      'a watcher that goes away is not a player leaving: the match goes on');
    a.send({ t: 'leave' });
    const gone = await w4.next((m) => m.t === 'peer-gone');
    ok(gone && gone.reason === 'left', 'when the room closes its watchers are told: peer-gone', JSON.stringify(gone));
    w4.ws.send(watchRequest(0));
    ok(await w4.error('not-in-room'), 'and are in no room after it');
  } finally {
    for (const c of all) c.ws.close();
    await relay.close();
  }
}

/** A party room of 3 seats: creation, joins (a joiner who drops in the lobby frees the seat), the start with
    every seat, forwarding to the seat a frame names, refusals, the per-pair stale-input check, a watcher,
    a dropped seat told to the others and taken back with its token, and a leave that closes it for all. */
async function party() {
  const relay = await startRelay({ host: '127.0.0.1', port: 0, maxRooms: 10, maxClients: 50, rate: 1000, burst: 1000,
    rejoinSeconds: 2, roomSeconds: 30 });
  const port = relay.port;
  const all = [];
  const open = async () => { const c = client(port); await c.open(); all.push(c); return c; };
  /** A party frame: the seat it is for, then a version 2 session message. */
  const to = (dest, m) => Buffer.concat([Buffer.from([dest]), m]);
  const pmsg = (o) => msg({ version: 2, ...o });
  try {
    const a = await open();
    a.send({ t: 'create', seats: 5 });
    ok((await a.error('bad-message'))?.message.includes('2 to 4'), 'a room of 5 seats is refused (bad-message)');
    a.send({ t: 'create', seats: 3 });
    const created = await a.next((m) => m.t === 'created');
    ok(created?.seat === 0 && created?.seats === 3, 'a party room of 3 is created with seat 0', JSON.stringify(created));
    // A joiner who drops in the lobby frees its seat; the room does not start with 2 of 3.
    const gone = await open();
    gone.send({ t: 'join', room: created.room });
    ok((await gone.next((m) => m.t === 'joined'))?.seat === 1, 'the first joiner takes seat 1');
    gone.ws.close();
    await sleep(100);
    const b = await open();
    b.send({ t: 'join', room: created.room });
    const jb = await b.next((m) => m.t === 'joined');
    ok(jb?.seat === 1 && jb?.seats === 3, 'a lobby seat whose device dropped is free for the next to join', JSON.stringify(jb));
    ok((await a.next((m) => m.t === 'start', 300)) === null, 'a party room of 3 does not start with 2');
    const c = await open();
    c.send({ t: 'join', room: created.room });
    const jc = await c.next((m) => m.t === 'joined');
    ok(jc?.seat === 2, 'the third joiner takes seat 2');
    const st = [await a.next((m) => m.t === 'start'), await b.next((m) => m.t === 'start'), await c.next((m) => m.t === 'start')];
    ok(st.every((m, i) => m?.seat === i && m?.seats === 3), 'when the third seat is taken, each seat is told its seat and 3 seats',
      JSON.stringify(st));
    // A fourth client watches.
    const w = await open();
    w.send({ t: 'join', room: created.room });
    const wm = await w.next((m) => m.t === 'watching');
    ok(wm?.seats === 3, 'a client joining a full party room watches it', JSON.stringify(wm));

    // Forwarding: to the seat the frame names, without the prefix byte, to nobody else.
    const seen = () => [a.data.length, b.data.length, c.data.length];
    let before = seen();
    a.ws.send(to(2, pmsg({ player: 0, seq: 1 })));
    b.ws.send(to(0, pmsg({ player: 1, seq: 1 })));
    c.ws.send(to(1, pmsg({ player: 2, seq: 1 })));
    await sleep(150);
    let after = seen();
    ok(after[0] - before[0] === 1 && after[1] - before[1] === 1 && after[2] - before[2] === 1,
      'each seat receives exactly the message addressed to it', `${before} -> ${after} ${JSON.stringify(a.control)}`);
    const got = c.data[c.data.length - 1]?.buf;
    ok(got && got.length === 44 && got.toString('latin1', 0, 4) === 'KSRB' && got[4] === 2 && got[5] === 0,
      'the message arrives as sent, without the seat byte (KSRB version 2, from player 0)');
    // Refusals: no such seat, its own seat, a version 1 session message, another seat's player.
    before = seen();
    a.ws.send(to(3, pmsg({ player: 0, seq: 2 })));
    ok((await a.error('bad-data'))?.message.includes('seat 3'), 'a frame for seat 3 of a 3-seat room is refused (bad-data)');
    a.ws.send(to(0, pmsg({ player: 0, seq: 3 })));
    ok((await a.error('bad-data')) !== null, 'a frame for its own seat is refused (bad-data)');
    a.ws.send(to(1, msg({ player: 0, seq: 4 })));
    ok((await a.error('bad-data')) !== null, 'a version 1 session message in a party is refused (bad-data)');
    a.ws.send(to(1, pmsg({ player: 2, seq: 5 })));
    ok((await a.error('bad-data'))?.message.includes('claims player 2'), 'a seat claiming another seat\'s player is refused');
    await sleep(100);
    after = seen();
    ok(after.every((x, i) => x === before[i]), 'nothing refused reaches any seat', `${before} -> ${after}`);

    // The stale-input check, per pair: A sends B inputs 0..20 (delivered), B acks 20 to A; A's resend below 20
    // to B is stale-input, but the same range to C (who acked nothing) is forwarded.
    a.ws.send(to(1, pmsg({ player: 0, seq: 10, from: 0, steps: 20 })));
    await sleep(100);
    b.ws.send(to(0, pmsg({ player: 1, seq: 11, ack: 20 })));
    await sleep(100);
    a.ws.send(to(1, pmsg({ player: 0, seq: 12, seen: 11, from: 5, steps: 3 })));
    ok((await a.error('stale-input', 1000)) !== null, 'inputs below the ack of the seat they are for are stale-input');
    before = seen();
    a.ws.send(to(2, pmsg({ player: 0, seq: 13, seen: 11, from: 5, steps: 3 })));
    ok((await a.error('stale-input', 300)) === null, 'the same inputs for a seat that acked nothing are not stale');
    await sleep(100);
    ok(c.data.length - before[2] === 1, 'and reach that seat');

    // A seat's KSRC goes to the watcher (any seat byte), a watcher's KSRS to a seat.
    const wBefore = w.data.length;
    a.ws.send(to(0xff, confirmed(1)));
    await sleep(100);
    ok(w.data.length - wBefore === 1 && w.data[w.data.length - 1].buf.toString('latin1', 0, 4) === 'KSRC',
      'a party seat\'s confirmed inputs reach the watcher without the seat byte');
    before = seen();
    w.ws.send(watchRequest(0));
    await sleep(100);
    after = seen();
    ok(after[0] - before[0] + after[1] - before[1] + after[2] - before[2] === 1, 'a watcher\'s request reaches one seat');

    // A seat drops: both others are told which; it rejoins with its token; both are told it is back.
    b.ws.close();
    const la = await a.next((m) => m.t === 'peer-left'), lc = await c.next((m) => m.t === 'peer-left');
    ok(la?.seat === 1 && lc?.seat === 1, 'a dropped seat is told to every other seat, with its number', JSON.stringify([la, lc]));
    const x = await open();
    x.send({ t: 'join', room: created.room });
    ok((await x.error('room-full')) !== null, 'while a seat waits for its device, a join is refused (room-full)');
    const b2 = await open();
    b2.send({ t: 'rejoin', room: created.room, token: jb.token });
    const rj = await b2.next((m) => m.t === 'rejoined');
    ok(rj?.seat === 1 && rj?.seats === 3, 'the dropped seat is taken back with its token (rejoined says the seats)', JSON.stringify(rj));
    const ba = await a.next((m) => m.t === 'peer-back'), bc = await c.next((m) => m.t === 'peer-back');
    ok(ba?.seat === 1 && bc?.seat === 1, 'every other seat is told it is back');
    before = [a.data.length, b2.data.length, c.data.length];
    c.ws.send(to(1, pmsg({ player: 2, seq: 20 })));
    await sleep(100);
    ok(b2.data.length - before[1] === 1, 'messages reach the seat taken back');
    // A reloaded party page: its handover request (KSRQ, version 1) to each other seat, the
    // answer (KSRH) from one seat to it alone; each arrives without the seat byte, its sender
    // byte (checked to be the sending seat's) naming who asked or answered.
    const req = Buffer.alloc(28); req.write('KSRQ', 0, 'latin1'); req[4] = 1; req[5] = 1; req[7] = 64;
    const part = Buffer.alloc(60); part.write('KSRH', 0, 'latin1'); part[4] = 1; part[5] = 0; part[7] = 64;
    before = [a.data.length, b2.data.length, c.data.length];
    b2.ws.send(to(0, req));
    b2.ws.send(to(2, req));
    await sleep(100);
    after = [a.data.length, b2.data.length, c.data.length];
    ok(after[0] - before[0] === 1 && after[2] - before[2] === 1 && after[1] === before[1] &&
      [a, c].every((q) => Buffer.compare(q.data[q.data.length - 1].buf, req) === 0),
    'a party seat\'s handover request reaches each seat it names, byte for byte (sender byte 1)', `${before} -> ${after}`);
    a.ws.send(to(1, part));
    await sleep(100);
    const late = [a.data.length, b2.data.length, c.data.length];
    ok(late[1] - after[1] === 1 && late[2] === after[2] && Buffer.compare(b2.data[b2.data.length - 1].buf, part) === 0,
      'its answer (KSRH) reaches the asking seat alone, byte for byte (sender byte 0)');
    const badReq = Buffer.from(req); badReq[5] = 2;
    b2.ws.send(to(0, badReq));
    ok((await b2.error('bad-data'))?.message.includes('claims player 2'), 'a handover request claiming another seat is refused');

    // A seat leaves: the room closes for everyone.
    c.send({ t: 'leave' });
    const ga = await a.next((m) => m.t === 'peer-gone'), gb = await b2.next((m) => m.t === 'peer-gone');
    const gw = await w.next((m) => m.t === 'peer-gone');
    ok(ga?.reason === 'left' && gb?.reason === 'left' && gw?.reason === 'left', 'a seat leaving closes the party for all');

    // A 4-seat room starts with 4; 2-seat rooms still send no "seats"-less surprises.
    const p = [await open(), await open(), await open(), await open()];
    p[0].send({ t: 'create', seats: 4 });
    const c4 = await p[0].next((m) => m.t === 'created');
    for (let i = 1; i < 4; i++) p[i].send({ t: 'join', room: c4.room });
    const s4 = await Promise.all(p.map((q) => q.next((m) => m.t === 'start')));
    ok(s4.every((m, i) => m?.seat === i && m?.seats === 4), 'a party room of 4 starts with seats 0..3', JSON.stringify(s4));
    // The creator leaving a party lobby closes it; the joiners are told.
    const l = [await open(), await open()];
    l[0].send({ t: 'create', seats: 3 });
    const cl = await l[0].next((m) => m.t === 'created');
    l[1].send({ t: 'join', room: cl.room });
    await l[1].next((m) => m.t === 'joined');
    l[0].ws.close();
    ok((await l[1].next((m) => m.t === 'peer-gone'))?.reason === 'left', 'the creator leaving a party lobby closes it for the joiners');
  } finally {
    for (const c of all) c.ws.close();
    await relay.close();
  }
}

async function main() {
  const relay = await startRelay({ host: '127.0.0.1', port: 0, maxRooms: 3, maxClients: 50, maxBytes: 4096, rate: 100, burst: 100,
    rejoinSeconds: 1, roomSeconds: 30, latencyMs: 0, jitterMs: 0, loss: 0, seed: 1 });
  const port = relay.port;
  try {
    // Pairing and forwarding.
    const { a, b, created, joined, started } = await pairUp(port);
    ok(/^[0-9a-hjkmnp-tv-z]{16}$/.test(created.room), 'a room code is 16 characters of base32', created.room);
    ok(created.seat === 0 && joined.seat === 1 && created.token !== joined.token, 'the creator sits 0, the joiner 1, each with a token');
    ok(started, 'both devices are told to start');
    a.ws.send(msg({ player: 0, seq: 1, ack: 0, from: 0, steps: 3 }));
    b.ws.send(msg({ player: 1, seq: 1, seen: 1, ack: 120, from: 0, steps: 2 }));
    await sleep(150);
    ok(b.data.length === 1 && b.data[0].buf.readUInt32LE(8) === 1 && b.data[0].buf.length === 44, 'game data reaches the other device byte for byte');
    ok(a.data.length === 1, 'both ways');

    // Refusals.
    a.send('{not json');
    ok(await a.error('bad-json'), 'malformed JSON is refused: bad-json');
    a.send('[1,2]');
    ok(await a.error('bad-message'), 'a JSON value that is not a message: bad-message');
    a.send({ t: 'teleport' });
    ok(await a.error('unknown-type'), 'an unknown type: unknown-type');
    a.ws.send(Buffer.from('hello, relay, this is not a rollback message at all'));
    ok(await a.error('bad-data'), 'binary that is not a rollback message: bad-data');
    a.ws.send(msg({ player: 0, seq: 2, magic: 'KSRP' }));
    ok(await a.error('bad-data'), 'a wrong magic: bad-data');
    a.ws.send(msg({ player: 0, seq: 2, version: 2 }));
    ok(await a.error('bad-data'), 'a newer version: bad-data');
    a.ws.send(msg({ player: 1, seq: 2 }));
    ok(await a.error('bad-data'), 'seat 0 claiming to be player 1: bad-data');
    // A reloaded page's handover: a request (28 bytes) and a part go through; a
    // request of another length, or a part claiming the other seat, does not.
    const req = Buffer.alloc(28); req.write('KSRQ', 0, 'latin1'); req[4] = 1; req[5] = 1; req[7] = 64;
    const part = Buffer.alloc(60); part.write('KSRH', 0, 'latin1'); part[4] = 1; part[5] = 0; part[7] = 64;
    const bBefore = b.data.length, aBefore = a.data.length;
    b.ws.send(req);
    a.ws.send(part);
    await sleep(150);
    ok(a.data.length === aBefore + 1 && a.data.at(-1).buf.equals(req) && b.data.length === bBefore + 1 && b.data.at(-1).buf.equals(part),
      'a handover request (KSRQ) and its part (KSRH) are forwarded byte for byte');
    b.ws.send(Buffer.concat([req, Buffer.alloc(4)]));
    ok(await b.error('bad-data'), 'a handover request of the wrong length: bad-data');
    const fake = Buffer.from(part); fake[5] = 1;
    a.ws.send(fake);
    ok(await a.error('bad-data'), 'a handover part from seat 0 claiming player 1: bad-data');
    b.data.length = bBefore; a.data.length = aBefore;
    // A's inputs below step 120 have reached B; B says (its message 2) that it has them; A has seen it.
    a.ws.send(msg({ player: 0, seq: 2, ack: 0, from: 0, steps: 120 }));
    await sleep(50);
    b.ws.send(msg({ player: 1, seq: 2, seen: 2, ack: 120, from: 0, steps: 2 }));
    await sleep(100);
    b.data.length = bBefore; a.data.length = aBefore;
    a.ws.send(msg({ player: 0, seq: 3, seen: 2, ack: 0, from: 50, steps: 10 }));
    const stale = await a.error('stale-input');
    ok(stale && /below the confirmed step 120/.test(stale.message), 'inputs for steps already confirmed: stale-input', JSON.stringify(stale));
    a.ws.send(msg({ player: 0, seq: 4, seen: 2, ack: 0, from: 120, steps: 10 }));
    await sleep(100);
    ok(b.data.length === bBefore + 1, 'refused data is not forwarded; honest data after it is', `${b.data.length}`);
    const c3 = client(port); await c3.open();
    {
      const w = client(port); await w.open();
      w.send({ t: 'join', room: created.room });
      const watching = await w.next((m) => m.t === 'watching' || m.t === 'error');
      ok(watching && watching.t === 'watching' && watching.started === true, 'a third client joining a full room watches it: watching', JSON.stringify(watching));
      w.ws.close();
    }
    c3.send({ t: 'join', room: '0000000000000000' });
    ok(await c3.error('unknown-room'), 'an unknown room: unknown-room');
    c3.send({ t: 'join', room: '../../etc' });
    ok(await c3.error('bad-message'), 'a malformed room code: bad-message');
    c3.send({ t: 'rejoin', room: created.room, token: 'guess' });
    ok(await c3.error('bad-token'), 'a wrong token: bad-token');
    c3.ws.send(msg({ player: 0, seq: 1 }));
    ok(await c3.error('not-in-room'), 'game data outside a room: not-in-room');
    a.send({ t: 'create' });
    ok(await a.error('already-in-room'), 'one room per connection: already-in-room');

    // Too many rooms (3 at most; one is open).
    const extra = [];
    for (let i = 0; i < 3; i++) { const c = client(port); await c.open(); extra.push(c); c.send({ t: 'create' }); }
    const answers = await Promise.all(extra.map((c) => c.next((m) => m.t === 'created' || m.t === 'error')));
    ok(answers.filter((m) => m.t === 'created').length === 2 && answers.some((m) => m.code === 'too-many-rooms'), 'too many rooms: too-many-rooms',
      JSON.stringify(answers));
    for (const c of extra) c.ws.close();


    // Oversized: closed with 1009.
    const big = client(port); await big.open();
    big.ws.send(Buffer.alloc(5000));
    await big.next(() => false, 1000);
    ok(big.closed && big.closed.code === 1009, 'a message over --max-bytes closes the connection with 1009', JSON.stringify(big.closed));

    // A flood: 100 a second, burst 100; 400 at once.
    const before = b.data.length;
    for (let i = 0; i < 400; i++) a.ws.send(msg({ player: 0, seq: 10 + i, seen: 1, from: 130, steps: 0 }));
    const limited = await a.error('rate-limited');
    await sleep(300);
    const through = b.data.length - before;
    ok(limited && through <= 140 && through >= 60, `a flood is cut to the rate: rate-limited, ${through} of 400 forwarded`);
    ok(!a.closed, 'a short flood does not close the connection');

    // Disconnect, rejoin within the window, then a timeout.
    await sleep(1100); // refill the bucket
    // (The lobbies of the too-many-rooms test have closed by now.)
    // A lobby whose creator leaves (closes, reloads) closes at once: a room that never started keeps no seat.
    {
      const lc = client(port); await lc.open();
      lc.send({ t: 'create' });
      const lobby = await lc.next((m) => m.t === 'created');
      lc.ws.close();
      await sleep(100);
      const lc2 = client(port); await lc2.open();
      lc2.send({ t: 'rejoin', room: lobby.room, token: lobby.token });
      const back = await lc2.next((m) => m.t === 'rejoined' || m.t === 'error');
      ok(back && back.code === 'unknown-room', 'a lobby whose creator left is closed: unknown-room', JSON.stringify(back));
      lc2.ws.close();
    }

    b.ws.close();
    const left = await a.next((m) => m.t === 'peer-left');
    ok(left && left.timeout === 1, 'a dropped device is announced with the rejoin window: peer-left');
    const b2 = client(port); await b2.open();
    b2.send({ t: 'rejoin', room: created.room, token: joined.token });
    const re = await b2.next((m) => m.t === 'rejoined');
    ok(re && re.seat === 1 && (await a.next((m) => m.t === 'peer-back')), 'it rejoins its seat with its token: rejoined / peer-back');
    b2.ws.send(msg({ player: 1, seq: 2, seen: 1, ack: 130 }));
    await sleep(100);
    ok(a.data.length >= 2, 'data flows again after the rejoin');
    b2.ws.close();
    await a.next((m) => m.t === 'peer-left');
    const gone = await a.next((m) => m.t === 'peer-gone', 3000);
    ok(gone && gone.reason === 'timeout', 'no rejoin within the window: peer-gone (timeout), the room closes');
    const b3 = client(port); await b3.open();
    b3.send({ t: 'rejoin', room: created.room, token: joined.token });
    ok(await b3.error('unknown-room'), 'the closed room is gone');
    for (const c of [a, b3, c3]) c.ws.close();

    // A flood that goes on closes the connection (1008).
    const flood = client(port); await flood.open();
    for (let i = 0; i < 1200; i++) flood.send({ t: 'ping', n: i });
    await flood.next(() => false, 1500);
    ok(flood.closed && flood.closed.code === 1008, 'persistent flooding closes the connection with 1008', JSON.stringify(flood.closed));

    // Plain HTTP gets 426.
    const status = await new Promise((r) => http.get(`http://127.0.0.1:${port}/`, (res) => { res.resume(); r(res.statusCode); }).on('error', () => r(0)));
    ok(status === 426, 'a plain HTTP request is told to use a WebSocket (426)');
  } finally {
    await relay.close();
  }

  // Watchers: a third client follows the match and plays no part.
  await watchers();
  await party();

  // Fault injection: 100 ms latency, 50% loss.
  const faulty = await startRelay({ host: '127.0.0.1', port: 0, maxRooms: 10, maxClients: 10, maxBytes: 4096, rate: 10000, burst: 10000,
    rejoinSeconds: 1, roomSeconds: 30, latencyMs: 100, jitterMs: 20, loss: 0.5, seed: 7 });
  try {
    const { a, b } = await pairUp(faulty.port);
    const t0 = Date.now();
    for (let i = 0; i < 200; i++) a.ws.send(msg({ player: 0, seq: i + 1 }));
    await sleep(600);
    const n = b.data.length;
    const first = n ? b.data[0].at - t0 : -1;
    ok(n >= 60 && n <= 140, `--loss 0.5 drops about half: ${n} of 200 arrived`);
    ok(first >= 95, `--latency-ms 100 holds each message back: the first arrived after ${first} ms`);
    const control = await (async () => { a.send({ t: 'ping', n: 5 }); return a.next((m) => m.t === 'pong'); })();
    ok(control && control.n === 5, 'control messages are never dropped');
    a.ws.close(); b.ws.close();
  } finally {
    await faulty.close();
  }

  // Unguessable: 2,000 codes, all distinct, every character used evenly.
  const many = await startRelay({ host: '127.0.0.1', port: 0, maxRooms: 10, maxClients: 10, maxBytes: 4096, rate: 1e6, burst: 1e6,
    rejoinSeconds: 1, roomSeconds: 30, latencyMs: 0, jitterMs: 0, loss: 0, seed: 1 });
  try {
    const creator = client(many.port); await creator.open();
    const codes = new Set();
    const counts = new Map();
    for (let i = 0; i < 2000; i++) {
      creator.send({ t: 'create' });
      const m = await creator.next((x) => x.t === 'created' || x.t === 'error');
      if (!m || m.t !== 'created') break;
      codes.add(m.room);
      for (const ch of m.room) counts.set(ch, (counts.get(ch) || 0) + 1);
      creator.send({ t: 'leave' });
    }
    const least = Math.min(...counts.values()), most = Math.max(...counts.values());
    ok(codes.size === 2000 && counts.size === 32 && least > 700 && most < 1300,
      `2,000 room codes are all different and use the 32 characters evenly (${least}..${most} each of 32,000)`);
    creator.ws.close();
  } finally {
    await many.close();
  }

  // The command line: a bad option is a usage error (exit 2); it prints where it listens.
  const bad = spawn(process.execPath, [join(ROOT, 'tools', 'relay.mjs'), '--port', 'eighty'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  bad.stderr.on('data', (d) => (err += d));
  const code = await new Promise((r) => bad.on('exit', r));
  ok(code === 2 && /--port wants a number/.test(err), 'a bad --port is a usage error (exit 2)', `${code} ${err}`);
  const good = spawn(process.execPath, [join(ROOT, 'tools', 'relay.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  good.stdout.on('data', (d) => (out += d));
  for (let i = 0; i < 50 && !/listening/.test(out); i++) await sleep(100);
  ok(/^relay listening on ws:\/\/127\.0\.0\.1:\d+\/$/m.test(out), 'it listens on 127.0.0.1 by default and says where', out.trim());
  good.kill('SIGTERM');
  await new Promise((r) => good.on('exit', r));

  console.log(`relay: ${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
}

main().catch((e) => {
  console.log(`FAIL - the test ran to the end: ${e.stack || e}`);
  console.log(`relay: ${passed} passed, ${failed + 1} failed`);
  process.exitCode = 1;
});
