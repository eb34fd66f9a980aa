// SPDX-License-Identifier: MIT
// The duel page and the relay a link names (issue 21, item 1), in Chromium:
//  - the site's server tells the page its relay (serve.mjs --relay-port, a
//    relay on a free port, not 8601): page A creates a room through it;
//  - the same tab then opens the room's link with ?relay= naming another
//    server (an attacker's, on 127.0.0.1): the page refuses the link, says
//    so, and never connects there, so the seat's token stays home;
//  - a link naming a relay the server allow-lists (--allow-relay) is
//    followed, but the page sends it no token of another relay (it joins as
//    a newcomer: seats are kept per relay).
// Everything on 127.0.0.1; the relay and the server are stopped by their ids.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { args, run, serve, launch, watchErrors, ROOT, sleep } from './lib.mjs';

const opts = args();
const site = join(opts.build, 'site');
const WebSocket = createRequire(join(ROOT, 'web', 'package.json'))('ws');

function startRelay() {
  const child = spawn(process.execPath, [join(ROOT, 'tools', 'relay.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((res, rej) => {
    let out = '';
    const timer = setTimeout(() => rej(new Error(`relay did not start: ${out}`)), 10000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (m) { clearTimeout(timer); res({ port: Number(m[1]), stop: () => child.kill('SIGTERM') }); }
    });
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => rej(new Error(`relay exited with ${code}: ${out}`)));
  });
}

/** A WebSocket server that records every connection and message: what an attacker's relay would see. */
function spy() {
  return new Promise((res) => {
    const seen = { connections: 0, messages: [] };
    const wss = new WebSocket.WebSocketServer({ host: '127.0.0.1', port: 0 }, () => {
      res({ url: `ws://127.0.0.1:${wss.address().port}/`, seen, stop: () => new Promise((r) => { for (const c of wss.clients) c.terminate(); wss.close(() => r()); }) });
    });
    wss.on('connection', (ws) => {
      seen.connections++;
      ws.on('message', (d) => seen.messages.push(d.toString()));
    });
  });
}

run('web_duel_relay', async (t) => {
  const relay = await startRelay();
  const evil = await spy(), listed = await spy();
  const server = await serve(site, [], ['--relay-port', String(relay.port), '--allow-relay', listed.url]);
  const browser = await launch({ width: 800, height: 600 });
  try {
    const a = await browser.context.newPage();
    const errs = watchErrors(a);
    await a.goto(`${server.url}duel/?manual`);
    await a.waitForFunction(() => window.__duel && window.__duel.ready, null, { timeout: 30000 });
    await a.click('#btn-create');
    await a.waitForFunction(() => window.__duel.link, null, { timeout: 10000 });
    const link = await a.evaluate(() => window.__duel.link);
    const room = new URL(link).searchParams.get('room');
    t.ok(/^[0-9a-z]{16}$/.test(room || ''), `the page creates a room through the relay its server named (port ${relay.port}): ${link}`);

    // A link naming a relay nobody allowed.
    await a.goto(`${server.url}duel/?manual&room=${room}&relay=${encodeURIComponent(evil.url)}`);
    const end = Date.now() + 8000;
    let shown = '';
    while (Date.now() < end && evil.seen.messages.length === 0) {
      shown = await a.evaluate(() => { const e = document.getElementById('lobby-error'); return e && !e.classList.contains('hidden') ? e.textContent : ''; });
      if (shown) break;
      await sleep(100);
    }
    await sleep(500);
    t.ok(evil.seen.connections === 0 && evil.seen.messages.length === 0, `a link to a relay that is not allowed gets no connection and no token (${evil.seen.connections} connections, messages: ${evil.seen.messages.join(' ')})`);
    t.ok(/does not use/.test(shown), `the page says it refuses the link: ${shown}`);

    // A link naming an allow-listed relay: followed, with no token of the first relay.
    await a.goto(`${server.url}duel/?manual&room=${room}&relay=${encodeURIComponent(listed.url)}`);
    const end2 = Date.now() + 8000;
    while (Date.now() < end2 && listed.seen.messages.length === 0) await sleep(100);
    await sleep(300);
    const sent = listed.seen.messages.join(' ');
    t.ok(listed.seen.connections >= 1 && /"join"/.test(sent) && !/rejoin|token/.test(sent), `an allow-listed relay is used, and is sent no token of another relay: ${sent}`);
    const bad = errs.filter((e) => !/favicon/.test(e));
    t.ok(bad.length === 0, 'no console or page errors', bad.join('; '));
    await a.close();
  } finally {
    await browser.close();
    server.stop();
    relay.stop();
    await evil.stop();
    await listed.stop();
  }
});
