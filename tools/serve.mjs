#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// The static file server for the built kickstep site, on loopback by default.
//
//   node tools/serve.mjs SITE_DIR [--host H] [--port N] [--mount /prefix=DIR]...
//                        [--relay-port N | --relay URL] [--allow-relay URL]...
//   node tools/serve.mjs --help | --version
//
// Host: --host, else 127.0.0.1 (0.0.0.0 serves every interface, for a phone
// on the same network). Port: --port, else $PORT, else 8600; 0 picks a free
// port. Prints one line "serving <dir> at http://<host>:<port>/" once it
// listens (tests read it). Exit codes: 0 stopped by a signal or --help, 1 the
// listener failed, 2 a usage error.
//
// Files are sent by `send` (npm; the responder under Express and
// serve-static: ranges, HEAD, conditional requests, MIME types). Around it,
// this file decides what may be sent, and is built so that no request can end
// the process:
// - the request target must be a path ("/..."): anything else (an absolute
//   URL, "*", a bad %-escape, a NUL, a ".." segment) is 400; empty segments
//   collapse ("//a//b" is "/a/b"), so a redirect is never to another host;
// - only GET and HEAD (405 otherwise, with Allow);
// - a file must lie inside SITE_DIR or a mounted folder after every symbolic
//   link is resolved (realpath), else 404: links out of the site are not
//   followed; dot files are not served;
// - a folder without a trailing slash is redirected to "<same path>/", and
//   served as its index.html;
// - every failure is answered (4xx/5xx) while no header has gone out, and the
//   connection is closed when one has (a file that cannot be read after the
//   headers, a client that went away): never the process;
// - slow or half-sent requests are cut off (headers within 10 s, a request
//   within 30 s, idle sockets after 30 s); a connection that sends no byte
//   within --first-byte-ms (2 s) is cut, and one remote address holds at most
//   --max-connections-per-address (32) connections (tools/netguard.mjs), so
//   one client holding hundreds of silent sockets does not starve the others;
// - /duel/relay.json, the duel page's relay, is answered by the server when
//   --relay-port or --relay is given ({"port":N} or {"url":U}, with "allow":
//   the relays a ?relay= link may name, from --allow-relay): each server
//   tells its own pages their relay, so two servers of one site do not
//   overwrite each other's (with --allow-relay alone, the relay is port 8601).
//   Without any of the three, the site's file (if any) is sent;
// - /kick/board.json, the Daily Kick board's port ({"port":N}, from
//   --board-port; tools/board/server.mjs), likewise;
// - SIGTERM and SIGINT close the listener and every open connection, and the
//   process exits 0 at once (within 1 s at the latest).
// MIME types a browser needs (application/wasm for instantiateStreaming) are
// set here; nothing is cached (Cache-Control: no-store). Nothing is fetched
// from anywhere.
import http from 'node:http';
import { createRequire } from 'node:module';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { resolve, extname, join, sep, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guardConnections } from './netguard.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function loadSend() {
  try {
    return createRequire(join(ROOT, 'web', 'package.json'))('send');
  } catch {
    console.error('serve: the npm package "send" is missing: run tools/deps.sh --web (npm ci in web/)');
    process.exit(1);
  }
}
const send = loadSend();

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.jsonl': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
};

const USAGE = 'usage: node tools/serve.mjs SITE_DIR [--host H] [--port N] [--mount /prefix=DIR]...';
const HELP = `${USAGE}
Serves the built kickstep site (make run builds it in build/site).
  --host H            address to listen on (default 127.0.0.1; 0.0.0.0: every interface)
  --port N            port (default $PORT, else 8600; 0: a free port)
  --mount /P=DIR      also serve DIR under /P
  --relay-port N      the duel page's relay listens on port N of the host the page came from (/duel/relay.json)
  --board-port N      the Daily Kick board listens on port N of the host the page came from (/kick/board.json)
  --relay URL         the duel page's relay is URL (ws:// or wss://)
  --allow-relay URL   a further relay a duel link may name with ?relay=; repeatable
  --max-connections-per-address N   connections one remote address holds at once (default 32)
  --first-byte-ms MS  a connection that sends nothing that long is cut (default 2000)
  --help, --version   this text; the version`;

function version() {
  try {
    const h = readFileSync(join(ROOT, 'include', 'kickstep', 'version.h'), 'utf8');
    return /KICKSTEP_VERSION_STRING "([^"]+)"/.exec(h)?.[1] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

function parseArgs(argv) {
  const opts = { root: null, host: '127.0.0.1', port: process.env.PORT ?? '8600', mounts: [], relay: null, board: null, allowRelays: [],
    perAddress: 32, firstByteMs: 2000 };
  const count = (name, v, lo, hi) => {
    if (!/^\d{1,9}$/.test(v ?? '') || Number(v) < lo || Number(v) > hi) throw new Error(`${name} wants a whole number in ${lo}..${hi}, got ${v ?? 'nothing'}`);
    return Number(v);
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--help' || a === '-h') {
      console.log(HELP);
      process.exit(0);
    } else if (a === '--version') {
      console.log(`serve.mjs (kickstep) ${version()}`);
      process.exit(0);
    } else if (a === '--host') {
      opts.host = argv[++i];
      if (!opts.host || !/^[0-9A-Za-z.:\-\[\]]+$/.test(opts.host)) throw new Error(`--host wants an address, got ${opts.host ?? 'nothing'}`);
    } else if (a === '--port') opts.port = argv[++i];
    else if (a === '--mount') {
      const m = /^(\/[^=]*)=(.+)$/.exec(argv[++i] ?? '');
      if (!m) throw new Error(`--mount wants /prefix=DIR, got ${argv[i]}`);
      const segs = m[1].split('/').filter(Boolean);
      opts.mounts.push({ segs, dir: resolve(m[2]) });
    } else if (a === '--relay-port') opts.relay = { port: count(a, argv[++i], 1, 65535) };
    else if (a === '--board-port') opts.board = { port: count(a, argv[++i], 1, 65535) };
    else if (a === '--relay') opts.relay = { url: relayUrl(a, argv[++i]) };
    else if (a === '--allow-relay') opts.allowRelays.push(relayUrl(a, argv[++i]));
    else if (a === '--max-connections-per-address') opts.perAddress = count(a, argv[++i], 1, 100000);
    else if (a === '--first-byte-ms') opts.firstByteMs = count(a, argv[++i], 10, 600000);
    else if (a.startsWith('-')) throw new Error(`unknown option ${a} (try --help)`);
    else if (!opts.root) opts.root = resolve(a);
    else throw new Error(`unexpected argument ${a} (try --help)`);
  }
  if (!opts.root) throw new Error(`${USAGE} (try --help)`);
  if (!/^\d{1,5}$/.test(String(opts.port)) || Number(opts.port) > 65535) throw new Error(`bad port ${opts.port}`);
  opts.port = Number(opts.port);
  // Longest prefix first, so /a/b wins over /a.
  opts.mounts.sort((x, y) => y.segs.length - x.segs.length);
  return opts;
}

/** A relay's address as the page compares them (new URL(...).href), or throws. */
function relayUrl(name, text) {
  let u;
  try {
    u = new URL(text ?? '');
  } catch {
    throw new Error(`${name} wants a ws:// or wss:// URL, got ${text ?? 'nothing'}`);
  }
  if (u.protocol !== 'ws:' && u.protocol !== 'wss:') throw new Error(`${name} wants a ws:// or wss:// URL, got ${text}`);
  return u.href;
}

class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** The request target as path segments and query; throws HttpError(400). */
function parseTarget(raw) {
  if (typeof raw !== 'string' || raw[0] !== '/') throw new HttpError(400, 'the request target is not a path');
  if (raw.includes('#')) throw new HttpError(400, 'a fragment in the request target');
  const q = raw.indexOf('?');
  const rawPath = q < 0 ? raw : raw.slice(0, q);
  const query = q < 0 ? '' : raw.slice(q);
  const segs = [];
  for (const part of rawPath.split('/')) {
    if (part === '') continue;
    let s;
    try {
      s = decodeURIComponent(part);
    } catch {
      throw new HttpError(400, 'a bad %-escape in the path');
    }
    if (s.includes('\0') || s.includes('/') || s.includes('\\')) throw new HttpError(400, 'a bad character in the path');
    if (s === '..') throw new HttpError(400, 'a ".." segment in the path');
    if (s === '.') continue;
    segs.push(s);
  }
  return { segs, slash: rawPath.endsWith('/') && segs.length > 0, query };
}

const encodePath = (segs) => '/' + segs.map(encodeURIComponent).join('/');

/** The real folder of a base (root or mount), resolved once it exists. */
const realBases = new Map();
async function realBase(dir) {
  if (!realBases.has(dir)) realBases.set(dir, await realpath(dir));
  return realBases.get(dir);
}

const inside = (base, p) => p === base || p.startsWith(base + sep);

/** Where a request lands: {file, base} to send, or {redirect}; throws HttpError(404). */
async function locate(opts, t) {
  let base = opts.root;
  let rest = t.segs;
  for (const m of opts.mounts) {
    if (m.segs.length <= t.segs.length && m.segs.every((s, i) => t.segs[i] === s)) {
      base = m.dir;
      rest = t.segs.slice(m.segs.length);
      break;
    }
  }
  if (rest.some((s) => s.startsWith('.'))) throw new HttpError(404, 'not found');
  let real;
  let rb;
  try {
    rb = await realBase(base);
    real = await realpath(join(rb, ...rest));
  } catch {
    throw new HttpError(404, 'not found');
  }
  if (!inside(rb, real)) throw new HttpError(404, 'not found'); // a link out of the site
  let st;
  try {
    st = await stat(real);
  } catch {
    throw new HttpError(404, 'not found');
  }
  if (st.isDirectory()) {
    if (!t.slash && t.segs.length > 0) return { redirect: encodePath(t.segs) + '/' + t.query };
    let index;
    try {
      index = await realpath(join(real, 'index.html'));
    } catch {
      throw new HttpError(404, 'not found');
    }
    if (!inside(rb, index)) throw new HttpError(404, 'not found');
    return { file: index, base: rb };
  }
  if (!st.isFile()) throw new HttpError(404, 'not found');
  return { file: real, base: rb };
}

/** Answers an error, or closes the connection when the headers are gone. */
function fail(res, status, message) {
  if (res.headersSent || res.writableEnded) {
    res.destroy();
    return;
  }
  try {
    const body = `${status} ${message}\n`;
    res.writeHead(status, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
      ...(status === 405 ? { Allow: 'GET, HEAD' } : {}),
    });
    res.end(body);
  } catch {
    res.destroy();
  }
}

async function handle(opts, req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, 'method not allowed');
  const t = parseTarget(req.url);
  if ((opts.relay || opts.allowRelays.length) && t.segs.length === 2 && t.segs[0] === 'duel' && t.segs[1] === 'relay.json') {
    const body = `${JSON.stringify({ ...(opts.relay || { port: 8601 }), allow: opts.allowRelays })}\n`;
    res.writeHead(200, { 'Content-Type': MIME['.json'], 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  if (opts.board && t.segs.length === 2 && t.segs[0] === 'kick' && t.segs[1] === 'board.json') {
    const body = `${JSON.stringify(opts.board)}\n`;
    res.writeHead(200, { 'Content-Type': MIME['.json'], 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  const hit = await locate(opts, t);
  if (hit.redirect) {
    res.writeHead(301, { Location: hit.redirect, 'Content-Length': 0, 'Cache-Control': 'no-store' });
    res.end();
    return;
  }
  const stream = send(req, encodePath(relative(hit.base, hit.file).split(sep)), {
    root: hit.base,
    index: false,
    dotfiles: 'ignore',
    etag: false,
    lastModified: false,
    cacheControl: false,
  });
  stream.on('headers', (r, path) => {
    r.setHeader('Cache-Control', 'no-store');
    const type = MIME[extname(path).toLowerCase()];
    if (type) r.setHeader('Content-Type', type);
  });
  stream.on('directory', () => fail(res, 404, 'not found')); // became a folder since it was located
  stream.on('error', (e) => fail(res, e.status ?? e.statusCode ?? 500, e.status === 404 ? 'not found' : 'cannot send'));
  stream.pipe(res);
}

function main() {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
    if (!statSync(opts.root).isDirectory()) throw new Error(`${opts.root} is not a folder`);
    realpathSync(opts.root);
  } catch (e) {
    console.error(`serve: ${e.message}`);
    process.exit(2);
  }
  const server = http.createServer({ connectionsCheckingInterval: 1000 }, (req, res) => {
    res.on('error', () => res.destroy());
    handle(opts, req, res).catch((e) => fail(res, e instanceof HttpError ? e.status : 500, e instanceof HttpError ? e.message : 'server error'));
  });
  server.headersTimeout = 10000;
  server.requestTimeout = 30000;
  server.keepAliveTimeout = 5000;
  server.maxHeadersCount = 100;
  server.maxConnections = 256;
  guardConnections(server, { perAddress: opts.perAddress, firstByteMs: opts.firstByteMs });
  server.setTimeout(30000, (socket) => socket.destroy());
  server.on('clientError', (err, socket) => {
    // A malformed request, a header timeout, a reset: answer 400 if the socket can take it, then close.
    if (err.code !== 'ECONNRESET' && socket.writable && !socket.destroyed)
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  server.on('error', (e) => {
    console.error(`serve: ${e.message}`);
    process.exit(1);
  });
  server.listen(opts.port, opts.host, () => {
    const { port } = server.address();
    const shown = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
    console.log(`serving ${opts.root} at http://${shown}:${port}/`);
  });
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 1000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main();
