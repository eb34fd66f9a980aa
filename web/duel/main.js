// SPDX-License-Identifier: MIT
// The penalty duel page: lobby, scoreboard, swipe and tap input, the frame
// loop and the relay. It draws the module's view and forwards input and
// bytes; every rule (the shoot-out, rollback, what a swipe means, the record
// of the match) is in the wasm module.
import { createDuel, PHASE, RESULT, OUTCOME } from './game.js';
import { RelayLink } from './net.js';
import { Stadium } from '../src/stadium/stadium.js';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const manual = params.has('manual');
// Network and engine figures (the relay's round trip, steps ahead, rollbacks,
// hashes, step numbers) are for developers: shown with ?debug, or the D key.
let debug = params.has('debug');

// ------------------------------------------------------------ seats kept
// The relay gives each seat an unguessable token. It is kept for the tab
// (sessionStorage: a reload takes the same seat back) and for the browser
// (localStorage: a closed tab whose link is opened again does too; it is
// tried only after the tab's own, and a seat whose page is still connected
// refuses it, so two tabs of one browser keep their own seats). Seats are
// kept per relay and per room: a token is only ever sent to the relay that
// gave it.
// Each seat is its own localStorage entry: two tabs of one browser that write
// their seats at the same moment cannot overwrite each other's (a shared entry
// read, changed and written back by both loses one of them).
const SEATS = 'kickstep.duel.seat.v3';
const DAY_MS = 24 * 3600 * 1000;
let RELAY = ''; // the relay this page talks to (main sets it)
const WATCH_DELAY = 60; // a watcher's steps behind the players' confirmed edge (0.1 s: it never stalls on the next message)
const seatKey = (room) => `${RELAY} ${room}`;
const keptKey = (room, seat) => `${SEATS}|${seatKey(room)}|${seat}`;
function readJson(store, key) {
  try {
    return JSON.parse(store.getItem(key) || 'null');
  } catch {
    return null;
  }
}
function writeJson(store, key, value) {
  try {
    if (value === null) store.removeItem(key);
    else store.setItem(key, JSON.stringify(value));
  } catch {
    /* storage unavailable (private mode): the seat cannot come back after a reload */
  }
}
/** The localStorage keys of kept seats (all rooms), a day old ones dropped. */
function keptKeys() {
  const keys = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k && k.startsWith(`${SEATS}|`)) keys.push(k);
    }
  } catch {
    return [];
  }
  const now = Date.now();
  return keys.filter((k) => {
    const v = readJson(localStorage, k);
    if (v && typeof v.token === 'string' && now - v.t < DAY_MS) return true;
    writeJson(localStorage, k, null);
    return false;
  });
}
/** This browser's kept seats of a room: [{ seat, token }], seat order. */
function keptSeats(room) {
  const prefix = `${SEATS}|${seatKey(room)}|`;
  return keptKeys().filter((k) => k.startsWith(prefix))
    .map((k) => ({ seat: Number(k.slice(prefix.length)), token: readJson(localStorage, k).token }))
    .sort((x, y) => x.seat - y.seat);
}
/** Keeps a seat; started: whether its match has begun (a lobby's seat is not kept by the relay once its page goes). */
function rememberSeat(room, seat, token, started) {
  writeJson(sessionStorage, `kickstep.duel.seat.${seatKey(room)}`, { seat, token, started });
  writeJson(localStorage, keptKey(room, seat), { token, t: Date.now() });
}
function forgetRoom(room) {
  writeJson(sessionStorage, `kickstep.duel.seat.${seatKey(room)}`, null);
  for (const { seat } of keptSeats(room)) writeJson(localStorage, keptKey(room, seat), null);
}
/** The tokens to try for a room at this page's relay, this tab's first. */
function seatTokens(room) {
  const out = [];
  const mine = readJson(sessionStorage, `kickstep.duel.seat.${seatKey(room)}`);
  if (mine && mine.token) out.push({ token: mine.token, own: true, lobby: mine.started === false });
  for (const k of keptSeats(room)) if (!out.some((c) => c.token === k.token)) out.push({ token: k.token, own: false });
  return out;
}
function nonce() {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return [a[0], a[1]];
}

/**
 * The relay: the site's server names it in relay.json ({"url"} or {"port"}
 * on this page's host; 8601 without one), with the further relays a link may
 * name ("allow"). A ?relay= link is followed only to this page's own origin,
 * the site's relay or an allowed one: {url}, else {refused}.
 */
async function relayAddress() {
  let conf = {};
  try {
    const r = await fetch('./relay.json', { cache: 'no-store' });
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

async function main() {
  const duel = await createDuel();
  const relay = await relayAddress();
  const relayUrl = relay.url;
  RELAY = relayUrl || '';
  const stadium = new Stadium($('gl'));
  const touch = $('touch');
  const ui = { started: false, seat: -1, room: null, swipe: null, lastKick: -1, lastResults: '', status: null, peerGoneAt: 0, text: {},
    statusTimer: null, hideTimer: null, resuming: false, resumeSince: 0, tokens: [], handovers: 0, peerResumes: 0 };
  const api = { ready: false, started: false, over: false, seat: -1, room: null, link: '', errors: [], duel, stadium, frames: 0,
    resumed: false, statusLog: [], flashes: [], viewFrom: '' };
  window.__duel = api;
  if (!relayUrl) {
    // A link naming a relay this site does not trust: no token and no move goes there.
    api.errors.push(`relay-refused: ${relay.refused}`);
    $('lobby-start').classList.add('hidden');
    $('lobby-error').textContent = `This link names a relay this site does not use (${String(relay.refused).slice(0, 100)}): open the duel from the site's own page.`;
    $('lobby-error').classList.remove('hidden');
    return;
  }

  // ---------------------------------------------------------------- the relay
  const link = new RelayLink(relayUrl, {
    seated(m) {
      ui.room = api.room = m.room;
      ui.seat = api.seat = m.seat;
      rememberSeat(m.room, m.seat, m.token, false);
      ui.token = m.token;
      if (m.seat === 0) {
        showLink(m.room);
        // This page's own address names the room, so a reload comes back to it.
        const here = new URLSearchParams(location.search);
        here.set('room', m.room);
        history.replaceState(null, '', `${location.pathname}?${here}`);
      } else {
        setLobbyNote('Joined. Starting…');
      }
    },
    reseated(m) {
      ui.room = api.room = m.room;
      ui.seat = api.seat = m.seat;
      if (!m.started) {
        // Back in its own lobby: still waiting for the opponent.
        showLink(m.room);
        setLobbyNote('Waiting for your opponent…');
        return;
      }
      // A reloaded page: the other device hands the match over.
      const st = duel.resumeBegin(m.seat, m.room, nonce());
      if (st !== 0) return fail(`the match could not be resumed: ${duel.status(st)}`);
      ui.started = api.started = true;
      ui.resuming = true;
      ui.resumeSince = performance.now();
      $('lobby').classList.add('hidden');
      showStatus('Back in your seat — resuming the match…');
      if (!manual) duel.resume();
    },
    watching(m) {
      // A watch link, or a join of a room whose two seats are taken: this page follows the match.
      ui.watching = api.watching = true;
      ui.room = api.room = m.room;
      const st = duel.watch(m.room, WATCH_DELAY);
      if (st !== 0) return fail(`cannot watch this match: ${duel.status(st)}`);
      setLobbyNote('Watching: the match starts when both players are in…');
      if (m.started) beginWatching();
    },
    start(seat) {
      if (seat < 0) return beginWatching();
      if (ui.token) rememberSeat(ui.room, seat, ui.token, true);
      const st = duel.init(seat, ui.room);
      if (st !== 0) return fail(`the match did not start: ${duel.status(st)}`);
      ui.started = api.started = true;
      $('lobby').classList.add('hidden');
      if (!manual) duel.resume();
    },
    data(bytes) {
      if (!ui.started) return;
      const st = duel.receive(bytes);
      if (st !== 0) api.errors.push(`refused a message: ${duel.status(st)} (${duel.text()})`);
      const reply = duel.reply(); // an answer to the other page's handover request
      if (reply) link.data(reply);
    },
    peer(what, detail) {
      if (ui.watching) {
        if (what === 'left') showStatus(`A player lost the connection — waiting for them, ${detail} s left`, true, detail);
        else if (what === 'back') showStatus('The player is back', false, 0, 2500);
        else if (what === 'gone' && !api.over) showStatus(detail === 'left' ? 'A player left the match' : 'The match has ended', true);
        return;
      }
      if (what === 'left') showStatus(`Your opponent lost the connection — waiting for them, ${detail} s left`, true, detail);
      else if (what === 'back') showStatus('Your opponent is back', false, 0, 2500);
      else if (what === 'gone') {
        if (duel.read().v('ready') && !duel.v('over')) duel.abandon(1 - ui.seat);
        showStatus(detail === 'left' ? 'Your opponent left the match' : 'Your opponent did not come back: the match is yours', true);
      }
    },
    status(what) {
      if (what === 'reconnecting') showStatus('Connection lost — reconnecting…', true);
      else if (what === 'rejoined') showStatus(null);
    },
    error(m) {
      api.errors.push(`${m.code}: ${m.message}`);
      if (!ui.started && ui.tokens.length && (m.code === 'bad-token' || m.code === 'room-full')) return nextSeat(m.code);
      if (!ui.started) {
        if (m.code === 'unknown-room' && ui.rejoining && ui.rejoinLobby) {
          // This page's own lobby closed when it was reloaded (the relay keeps no seat of a room
          // that never started): open a new one, whose link is to be sent again.
          forgetRoom(params.get('room'));
          ui.rejoining = ui.rejoinLobby = false;
          $('lobby-error').classList.add('hidden');
          setLobbyNote('Your room closed when this page was reloaded: here is a new one. Send the new link.');
          return link.create();
        }
        if (m.code === 'unknown-room' && ui.rejoining) {
          forgetRoom(params.get('room'));
          return fail('You were away too long: the match has ended, and the side that left loses it.');
        }
        return fail(m.code === 'unknown-room' ? 'That room does not exist (any more).' : m.message);
      }
      if (m.code === 'unknown-room') {
        forgetRoom(ui.room);
        if (duel.read().v('ready') && !duel.v('over')) duel.abandon(ui.seat); // the match ends for the side that left
        ui.resuming = false;
        showStatus('You were away too long: the match has ended, and the side that left loses it', true);
      }
    },
  });
  api.relay = link;
  api.dropConnection = () => link.drop();

  function beginWatching() {
    ui.started = api.started = true;
    $('lobby').classList.add('hidden');
    document.body.classList.add('watching');
    setText('who-you', 'Player 1');
    setText('who-them', 'Player 2');
    showStatus('Watching — catching up with the match…');
    if (!manual) duel.resume();
  }
  function setLobbyNote(t) {
    $('lobby-note').textContent = t;
  }
  function showLink(room) {
    const q = new URLSearchParams();
    q.set('room', room);
    if (params.get('relay')) q.set('relay', params.get('relay'));
    api.link = `${location.origin}${location.pathname}?${q}`;
    const wq = new URLSearchParams(q);
    wq.delete('room');
    wq.set('watch', room);
    api.watchLink = `${location.origin}${location.pathname}?${wq}`;
    $('watch-link').value = api.watchLink;
    $('watch-line').classList.remove('hidden');
    $('room-link').value = api.link;
    $('room-link').classList.remove('hidden');
    $('btn-copy').classList.remove('hidden');
    $('lobby-start').classList.add('hidden');
    $('lobby-wait').classList.remove('hidden');
  }
  /** The next kept token for this room; when none is left, join as a new player. */
  function nextSeat(why) {
    const c = ui.tokens.shift();
    if (why === 'room-full' && c && c.own && !c.retried) {
      // This tab's own seat: its old connection may not have closed yet.
      c.retried = true;
      ui.tokens.unshift(c);
    }
    const next = ui.tokens[0];
    if (next) return setTimeout(() => link.rejoin(params.get('room'), next.token), next.retried ? 1000 : 0);
    ui.rejoining = false;
    setLobbyNote('Joining…');
    return link.join(params.get('room'));
  }
  function fail(msg) {
    $('lobby-error').textContent = msg;
    $('lobby-error').classList.remove('hidden');
  }
  $('btn-create').addEventListener('click', () => link.create());
  $('btn-copy').addEventListener('click', async () => {
    $('room-link').select();
    try {
      await navigator.clipboard.writeText(api.link);
      setLobbyNote('Link copied. Waiting for your opponent…');
    } catch {
      setLobbyNote('Copy the link and send it. Waiting for your opponent…');
    }
  });
  if (params.get('watch')) {
    $('lobby-start').classList.add('hidden');
    $('lobby-wait').classList.remove('hidden');
    $('room-link').classList.add('hidden');
    $('btn-copy').classList.add('hidden');
    setLobbyNote('Joining as a watcher…');
    link.watch(params.get('watch'));
  } else if (params.get('room')) {
    $('lobby-start').classList.add('hidden');
    $('lobby-wait').classList.remove('hidden');
    $('room-link').classList.add('hidden');
    $('btn-copy').classList.add('hidden');
    ui.tokens = seatTokens(params.get('room'));
    if (ui.tokens.length) {
      // This browser held a seat in this room: take it back.
      ui.rejoining = true;
      ui.rejoinLobby = ui.tokens[0].own && ui.tokens[0].lobby;
      setLobbyNote('Coming back to your match…');
      link.rejoin(params.get('room'), ui.tokens[0].token);
    } else {
      setLobbyNote('Joining…');
      link.join(params.get('room'));
    }
  }

  /** A line over the match; countdown: seconds left, counted down; hideMs: hidden after that long. */
  function showStatus(text, bad = false, countdown = 0, hideMs = 0) {
    const el = $('status');
    clearInterval(ui.statusTimer);
    clearTimeout(ui.hideTimer);
    ui.status = text;
    if (!text) return el.classList.add('hidden');
    api.statusLog.push(text);
    el.textContent = text;
    el.classList.toggle('bad', bad);
    el.classList.remove('hidden');
    if (countdown > 0) {
      const end = performance.now() + countdown * 1000;
      ui.statusTimer = setInterval(() => {
        const left = Math.max(0, Math.ceil((end - performance.now()) / 1000));
        el.textContent = `Your opponent lost the connection — waiting for them, ${left} s left`;
      }, 250);
    }
    if (hideMs > 0) ui.hideTimer = setTimeout(() => showStatus(null), hideMs);
  }

  /** The reloaded page's progress, and the other page's view of it. */
  function followResume() {
    if (ui.resuming) {
      if (duel.v('ready')) {
        ui.resuming = false;
        api.resumed = true;
        showStatus(`Match resumed where it was${debug ? ` (step ${duel.v('resumed_at')})` : ''}`, false, 0, 3000);
      } else if (duel.v('resume_failed')) {
        ui.resuming = false;
        showStatus(`The match could not be resumed${debug ? `: ${duel.status(duel.v('resume_failed'))} (${duel.text()})` : ''}`, true);
        link.leave();
        forgetRoom(ui.room);
      } else if (duel.v('other_lost') || performance.now() - ui.resumeSince > 20000) {
        ui.resuming = false;
        showStatus('The match could not be resumed: your opponent no longer has it', true);
        link.leave();
        forgetRoom(ui.room);
      } else if (duel.v('resume_total')) {
        $('status').textContent = `Back in your seat — resuming the match… (${Math.round((100 * duel.v('resume_have')) / duel.v('resume_total'))}%)`;
      }
      return;
    }
    if (!duel.v('ready')) return;
    if (duel.v('handovers') > ui.handovers) {
      ui.handovers = duel.v('handovers');
      showStatus('Your opponent reloaded the page — handing the match over…');
    }
    if (duel.v('peer_resumes') > ui.peerResumes) {
      ui.peerResumes = duel.v('peer_resumes');
      api.peerResumed = ui.peerResumes;
      showStatus('Your opponent is back: match resumed', false, 0, 3000);
    }
  }

  // --------------------------------------------------------------------- input
  function rel(e) {
    const r = touch.getBoundingClientRect();
    // nx, ny: 0..1 of the drawing; px, py: its CSS pixels (the swipe reader's units, dx_screen).
    return { nx: (e.clientX - r.left) / r.width, ny: (e.clientY - r.top) / r.height, px: e.clientX - r.left, py: e.clientY - r.top };
  }
  touch.addEventListener('pointerdown', (e) => {
    if (!ui.started) return;
    duel.read();
    if (duel.v('may_tap')) {
      const p = rel(e);
      // The tap is read through the picture as it is now (the keeper's view), even
      // when no frame has been drawn since the state moved (a page handed its frames).
      stadium.update(duel, 0, { render: false });
      if (keeping()) keeperCamera();
      const hit = stadium.tapToGoal(p.nx, p.ny);
      if (hit) api.lastStatus = duel.tap(hit.x, hit.y);
      return;
    }
    if (!duel.v('may_strike') || duel.swipeBegin() !== 0) return;
    touch.setPointerCapture(e.pointerId);
    ui.swipe = { id: e.pointerId };
    addPoint(e);
  });
  function addPoint(e) {
    const p = rel(e);
    duel.swipePoint(e.timeStamp / 1000, p.px, p.py); // the events' own timestamps
  }
  touch.addEventListener('pointermove', (e) => {
    if (!ui.swipe || e.pointerId !== ui.swipe.id) return;
    const list = e.getCoalescedEvents ? e.getCoalescedEvents() : [e];
    for (const c of list.length ? list : [e]) addPoint(c);
  });
  touch.addEventListener('pointerup', (e) => {
    if (!ui.swipe || e.pointerId !== ui.swipe.id) return;
    addPoint(e);
    ui.swipe = null;
    api.lastStatus = duel.swipeEnd();
    if (api.lastStatus !== 0) flash(duel.swipeError() === 'not_upward' ? 'Swipe towards the goal' : '', false);
  });
  touch.addEventListener('pointercancel', () => (ui.swipe = null));

  // ----------------------------------------------------------------- the HUD
  function setText(id, t) {
    if (ui.text[id] !== t) {
      ui.text[id] = t;
      $(id).textContent = t;
    }
  }
  function dots(player) {
    const each = duel.v('kicks_each');
    const kicks = Math.max(2 * each, duel.v('kick') + 1);
    const base = duel.v('r_base'); // the view holds 20 results from here (even)
    const out = [];
    for (let k = base + player; k < Math.min(kicks, base + 20); k += 2) {
      const r = duel.v(`r${k - base}`);
      out.push(r === RESULT.SCORED ? '<i class="g">●</i>' : r === RESULT.PENDING ? '<i class="p">○</i>' : '<i class="m">✕</i>');
    }
    return out.join('');
  }
  function flash(text) {
    const m = $('moment');
    m.textContent = text;
    m.classList.remove('show');
    void m.offsetWidth;
    if (text) m.classList.add('show');
  }
  /** A watcher's HUD: both players' scores, its catch-up, each kick's moment once (never an action of its own). */
  function watchHud() {
    setText('score-you', String(duel.v('score0')));
    setText('score-them', String(duel.v('score1')));
    const res = `${dots(0)}|${dots(1)}`;
    if (res !== ui.lastResults) {
      ui.lastResults = res;
      $('dots-you').innerHTML = dots(0);
      $('dots-them').innerHTML = dots(1);
    }
    const shooter = duel.v('shooter');
    $('row-you').classList.toggle('shooting', shooter === 0);
    $('row-them').classList.toggle('shooting', shooter === 1);
    const kick = duel.v('kick');
    const each = duel.v('kicks_each');
    setText('kick-no', kick >= 2 * each ? `Sudden death · kick ${kick + 1}` : `Kick ${Math.floor(kick / 2) + 1} of ${each}`);
    const phase = duel.v('duel_phase');
    document.body.classList.toggle('replaying', phase === PHASE.REPLAY);
    const progress = duel.v('watch_progress');
    api.watchProgress = progress;
    const catching = progress < 1;
    setText('role', catching ? `Catching up… ${Math.floor(progress * 100)}%` : phase === PHASE.REPLAY ? 'Replay' : 'Watching');
    $('role').classList.remove('act');
    $('role').classList.remove('hidden');
    setText('clock', '');
    if (!catching && ui.caughtUp !== true) {
      ui.caughtUp = true;
      showStatus('Watching live', false, 0, 2000);
    }
    const moments = duel.moments();
    for (let i = api.flashes.length; i < moments.length; i++) {
      const m = moments[i];
      const text = m.result === RESULT.NO_SHOT ? 'TIME!' : m.result === RESULT.SCORED ? 'GOAL!' : m.outcome === 2 ? 'SAVED!' : 'MISSED';
      api.flashes.push(text);
      if (!catching) flash(text); // moments passed while catching up are counted, not flashed
    }
    if (duel.v('over') && !api.over) {
      api.over = true;
      api.score = [duel.v('score0'), duel.v('score1')];
      api.finalHash = hashText(duel.v('final_hash_hi'), duel.v('final_hash_lo'));
      api.endStep = duel.v('end_step');
      api.winner = duel.v('winner');
      const w = api.winner;
      $('result-title').textContent = w === 2 ? 'A DRAW' : `PLAYER ${w + 1} WINS`;
      $('result-score').textContent = `${api.score[0]} – ${api.score[1]}`;
      $('result-note').textContent = 'You watched this match.';
      $('result-hash').textContent = `final state ${api.finalHash} at step ${api.endStep}`;
      $('btn-save').classList.add('hidden');
      $('result').classList.remove('hidden');
      setTimeout(() => link.leave(), 1000);
    }
  }
  function hud() {
    if (ui.watching) return watchHud();
    const me = ui.seat, them = 1 - ui.seat;
    setText('score-you', String(duel.v(`score${me}`)));
    setText('score-them', String(duel.v(`score${them}`)));
    const res = `${dots(me)}|${dots(them)}`;
    if (res !== ui.lastResults) {
      ui.lastResults = res;
      $('dots-you').innerHTML = dots(me);
      $('dots-them').innerHTML = dots(them);
    }
    const shooter = duel.v('shooter');
    $('row-you').classList.toggle('shooting', shooter === me);
    $('row-them').classList.toggle('shooting', shooter === them);
    const kick = duel.v('kick');
    const each = duel.v('kicks_each');
    setText('kick-no', kick >= 2 * each ? `Sudden death · kick ${kick + 1}` : `Kick ${Math.floor(kick / 2) + 1} of ${each}`);
    const phase = duel.v('duel_phase');
    let role = '', act = false;
    if (phase === PHASE.OVER) role = '';
    else if (phase === PHASE.REPLAY) role = 'Replay';
    else if (shooter === me) {
      role = phase === PHASE.AIM ? 'You shoot — swipe from the ball to the goal' : phase === PHASE.READY ? 'Your kick' : 'You shot';
      act = phase === PHASE.AIM;
    } else {
      act = duel.v('may_tap') !== 0;
      role = act ? 'You keep goal — tap where to dive' : phase === PHASE.READY ? 'You keep goal' : 'You dived';
    }
    setText('role', role);
    $('role').classList.toggle('act', act);
    $('role').classList.toggle('hidden', !role);
    setText('clock', phase === PHASE.AIM ? `${Math.ceil(duel.v('aim_left'))}` : '');
    document.body.classList.toggle('replaying', phase === PHASE.REPLAY);
    if (kick !== ui.lastKick || phase !== ui.lastPhase) {
      // The moment's flash says what this kick's result is, not which phase the
      // page saw last: a page catching up (after a rejoin, or a slow frame) may
      // go from aiming straight to the kick's end without drawing its flight.
      if (phase === PHASE.AFTER && (ui.lastPhase === PHASE.FLIGHT || ui.lastPhase === PHASE.AIM)) {
        const r = duel.v('last_result'); // this kick's, decided as its flight ended (or its time ran out)
        const text = r === RESULT.NO_SHOT ? 'TIME!' : r === RESULT.SCORED ? 'GOAL!' : duel.v('outcome') === OUTCOME.SAVED ? 'SAVED!' : 'MISSED';
        flash(text);
        api.flashes.push(text);
      }
      ui.lastKick = kick;
      ui.lastPhase = phase;
    }
    if (debug) {
      const adv = duel.v('advantage');
      setText('net', `relay rtt ${Math.round(link.rtt)} ms · ahead ${adv} steps\nrollbacks ${duel.v('rollbacks')} (longest ${duel.v('max_rollback')} steps)`);
    }
    if (duel.v('desync')) {
      // The report grows: the check step, then the exact step, then the field (with ?debug).
      const text = duel.desyncText();
      if (text !== api.desync) {
        api.desync = text;
        api.desyncStep = duel.v('desync_step');
        showStatus(`Out of step with the other device — ${debug ? text : 'the two devices no longer agree about this match'}`, true);
      }
    }
    if (duel.v('over') && !api.over) onOver();
  }

  function hashText(hi, lo) {
    return (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
  }
  function onOver() {
    api.over = true;
    const me = ui.seat, them = 1 - ui.seat;
    const winner = duel.v('winner');
    const a = duel.v('confirmed_score0'), b = duel.v('confirmed_score1');
    api.score = [a, b];
    api.finalHash = hashText(duel.v('final_hash_hi'), duel.v('final_hash_lo'));
    api.endStep = duel.v('end_step');
    api.winner = winner;
    $('result-title').textContent = winner === 2 ? 'A DRAW' : winner === me ? 'YOU WIN' : 'YOU LOSE';
    $('result-score').textContent = `${me === 0 ? a : b} – ${me === 0 ? b : a}`;
    const left = duel.v('abandoned_by');
    $('result-note').textContent = left === them ? 'Your opponent left the match.' : left === me ? 'You left the match.' : '';
    $('result-hash').textContent = `final state ${api.finalHash} at step ${api.endStep}${duel.v('record_ok') ? '' : ' (record incomplete)'}`;
    if (!duel.v('record_ok')) $('result-note').textContent += ' The saved shoot-out is incomplete.';
    $('result').classList.remove('hidden');
    // The other device may still need our last inputs to confirm the end:
    // keep sending for a while, then leave the room.
    setTimeout(() => {
      link.leave();
      forgetRoom(ui.room);
    }, 10000);
  }
  /** The record as base64 (tests) and as a file download (the button). */
  api.record = () => {
    const bytes = duel.record();
    if (!bytes) return '';
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  };
  $('btn-save').addEventListener('click', () => {
    const bytes = duel.record();
    if (!bytes) return;
    const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `shootout-${ui.room || 'duel'}.ksso`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });

  // ----------------------------------------------------------------- the frame
  function resize() {
    const r = $('stage').getBoundingClientRect();
    const dpr = Math.min(window.devicePixelRatio || 1, 2);
    stadium.resize(r.width, r.height);
    duel.screen(r.width, r.height); // the shooter's aiming camera is framed for it
    touch.width = Math.round(r.width * dpr);
    touch.height = Math.round(r.height * dpr);
  }
  window.addEventListener('resize', resize);
  resize();
  document.addEventListener('visibilitychange', () => (document.hidden ? duel.pause() : duel.resume()));

  function step(target) {
    duel.frame(target);
    const msg = duel.send(); // a watcher's: its request for the confirmed inputs it lacks
    if (msg) link.data(msg);
    // A player answers the watchers (the oldest step asked for, then the newest): two messages a frame at most.
    for (let i = 0; i < 2 && !ui.watching; i++) {
      const answer = duel.watchReply();
      if (!answer) break;
      link.data(answer);
    }
    api.frames++;
  }
  function frameHud() {
    if (!ui.started) return;
    followResume();
    if (duel.v('ready')) hud();
  }
  // The keeper's page sees the kick from the keeper's side: high behind the
  // goal, looking over the bar at the ball (the bar and the keeper never hide
  // it). The shooter's page keeps the stadium's own camera, behind the ball;
  // replays keep the director's lens on both.
  function keeperCamera() {
    const cam = stadium.camera;
    const portrait = cam.aspect < 0.8;
    const sx = duel.v('spot_x'), sz = duel.v('spot_z');
    // Far enough back (in front of the stand) that the whole goal mouth fits
    // the screen's width, high enough that the sight line to the ball passes
    // over the bar.
    cam.fov = portrait ? 78 : 44;
    cam.position.set(sx * 0.1, portrait ? 5.8 : 4.5, portrait ? 10.8 : 7);
    cam.updateProjectionMatrix();
    // Looking at a point between the goal and the ball, so the goal mouth and
    // the ball both sit well in the frame.
    cam.lookAt(sx * 0.5, portrait ? 0.3 : 0.6, sz * 0.5);
    cam.updateMatrixWorld();
  }
  function keeping() {
    return duel.v('ready') && !ui.watching && ui.seat >= 0 && duel.v('keeper') === ui.seat && duel.v('duel_phase') !== PHASE.REPLAY && !duel.v('over');
  }
  let lastDraw = 0;
  function draw(now) {
    duel.read();
    frameHud();
    const keeper = keeping();
    stadium.update(duel, Math.min(0.1, Math.max(0, (now - lastDraw) / 1000)), { render: !keeper });
    if (keeper) {
      keeperCamera();
      stadium.renderer.render(stadium.scene, stadium.camera);
    }
    api.viewFrom = keeper ? 'keeper' : 'shooter';
    lastDraw = now;
  }
  function setDebug(on) {
    debug = on;
    document.body.classList.toggle('debug', debug);
    if (!debug) setText('net', '');
  }
  setDebug(debug);
  api.setDebug = setDebug;
  window.addEventListener('keydown', (e) => {
    if ((e.key === 'd' || e.key === 'D') && !e.repeat && !e.ctrlKey && !e.metaKey && !e.altKey) setDebug(!debug);
  });
  // ?manual: a test hands the frames (scripted timestamps) and asks for drawing.
  let manualT = 1000;
  api.run = (n, dtMs = 1000 / 60) => {
    for (let i = 0; i < n && ui.started; i++) step((manualT += dtMs) / 1000);
    duel.read();
    frameHud();
    return api.view();
  };
  api.draw = () => draw(performance.now());
  api.view = () => {
    duel.read();
    const out = {};
    for (const name of Object.keys(duel.index)) out[name] = duel.v(name);
    return out;
  };
  api.strike = (speed, elevation, direction, spin = 0) => duel.strike(speed, elevation, direction, spin);
  api.tap = (x, y) => duel.tap(x, y);
  /** A test hook: this page's step nudges the ball `steps` steps into kick `kick`'s flight. */
  api.plant = (kick, steps) => duel.plant(kick, steps);
  function loop(now) {
    if (ui.started && !manual) step(now / 1000);
    if (!manual) draw(now);
    requestAnimationFrame(loop);
  }
  requestAnimationFrame(loop);
  draw(performance.now());
  api.ready = true;
}

main().catch((e) => {
  console.error(e);
  const el = document.getElementById('lobby-error');
  if (el) {
    el.textContent = `The page could not start: ${e.message}`;
    el.classList.remove('hidden');
  }
});
