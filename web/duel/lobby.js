// SPDX-License-Identifier: MIT
// The lobby: create a room and send its link, join one from a link, come back
// to a kept seat, or watch a match (a watch link, or a room whose two seats
// are taken).
import { $, setText } from '../src/dom.js';
import { showStatus } from './status.js';

export function setLobbyNote(t) {
  $('lobby-note').textContent = t;
}

export function fail(msg) {
  $('lobby-error').textContent = msg;
  $('lobby-error').classList.remove('hidden');
}

/** The room's links, to play (sent to the opponent) and to watch, shown while waiting. */
export function showLink(page, room) {
  const { params, api } = page;
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
export function nextSeat(page, why) {
  const { ui, link, params } = page;
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

/** The match begins for a watcher: the players are named by seat. */
export function beginWatching(page) {
  const { ui, api } = page;
  ui.started = api.started = true;
  $('lobby').classList.add('hidden');
  document.body.classList.add('watching');
  setText(ui.text, 'who-you', 'Player 1');
  setText(ui.text, 'who-them', 'Player 2');
  showStatus(page, 'Watching — catching up with the match…');
  if (!page.manual) page.duel.resume();
}

export function bindLobby(page) {
  $('btn-create').addEventListener('click', () => page.link.create());
  $('btn-copy').addEventListener('click', async () => {
    $('room-link').select();
    try {
      await navigator.clipboard.writeText(page.api.link);
      setLobbyNote('Link copied. Waiting for your opponent…');
    } catch {
      setLobbyNote('Copy the link and send it. Waiting for your opponent…');
    }
  });
}

/** The lobby waits (no create button, no room link) while the page joins. */
function waitInLobby() {
  $('lobby-start').classList.add('hidden');
  $('lobby-wait').classList.remove('hidden');
  $('room-link').classList.add('hidden');
  $('btn-copy').classList.add('hidden');
}

/** A ?watch= or ?room= link: watches, comes back to a kept seat, or joins. */
export function joinFromLink(page) {
  const { params, ui, link } = page;
  if (params.get('watch')) {
    waitInLobby();
    setLobbyNote('Joining as a watcher…');
    link.watch(params.get('watch'));
  } else if (params.get('room')) {
    waitInLobby();
    ui.tokens = page.seats.tokens(params.get('room'));
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
}
