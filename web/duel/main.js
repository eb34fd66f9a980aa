// SPDX-License-Identifier: MIT
// The penalty duel page: it draws the module's view and forwards input and
// bytes; every rule (the shoot-out, rollback, what a swipe means, the record
// of the match) is in the wasm module.
//
// This file puts the page together. Its parts share one `page` value: the
// duel (game.js), the relay link (net.js), the seats this browser keeps, the
// stadium, the page's own state (`ui`) and the test hooks (`api`,
// window.__duel). The parts: relay.js (which relay), seats.js (seats kept),
// connection.js (the relay's messages), lobby.js, status.js (the status line
// and a resumed match), hud.js (the scoreboard), input.js (swipe and tap),
// view.js (the picture, the keeper's camera), result.js (the match's end and
// its record) and frame.js (the frame loop and its test hooks).
import { $ } from '../src/dom.js';
import { Stadium } from '../src/stadium/stadium.js';
import { createDuel } from './game.js';
import { relayAddress } from './relay.js';
import { KeptSeats } from './seats.js';
import { connect } from './connection.js';
import { bindLobby, joinFromLink } from './lobby.js';
import { bindPointer } from './input.js';
import { bindRecord } from './result.js';
import { bindWindow, bindDebug, addTestHooks, startFrames } from './frame.js';

/** The page's parts and state, before any of them is bound (the relay link comes once the relay is known). */
function createPage(params, duel, relayUrl) {
  const stadium = new Stadium($('gl'));
  return {
    params, duel, relayUrl, stadium,
    manual: params.has('manual'),
    // Network and engine figures (the relay's round trip, steps ahead, rollbacks,
    // hashes, step numbers) are for developers: shown with ?debug, or the D key.
    debug: params.has('debug'),
    seats: new KeptSeats(relayUrl || ''),
    link: null,
    touch: $('touch'),
    ui: { started: false, seat: -1, room: null, swipe: null, lastKick: -1, lastResults: '', status: null, peerGoneAt: 0, text: {},
      statusTimer: null, hideTimer: null, resuming: false, resumeSince: 0, tokens: [], handovers: 0, peerResumes: 0 },
    api: { ready: false, started: false, over: false, seat: -1, room: null, link: '', errors: [], duel, stadium, frames: 0,
      resumed: false, statusLog: [], flashes: [], viewFrom: '' },
    clock: { manualT: 1000, lastDraw: 0 }, // the scripted time of ?manual (ms); the last drawing's time (ms)
  };
}

/** A link naming a relay this site does not trust: no token and no move goes there. */
function refuseRelay(page, refused) {
  page.api.errors.push(`relay-refused: ${refused}`);
  $('lobby-start').classList.add('hidden');
  $('lobby-error').textContent = `This link names a relay this site does not use (${String(refused).slice(0, 100)}): open the duel from the site's own page.`;
  $('lobby-error').classList.remove('hidden');
}

async function main() {
  const params = new URLSearchParams(location.search);
  const duel = await createDuel();
  const relay = await relayAddress(params);
  const page = createPage(params, duel, relay.url);
  window.__duel = page.api;
  if (!relay.url) return refuseRelay(page, relay.refused);
  page.link = connect(page);
  page.api.relay = page.link;
  page.api.dropConnection = () => page.link.drop();
  bindLobby(page);
  joinFromLink(page);
  bindPointer(page);
  bindRecord(page);
  bindWindow(page);
  bindDebug(page);
  addTestHooks(page);
  startFrames(page);
  page.api.ready = true;
}

main().catch((e) => {
  console.error(e);
  const el = document.getElementById('lobby-error');
  if (el) {
    el.textContent = `The page could not start: ${e.message}`;
    el.classList.remove('hidden');
  }
});
