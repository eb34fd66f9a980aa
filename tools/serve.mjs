#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// A small static file server for the built kickstep site, on loopback only.
//
//   node tools/serve.mjs SITE_DIR [--port N] [--mount /prefix=DIR]...
//
// Port: --port, else $PORT, else 8600; 0 picks a free port. Prints one line
// "serving <dir> at http://127.0.0.1:<port>/" once it listens (tests read it).
// Serves files only from SITE_DIR and the mounted folders, with the MIME types
// a browser needs (application/wasm for instantiateStreaming), no caching,
// and never a path outside those folders. Nothing is fetched from anywhere.
import http from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { resolve, extname, join, sep } from 'node:path';

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

function parseArgs(argv) {
  const opts = { root: null, port: process.env.PORT ?? '8600', mounts: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--port') opts.port = argv[++i];
    else if (a === '--mount') {
      const m = /^(\/[^=]*)=(.+)$/.exec(argv[++i] ?? '');
      if (!m) throw new Error(`--mount wants /prefix=DIR, got ${argv[i]}`);
      opts.mounts.push({ prefix: m[1].replace(/\/+$/, '') + '/', dir: resolve(m[2]) });
    } else if (!opts.root) opts.root = resolve(a);
    else throw new Error(`unexpected argument ${a}`);
  }
  if (!opts.root) throw new Error('usage: node tools/serve.mjs SITE_DIR [--port N] [--mount /prefix=DIR]...');
  const port = Number(opts.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`bad port ${opts.port}`);
  opts.port = port;
  return opts;
}

function locate(opts, urlPath) {
  let p;
  try {
    p = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (p.includes('\0')) return null;
  let base = opts.root;
  let rest = p;
  for (const m of opts.mounts) {
    if (p.startsWith(m.prefix)) {
      base = m.dir;
      rest = p.slice(m.prefix.length - 1);
      break;
    }
  }
  const file = resolve(join(base, rest));
  if (file !== base && !file.startsWith(base + sep)) return null;
  let st;
  try {
    st = statSync(file);
  } catch {
    return null;
  }
  if (st.isDirectory()) {
    const index = join(file, 'index.html');
    try {
      if (statSync(index).isFile()) return { file: index, redirect: !p.endsWith('/') };
    } catch {
      return null;
    }
    return null;
  }
  return st.isFile() ? { file } : null;
}

function main() {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
    statSync(opts.root);
  } catch (e) {
    console.error(`serve: ${e.message}`);
    process.exit(2);
  }
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const hit = locate(opts, url.pathname);
    if (!hit) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`not found: ${url.pathname}\n`);
      return;
    }
    if (hit.redirect) {
      res.writeHead(301, { Location: url.pathname + '/' + url.search }).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': MIME[extname(hit.file).toLowerCase()] ?? 'application/octet-stream',
      'Cache-Control': 'no-store',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(hit.file).pipe(res);
  });
  server.on('error', (e) => {
    console.error(`serve: ${e.message}`);
    process.exit(1);
  });
  server.listen(opts.port, '127.0.0.1', () => {
    const { port } = server.address();
    console.log(`serving ${opts.root} at http://127.0.0.1:${port}/`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main();
