// SPDX-License-Identifier: MIT
// The board service's connection limits (docs/board.md, "Rate limits"),
// attacked on loopback: one address holding more connections than it may
// (the rest are cut at once, and another address is still served); a
// connection that never sends a byte (cut after 3 s); a client that dribbles
// its headers (cut by the 10 s header limit) or its body (cut by the 15 s
// request limit), each well before Node's 30 s check would have come round;
// the service answers an honest request afterwards.
import net from 'node:net';
import { ok, finish, startBoard, api, sleep, mkdtempSync, rmSync, tmpdir, join } from './lib.mjs';

/** Opens a connection (from `from`, a loopback address) and resolves when it is open; records when it closes. */
function open(port, from) {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port, localAddress: from });
    s.t0 = Date.now();
    s.closedAt = null;
    s.on('error', () => {});
    s.on('close', () => { s.closedAt = Date.now(); });
    s.once('connect', () => resolve(s));
  });
}

/** One GET from a given loopback address; resolves the status line or the error. */
function getFrom(port, from, path) {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port, localAddress: from });
    let data = '';
    s.setTimeout(5000, () => { s.destroy(); resolve('timeout'); });
    s.on('error', (e) => resolve(`error ${e.code}`));
    s.on('data', (d) => { data += d; });
    s.on('end', () => resolve(data.split('\r\n')[0]));
    s.once('connect', () => s.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
  });
}

/** Writes `piece` every `ms` until the server closes the connection (or `maxMs`); resolves how long it lasted. */
async function dribble(s, first, piece, ms, maxMs) {
  s.write(first);
  while (s.closedAt === null && Date.now() - s.t0 < maxMs) {
    await sleep(ms);
    if (s.closedAt === null) s.write(piece);
  }
  if (s.closedAt === null) s.destroy();
  return (s.closedAt || Date.now()) - s.t0;
}

const dir = mkdtempSync(join(tmpdir(), 'ks-board-guard-'));
const board = await startBoard(['--db', join(dir, 'board.sqlite')]);
try {
  const port = board.port;
  // Another loopback address must be usable here, or the test says so.
  const probe = await getFrom(port, '127.0.0.2', '/api/board/today');
  ok(/ 200 /.test(probe), 'a request from 127.0.0.2 is answered', probe);

  // The slow ones first, so they run while the rest is tried.
  const hdr = await open(port, '127.0.0.3');
  const headers = dribble(hdr, 'POST /api/board/try HTTP/1.1\r\nHost: x\r\n', 'X-Slow: 1\r\n', 500, 25000);
  const bod = await open(port, '127.0.0.3');
  const body = dribble(bod, 'POST /api/board/try HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
    ' ', 500, 25000);

  // 100 connections from one address: 64 held, the others cut at once.
  const held = [];
  for (let i = 0; i < 100; i++) held.push(await open(port, '127.0.0.1'));
  await sleep(300);
  const cut = held.filter((s) => s.closedAt !== null).length;
  ok(cut === 36, 'one address holds 64 connections: the other 36 are cut at once', `${cut} cut`);
  const other = await getFrom(port, '127.0.0.2', '/api/board/today');
  ok(/ 200 /.test(other), 'meanwhile another address is served', other);
  await sleep(3500);
  const silent = held.filter((s) => s.closedAt === null).length;
  ok(silent === 0, 'connections that never send a byte are cut after 3 s', `${silent} still open`);

  const tHeaders = await headers;
  ok(tHeaders >= 9000 && tHeaders <= 13000, 'headers dribbled for ever: cut at the 10 s header limit', `${tHeaders} ms`);
  const tBody = await body;
  ok(tBody >= 14000 && tBody <= 18000, 'a body dribbled for ever: cut at the 15 s request limit', `${tBody} ms`);
  const after = await api(port, '/api/board/today');
  ok(after.status === 200, 'the service answers an honest request afterwards', String(after.status));
} finally {
  await board.stop();
  rmSync(dir, { recursive: true, force: true });
}
finish();
