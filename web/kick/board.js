// SPDX-License-Identifier: MIT
// The Daily Kick board in the page (docs/board.md): each Daily try's input is
// recorded as the page hands it to the game (the swipe's samples with their
// own timestamps and the screen's size, or the keys and the power key's
// times), and once the kick is decided it is packed with the page's own
// result (the claim) into the board's bytes by board.wasm (the same C the
// server verifies with) and queued. The queue lives in localStorage and is
// sent when the board can be reached: a try is removed only when the server
// has answered it (accepted, already recorded, or refused for good), so it is
// never lost, and the server stores a very same try once, so it is never
// counted twice. After each try the player's rank today is shown; a "Today's
// board" screen shows the top 50, your place, your friends and yesterday's
// winner; each entry's replay is a share link (?share=CODE) the page plays.
//
//   const board = attachBoard(game)   // once, after createGame()
// Loaded on its own by the page (<script type="module" src="./board.js">), it
// attaches itself to the page's game (window.__kick.game) once that exists.
// Nothing here changes a kick: it only reads what the game was given and shows.
import { loadWasm, wasmUrl } from '../src/wasm.js';

const STORE_DEVICE = 'kickstep.board.device';
const STORE_NAME = 'kickstep.board.name';
const STORE_FRIENDS = 'kickstep.board.friends';
const STORE_QUEUE = 'kickstep.board.queue';
const STORE_DAY_NAME = 'kickstep.board.dayname';
const NAME_RE = /^[A-Za-z0-9](?:[A-Za-z0-9 _.-]{0,14}[A-Za-z0-9])$/;
const RETRY_REASONS = new Set(['rate_limited', 'rate_limited_player', 'server_error']);
// Refusals of the name, not of the try: the try stays queued until the player picks another name.
const NAME_REASONS = new Set(['name_taken', 'bad_name']);

const get = (k, d) => {
  try {
    const v = localStorage.getItem(k);
    return v === null ? d : JSON.parse(v);
  } catch {
    return d;
  }
};
const put = (k, v) => {
  try {
    localStorage.setItem(k, JSON.stringify(v));
  } catch {
    /* private mode: the board works for this visit only */
  }
};

function deviceKey() {
  let d = get(STORE_DEVICE, null);
  if (typeof d !== 'string' || !/^[0-9a-f]{32}$/.test(d)) {
    const b = new Uint8Array(16);
    crypto.getRandomValues(b);
    d = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
    put(STORE_DEVICE, d);
  }
  return d;
}

const b64 = (bytes) => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};

const dayNumber = (y, m, d) => Math.floor(Date.UTC(y, m - 1, d) / 86400000);
const todayNumber = () => Math.floor(Date.now() / 86400000);
const tries = (n) => (n === 1 ? 'try' : `${n} tries`);

export function nameOk(name) {
  return typeof name === 'string' && NAME_RE.test(name) && !/[ _.-]{2}/.test(name);
}

/** Where the board is: ?board=URL, else the port the site names (/kick/board.json) on this host. */
async function boardBase() {
  const q = new URLSearchParams(location.search).get('board');
  if (q && /^https?:\/\/[^/]+\/?$/.test(q)) return q.replace(/\/$/, '');
  try {
    const r = await fetch(new URL('board.json', location.href), { cache: 'no-store' });
    if (!r.ok) return null;
    const j = await r.json();
    if (j.url) return String(j.url).replace(/\/$/, '');
    if (j.port) return `${location.protocol}//${location.hostname}:${Number(j.port)}`;
  } catch {
    /* offline, or no board here */
  }
  return null;
}

/**
 * Follows the game's input calls: a Daily Kick's swipe or key kick, once the
 * game reads it, becomes state.pending (with the try, the day and the step it
 * was read on); at its decision, onDecided(pending, claim) is called.
 */
function followInput(game, state, onDecided) {
  const { MODE, SCREEN } = game.names;
  const daily = () => game.v('mode') === MODE.DAILY;
  const wrap = (name, before) => {
    const f = game[name];
    game[name] = (...args) => {
      const r = f(...args);
      try {
        before(r, ...args);
      } catch (e) {
        console.warn(`board: ${e.message}`);
      }
      return r;
    };
  };
  const fresh = () => ({ kind: 0, samples: [], screen: [game.v('screen_w'), game.v('screen_h')], keys: null });
  // The kick is read: remember the try it belongs to; the claim comes at the decision.
  const begin = (input) => {
    const day = dayNumber(game.v('year'), game.v('month'), game.v('day'));
    state.pending = { input, day, try: game.v('attempt'), readStep: game.v('steps') };
    state.input = null;
  };
  wrap('swipeBegin', (r) => {
    game.read();
    if (r === 0 && daily()) state.input = { ...fresh(), kind: 1 };
  });
  wrap('swipePoint', (r, t, x, y) => {
    if (state.input && state.input.kind === 1 && r !== 3 /* KS_ERR_STATE: not aiming */) state.input.samples.push([t, x, y]);
  });
  wrap('swipeEnd', (r) => {
    game.read();
    if (r === 0 && state.input && state.input.kind === 1 && daily()) begin(state.input);
    else if (r !== 0) state.input = null;
  });
  let keys = { aim: 0, height: 0.45, bend: 0 };
  let charge = null;
  wrap('keysSet', (r, aim, height, bend) => {
    if (r === 0) keys = { aim, height, bend };
  });
  wrap('keysCharge', (r, t) => {
    if (r === 0) charge = t;
  });
  wrap('keysRelease', (r, t) => {
    game.read();
    if (r === 0 && daily() && charge !== null) begin({ ...fresh(), kind: 2, keys: { ...keys, down: charge, up: t } });
    charge = null;
  });
  wrap('frame', () => {
    const p = state.pending;
    if (!p) return;
    game.read();
    if (!daily() || game.v('struck') === 0 || game.v('decision_step') <= 0 || game.v('last_outcome') === 0) return;
    if (game.v('screen') === SCREEN.AIM) return;
    state.pending = null;
    const crossed = game.v('crossed') !== 0;
    onDecided(p, {
      outcome: game.v('last_outcome'), points: game.v('last_points'), decision: game.v('decision_step'),
      moments: game.v('last_moments'), crossed, x: crossed ? game.v('cross_x') : 0, y: crossed ? game.v('cross_y') : 0,
    });
  });
}

/** A try's bytes from the board module (kick_board.h), checked as the server checks them. */
async function packTry(state, api, p, c) {
  if (!state.kb) state.kb = await loadWasm(wasmUrl('board'));
  const w = state.kb;
  const x = w.exports;
  const n = p.input.kind === 1 ? p.input.samples.length : 0;
  if (n > 4096) return null;
  if (n) {
    const s = new Float64Array(x.memory.buffer, x.kb_samples(), n * 3);
    p.input.samples.forEach(([t, px, py], i) => {
      s[i * 3] = px; // kick_touch is x, y, t
      s[i * 3 + 1] = py;
      s[i * 3 + 2] = t;
    });
  }
  const k = p.input.keys || { aim: 0, height: 0, bend: 0, down: 0, up: 0 };
  const strikeStep = p.readStep + x.kb_runup_steps(); // the strike comes the run-up after the reading
  const len = x.kb_encode(p.day, p.try, strikeStep, p.input.kind, p.input.screen[0], p.input.screen[1], n,
    k.aim, k.height, k.bend, k.down, k.up, c.outcome, c.points, c.decision, c.moments >>> 0, c.crossed ? 1 : 0, c.x, c.y);
  if (!len) return null;
  const bytes = new Uint8Array(x.memory.buffer, x.kb_buf(), len).slice();
  // The same check the server makes: a try this page cannot have played is not sent.
  const verdict = x.kb_verify(len);
  api.lastLocalVerdict = w.str(x.kb_verdict_name(verdict));
  return { b64: b64(bytes), ok: verdict === 0 };
}

/** The queue of tries to send: kept in storage, sent oldest first, an unanswered one kept for later. */
function createSender(state, api, ui) {
  async function base() {
    if (state.base === undefined || state.base === null) state.base = await boardBase();
    return state.base;
  }
  /** The name a try goes under: the one this device played that day under, else the player's name now. */
  const nameFor = (day) => (state.dayName && state.dayName.day === day && nameOk(state.dayName.name) ? state.dayName.name : state.name);
  async function send(q, url) {
    const name = nameFor(q.day);
    const res = await fetch(`${url}/api/board/try`, { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, device: state.device, b64: q.b64 }) });
    state.sent++;
    const r = await res.json();
    r.sentName = name;
    return r;
  }
  function answered(q, r) {
    state.queue.shift();
    put(STORE_QUEUE, state.queue);
    state.answered.push({ try: q.try, day: q.day, accepted: !!r.accepted, reason: r.reason || 'ok' });
    if (r.accepted) {
      state.dayName = { day: q.day, name: r.sentName };
      put(STORE_DAY_NAME, state.dayName);
      state.nameProblem = null;
      state.lastRank = { rank: r.rank, count: r.count, best: r.best };
      ui.toast(`Daily Kick: ${r.points} points${r.best > r.points ? ` (your best today: ${r.best})` : ''} — you are #${r.rank} of ${r.count} today`);
    } else if (r.reason !== 'already_recorded') { /* already_recorded: sent before, its answer lost: it is on the board */
      ui.toast(`Daily Kick try not on the board: ${r.text || r.reason}`);
    }
    ui.refreshRank();
  }
  async function flush() {
    if (state.sending || !state.queue.length) return;
    if (!nameOk(nameFor(state.queue[0].day)) || state.nameProblem) {
      ui.askName();
      return;
    }
    state.sending = true;
    try {
      const url = await base();
      if (!url) return;
      while (state.queue.length) {
        const q = state.queue[0];
        let r;
        try {
          r = await send(q, url);
        } catch {
          state.base = undefined; // offline or unreachable: keep it queued
          return;
        }
        if (!r.accepted && RETRY_REASONS.has(r.reason)) return;
        if (!r.accepted && r.reason === 'device_renamed' && nameOk(r.name) && r.name !== r.sentName) {
          // This device played this day under another name (another tab, a lost store): that name it is.
          state.dayName = { day: q.day, name: r.name };
          put(STORE_DAY_NAME, state.dayName);
          continue;
        }
        if (!r.accepted && NAME_REASONS.has(r.reason)) {
          state.nameProblem = { name: r.sentName, reason: r.reason, text: r.text };
          ui.askName();
          return;
        }
        answered(q, r);
      }
    } finally {
      state.sending = false;
    }
  }
  async function enqueue(p, claim) {
    const packed = await packTry(state, api, p, claim);
    if (!packed) return;
    if (!packed.ok) console.warn(`board: this try does not re-simulate to the page's result (${api.lastLocalVerdict}); not sent`);
    else {
      state.queue.push({ b64: packed.b64, day: p.day, try: p.try, points: claim.points, at: Date.now() });
      put(STORE_QUEUE, state.queue);
    }
    await flush();
  }
  return { base, flush, enqueue };
}

const el = (tag, props = {}, ...kids) => {
  const e = Object.assign(document.createElement(tag), props);
  for (const k of kids) e.append(k);
  return e;
};

/** The board's screen: the player's name and friends, today's top, friends, yesterday's winner; and the toasts. */
function createPanel(state, api, base) {
  const panel = el('section', { id: 'board', className: 'overlay hidden' });
  panel.setAttribute('aria-live', 'polite');
  const inner = el('div', { className: 'panel menu-panel board-panel' });
  panel.append(inner);
  document.getElementById('stage')?.append(panel);
  const rankLine = el('button', { id: 'board-rank', className: 'board-rank link', type: 'button' });
  rankLine.addEventListener('click', () => show());
  /** Why the queued tries wait for a name, in the player's words, or ''. */
  function nameWait() {
    if (!state.queue.length) return '';
    const p = state.nameProblem;
    if (p && p.reason === 'name_taken') return `"${p.name}" belongs to another player: pick another name to put your ${tries(state.queue.length)} on today's board.`;
    if (p) return `"${p.name}" cannot be used: pick another name to put your ${tries(state.queue.length)} on today's board.`;
    if (!nameOk(state.name)) return `Pick a name to put your ${tries(state.queue.length)} on today's board.`;
    return '';
  }
  function askName() {
    const why = nameWait();
    if (!why) return;
    rankLine.textContent = `${why} ›`;
    if (askName.said !== why) toast(why);
    askName.said = why;
  }
  function toast(text) {
    const t = document.getElementById('toast') || document.body.appendChild(el('div', { id: 'toast' }));
    t.textContent = text;
    t.classList.remove('hidden');
    clearTimeout(toast.timer);
    toast.timer = setTimeout(() => t.classList.add('hidden'), 4000);
  }
  async function fetchBoard() {
    const url = await base();
    if (!url) return null;
    const friends = state.friends.filter(nameOk).join(',');
    const r = await fetch(`${url}/api/board/day?device=${state.device}&friends=${encodeURIComponent(friends)}`);
    return r.ok ? r.json() : null;
  }
  async function refreshRank() {
    try {
      const b = await fetchBoard();
      if (b && b.you) rankLine.textContent = `Today: #${b.you.rank} of ${b.count} (${b.you.points} points) ›`;
      else if (nameWait()) askName();
    } catch {
      /* offline */
    }
  }
  const row = (e, me) => {
    const li = el('li', { className: me ? 'me' : '' }, `#${e.rank} ${e.name} — ${e.points}`);
    const watch = el('button', { className: 'btn small board-watch', textContent: 'Watch' });
    watch.dataset.entry = e.entry;
    watch.addEventListener('click', () => api.watch(e.entry));
    li.append(' ', watch);
    return li;
  };
  function youForm() {
    const nameIn = el('input', { id: 'board-name', value: state.name, maxLength: 16, placeholder: 'Your name' });
    const friendsIn = el('input', { id: 'board-friends', value: state.friends.join(', '), placeholder: 'Friends (names, commas between)' });
    const save = el('button', { id: 'board-save', className: 'btn', textContent: 'Save' });
    const msg = el('p', { className: 'board-msg' });
    save.addEventListener('click', () => {
      const n = nameOk(nameIn.value.trim()) ? nameIn.value.trim() : null;
      if (!n) {
        msg.textContent = 'A name is 2 to 16 letters or digits (spaces, _ - . inside).';
        return;
      }
      api.setName(n);
      api.setFriends(friendsIn.value.split(',').map((s) => s.trim()).filter(nameOk));
      show();
    });
    const why = nameWait();
    if (why) msg.textContent = why;
    else if (state.dayName && state.dayName.day === todayNumber() && state.dayName.name !== state.name) {
      msg.textContent = `Today your tries are on the board as "${state.dayName.name}"; "${state.name}" from tomorrow.`;
    }
    return [el('div', { className: 'board-you' }, nameIn, friendsIn, save), msg];
  }
  /** The day's lines for the side (date, you, yesterday's winner) and the lists (top, friends). */
  function boardLines(b) {
    const side = [el('p', { className: 'board-date', textContent: `${b.date}: ${b.count} player${b.count === 1 ? '' : 's'}` })];
    if (b.you) side.push(el('p', { id: 'board-you', textContent: `You: #${b.you.rank}, ${b.you.points} points` }));
    if (b.yesterday) side.push(el('p', { id: 'board-yesterday', textContent: `Yesterday's winner: ${b.yesterday.name}, ${b.yesterday.points} points` }));
    const ol = el('ol', { id: 'board-top', className: 'board-top' });
    for (const e of b.top) ol.append(row(e, b.you && e.entry === b.you.entry));
    const lists = [ol];
    if (b.friends.length) {
      const fl = el('ul', { id: 'board-friends-list' });
      for (const e of b.friends) fl.append(row(e, false));
      lists.push(el('h3', { textContent: 'Friends' }), fl);
    }
    return { side, lists };
  }
  /** The screen: the title; the side (you, the day); the lists; Back. A short landscape screen sets the side and the lists side by side (kick.css). */
  async function show() {
    const side = el('div', { className: 'board-side' }, ...youForm());
    if (state.queue.length) side.append(el('p', { id: 'board-queued', textContent: `${state.queue.length} tr${state.queue.length === 1 ? 'y' : 'ies'} waiting to be sent` }));
    const list = el('div', { className: 'board-list' });
    inner.replaceChildren(el('h2', { textContent: "Today's board" }), side, list);
    let b = null;
    try {
      b = await fetchBoard();
    } catch {
      b = null;
    }
    if (!b) side.append(el('p', { textContent: 'The board cannot be reached now: tries are kept and sent later.' }));
    else {
      const lines = boardLines(b);
      side.append(...lines.side);
      list.append(...lines.lists);
    }
    const close = el('button', { id: 'board-close', className: 'btn', textContent: 'Back' });
    close.addEventListener('click', () => panel.classList.add('hidden'));
    inner.append(close);
    panel.classList.remove('hidden');
  }
  const open = el('button', { id: 'btn-board', className: 'btn big', textContent: "Today's board" });
  open.addEventListener('click', () => show());
  document.getElementById('btn-daily')?.after(open);
  document.querySelector('#result .panel')?.append(rankLine);
  return { toast, refreshRank, fetchBoard, show, askName };
}

export function attachBoard(game) {
  const state = {
    base: undefined, device: deviceKey(), name: get(STORE_NAME, ''), friends: get(STORE_FRIENDS, []),
    queue: get(STORE_QUEUE, []), dayName: get(STORE_DAY_NAME, null), nameProblem: null, input: null, pending: null, sending: false, lastRank: null, kb: null,
    sent: 0, answered: [],
  };
  const api = { state };
  const ui = {};
  const sender = createSender(state, api, ui);
  Object.assign(ui, createPanel(state, api, sender.base));
  followInput(game, state, (p, claim) => sender.enqueue(p, claim).catch((e) => console.warn(`board: ${e.message}`)));
  window.addEventListener('online', () => sender.flush());
  setInterval(() => sender.flush(), 30000);

  api.setName = (n) => {
    if (!nameOk(n)) return false;
    state.name = n;
    state.nameProblem = null;
    put(STORE_NAME, n);
    sender.flush();
    return true;
  };
  api.setFriends = (list) => {
    state.friends = list.filter(nameOk).slice(0, 50);
    put(STORE_FRIENDS, state.friends);
  };
  /** The entry's replay as a share link the page plays (kick/?share=CODE), or null. */
  api.watchLink = async (entry) => {
    const url = await sender.base();
    if (!url) return null;
    const r = await fetch(`${url}/api/board/entry/${Number(entry)}`);
    const e = r.ok ? await r.json() : null;
    return e && e.share ? `${location.pathname}?share=${e.share}` : null;
  };
  api.watch = async (entry) => {
    const link = await api.watchLink(entry);
    if (link) location.assign(link);
    return link;
  };
  api.flush = sender.flush;
  api.show = ui.show;
  api.fetchBoard = ui.fetchBoard;
  sender.flush();
  return api;
}

// The page's game appears once its module is loaded (window.__kick.game): attach then.
function autoAttach() {
  const t0 = Date.now();
  const tick = () => {
    const k = window.__kick;
    if (k && k.game && !k.board) {
      k.board = attachBoard(k.game);
      return;
    }
    if (Date.now() - t0 < 120000) setTimeout(tick, 50);
  };
  tick();
}
if (typeof window !== 'undefined' && window.document) autoAttach();
