// SPDX-License-Identifier: MIT
// Shared by the board's tests: the service started as its own process on
// 127.0.0.1 (a free port) and stopped by its pid, honest tries from the C
// swipe generator (kick-board-verify hand), forged copies of them, and a real
// PostgreSQL started in a temporary folder as an unprivileged user.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const BUILD = process.env.KS_BUILD_DIR || join(ROOT, 'build');
export const BIN = join(BUILD, 'apps', 'kick-board-verify', 'kick-board-verify');
export const DAY_MS = 86400000;
export const today = () => Math.floor(Date.now() / DAY_MS);

let passed = 0;
let failed = 0;
export function ok(cond, what, detail = '') {
  if (cond) {
    passed++;
    console.log(`ok - ${what}`);
  } else {
    failed++;
    console.log(`FAIL - ${what}${detail ? `: ${detail}` : ''}`);
  }
  return cond;
}
export function finish() {
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** n honest tries: {b64, day, try, claim}. seeds distinct per player and try. */
export function hand(day, tryNumber, seed, count = 1) {
  const out = execFileSync(BIN, ['hand', '--day', String(day), '--try', String(tryNumber), '--seed', String(seed),
    '--count', String(count)], { encoding: 'utf8', maxBuffer: 1 << 28 });
  return out.trim().split('\n').map((l) => JSON.parse(l));
}

/** FNV-1a 64 over bytes (ks_fnv1a64). */
export function fnv1a64(buf) {
  let h = 0xcbf29ce484222325n;
  for (const b of buf) {
    h ^= BigInt(b);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h;
}
/** The submission with its checksum made again (a forger's edit). */
export function rechecksum(buf) {
  const b = Buffer.from(buf);
  b.writeBigUInt64LE(fnv1a64(b.subarray(0, b.length - 8)), b.length - 8);
  return b;
}
/** An edited copy of a submission: f(buffer) edits it, the checksum is redone. */
export function forge(b64, f) {
  const b = Buffer.from(b64, 'base64');
  f(b);
  return rechecksum(b).toString('base64');
}

/** A device key as the page makes it (32 hex digits), fixed by a label. */
export function device(label) {
  return Buffer.from(String(label).padEnd(16, '.').slice(0, 16)).toString('hex');
}

/** Starts tools/board/server.mjs; resolves {port, pid, proc, stop(), kill9()}. */
export function startBoard(args = [], { quiet = true } = {}) {
  const proc = spawn(process.execPath, [join(ROOT, 'tools', 'board', 'server.mjs'), '--port', '0', '--bin', BIN,
    '--wasm', join(BUILD, 'wasm', 'board.wasm'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  proc.stderr.on('data', (d) => {
    err += d;
    if (!quiet) process.stderr.write(d);
  });
  return new Promise((resolveP, reject) => {
    const timer = setTimeout(() => reject(new Error(`board did not start: ${err}`)), 15000);
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        const port = Number(m[1]);
        const exited = new Promise((r) => proc.once('exit', r));
        resolveP({
          port, pid: proc.pid, proc, stderr: () => err,
          async stop() {
            if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
            await Promise.race([exited, sleep(5000)]);
            if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
          },
          async kill9() {
            proc.kill('SIGKILL');
            await exited;
          },
        });
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`board exited (${code}): ${err}`));
    });
  });
}

/** One HTTP request; resolves {status, body (parsed JSON or text)}. */
export async function api(port, path, body, { method } = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: method || (body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: res.status, body: parsed };
}
export const submit = (port, name, dev, b64) => api(port, '/api/board/try', { name, device: dev, b64 });

export function freePort() {
  return new Promise((r, j) => {
    const s = net.createServer();
    s.once('error', j);
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => r(p));
    });
  });
}

/**
 * A real PostgreSQL 15: initdb into a temporary folder and postgres on
 * 127.0.0.1 on a free port, as the unprivileged user `nobody` when this runs
 * as root. Resolves {url, stop()} or {skip: reason}.
 */
export async function startPostgres() {
  const bin = ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin'].find((d) => existsSync(join(d, 'initdb')));
  if (!bin) return { skip: 'no PostgreSQL server binaries (tools/deps.sh installs postgresql-15)' };
  const dir = mkdtempSync(join(tmpdir(), 'ks-board-pg-'));
  chmodSync(dir, 0o777);
  const asRoot = process.getuid && process.getuid() === 0;
  const asUser = (cmd, args) => (asRoot ? ['setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', '--', cmd, ...args]] : [cmd, args]);
  const data = join(dir, 'data');
  const [c1, a1] = asUser(join(bin, 'initdb'), ['-D', data, '-U', 'board', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const r = spawnSync(c1, a1, { encoding: 'utf8', cwd: dir });
  if (r.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return { skip: `initdb failed: ${(r.stderr || r.error || '').toString().slice(0, 400)}` };
  }
  const port = await freePort();
  const [c2, a2] = asUser(join(bin, 'postgres'), ['-D', data, '-h', '127.0.0.1', '-p', String(port), '-k', dir,
    '-c', 'fsync=on', '-c', 'max_connections=60']);
  const proc = spawn(c2, a2, { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir });
  let log = '';
  proc.stderr.on('data', (d) => { log += d; });
  const exited = new Promise((res) => proc.once('exit', res));
  const url = `postgres://board@127.0.0.1:${port}/postgres`;
  const isready = join(bin, 'pg_isready');
  for (let i = 0; i < 100; i++) {
    if (spawnSync(isready, ['-h', '127.0.0.1', '-p', String(port)]).status === 0) break;
    if (proc.exitCode !== null) break;
    await sleep(100);
  }
  if (spawnSync(isready, ['-h', '127.0.0.1', '-p', String(port)]).status !== 0) {
    proc.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    return { skip: `postgres did not start: ${log.slice(0, 400)}` };
  }
  let n = 0;
  return {
    url, pid: proc.pid,
    /** A fresh database on this server. */
    newDb() {
      const name = `board${++n}`;
      execFileSync(join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'board', '-d', 'postgres', '-q',
        '-c', `CREATE DATABASE ${name}`]);
      return `postgres://board@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      proc.kill('SIGTERM'); // smart shutdown of this postgres, by its own pid
      await Promise.race([exited, sleep(10000)]);
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export { readFileSync, writeFileSync, mkdtempSync, rmSync, tmpdir, join };
