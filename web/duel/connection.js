// SPDX-License-Identifier: MIT
// The page's link to the relay (net.js) and what it does with each of the
// relay's messages: a seat taken or taken back, a match to watch, the start,
// the other page's bytes (handed to the module as they are), the other
// player leaving or coming back, and the relay's errors.
import { $ } from '../src/dom.js';
import { RelayLink } from './net.js';
import { showStatus } from './status.js';
import { setLobbyNote, showLink, nextSeat, fail, beginWatching } from './lobby.js';

const WATCH_DELAY = 60; // a watcher's steps behind the players' confirmed edge (0.1 s: it never stalls on the next message)

function nonce() {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return [a[0], a[1]];
}

/** A seat in a new room (created) or a room joined from its link. */
function seated(page, m) {
  const { ui, api } = page;
  ui.room = api.room = m.room;
  ui.seat = api.seat = m.seat;
  page.seats.remember(m.room, m.seat, m.token, false);
  ui.token = m.token;
  if (m.seat === 0) {
    showLink(page, m.room);
    // This page's own address names the room, so a reload comes back to it.
    const here = new URLSearchParams(location.search);
    here.set('room', m.room);
    history.replaceState(null, '', `${location.pathname}?${here}`);
  } else {
    setLobbyNote('Joined. Starting…');
  }
}

/** A kept seat taken back: still in the lobby, or a match the other device hands over. */
function reseated(page, m) {
  const { ui, api, duel } = page;
  ui.room = api.room = m.room;
  ui.seat = api.seat = m.seat;
  if (!m.started) {
    // Back in its own lobby: still waiting for the opponent.
    showLink(page, m.room);
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
  showStatus(page, 'Back in your seat — resuming the match…');
  if (!page.manual) duel.resume();
}

/** A watch link, or a join of a room whose two seats are taken: this page follows the match. */
function watching(page, m) {
  const { ui, api, duel } = page;
  ui.watching = api.watching = true;
  ui.room = api.room = m.room;
  const st = duel.watch(m.room, WATCH_DELAY);
  if (st !== 0) return fail(`cannot watch this match: ${duel.status(st)}`);
  setLobbyNote('Watching: the match starts when both players are in…');
  if (m.started) beginWatching(page);
}

/** Both players are in: the match starts (seat -1: this page watches it). */
function start(page, seat) {
  const { ui, api, duel } = page;
  if (seat < 0) return beginWatching(page);
  if (ui.token) page.seats.remember(ui.room, seat, ui.token, true);
  const st = duel.init(seat, ui.room);
  if (st !== 0) return fail(`the match did not start: ${duel.status(st)}`);
  ui.started = api.started = true;
  $('lobby').classList.add('hidden');
  if (!page.manual) duel.resume();
}

function data(page, bytes) {
  const { duel } = page;
  if (!page.ui.started) return;
  const st = duel.receive(bytes);
  if (st !== 0) page.api.errors.push(`refused a message: ${duel.status(st)} (${duel.text()})`);
  const reply = duel.reply(); // an answer to the other page's handover request
  if (reply) page.link.data(reply, true);
}

/** The other player lost the connection, came back, or is gone for good. */
function peer(page, what, detail) {
  const { ui, duel } = page;
  if (ui.watching) {
    if (what === 'left') showStatus(page, `A player lost the connection — waiting for them, ${detail} s left`, true, detail);
    else if (what === 'back') showStatus(page, 'The player is back', false, 0, 2500);
    else if (what === 'gone' && !page.api.over) showStatus(page, detail === 'left' ? 'A player left the match' : 'The match has ended', true);
    return;
  }
  if (what === 'left') showStatus(page, `Your opponent lost the connection — waiting for them, ${detail} s left`, true, detail);
  else if (what === 'back') showStatus(page, 'Your opponent is back', false, 0, 2500);
  else if (what === 'gone') {
    if (duel.read().v('ready') && !duel.v('over')) duel.abandon(1 - ui.seat);
    showStatus(page, detail === 'left' ? 'Your opponent left the match' : 'Your opponent did not come back: the match is yours', true);
  }
}

/** An error before the match: another kept seat, a new lobby, or the reason told. */
function lobbyError(page, m) {
  const { ui, params } = page;
  if (ui.tokens.length && (m.code === 'bad-token' || m.code === 'room-full')) return nextSeat(page, m.code);
  if (m.code === 'unknown-room' && ui.rejoining && ui.rejoinLobby) {
    // This page's own lobby closed when it was reloaded (the relay keeps no seat of a room
    // that never started): open a new one, whose link is to be sent again.
    page.seats.forget(params.get('room'));
    ui.rejoining = ui.rejoinLobby = false;
    $('lobby-error').classList.add('hidden');
    setLobbyNote('Your room closed when this page was reloaded: here is a new one. Send the new link.');
    return page.link.create();
  }
  if (m.code === 'unknown-room' && ui.rejoining) {
    page.seats.forget(params.get('room'));
    return fail('You were away too long: the match has ended, and the side that left loses it.');
  }
  return fail(m.code === 'unknown-room' ? 'That room does not exist (any more).' : m.message);
}

function error(page, m) {
  const { ui, duel } = page;
  page.api.errors.push(`${m.code}: ${m.message}`);
  if (!ui.started) return lobbyError(page, m);
  if (m.code === 'unknown-room') {
    page.seats.forget(ui.room);
    if (duel.read().v('ready') && !duel.v('over')) duel.abandon(ui.seat); // the match ends for the side that left
    ui.resuming = false;
    showStatus(page, 'You were away too long: the match has ended, and the side that left loses it', true);
  }
}

/** The page's relay link, its messages handled as above. */
export function connect(page) {
  return new RelayLink(page.relayUrl, {
    seated: (m) => seated(page, m),
    reseated: (m) => reseated(page, m),
    watching: (m) => watching(page, m),
    start: (seat) => start(page, seat),
    data: (bytes) => data(page, bytes),
    peer: (what, detail) => peer(page, what, detail),
    status(what) {
      if (what === 'reconnecting') showStatus(page, 'Connection lost — reconnecting…', true);
      else if (what === 'rejoined') showStatus(page, null);
    },
    error: (m) => error(page, m),
  });
}
