// SPDX-License-Identifier: MIT
// tools/serve.mjs against two problems of issue 21, on 127.0.0.1 only:
//  - each server tells its own pages their relay: two servers of one site
//    dir, started with --relay-port 9101 and 9102 (or --relay URL), answer
//    /duel/relay.json with their own (and the --allow-relay list), whatever
//    file the site holds; a server without either sends the site's file;
//  - one client (127.0.0.2) holding 256 silent connections, reopening each
//    one that is cut, while an honest client (127.0.0.1) makes 30 requests:
//    every one must be answered 200. Bounded: 30 requests of at most 3 s,
//    stopped after 5 failures; the servers are stopped by their process ids.
//
//   node tests/serve/serve_guard.mjs [--server FILE]
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const argv = process.argv.slice(2);
const i = argv.indexOf('--server');
const SERVER = resolve(i >= 0 ? argv[i + 1] : join(ROOT, 'tools', 'serve.mjs'));

let passed = 0, failed = 0;
function ok(cond, what, detail = '') {
  if (cond) { passed++; console.log(`ok - ${what}`); } else { failed++; console.log(`FAIL - ${what}${detail ? `: ${detail}` : ''}`); }
  return cond;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const dir = mkdtempSync(join(tmpdir(), 'ks-serve-guard-'));
mkdirSync(join(dir, 'duel'));
writeFileSync(join(dir, 'index.html'), 'the site\n');
writeFileSync(join(dir, 'duel', 'relay.json'), '{"port": 8601}\n');

const children = [];
function start(extra) {
  const child = spawn(process.execPath, [SERVER, dir, '--port', '0', ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((res) => {
    let out = '';
    const timer = setTimeout(() => res({ error: `did not start: ${out}` }), 10000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /at http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (m) { clearTimeout(timer); res({ port: Number(m[1]), child }); }
    });
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => { clearTimeout(timer); res({ error: `exited ${code}: ${out.trim()}` }); });
  });
}

function get(port, path, localAddress = '127.0.0.1', ms = 3000) {
  return new Promise((res) => {
    const req = http.get({ host: '127.0.0.1', port, path, localAddress, agent: false, timeout: ms }, (r) => {
      let body = '';
      r.setEncoding('utf8');
      r.on('data', (c) => (body += c));
      r.on('end', () => res({ status: r.statusCode, body }));
      r.on('error', () => res({ status: -1 }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => res({ status: -1, error: e.message }));
  });
}

async function main() {
  // Each server tells its own pages their relay.
  const [s1, s2, s3, plain] = await Promise.all([
    start(['--relay-port', '9101']),
    start(['--relay-port', '9102', '--allow-relay', 'ws://relay.example:8601/']),
    start(['--relay', 'wss://relay.example/duel']),
    start([]),
  ]);
  ok(!s1.error && !s2.error && !s3.error && !plain.error, 'four servers of one site start (--relay-port, --allow-relay, --relay)',
    [s1, s2, s3].map((s) => s.error).filter(Boolean).join('; '));
  if (!s1.error && !s2.error && !s3.error && !plain.error) {
    const [j1, j2, j3, jp] = await Promise.all([s1, s2, s3, plain].map((s) => get(s.port, '/duel/relay.json')));
    const parse = (r) => { try { return JSON.parse(r.body); } catch { return null; } };
    ok(j1.status === 200 && parse(j1)?.port === 9101 && parse(j1)?.allow?.length === 0, 'the first answers its own relay port (9101)', j1.body);
    ok(j2.status === 200 && parse(j2)?.port === 9102 && parse(j2)?.allow?.[0] === 'ws://relay.example:8601/', 'the second its own (9102) and its allow-list', j2.body);
    ok(j3.status === 200 && parse(j3)?.url === 'wss://relay.example/duel', 'a server given --relay URL answers that URL', j3.body);
    ok(jp.status === 200 && parse(jp)?.port === 8601, "a server given neither sends the site's file", jp.body);
  }
  for (const s of [s1, s2, s3, plain]) s.child?.kill('SIGTERM');

  // 256 silent connections from one address, reopened as they are cut.
  const srv = await start([]);
  if (!ok(!srv.error, 'the server starts', srv.error)) return;
  let stop = false, opened = 0;
  const hold = () => {
    if (stop) return;
    const s = net.connect({ host: '127.0.0.1', port: srv.port, localAddress: '127.0.0.2' });
    opened++;
    s.on('error', () => {});
    s.on('close', () => { if (!stop) setTimeout(hold, 50); });
    silent.add(s);
    s.on('close', () => silent.delete(s));
  };
  const silent = new Set();
  for (let k = 0; k < 256; k++) hold();
  await sleep(500);
  let good = 0, bad = 0;
  for (let k = 0; k < 30 && bad < 5; k++) {
    const r = await get(srv.port, '/');
    if (r.status === 200 && r.body === 'the site\n') good++;
    else bad++;
  }
  stop = true;
  for (const s of silent) s.destroy();
  ok(good === 30, `an honest client gets through while another holds 256 silent connections: ${good} of ${good + bad} answered (${opened} silent connections opened)`);
  srv.child.kill('SIGTERM');
}

main()
  .catch((e) => ok(false, 'the test ran to the end', e.stack || String(e)))
  .finally(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
    console.log(`serve guard: ${passed} passed, ${failed} failed`);
    process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
  });
