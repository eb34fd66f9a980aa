// SPDX-License-Identifier: MIT
// The free-kick page: it draws the simulation's view and forwards input;
// every rule (what a swipe or a key press means, when slow motion starts,
// what a goal earns, how many tries a day) is in the wasm module. The page
// keeps the player's progress in localStorage and gives it back to the
// module on the next visit.
//
// This file puts the page together. Its parts share one `page` value: the
// game (game.js), the stadium, the sound, what is stored (the tour's attempt,
// the settings, the coach's flag), the page's own state (`ui`) and the test
// hooks (`api`, window.__kick). The parts: menus.js (menus and starts of
// play), hud.js (the play screen's HUD and toasts), pointer.js and
// keyboard.js (input), coach.js, events.js (sounds and flashes of the
// module's events), result.js, share.js, trophy.js, settings.js, store.js
// (localStorage) and frame.js (the frame loop and its test hooks).
import { $ } from '../src/dom.js';
import { Stadium } from '../src/stadium/stadium.js';
import { createGame, SCREEN } from './game.js';
import { Sound } from './audio.js';
import { STORE_TOUR, STORE_SETTINGS, STORE_COACH, load, restoreProgress, spendOnKick } from './store.js';
import { applySettings, bindSettings } from './settings.js';
import { bindMenus, renderLabels } from './menus.js';
import { bindResult } from './result.js';
import { bindShare } from './share.js';
import { bindTrophy } from './trophy.js';
import { toast } from './hud.js';
import { bindPointer } from './pointer.js';
import { bindKeyboard } from './keyboard.js';
import { bindWindow, addTestHooks, startFrames } from './frame.js';

/** The page's parts and state, before any of them is bound. */
async function createPage(params) {
  const game = await createGame();
  if (params.has('logmax')) game.log.max = Math.max(100, Number(params.get('logmax')) || 100);
  const stadium = new Stadium($('gl'));
  const sound = new Sound();
  stadium.onThunder = () => sound.thunder();
  const trail = $('trail');
  const ui = {
    menuOpen: true, lastScreen: -1, resultShown: false, swipe: null, trailPts: [], toastTimer: 0, text: {},
    crossings: [], marksFor: null, keys: { aim: 0, height: 0.45, bend: 0, used: false }, coachT: 0,
  };
  return {
    params, game, stadium, sound, trail, ui,
    tctx: trail.getContext('2d'),
    tour: load(STORE_TOUR, { stars: [], best: [], attempt: null }),
    settings: load(STORE_SETTINGS, { effects: true, keeper: false, sound: true, music: true, haptics: true }),
    coach: load(STORE_COACH, { scored: false }),
    api: { game, ready: false, log: game.log, events: [], frames: 0, lastStatus: 0, stadium },
    manual: params.has('manual'),
    clock: { lastTs: null, manualT: 1000 }, // the last animation frame's time (ms); the scripted time of ?manual (s)
  };
}

/** A share link (?share=): its kick is replayed; one that cannot be read leaves the menu open. */
function openShare(page, shareCode) {
  const { game, api } = page;
  const res = game.loadShare(shareCode);
  const st = res.status;
  if (st === 0) {
    page.ui.menuOpen = false;
    $('menu').classList.add('hidden');
    page.ui.lastScreen = SCREEN.FLIGHT;
    api.shareStatus = 'ok';
    return;
  }
  api.shareStatus = game.status(st);
  api.shareMessage = res.message;
  // The decoder's own words (api.shareMessage) are for tests and bug reports, not for players.
  toast(page, 'This share link cannot be read. Ask for a new one, or play the World Tour.');
  game.init(0);
  game.pause();
}

// The order below is the order of the module calls the page logs
// (window.__kick.log, replayed natively by the tests): progress given back,
// then the screen's size, the options, the first level.
async function main() {
  const params = new URLSearchParams(location.search);
  const page = await createPage(params);
  const { game } = page;
  window.__kick = page.api;
  restoreProgress(page);
  spendOnKick(page);
  bindSettings(page);
  bindMenus(page);
  bindResult(page);
  bindShare(page);
  bindTrophy(page);
  bindPointer(page);
  bindKeyboard(page);
  bindWindow(page);
  addTestHooks(page);
  applySettings(page);
  game.init(0);
  renderLabels(page);
  const shareCode = params.get('share');
  if (shareCode) openShare(page, shareCode);
  else game.pause();
  startFrames(page);
}

window.__ready = false;
main().catch((e) => {
  console.error(e);
  const t = document.getElementById('toast');
  if (t) {
    t.textContent = `The game could not start: ${e.message}`;
    t.classList.remove('hidden');
  }
});
