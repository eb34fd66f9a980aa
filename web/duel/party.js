// SPDX-License-Identifier: MIT
// The party mode of the penalty duel (3 or 4 players) in the browser: the
// lobby, the relay's party room, and a page that shows whose turn it is,
// who keeps goal, every player's score and the result. Every rule is in C
// (kick_duel_party_def through wasm/duel_exports.c: dx_party, dx_send_to);
// this file moves bytes between the module and the relay and reads the view.
//
//   /party/                       Party (3 players) / (4 players): create a room
//   /party/?party=3 (or 4)        create one at once (the duel page's lobby links here)
//   /party/?room=CODE&rounds=R    join it (the link the creator shows)
//   ?manual                       a test hands the frames (window.__party.run)
//   ?relay=ws://...               as on the duel page (same checks)
//   ?debug                        shows the final state hash, as on the duel page
//
// A reloaded page takes its seat back with the token this browser kept
// (seats.js, as the duel page does), asks every other seat for the match
// (a handover request), and the lowest-numbered seat still playing answers
// (docs/duel.md, "Reloading in a party"); the others show who lost the
// connection, that their kicks are missed meanwhile, and that they came back.
import { createDuel, PHASE } from './game.js';
import { RelayLink } from './net.js';
import { KeptSeats } from './seats.js';

const params = new URLSearchParams(location.search);
const manual = params.has('manual');
const $ = (id) => document.getElementById(id);

/** The duel page's relay rules (web/duel/main.js relayAddress), read from ../duel/relay.json. */
async function relayAddress() {
  let conf = {};
  try {
    const r = await fetch('../duel/relay.json', { cache: 'no-store' });
    if (r.ok) conf = (await r.json()) || {};
  } catch {
    /* no relay.json: the default port */
  }
  const href = (x) => {
    try {
      const u = new URL(x);
      return u.protocol === 'ws:' || u.protocol === 'wss:' ? u.href : null;
    } catch {
      return null;
    }
  };
  const own = (typeof conf.url === 'string' && href(conf.url)) || `ws://${location.hostname || '127.0.0.1'}:${Number(conf.port) || 8601}/`;
  const asked = params.get('relay');
  if (!asked) return { url: own };
  const url = href(asked);
  if (!url) return { refused: asked };
  const allowed = [own, ...(Array.isArray(conf.allow) ? conf.allow.map(href) : [])];
  if (new URL(url).host === location.host || allowed.includes(url)) return { url };
  return { refused: asked };
}

const hex = (hi, lo) => (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');

/** A line under the turn (a player away, back, this page's own comeback); tests read api.statusLog. */
function say(page, text) {
  $('party-status').textContent = text;
  if (text) page.api.statusLog.push(text);
}

function nonce() {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return [a[0], a[1]];
}

/** The room link, the lobby line: this page holds seat m.seat of m.seats. */
function seated(page, m) {
  const { api } = page;
  api.seat = m.seat;
  api.room = m.room;
  api.seats = page.players = m.seats || page.players;
  page.seats.remember(m.room, m.seat, m.token, false);
  // This page's own address names the room, so a reload comes back to its seat.
  const here = new URLSearchParams(location.search);
  here.delete('party');
  here.set('room', m.room);
  history.replaceState(null, '', `${location.pathname}?${here}`);
  const u = new URL(location.href);
  u.search = '';
  u.searchParams.set('room', m.room);
  if (page.rounds) u.searchParams.set('rounds', String(page.rounds));
  if (params.get('relay')) u.searchParams.set('relay', params.get('relay'));
  api.link = u.href;
  $('room-link').value = api.link;
  $('lobby-wait').classList.remove('hidden');
  $('lobby-note').textContent = `You are player ${m.seat + 1} of ${page.players}. Waiting for players…`;
}

/** The party starts: the rules from the module, the score table, the match screen. */
function started(page, seat, m) {
  const { api, duel } = page;
  page.players = api.seats = (m && m.seats) || page.players;
  const st = duel.party(page.players, page.rounds);
  const st2 = st === 0 ? duel.init(seat, api.room) : st;
  if (st2 !== 0) return page.lobbyError(`the match cannot start: ${duel.status(st2)}`);
  api.seat = seat;
  api.started = true;
  if (page.net.token) page.seats.remember(api.room, seat, page.net.token, true);
  $('lobby').classList.add('hidden');
  $('match').classList.remove('hidden');
  buildTable(page);
  if (!manual) duel.resume();
  return undefined;
}

/** A kept seat taken back (a reloaded page): its party goes on, the others hand it over. */
function reseated(page, m) {
  const { api, duel } = page;
  api.seat = m.seat;
  api.room = m.room;
  page.players = api.seats = m.seats || page.players;
  page.rejoining = false;
  if (!m.started) return seated(page, { ...m, token: page.net.token }); // still in its lobby
  const st = duel.party(page.players, page.rounds);
  const st2 = st === 0 ? duel.resumeBegin(m.seat, m.room, nonce()) : st;
  if (st2 !== 0) return page.lobbyError(`the party could not be resumed: ${duel.status(st2)}`);
  api.started = true;
  api.resuming = true;
  page.resumeSince = performance.now();
  $('lobby').classList.add('hidden');
  $('match').classList.remove('hidden');
  $('shoot-controls').classList.add('hidden');
  $('keep-controls').classList.add('hidden');
  buildTable(page);
  say(page, 'Back in your seat — the others hand the party over…');
  if (!manual) duel.resume();
  return undefined;
}

/** The clock the module's links are timed by (ms): the scripted one under ?manual. */
const clockMs = (page) => (manual ? page.manualT : performance.now());

/** Another device's bytes; a handover request is answered to its sender's seat alone. */
function data(page, bytes) {
  const { api, duel } = page;
  if (!api.started) return;
  duel.setTime(clockMs(page));
  const st = duel.receive(bytes);
  // KS_ERR_STATE "handover": a request this device does not answer (not the lowest seat still
  // playing, or the drop not yet agreed by all); a later request is answered. KS_ERR_STATE
  // "sender": a message of a player this device has dropped, come back with the lowest seat's
  // handover before this device has read that seat's word of it (its "back" block).
  const expected = st !== 0 && duel.status(st) === 'state' && (duel.text() === 'handover' || duel.text() === 'sender');
  if (st !== 0 && expected) api.waited++;
  else if (st !== 0) api.errors.push(`refused: ${duel.status(st)} ${duel.text()}`);
  const reply = duel.reply();
  if (reply && duel.replyTo() >= 0) {
    page.net.dataTo(duel.replyTo(), reply, true);
    api.handed++;
  }
}

/** An error: in the lobby, the next kept seat to try (or a plain join), or the reason told. */
function error(page, m) {
  const { api } = page;
  const room = params.get('room');
  if (page.rejoining && (m.code === 'bad-token' || m.code === 'room-full')) {
    // Not this seat's token (another tab's of this browser, or gone): the next kept one, then a plain join.
    api.tried.push(m.code);
    const c = page.tokens.shift();
    if (m.code === 'room-full' && c && c.own && !c.retried) {
      // This tab's own seat: its old connection may not have closed yet.
      c.retried = true;
      page.tokens.unshift(c);
    }
    const next = page.tokens[0];
    if (next) return setTimeout(() => page.net.rejoin(room, next.token), next.retried ? 1000 : 0);
    page.rejoining = false;
    return page.net.join(room);
  }
  api.errors.push(`${m.code}: ${m.message}`);
  if (m.code === 'unknown-room') page.seats.forget(api.room || room);
  if (api.started && m.code === 'unknown-room') return say(page, 'You were away too long: the party has ended without you.');
  return page.lobbyError(m.code === 'unknown-room' ? 'That party room does not exist (any more).' : m.message || m.code);
}

/** The relay link: seats, the start, the other devices' bytes, players leaving and coming back. */
function connect(page, url) {
  const { api } = page;
  return new RelayLink(url, {
    seated: (m) => seated(page, m),
    reseated: (m) => reseated(page, m),
    watching() { page.lobbyError('this party is full (watching a party is not offered yet)'); },
    start: (seat, m) => started(page, seat, m),
    data: (bytes) => data(page, bytes),
    peer(kind, why, m) {
      const who = m && Number.isInteger(m.seat) ? `Player ${m.seat + 1}` : 'A player';
      if (kind === 'left') say(page, `${who} lost the connection — waiting ${why} s for them (their kicks are missed meanwhile)…`);
      if (kind === 'back') say(page, `${who} reconnected`);
      if (kind === 'gone') {
        api.gone = why;
        if (!api.over) say(page, `The party ended: a player ${why === 'left' ? 'left' : 'did not come back'}.`);
      }
    },
    status(what) {
      if (what === 'reconnecting') say(page, 'Connection lost — reconnecting…');
      else if (what === 'rejoined') say(page, 'Reconnected');
    },
    error: (m) => error(page, m),
  });
}

function buildTable(page) {
  const body = $('scores').tBodies[0];
  body.textContent = '';
  for (let i = 0; i < page.players; i++) {
    const tr = document.createElement('tr');
    tr.id = `row-${i}`;
    if (i === page.api.seat) tr.className = 'me';
    tr.innerHTML = `<td>Player ${i + 1}${i === page.api.seat ? ' (you)' : ''}</td><td class="goals">0</td><td class="kicks">0</td>`;
    body.appendChild(tr);
  }
}

/** The result panel, once the module says the party is over. */
function showResult(page, v) {
  const { api } = page;
  if (api.over) return;
  api.over = true;
  const w = v('winner'), me = api.seat;
  $('result-title').textContent = w === page.players ? 'A draw.' : w === me ? 'You win the party!' : w >= 0 ? `Player ${w + 1} wins the party.` : 'The party ended.';
  $('result-hash').textContent = `final state ${hex(v('final_hash_hi'), v('final_hash_lo'))} at step ${v('end_step')}`;
  $('result').classList.remove('hidden');
  $('turn').textContent = '';
}

/** A reloaded page's own comeback, and the players this device has dropped and taken back. */
function showComebacks(page, v) {
  const { api } = page;
  if (api.resuming) {
    if (v('ready') && v('resumed')) {
      api.resuming = false;
      api.resumed = true;
      say(page, 'Back in the party where it was');
    } else if (v('resume_failed') || performance.now() - page.resumeSince > 30000) {
      // (Not 'other_lost': in a party another returner's request says nothing of the rest.)
      api.resuming = false;
      api.errors.push(`resume failed: ${page.duel.status(v('resume_failed'))} ${page.duel.text()}`);
      page.seats.forget(api.room);
      say(page, 'The party could not be resumed: the others no longer have it.');
    }
    return;
  }
  const away = v('away');
  for (let q = 0; q < page.players; q++) {
    const bit = 1 << q;
    if ((away & bit) && !(page.away & bit)) say(page, `Player ${q + 1} is away: their kicks are missed until they come back`);
    if (!(away & bit) && (page.away & bit)) {
      api.comebacks++;
      say(page, `Player ${q + 1} is back in the party`);
    }
  }
  page.away = away;
}

/** What the page shows, from the module's view (read by name). */
function show(page) {
  const { duel, api } = page;
  duel.read();
  const v = (n) => duel.v(n);
  showComebacks(page, v);
  if (!v('ready')) return duel; // a reloaded page gathering its handover
  const shooter = v('shooter'), keeper = v('keeper'), me = api.seat;
  const name = (p) => (p === me ? 'You' : `Player ${p + 1}`);
  for (let i = 0; i < page.players; i++) {
    const row = $(`row-${i}`);
    if (!row) continue;
    row.querySelector('.goals').textContent = String(v(`score${i}`));
    row.querySelector('.kicks').textContent = String(v(`taken${i}`));
  }
  if (v('over')) showResult(page, v);
  else if (v('duel_phase') !== PHASE.OVER) {
    const round = Math.floor(v('kick') / page.players) + 1;
    $('turn').textContent = `Round ${round}: ${name(shooter)} ${shooter === me ? 'shoot' : 'shoots'} — ${name(keeper)} ${keeper === me ? 'keep' : 'keeps'} goal`;
  }
  $('shoot-controls').classList.toggle('hidden', !v('may_strike'));
  $('keep-controls').classList.toggle('hidden', !v('may_tap'));
  return duel;
}

/** The view as a plain object of the names a test reads. */
function snapshot(duel) {
  duel.read();
  const o = {};
  for (const k of ['kick', 'shooter', 'keeper', 'duel_phase', 'phase_age', 'may_strike', 'may_tap', 'over', 'winner', 'players',
    'score0', 'score1', 'score2', 'score3', 'taken0', 'taken1', 'taken2', 'taken3', 'end_step', 'record_ok', 'desync',
    'final_hash_hi', 'final_hash_lo', 'rollbacks', 'frame', 'confirmed', 'ready', 'resuming', 'resumed', 'resumed_at',
    'away', 'handovers', 'peer_resumes', 'resume_have', 'resume_total']) o[k] = duel.v(k);
  o.final_hash = hex(o.final_hash_hi, o.final_hash_lo);
  return o;
}

/** One frame: the module steps, each other device gets its message, the page shows the view. */
function step(page, seconds) {
  page.duel.setTime(seconds * 1000);
  page.duel.frame(seconds);
  if (page.api.resuming && page.duel.read().v('resuming')) {
    // A reloaded page asks every other seat for the party (the same request to each:
    // the lowest-numbered seat still playing answers) until its module has resumed.
    const rq = page.net.canSend() ? page.duel.send() : null;
    for (let s = 0; rq && s < page.players; s++) if (s !== page.api.seat) page.net.dataTo(s, rq, true);
    page.api.frames++;
    show(page);
    return;
  }
  // The other seats in turn, from a different one each frame, so that a frame
  // whose budget (net.js) runs out holds back a different seat's message.
  const first = page.api.frames;
  for (let k = 0; k < page.players; k++) {
    const s = (first + k) % page.players;
    if (s === page.api.seat || !page.net.canSend()) continue;
    const m = page.duel.sendTo(s);
    if (m) page.net.dataTo(s, m);
  }
  page.api.frames++;
  show(page);
}

/** The buttons, and the room: joined from its link, or made at once with ?party=3|4. */
function controls(page) {
  const { duel, net } = page;
  for (const b of document.querySelectorAll('#shoot-controls button'))
    b.addEventListener('click', () => duel.strike(24, 0.12, Number(b.dataset.dir)));
  for (const b of document.querySelectorAll('#keep-controls button')) b.addEventListener('click', () => duel.tap(Number(b.dataset.x), 1.0));
  $('btn-party3').addEventListener('click', () => { page.players = 3; net.create(3); });
  $('btn-party4').addEventListener('click', () => { page.players = 4; net.create(4); });
  const room = params.get('room');
  const asked = Number(params.get('party'));
  if (room) {
    $('btn-party3').classList.add('hidden');
    $('btn-party4').classList.add('hidden');
    page.tokens = page.seats.tokens(room);
    if (page.tokens.length) { // this browser held a seat in this party: take it back
      page.rejoining = true;
      $('lobby-note').textContent = 'Coming back to your party…';
      net.rejoin(room, page.tokens[0].token);
    } else net.join(room);
  } else if (asked === 3 || asked === 4) { // ?party=3: create the room at once
    page.players = asked;
    net.create(asked);
  }
}

/** ?manual: a test hands the frames (scripted timestamps, 1/60 s apart); else the browser's. */
function frames(page) {
  const { api, duel } = page;
  page.manualT = 1000;
  api.run = (n = 1) => {
    for (let i = 0; i < n && api.started; i++) step(page, (page.manualT += 1000 / 60) / 1000);
    return snapshot(duel);
  };
  api.view = () => snapshot(duel);
  api.strike = (speed, elevation, direction) => duel.strike(speed, elevation, direction);
  api.tap = (x, y) => duel.tap(x, y);
  api.record = () => {
    const r = duel.record();
    return r ? Array.from(r) : null;
  };
  if (!manual) {
    const frame = (now) => {
      if (api.started) step(page, now / 1000);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }
}

async function main() {
  const duel = await createDuel();
  const relay = await relayAddress();
  if (params.has('debug')) document.body.classList.add('debug'); // engine figures (the final hash) for developers, as on the duel page
  const api = { ready: true, started: false, over: false, seat: -1, seats: 0, room: null, link: '', errors: [], frames: 0,
    resuming: false, resumed: false, statusLog: [], handed: 0, comebacks: 0, tried: [], waited: 0 };
  window.__party = api;
  const page = { duel, api, players: 0, rounds: Math.max(0, Math.min(10, Number(params.get('rounds')) || 0)), net: null,
    seats: new KeptSeats(relay.url || ''), tokens: [], rejoining: false, away: 0, manualT: 1000, resumeSince: 0 };
  page.lobbyError = (text) => {
    api.errors.push(text);
    $('lobby-error').textContent = text;
    $('lobby-error').classList.remove('hidden');
  };
  if (!relay.url) {
    page.lobbyError(`this link names a relay the site does not allow: ${relay.refused}`);
    return;
  }
  page.net = connect(page, relay.url);
  controls(page);
  frames(page);
}

main().catch((e) => {
  console.error(e);
  window.__party = { ready: false, failed: String(e) };
});
