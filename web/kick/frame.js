// SPDX-License-Identifier: MIT
// The frame: time handed to the module, the view read back and drawn (the
// stadium, the HUD, the result, the trail), the drawing's size given to the
// module, and the test hooks that hand the frames themselves (?manual).
import { worldOf } from '../src/stadium/worlds.js';
import { SCREEN, MODE } from './game.js';
import { hud } from './hud.js';
import { keysHud } from './keyboard.js';
import { coachFrame } from './coach.js';
import { drawTrail } from './pointer.js';
import { showResult, hideResult, placeResult } from './result.js';
import { onEvents, marksKey } from './events.js';

// The module is told the drawing's size in CSS pixels (kx_screen): it frames
// the aiming camera for it and reads swipes in its pixels. While a swipe is
// being drawn the size cannot change (the module refuses it); it is sent
// again when the swipe ends.
export function resize(page) {
  const { trail, ui } = page;
  const r = trail.getBoundingClientRect();
  const dpr = Math.min(window.devicePixelRatio || 1, 2);
  page.stadium.resize(r.width, r.height);
  trail.width = Math.round(r.width * dpr);
  trail.height = Math.round(r.height * dpr);
  const st = page.game.screen(r.width, r.height);
  ui.screenPending = st !== 0 && !!ui.swipe;
  page.api.screenStatus = st;
  ui.redraw = true;
}

/** Resizes with the window; a hidden page pauses the game and its sound. */
export function bindWindow(page) {
  window.addEventListener('resize', () => resize(page));
  resize(page);
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) {
      page.game.pause();
      page.sound.suspend();
    } else {
      if (!page.ui.menuOpen) page.game.resume();
      page.sound.resume();
      page.clock.lastTs = null;
    }
  });
}

/** The stadium dressed for the level, the day or the shared kick: its world, wet, storm or snow. */
function dressStadium(page) {
  const { game } = page;
  const mode = game.v('mode');
  const level = game.v('level');
  const venue = mode === MODE.DAILY ? game.dailyText('venue') : '';
  const onLevel = mode === MODE.TOUR || (mode === MODE.SHARED && level >= 0);
  const world = worldOf(onLevel ? 0 : 1, level, mode === MODE.SHARED ? 'shared' : venue);
  const id = onLevel ? game.levelText(level, 'id') : '';
  page.stadium.setWorld(world, { wet: game.v('wet') !== 0, storm: id === '4-4' || (game.v('wet') !== 0 && game.v('wind_mean') >= 6), snow: id === '3-4' });
}

/** Hands the module time up to `target` (s), unless a menu is open, and hears its events. */
function tick(page, target) {
  if (page.ui.menuOpen) return;
  page.game.frame(target);
  onEvents(page, page.game.events());
}

/** Reads the view and shows it: the result when it comes, the HUD, the stadium (drawn when `render`). */
function present(page, dt, render = true) {
  const { game, ui, sound, stadium } = page;
  game.read();
  const screen = game.v('screen');
  if (game.v('in_net') && !ui.inNet) sound.net();
  ui.inNet = game.v('in_net') !== 0;
  if (screen === SCREEN.RESULT && !ui.resultShown && !ui.menuOpen) showResult(page);
  if (screen !== SCREEN.RESULT && ui.resultShown) hideResult(page);
  if (ui.resultShown && render) placeResult(page);
  if (!ui.menuOpen) ui.lastScreen = screen;
  if (screen === SCREEN.AIM) stadium.markCrossings(ui.marksFor === marksKey(game) ? ui.crossings : []);
  dressStadium(page);
  hud(page);
  keysHud(page);
  coachFrame(page, performance.now());
  stadium.update(game, dt, { render, keyAim: document.body.classList.contains('keying') && game.v('screen') === SCREEN.AIM });
  if (render) drawTrail(page, performance.now());
}

// Tests may drive the frames themselves (?manual): the page then draws on
// every animation frame but only api.run() hands frames to the game, with
// scripted timestamps, so a slow machine cannot change what a test sees.
export function addTestHooks(page) {
  const { game, api, stadium, clock } = page;
  /** Test hook: n frames of dt seconds each; stops early when until(view) is true. */
  api.run = (n, dt = 1 / 60, until = null) => {
    let i = 0;
    for (; i < n; i++) {
      clock.manualT += dt;
      tick(page, clock.manualT);
      game.read();
      if (until && until((name) => game.v(name))) break;
    }
    present(page, dt);
    return i;
  };
  /**
   * Test hook: n frames of dt seconds, each posed (not rendered) and checked:
   * the ball's disc on screen and the shooter's boxes (Stadium.check). Returns
   * the frames that failed and how many were checked.
   */
  api.checkFrames = (n, dt = 1 / 60, until = null, draw = true) => {
    const bad = [];
    let i = 0;
    for (; i < n; i++) {
      clock.manualT += dt;
      tick(page, clock.manualT);
      present(page, dt, false);
      const c = stadium.check();
      if (!c.onScreen || c.overlap) bad.push({ frame: i, screen: game.v('screen'), replay: game.v('replay'), time: game.v('time'), ball: c.ball, overlap: c.overlap, onScreen: c.onScreen });
      if (until && until((name) => game.v(name))) break;
    }
    present(page, dt, draw);
    return { checked: i, bad };
  };
  api.view = (name) => game.read().v(name);
  api.check = () => stadium.check();
  api.ui = page.ui;
}

/** One animation frame; the page is ready (window.__ready) after its third. */
function frame(page, ts) {
  const { api, ui, clock } = page;
  const dt = clock.lastTs === null ? 0 : (ts - clock.lastTs) / 1000;
  clock.lastTs = ts;
  if (!page.manual) tick(page, ts / 1000);
  if (!page.manual || api.frames < 3 || ui.redraw) present(page, dt);
  else {
    // Manual frames: the HUD's animations (coach, keys) still move.
    coachFrame(page, ts);
  }
  ui.redraw = false;
  api.frames++;
  if (!api.ready && api.frames > 2) {
    api.ready = true;
    window.__ready = true;
  }
  requestAnimationFrame((t) => frame(page, t));
}

export function startFrames(page) {
  requestAnimationFrame((t) => frame(page, t));
}
