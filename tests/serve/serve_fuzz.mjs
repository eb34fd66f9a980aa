// SPDX-License-Identifier: MIT
// A request-target fuzz run against tools/serve.mjs, on 127.0.0.1 only.
//
//   node tests/serve/serve_fuzz.mjs [--seed N] [--cases N] [--seconds S] [--server FILE]
//
// A seeded generator (SplitMix64, so a seed always gives the same requests)
// sends malformed request lines (targets that are not URLs, bad %-escapes,
// "..", "//host", NULs and control bytes, absolute URLs, huge targets),
// unknown and odd methods, odd versions, odd headers (bad ranges, huge or
// many headers, bad lengths, chunked junk, upgrades), pipelined requests, raw
// garbage, and abrupt clients (closed after half a request, or halfway
// through reading a large file). After every case a good request must be
// answered 200 with the right bytes: the server may refuse a request, never
// stop. Then a race: a file replaced by a folder and removed while it is
// being requested, so that some requests find it gone between stat and open
// or unreadable after the headers. Then half-sent requests are left open
// (a bounded slowloris) and SIGTERM must end the server within 2 s, exit 0.
// Bounded: at most --cases cases (default 2000) and --seconds (default 30).
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { existsSync, mkdtempSync, mkdirSync, writeFileSync, symlinkSync, rmSync, renameSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const argv = process.argv.slice(2);
const arg = (name, def) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : def;
};
const SEED = BigInt(arg('seed', '1'));
const CASES = Number(arg('cases', '2000'));
const SECONDS = Number(arg('seconds', '30'));
const SERVER = resolve(arg('server', join(ROOT, 'tools', 'serve.mjs')));

// The server needs web/node_modules (npm ci, stamped: quick when done).
if (!existsSync(join(ROOT, 'web', 'node_modules', 'send'))) {
  const r = spawnSync('bash', [join(ROOT, 'tools', 'deps.sh'), '--web'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) {
    console.log('FAIL - tools/deps.sh --web failed: the server cannot start');
    process.exit(1);
  }
}

// ---------------------------------------------------------------- dice
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

// ---------------------------------------------------------------- the site
const dir = mkdtempSync(join(tmpdir(), 'ks-serve-fuzz-'));
const site = join(dir, 'site');
mkdirSync(join(site, 'kick'), { recursive: true });
const INDEX = '<!doctype html><title>ok</title><p>the site</p>\n';
writeFileSync(join(site, 'index.html'), INDEX);
writeFileSync(join(site, 'kick', 'index.html'), '<p>kick</p>\n');
writeFileSync(join(site, 'app.js'), 'export const x = 1;\n');
writeFileSync(join(site, 'mod.wasm'), Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
writeFileSync(join(site, 'big.bin'), Buffer.alloc(4 << 20, 7));
writeFileSync(join(site, 'é ü.txt'), 'unicode\n');
writeFileSync(join(site, '.hidden'), 'dot\n');
writeFileSync(join(dir, 'secret.txt'), 'outside\n');
symlinkSync(join(dir, 'secret.txt'), join(site, 'link-out.txt'));
symlinkSync(dir, join(site, 'dir-out'));
symlinkSync(join(site, 'app.js'), join(site, 'link-in.js'));
mkdirSync(join(dir, 'mounted'));
writeFileSync(join(dir, 'mounted', 'm.jsonl'), '{"step":1}\n');

// ---------------------------------------------------------------- the server
let exited = null;
const child = spawn(process.execPath, [SERVER, site, '--port', '0', '--mount', `/data=${join(dir, 'mounted')}`], {
  stdio: ['ignore', 'pipe', 'pipe'],
});
let log = '';
child.stdout.on('data', (d) => (log += d));
child.stderr.on('data', (d) => (log += d));
child.on('exit', (code, signal) => (exited = { code, signal, at: Date.now() }));
const port = await new Promise((res, rej) => {
  const t = setTimeout(() => rej(new Error(`the server did not start: ${log}`)), 10000);
  const poll = setInterval(() => {
    const m = /at http:\/\/127\.0\.0\.1:(\d+)\//.exec(log);
    if (m || exited) {
      clearInterval(poll);
      clearTimeout(t);
      m ? res(Number(m[1])) : rej(new Error(`the server exited: ${log}`));
    }
  }, 20);
});

let passed = 0;
let failed = 0;
function ok(cond, what, detail = '') {
  if (cond) passed++;
  else {
    failed++;
    console.log(`FAIL - ${what}${detail ? `: ${detail}` : ''}`);
  }
  return cond;
}

function get(path, headers = {}) {
  return new Promise((res) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers, agent: false, timeout: 3000 }, (r) => {
      const chunks = [];
      r.on('data', (c) => chunks.push(c));
      r.on('end', () => res({ status: r.statusCode, headers: r.headers, body: Buffer.concat(chunks).toString('latin1') }));
      r.on('error', () => res({ status: -1 }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => res({ status: -1, error: e.message }));
  });
}

/** Sends raw bytes; resolves with what came back within `wait` ms. */
function raw(chunks, { wait = 250, closeAfterWrite = false, readThenReset = false } = {}) {
  return new Promise((res) => {
    const s = net.connect({ host: '127.0.0.1', port });
    let got = Buffer.alloc(0);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      s.destroy();
      res(got);
    };
    s.on('error', finish);
    s.on('close', finish);
    s.on('data', (d) => {
      got = Buffer.concat([got, d]);
      if (readThenReset && got.length > 1000) {
        if (typeof s.resetAndDestroy === 'function') s.resetAndDestroy();
        finish();
      }
    });
    s.on('connect', () => {
      for (const c of chunks) s.write(c);
      if (closeAfterWrite) s.end();
    });
    setTimeout(finish, wait);
  });
}

// ---------------------------------------------------------------- generators
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', 'CONNECT', 'PROPFIND', 'PRI',
  'get', 'G ET', '', 'BREW', 'GET\0', 'X'.repeat(300), 'M-SEARCH', 'PURGE', 'LINK', 'SOURCE'];
const TARGETS = ['/', '//a:b/', '//a:b', '/a:b', '//evil.example/', '//evil.example', '///kick', '//kick', '/kick',
  '/kick/', '*', 'http://127.0.0.1/', 'http://evil.example/x', 'https://[::1]:99999/', '', '?', '#', '/#x', '/?',
  '/?a=%zz', '/%', '/%z', '/%zz', '/%00', '/a%00b', '/%2e%2e/secret.txt', '/..', '/../secret.txt', '/./index.html',
  '/%2f%2fevil', '/%5c..%5csecret.txt', '/\\..\\secret.txt', '/link-out.txt', '/link-in.js', '/dir-out/secret.txt',
  '/.hidden', '/data/m.jsonl', '/data', '/data/../index.html', '/%C3%A9%20%C3%BC.txt', '/%C3%28', '/%ED%A0%80',
  '/big.bin', '/mod.wasm', '/app.js', '/index.html/', '/app.js/x', '/nonexistent', '/kick?x=1', '/kick#f',
  '/' + 'a'.repeat(5000), '/' + 'a/'.repeat(3000), '/' + '%41'.repeat(2000), '/\u00e9', '/a b', '/a\tb', '/\x7f',
  'index.html', '@evil', '/ /'];
const VERSIONS = ['HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/0.9', 'HTTP/9.9', 'HTTP/1.1 x', 'http/1.1', '', 'HTTP/',
  'HTTP/1.1\r\nX: y'];
const HEADER_SETS = [
  [],
  ['Range: bytes=100-50'],
  ['Range: bytes=-5'],
  ['Range: bytes=0-0,5-2,abc'],
  ['Range: bytes=99999999999-'],
  ['Range: lines=1-2'],
  ['Range: bytes=1-2', 'Range: bytes=3-4'],
  ['Host: a', 'Host: b'],
  ['Content-Length: 5'],
  ['Content-Length: -1'],
  ['Content-Length: 1', 'Content-Length: 2'],
  ['Transfer-Encoding: chunked'],
  ['Transfer-Encoding: chunked', 'Content-Length: 3'],
  ['If-Modified-Since: yesterday'],
  ['If-None-Match: *'],
  ['If-Range: "x"', 'Range: bytes=0-1'],
  ['Expect: 100-continue'],
  ['Connection: Upgrade', 'Upgrade: websocket'],
  ['Connection: close'],
  ['X-Huge: ' + 'h'.repeat(20000)],
  Array.from({ length: 200 }, (_, i) => `X-${i}: ${i}`),
  ['Bad Header Name: x'],
  [':'],
  ['X: \x01\x02'],
  ['Accept-Encoding: gzip, br'],
];

function requestText() {
  const m = pick(METHODS);
  let t = pick(TARGETS);
  if (below(4) === 0) t += pick(TARGETS); // joined targets: "/kick//a:b/"
  const v = pick(VERSIONS);
  const hs = pick(HEADER_SETS);
  const lines = [`${m} ${t}${v ? ' ' + v : ''}`];
  if (below(5) !== 0) lines.push('Host: 127.0.0.1');
  lines.push(...hs);
  let body = '';
  if (hs.some((h) => h.startsWith('Transfer-Encoding'))) body = pick(['5\r\nhello\r\n0\r\n\r\n', 'zz\r\n', '0\r\n\r\n']);
  if (hs.some((h) => h.startsWith('Content-Length: 5'))) body = pick(['hello', 'hi', '']);
  return lines.join(pick(['\r\n', '\n', '\r\n'])) + '\r\n\r\n' + body;
}

async function oneCase(i) {
  const kind = below(10);
  if (kind <= 4) return { what: 'request', data: await raw([Buffer.from(requestText(), 'latin1')]) };
  if (kind === 5) {
    // half a request, then the client closes
    const t = Buffer.from(requestText(), 'latin1');
    await raw([t.subarray(0, below(t.length + 1))], { closeAfterWrite: true, wait: 100 });
    return { what: 'half request, closed' };
  }
  if (kind === 6) {
    // reads part of a large file, then resets the connection
    await raw([Buffer.from(`GET /big.bin HTTP/1.1\r\nHost: x\r\n${below(2) ? 'Range: bytes=10-\r\n' : ''}\r\n`)], {
      readThenReset: true,
      wait: 300,
    });
    return { what: 'abrupt reader of a large file' };
  }
  if (kind === 7) {
    // pipelined requests in one write, some of them bad
    const n = 2 + below(4);
    const text = Array.from({ length: n }, () => (below(2) ? 'GET /app.js HTTP/1.1\r\nHost: x\r\n\r\n' : requestText())).join('');
    return { what: 'pipelined', data: await raw([Buffer.from(text, 'latin1')]) };
  }
  if (kind === 8) return { what: 'garbage bytes', data: await raw([bytes(1 + below(600))]) };
  // a request written a few bytes at a time
  const t = Buffer.from(requestText(), 'latin1');
  const parts = [];
  for (let p = 0; p < t.length; p += 1 + below(40)) parts.push(t.subarray(p, p + 1 + below(40)));
  return { what: 'dribbled request', data: await raw(parts, { wait: 200 }) };
}

async function alive(label) {
  if (exited) return ok(false, `the server is running after ${label}`, `it exited (${JSON.stringify(exited)}): ${log}`);
  const r = await get('/index.html');
  return ok(r.status === 200 && r.body === INDEX, `a good request is answered after ${label}`, JSON.stringify(r).slice(0, 300));
}

// ---------------------------------------------------------------- the run
const t0 = Date.now();
let cases = 0;
const kinds = {};
for (let i = 0; i < CASES && (Date.now() - t0) / 1000 < SECONDS; i++) {
  const saved = state;
  const c = await oneCase(i);
  cases++;
  kinds[c.what] = (kinds[c.what] ?? 0) + 1;
  if (!(await alive(`case ${i} (${c.what}; seed ${SEED}, generator state ${saved})`))) break;
}

// Specific answers (the same server, checked once).
const checks = [
  ['//a:b/', [400, 404]],
  ['/link-out.txt', [404]],
  ['/dir-out/secret.txt', [404]],
  ['/%2e%2e/secret.txt', [400]],
  ['/.hidden', [404]],
  ['/link-in.js', [200]],
  ['/data/m.jsonl', [200]],
  ['/%C3%A9%20%C3%BC.txt', [200]],
];
for (const [p, want] of checks) {
  const r = await get(p);
  ok(want.includes(r.status), `GET ${p} answers ${want.join(' or ')}`, `got ${r.status}`);
}
for (const p of ['//kick', '///kick', '//evil.example/..', '//evil.example/kick', '/kick', '/data']) {
  const r = await get(p);
  const loc = r.headers?.location ?? '';
  ok(r.status === 404 || r.status === 400 || (r.status === 301 && /^\/[^/\\]/.test(loc)),
    `GET ${p} never redirects to another host`, `${r.status} Location: ${loc}`);
}
{
  const r = await get('/mod.wasm');
  ok(r.headers?.['content-type'] === 'application/wasm', 'wasm is served as application/wasm', r.headers?.['content-type']);
}

// The race: a file replaced by a folder, and removed, while it is requested.
{
  const f = join(site, 'flip.js');
  writeFileSync(f, 'x'.repeat(1 << 16));
  let flipping = true;
  let flips = 0;
  const flipper = (async () => {
    while (flipping) {
      try {
        if (flips % 3 === 0) rmSync(f, { force: true, recursive: true });
        else if (flips % 3 === 1) mkdirSync(f, { recursive: true });
        else {
          rmSync(f, { force: true, recursive: true });
          writeFileSync(f + '.new', 'y'.repeat(1 << 16));
          renameSync(f + '.new', f);
        }
      } catch {}
      flips++;
      await new Promise((r) => setTimeout(r, 1));
    }
  })();
  let served = 0;
  for (let i = 0; i < 400 && !exited; i++) {
    const rs = await Promise.all([get('/flip.js'), get('/flip.js'), get('/flip.js')]);
    served += rs.filter((r) => r.status === 200).length;
  }
  flipping = false;
  await flipper;
  ok(await alive(`1200 requests of a file that flips between file, folder and nothing (${flips} flips, ${served} served)`),
    'the race');
  console.log(`race: ${flips} flips, 1200 requests, ${served} answered 200`);
}
// A file that cannot be read (only for a user whom permissions bind; root reads anything).
if (process.getuid && process.getuid() !== 0) {
  const f = join(site, 'locked.txt');
  writeFileSync(f, 'locked');
  chmodSync(f, 0);
  const r = await get('/locked.txt');
  ok(r.status >= 400 || r.status === -1, 'an unreadable file is refused or the connection closed', String(r.status));
  await alive('an unreadable file');
}

// Half-sent requests left open (bounded), then SIGTERM must end the server at once.
const held = [];
for (let i = 0; i < 20; i++) {
  const s = net.connect({ host: '127.0.0.1', port });
  s.on('error', () => {});
  s.on('connect', () => s.write('GET /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '));
  held.push(s);
}
await new Promise((r) => setTimeout(r, 300));
await alive('20 half-sent requests held open');
const sent = Date.now();
child.kill('SIGTERM');
await new Promise((r) => {
  const poll = setInterval(() => {
    if (exited || Date.now() - sent > 5000) {
      clearInterval(poll);
      r();
    }
  }, 20);
});
ok(exited && exited.at - sent < 2000 && exited.code === 0,
  'SIGTERM ends the server within 2 s, exit 0, with half-sent requests open',
  exited ? `exit ${exited.code} signal ${exited.signal} after ${exited.at - sent} ms` : 'still running after 5 s');
for (const s of held) s.destroy();
if (!exited) child.kill('SIGKILL');
rmSync(dir, { recursive: true, force: true });

const secs = ((Date.now() - t0) / 1000).toFixed(1);
console.log(`serve fuzz: seed ${SEED}, ${cases} cases in ${secs} s: ${JSON.stringify(kinds)}`);
console.log(`serve fuzz: ${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 && passed > 0 && cases > 0 ? 0 : 1;
