#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// The penalty duel's WebSocket relay: it pairs two devices in a room and
// forwards their messages. It holds no game rule: the rollback messages
// (docs/duel.md) are forwarded as they are; the relay reads only their fixed
// header, to refuse what no honest peer sends.
//
//   node tools/relay.mjs [--host H] [--port N] [options]
//
// Listens on 127.0.0.1 (--host) and port $RELAY_PORT or 8601 (--port; 0 picks
// a free one); prints "relay listening on ws://HOST:PORT/" once it does.
//
// Protocol. Control messages are JSON text frames; game data are binary frames.
//   {"t":"create"}                 -> {"t":"created","room":CODE,"seat":0,"token":T,"seats":2,"rate":R}
//                                  (R: --rate, the messages a second it takes from one connection; also in
//                                  "joined", "watching" and "rejoined", so a page keeps its data under it)
//   {"t":"create","seats":N}       a party room of N seats (2..4; the duel's party mode: docs/duel.md, "Party");
//                                  it starts when all N are taken (below, "Party rooms")
//   {"t":"join","room":CODE}       -> {"t":"joined","room":CODE,"seat":S,"token":T,"seats":N}; when all seats
//                                  are taken: the client watches instead ({"t":"watching",...} below)
//   {"t":"watch","room":CODE}      -> {"t":"watching","room":CODE,"started":B}: a watcher, who follows
//                                  the match and plays no part; {"t":"start","seat":-1} when it starts
//   all seats taken                -> {"t":"start","seat":S,"seats":N} to each
//   {"t":"rejoin","room":CODE,"token":T} -> {"t":"rejoined","room":CODE,"seat":S,"seats":N}; the other gets {"t":"peer-back"}
//   {"t":"leave"}                  the room closes; the other gets {"t":"peer-gone","reason":"left"}
//   {"t":"ping","n":N}             -> {"t":"pong","n":N}
//   a seat's connection drops      the other gets {"t":"peer-left","timeout":S}; after S seconds
//                                  without a rejoin: {"t":"peer-gone","reason":"timeout"} and the room closes
//   binary                         forwarded to the other seat (after the fault injection, if any):
//                                  KSRB (a session's message), KSRQ and KSRH (a handover request and
//                                  its parts, for a reloaded page: docs/duel.md)
//   watchers' binary               only KSRS (a watcher's request, 20 bytes): forwarded to one seat
//                                  (the connected seats in turn); nothing else of a watcher's reaches a player
//   a seat's KSRC                  (confirmed inputs, its answer to watchers) to every watcher of the
//                                  room, never to the other seat; the relay keeps none of it
//   a lobby's only device drops    the room closes at once (a room that never started keeps no seat)
//   a match older than --match-seconds   both get {"t":"peer-gone","reason":"expired"}; the room closes
// Refusals are {"t":"error","code":C,"message":M} and change nothing:
//   bad-json, bad-message, unknown-type, unknown-room, room-full (a rejoin to a connected seat,
//   or a watcher over --max-watchers / --max-watchers-per-address), watch-only (a watcher's
//   data other than KSRS),
//   too-many-rooms, too-many-clients, already-in-room, not-in-room, bad-token,
//   bad-data (not a rollback message, or one claiming the other seat),
//   stale-input (inputs for steps the other seat has already confirmed),
//   rate-limited (over --rate messages a second; persistent flooding closes with 1008).
// A message over --max-bytes closes the connection with code 1009 (ws's maxPayload).
// A connection that does not read what it is sent (more than --max-buffered
// bytes waiting for it) is closed with 4008 ("not reading") and cut a second
// later; a connection that answers no ping for --heartbeat-seconds is cut
// (no close frame: it is gone); either way the other seat gets peer-left.
// Who may connect: a browser page of the relay's own host (its Origin's host
// is the host the client connected to) or of an --allow-origin; a client that
// sends no Origin (not a browser) too. Others get HTTP 403. One remote address
// holds at most --max-clients-per-address connections (more are cut at
// once; a connection silent for --first-byte-ms is cut too) and
// --max-rooms-per-address rooms (too-many-rooms), counted until the room closes.
// Room codes are 16 characters of 80 random bits; seat tokens 128 random bits.
//
// Party rooms (seats 3 or 4). The same rules with these differences: a seat's
// binary frame starts with one byte, the seat it is for (0..N-1, not its own;
// any value for KSRC, which goes to the watchers), and the relay forwards the
// rest (a KSRB of version 2, docs/rollback.md; KSRQ, KSRH, KSRC as for 2) to
// that seat alone; the stale-input check holds per pair of seats. In the lobby
// a seat other than the creator's that drops is freed for the next to join;
// peer-left, peer-back and peer-gone go to every other seat, with "seat" (the
// seat that left or came back). Two-seat rooms are unchanged (no prefix byte).
//
// Fault injection (tests): --latency-ms, --jitter-ms, --loss apply to the
// binary messages the relay forwards, drawn from --seed.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import { guardConnections } from './netguard.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const requireWeb = createRequire(join(here, '..', 'web', 'package.json'));

const USAGE = `usage: node tools/relay.mjs [options]
  --host H            address to listen on (default 127.0.0.1; 0.0.0.0 for other devices)
  --port N            port (default $RELAY_PORT or 8601; 0 picks a free port)
  --max-rooms N       rooms open at once (default 1000)
  --max-clients N     connections at once (default 4000)
  --max-bytes N       largest message, bytes (default 16384)
  --rate N            messages a second per connection (default 200), --burst N (default 400)
  --rejoin-seconds S  how long a seat is kept for a dropped device (default 20)
  --room-seconds S    how long a room waits for its second device (default 600)
  --match-seconds S   how long a started match may last (default 7200)
  --max-buffered N    bytes waiting for a connection that does not read, before it is closed (default 1048576)
  --heartbeat-seconds S  a ping every S seconds; no pong by the next one: cut (default 10)
  --allow-origin O    a web origin (http://host:port) whose pages may connect, besides the relay's own host; repeatable
  --max-clients-per-address N  connections one remote address holds at once (default 16)
  --max-rooms-per-address N    rooms one remote address holds at once (default 4)
  --first-byte-ms MS  a connection silent that long is cut (default 3000)
  --max-watchers N    watchers of one room at once (default 32)
  --max-watchers-per-address N  watchers one remote address holds at once, over all rooms (default 8)
  --latency-ms MS --jitter-ms MS --loss P --seed N
                      fault injection on forwarded game data (default none)
  --help, --version   this text; the version`;

function version() {
  try {
    const h = readFileSync(join(here, '..', 'include', 'kickstep', 'version.h'), 'utf8');
    return /KICKSTEP_VERSION_STRING "([^"]+)"/.exec(h)?.[1] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

function parseArgs(argv) {
  const o = {
    host: '127.0.0.1', port: process.env.RELAY_PORT ?? '8601', maxRooms: 1000, maxClients: 4000, maxBytes: 16384,
    rate: 200, burst: 400, rejoinSeconds: 20, roomSeconds: 600, latencyMs: 0, jitterMs: 0, loss: 0, seed: 1,
    matchSeconds: 7200, maxBuffered: 1 << 20, heartbeatSeconds: 10, allowOrigins: [], maxClientsPerAddress: 16,
    maxRoomsPerAddress: 4, firstByteMs: 3000, maxWatchers: 32, maxWatchersPerAddress: 8,
  };
  const num = (name, v, lo, hi) => {
    const x = Number(v);
    if (v === undefined || v === '' || !Number.isFinite(x) || x < lo || x > hi) throw new Error(`${name} wants a number in ${lo}..${hi}, got ${v}`);
    return x;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => argv[++i];
    switch (a) {
      case '--help': console.log(USAGE); process.exit(0); break;
      case '--version': console.log(`relay.mjs (kickstep) ${version()}`); process.exit(0); break;
      case '--host': o.host = v(); if (!o.host) throw new Error('--host wants an address'); break;
      case '--port': o.port = v(); break;
      case '--max-rooms': o.maxRooms = num(a, v(), 1, 1e6); break;
      case '--max-clients': o.maxClients = num(a, v(), 2, 1e6); break;
      case '--max-bytes': o.maxBytes = num(a, v(), 64, 1 << 24); break;
      case '--rate': o.rate = num(a, v(), 1, 1e6); break;
      case '--burst': o.burst = num(a, v(), 1, 1e6); break;
      case '--rejoin-seconds': o.rejoinSeconds = num(a, v(), 0, 86400); break;
      case '--room-seconds': o.roomSeconds = num(a, v(), 1, 86400); break;
      case '--latency-ms': o.latencyMs = num(a, v(), 0, 10000); break;
      case '--jitter-ms': o.jitterMs = num(a, v(), 0, 10000); break;
      case '--loss': o.loss = num(a, v(), 0, 1); break;
      case '--seed': o.seed = num(a, v(), 0, 2 ** 32 - 1); break;
      case '--match-seconds': o.matchSeconds = num(a, v(), 1, 7 * 86400); break;
      case '--max-buffered': o.maxBuffered = num(a, v(), 1024, 1 << 30); break;
      case '--heartbeat-seconds': o.heartbeatSeconds = num(a, v(), 0.05, 3600); break;
      case '--allow-origin': o.allowOrigins.push(originOf(v(), a)); break;
      case '--max-clients-per-address': o.maxClientsPerAddress = num(a, v(), 2, 1e6); break;
      case '--max-rooms-per-address': o.maxRoomsPerAddress = num(a, v(), 1, 1e6); break;
      case '--first-byte-ms': o.firstByteMs = num(a, v(), 10, 600000); break;
      case '--max-watchers': o.maxWatchers = num(a, v(), 0, 1e6); break;
      case '--max-watchers-per-address': o.maxWatchersPerAddress = num(a, v(), 0, 1e6); break;
      default: throw new Error(`unexpected argument ${a} (node tools/relay.mjs --help lists the options)`);
    }
  }
  o.port = num('--port', o.port, 0, 65535);
  if (!Number.isInteger(o.port)) throw new Error(`bad port ${o.port}`);
  return o;
}

/* ------------------------------------------------------------ utilities */

/** A web origin as browsers send it ("http://host:port", no path), or throws. */
function originOf(text, what) {
  let u;
  try {
    u = new URL(text);
  } catch {
    throw new Error(`${what} wants an origin like http://host:8600, got ${text}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`${what} wants an http(s) origin, got ${text}`);
  return u.origin;
}

const CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford's base32, lower case
function roomCode() {
  const b = randomBytes(10); // 80 bits -> 16 characters
  let bits = 0, acc = 0, out = '';
  for (const byte of b) {
    acc = (acc << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += CODE_ALPHABET[(acc >> bits) & 31];
    }
  }
  return out;
}
const CODE_RE = /^[0-9a-hjkmnp-tv-z]{16}$/;
const token = () => randomBytes(16).toString('base64url');

/** A small seeded generator (mulberry32) for the fault injection. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/* The rollback messages' headers (docs/duel.md): what the relay may read.
   "KSRB" is a session's message; "KSRQ" (a handover request, 28 bytes) and
   "KSRH" (a part of a handover) carry a reloaded page's seat back to it. */
const HEADER = 36, CHECKSUM = 8, REQUEST = 28, PART_HEADER = 36;
/* Most seats of a room: a party of 4 (the duel's party mode). */
const MAX_SEATS = 4;
/* A watcher's request "KSRS" (20 bytes) and the confirmed inputs "KSRC" a seat answers with (rollback.h). */
const WATCH_REQUEST = 20, WATCH_HEADER = 20;
function header(buf, party = false) {
  if (buf.length < 8 || buf[0] !== 0x4b || buf[1] !== 0x53 || buf[2] !== 0x52) return null; // "KSR?"
  const kind = String.fromCharCode(buf[3]);
  // A session's message is version 1 between two seats and version 2 in a party; the rest are version 1.
  if (buf[4] !== (party && kind === 'B' ? 2 : 1)) return null;
  if (kind === 'Q') return buf.length === REQUEST ? { kind, player: buf[5] } : null;
  if (kind === 'S') return buf.length === WATCH_REQUEST ? { kind } : null;
  if (kind === 'C') return buf.length >= WATCH_HEADER + CHECKSUM ? { kind } : null;
  if (kind === 'H') return buf.length > PART_HEADER + CHECKSUM ? { kind, player: buf[5] } : null;
  if (kind !== 'B' || buf.length < HEADER + CHECKSUM) return null;
  return {
    kind, player: buf[5], seq: buf.readUInt32LE(8), seen: buf.readUInt32LE(12), ack: buf.readUInt32LE(16),
    inputFrom: buf.readUInt32LE(28), inputSteps: buf.readUInt16LE(32),
  };
}

/* --------------------------------------------------------------- relay */

/** The defaults of every option, for callers of startRelay that set only some. */
export const RELAY_DEFAULTS = Object.freeze(parseArgs([]));

export function startRelay(given) {
  const opts = { ...RELAY_DEFAULTS, ...given };
  const WebSocket = requireWeb('ws');
  const roomsOf = new Map(); // remote address -> rooms it holds
  const watchersOf = new Map(); // remote address -> watchers it holds
  const rooms = new Map();
  const random = rng(opts.seed);
  let clients = 0;
  const stats = { forwarded: 0, dropped: 0, refused: 0, notReading: 0, noPong: 0, expired: 0, badOrigin: 0, watched: 0 };

  /** Sends, unless the connection already holds more than --max-buffered unread bytes: then it is closed (4008). */
  const put = (ws, data, binary) => {
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    const size = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
    if (ws.bufferedAmount + size > opts.maxBuffered) {
      stats.notReading++;
      ws.close(4008, 'not reading: too much waiting for this connection');
      // The close frame waits behind the unread bytes: cut the connection if it is not read soon.
      setTimeout(() => ws.terminate(), 1000).unref();
      return false;
    }
    ws.send(data, { binary });
    return true;
  };
  const send = (ws, obj) => put(ws, JSON.stringify(obj), false);
  const refuse = (c, code, message) => {
    stats.refused++;
    send(c.ws, { t: 'error', code, message });
  };

  function closeRoom(room, reason) {
    if (!rooms.has(room.code)) return;
    rooms.delete(room.code);
    const held = (roomsOf.get(room.addr) || 1) - 1;
    if (held > 0) roomsOf.set(room.addr, held);
    else roomsOf.delete(room.addr);
    clearTimeout(room.lobbyTimer);
    clearTimeout(room.matchTimer);
    for (const w of [...room.watchers]) {
      if (reason) send(w.ws, { t: 'peer-gone', reason });
      unwatch(w);
    }
    for (const seat of room.seats) {
      if (!seat) continue;
      clearTimeout(seat.rejoinTimer);
      if (seat.client) {
        if (reason) send(seat.client.ws, { t: 'peer-gone', reason });
        seat.client.room = null;
      }
    }
  }

  /** A watcher leaves its room (closed, left or gone). */
  function unwatch(c) {
    const room = c.room;
    if (!room || !c.watching) return;
    room.watchers.delete(c);
    c.room = null;
    c.watching = false;
    const held = (watchersOf.get(c.addr) || 1) - 1;
    if (held > 0) watchersOf.set(c.addr, held);
    else watchersOf.delete(c.addr);
  }

  /** The client watches the room: it follows the match and plays no part. */
  function watch(c, room) {
    if (room.watchers.size >= opts.maxWatchers) return refuse(c, 'room-full', `a room has ${opts.maxWatchers} watchers at most`);
    if ((watchersOf.get(c.addr) || 0) >= opts.maxWatchersPerAddress)
      return refuse(c, 'room-full', `one address holds ${opts.maxWatchersPerAddress} watchers at most`);
    watchersOf.set(c.addr, (watchersOf.get(c.addr) || 0) + 1);
    room.watchers.add(c);
    c.room = room;
    c.seat = -1;
    c.watching = true;
    return send(c.ws, { t: 'watching', room: room.code, started: room.started, seats: room.n, rate: opts.rate });
  }

  /** The connected clients of the room's seats other than s. */
  function others(room, s) {
    const out = [];
    for (let i = 0; i < room.n; i++) if (i !== s && room.seats[i]?.client) out.push(room.seats[i].client);
    return out;
  }

  function seatClient(room, s, c) {
    room.seats[s].client = c;
    c.room = room;
    c.seat = s;
  }

  function maybeStart(room) {
    if (room.started || !room.seats.every((x) => x?.client)) return;
    room.started = true;
    clearTimeout(room.lobbyTimer);
    room.matchTimer = setTimeout(() => {
      stats.expired++;
      closeRoom(room, 'expired');
    }, opts.matchSeconds * 1000);
    for (let s = 0; s < room.n; s++) send(room.seats[s].client.ws, { t: 'start', seat: s, room: room.code, seats: room.n });
    for (const w of room.watchers) send(w.ws, { t: 'start', seat: -1, room: room.code });
  }

  function onControl(c, text) {
    let m;
    try {
      m = JSON.parse(text);
    } catch {
      return refuse(c, 'bad-json', 'a control message is one JSON object');
    }
    if (!m || typeof m !== 'object' || Array.isArray(m) || typeof m.t !== 'string') return refuse(c, 'bad-message', 'a control message needs a string "t"');
    switch (m.t) {
      case 'ping':
        return send(c.ws, { t: 'pong', n: Number.isFinite(m.n) ? m.n : 0 });
      case 'create': {
        if (c.room) return refuse(c, 'already-in-room', 'this connection is already in a room');
        const n = m.seats === undefined ? 2 : m.seats;
        if (!Number.isInteger(n) || n < 2 || n > MAX_SEATS) return refuse(c, 'bad-message', `a room has 2 to ${MAX_SEATS} seats`);
        if (rooms.size >= opts.maxRooms) return refuse(c, 'too-many-rooms', `the relay holds ${opts.maxRooms} rooms at most`);
        if ((roomsOf.get(c.addr) || 0) >= opts.maxRoomsPerAddress)
          return refuse(c, 'too-many-rooms', `one address holds ${opts.maxRoomsPerAddress} rooms at most`);
        let code;
        do code = roomCode(); while (rooms.has(code));
        const room = { code, addr: c.addr, n, seats: [{ token: token(), client: null }, ...Array(n - 1).fill(null)], started: false, watchers: new Set() };
        roomsOf.set(c.addr, (roomsOf.get(c.addr) || 0) + 1);
        room.lobbyTimer = setTimeout(() => {
          if (!room.started) {
            send(room.seats[0]?.client?.ws, { t: 'error', code: 'room-expired', message: 'nobody joined in time' });
            closeRoom(room, null);
          }
        }, opts.roomSeconds * 1000);
        rooms.set(code, room);
        seatClient(room, 0, c);
        return send(c.ws, { t: 'created', room: code, seat: 0, token: room.seats[0].token, seats: n, rate: opts.rate });
      }
      case 'join': {
        if (c.room) return refuse(c, 'already-in-room', 'this connection is already in a room');
        if (typeof m.room !== 'string' || !CODE_RE.test(m.room)) return refuse(c, 'bad-message', 'a room code is 16 characters');
        const room = rooms.get(m.room);
        if (!room) return refuse(c, 'unknown-room', 'no such room (it may have closed)');
        // All seats taken and connected: the next client watches. A seat waiting for its
        // dropped device keeps refusing (room-full): a page with a kept token tries it again.
        const free = room.seats.findIndex((x) => !x);
        if (free < 0 && room.seats.some((x) => !x.client)) return refuse(c, 'room-full', 'a seat of this room waits for its device');
        if (free < 0) return watch(c, room);
        room.seats[free] = { token: token(), client: null };
        seatClient(room, free, c);
        send(c.ws, { t: 'joined', room: room.code, seat: free, token: room.seats[free].token, seats: room.n, rate: opts.rate });
        return maybeStart(room);
      }
      case 'watch': {
        if (c.room) return refuse(c, 'already-in-room', 'this connection is already in a room');
        if (typeof m.room !== 'string' || !CODE_RE.test(m.room)) return refuse(c, 'bad-message', 'a room code is 16 characters');
        const room = rooms.get(m.room);
        if (!room) return refuse(c, 'unknown-room', 'no such room (it may have closed)');
        return watch(c, room);
      }
      case 'rejoin': {
        if (c.room) return refuse(c, 'already-in-room', 'this connection is already in a room');
        if (typeof m.room !== 'string' || typeof m.token !== 'string') return refuse(c, 'bad-message', 'rejoin wants a room and a token');
        const room = rooms.get(m.room);
        if (!room) return refuse(c, 'unknown-room', 'no such room (it may have closed)');
        const s = room.seats.findIndex((x) => x && x.token === m.token);
        if (s < 0) return refuse(c, 'bad-token', 'that token holds no seat in this room');
        if (room.seats[s].client) return refuse(c, 'room-full', 'that seat is connected');
        clearTimeout(room.seats[s].rejoinTimer);
        seatClient(room, s, c);
        send(c.ws, { t: 'rejoined', room: room.code, seat: s, started: room.started, seats: room.n, rate: opts.rate });
        for (const o of others(room, s)) send(o.ws, room.n > 2 ? { t: 'peer-back', seat: s } : { t: 'peer-back' });
        return maybeStart(room);
      }
      case 'leave': {
        if (!c.room) return refuse(c, 'not-in-room', 'this connection is in no room');
        if (c.watching) return unwatch(c); // a watcher leaving closes nothing
        const room = c.room;
        if (!room.started && room.n > 2 && c.seat > 0) { // a party's joiner leaves the lobby: its seat is free again
          room.seats[c.seat] = null;
          c.room = null;
          return;
        }
        room.seats[c.seat].client = null;
        c.room = null;
        return closeRoom(room, 'left');
      }
      default:
        return refuse(c, 'unknown-type', `unknown message type "${String(m.t).slice(0, 32)}"`);
    }
  }

  /** Forwards a message to seat `dest`; h is its header when it is a session's message (KSRB). */
  function forward(room, from, dest, buf, h) {
    const to = room.seats[dest]?.client;
    if (!to) {
      stats.dropped++;
      return;
    }
    if (opts.loss > 0 && random() < opts.loss) {
      stats.dropped++;
      return;
    }
    const delay = opts.latencyMs + (opts.jitterMs > 0 ? random() * opts.jitterMs : 0);
    const deliver = () => {
      if (room.seats[dest]?.client !== to) return; // that device left meanwhile
      if (put(to.ws, buf, true)) {
        stats.forwarded++;
        // What seat dest can have received of this one's inputs: the most an ack of it may claim.
        const seat = room.seats[from];
        if (h && h.inputSteps > 0 && seat) {
          if (!seat.delivered) seat.delivered = new Map();
          seat.delivered.set(dest, Math.max(seat.delivered.get(dest) || 0, h.inputFrom + h.inputSteps));
        }
      }
    };
    if (delay > 0) setTimeout(deliver, delay);
    else deliver();
  }

  /**
   * A watcher's request, to one connected seat, the seats in turn (its page
   * answers every watcher at once): a seat that cannot answer (a page whose
   * record was rebuilt from a handover without its start) leaves the next
   * request to another.
   */
  function forwardWatchRequest(room, buf) {
    let to = null;
    const n = room.seats.length;
    for (let i = 0; i < n && !to; i++) {
      const k = ((room.watchTurn || 0) + i) % n;
      if (room.seats[k]?.client) {
        to = room.seats[k].client;
        room.watchTurn = (k + 1) % n;
      }
    }
    if (!to) {
      stats.dropped++;
      return;
    }
    if (put(to.ws, buf, true)) stats.watched++;
  }

  /** A seat's confirmed inputs to every watcher of the room (never to the other seat). */
  function forwardToWatchers(room, buf) {
    for (const w of room.watchers) if (put(w.ws, buf, true)) stats.watched++;
  }

  function onData(c, frame) {
    if (!c.room) return refuse(c, 'not-in-room', 'join a room before sending game data');
    const room = c.room;
    if (!room.started) return refuse(c, 'no-peer', 'the other device has not joined yet');
    const party = room.n > 2 && !c.watching;
    // A party seat's frame: the seat it is for, then the message.
    const dest = party ? frame[0] : 1 - c.seat;
    const buf = party ? frame.subarray(1) : frame;
    const h = header(buf, party);
    if (c.watching) {
      // A watcher plays no part: its only data is a request for confirmed inputs.
      if (!h || h.kind !== 'S') return refuse(c, 'watch-only', 'a watcher sends only watch requests (KSRS, 20 bytes)');
      return forwardWatchRequest(room, buf);
    }
    if (!h) return refuse(c, 'bad-data', 'game data must be a rollback message (KSRB, KSRQ, KSRH or KSRC, version 1)');
    if (h.kind === 'C') return forwardToWatchers(room, buf);
    if (h.kind === 'S') return refuse(c, 'bad-data', 'a player sends no watch request');
    if (h.player !== c.seat) return refuse(c, 'bad-data', `a message from seat ${c.seat} claims player ${h.player}`);
    if (party && (!(dest < room.n) || dest === c.seat)) return refuse(c, 'bad-data', `a party message for seat ${dest}: no such other seat`);
    if (h.kind !== 'B') return forward(room, c.seat, dest, buf, null);
    const seat = room.seats[c.seat];
    // The other seat's ack in the message this one says it has seen: inputs
    // below it are confirmed, and an honest peer never sends them again. An
    // ack is what one seat says about the other's inputs, so the relay keeps
    // it only up to the inputs of the other seat it has delivered to this one
    // by then: no seat can claim the other confirmed steps it never sent.
    // (In a party each pair of seats is such a pair: an ack is kept with the seat it was for.)
    const said = room.seats[dest]?.acks?.get(h.seen);
    const confirmed = said && said.to === c.seat ? said.ack : undefined;
    if (h.inputSteps > 0 && confirmed !== undefined && h.inputFrom < confirmed)
      return refuse(c, 'stale-input', `inputs from step ${h.inputFrom} are below the confirmed step ${confirmed}`);
    if (!seat.acks) seat.acks = new Map();
    seat.acks.set(h.seq, { to: dest, ack: Math.min(h.ack, room.seats[dest]?.delivered?.get(c.seat) || 0) });
    if (seat.acks.size > 512 * (room.n - 1)) seat.acks.delete(seat.acks.keys().next().value);
    forward(room, c.seat, dest, buf, h);
  }

  function onClose(c) {
    clients--;
    const room = c.room;
    if (!room) return;
    if (c.watching) return unwatch(c);
    c.room = null;
    const seat = room.seats[c.seat];
    if (!seat || seat.client !== c) return;
    seat.client = null;
    if (!room.started) {
      // A party's joiner left the lobby: the seat is free for the next to join.
      if (c.seat > 0) {
        room.seats[c.seat] = null;
        return;
      }
      // The creator left the lobby (closed, reloaded or vanished): a room
      // that never started keeps no seat, so nobody can hold rooms by leaving
      // them. (The page of a reloaded creator opens a new room.)
      return closeRoom(room, room.n > 2 ? 'left' : null);
    }
    for (const o of others(room, c.seat))
      send(o.ws, room.n > 2 ? { t: 'peer-left', timeout: opts.rejoinSeconds, seat: c.seat } : { t: 'peer-left', timeout: opts.rejoinSeconds });
    seat.rejoinTimer = setTimeout(() => closeRoom(room, 'timeout'), opts.rejoinSeconds * 1000);
  }

  // Headers must come within 10 s, checked every second (Node's own check comes every 30 s).
  const server = http.createServer({ connectionsCheckingInterval: 1000, headersTimeout: 10000, requestTimeout: 15000 }, (req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain; charset=utf-8', upgrade: 'websocket' });
    res.end('kickstep duel relay: connect with a WebSocket\n');
  });
  server.maxConnections = opts.maxClients + 64;
  const guard = guardConnections(server, { perAddress: opts.maxClientsPerAddress, firstByteMs: opts.firstByteMs });
  const allowed = new Set(opts.allowOrigins);
  /** A browser page may connect from the relay's own host or an allowed origin; a client without Origin is no browser. */
  function originOk(req) {
    const origin = req.headers.origin;
    if (origin === undefined) return true;
    if (allowed.has(origin)) return true;
    try {
      const host = new URL(`ws://${req.headers.host}/`).hostname;
      return new URL(origin).hostname === host;
    } catch {
      return false;
    }
  }
  const wss = new WebSocket.WebSocketServer({
    server, maxPayload: opts.maxBytes, perMessageDeflate: false,
    verifyClient: (info, cb) => {
      if (originOk(info.req)) return cb(true);
      stats.badOrigin++;
      return cb(false, 403, 'this relay serves pages of its own host and of --allow-origin');
    },
  });
  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (ws.kickstepAlive === false) {
        stats.noPong++;
        ws.terminate(); // no pong since the last ping: the device is gone
        continue;
      }
      ws.kickstepAlive = false;
      try {
        ws.ping();
      } catch {
        /* closing */
      }
    }
  }, opts.heartbeatSeconds * 1000);
  heartbeat.unref();
  wss.on('connection', (ws, req) => {
    if (clients >= opts.maxClients) {
      ws.send(JSON.stringify({ t: 'error', code: 'too-many-clients', message: 'the relay is full' }));
      ws.close(1013, 'too many clients');
      return;
    }
    clients++;
    ws.kickstepAlive = true;
    ws.on('pong', () => (ws.kickstepAlive = true));
    const addr = String(req.socket.remoteAddress || '').replace(/^::ffff:/, '');
    const c = { ws, addr, room: null, seat: -1, watching: false, tokens: opts.burst, last: Date.now(), overflows: 0, warned: 0 };
    ws.on('message', (data, isBinary) => {
      const now = Date.now();
      c.tokens = Math.min(opts.burst, c.tokens + ((now - c.last) / 1000) * opts.rate);
      c.last = now;
      if (c.tokens < 1) {
        stats.refused++;
        if (++c.overflows > 4 * opts.burst) return ws.close(1008, 'rate limit');
        if (now - c.warned >= 1000) {
          c.warned = now;
          send(ws, { t: 'error', code: 'rate-limited', message: `more than ${opts.rate} messages a second` });
        }
        return;
      }
      c.tokens -= 1;
      c.overflows = Math.max(0, c.overflows - 1);
      if (isBinary) onData(c, Buffer.isBuffer(data) ? data : Buffer.concat(data));
      else onControl(c, data.toString('utf8'));
    });
    ws.on('close', () => onClose(c));
    ws.on('error', () => {});
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      const { port } = server.address();
      resolve({
        port, stats, rooms, guard,
        close: () => new Promise((r) => {
          clearInterval(heartbeat);
          for (const room of rooms.values()) closeRoom(room, null);
          for (const ws of wss.clients) ws.terminate();
          wss.close(() => server.close(() => r()));
        }),
      });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`relay: ${e.message}`);
    process.exit(2);
  }
  startRelay(opts).then(
    (r) => {
      const shown = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
      console.log(`relay listening on ws://${shown}:${r.port}/`);
      const stop = () => r.close().then(() => process.exit(0));
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    },
    (e) => {
      console.error(`relay: cannot listen on ${opts.host}:${opts.port}: ${e.message}`);
      process.exit(1);
    },
  );
}
