// SPDX-License-Identifier: MIT
// The frame loop: time and the relay's bytes handed to the module, the
// picture drawn; the drawing's size; the developer's figures (?debug, or the
// D key); and the test hooks that hand the frames themselves (?manual).
import { $ } from '../src/dom.js';
import { setText } from './hud.js';
import { draw, frameHud } from './view.js';

function resize(page) {
  const { stadium, duel, touch } = page;
  const r = $('stage').getBoundingClientRect();
  const dpr = Math.min(window.devicePixelRatio || 1, 2);
  stadium.resize(r.width, r.height);
  duel.screen(r.width, r.height); // the shooter's aiming camera is framed for it
  touch.width = Math.round(r.width * dpr);
  touch.height = Math.round(r.height * dpr);
}

/** Resizes with the window; a hidden page pauses the match's clock. */
export function bindWindow(page) {
  window.addEventListener('resize', () => resize(page));
  resize(page);
  document.addEventListener('visibilitychange', () => (document.hidden ? page.duel.pause() : page.duel.resume()));
}

/** Hands the module time up to `target` (s) and sends what it has for the relay. */
function step(page, target) {
  const { duel, link } = page;
  duel.frame(target);
  // What goes out waits while the page's budget under the relay's rate is spent (net.js).
  const msg = link.canSend() ? duel.send() : null; // a player's message, or a watcher's request for the confirmed inputs it lacks
  if (msg) link.data(msg);
  // A player answers the watchers (the oldest step asked for, then the newest): two messages a frame at most.
  for (let i = 0; i < 2 && !page.ui.watching && link.canSend(); i++) {
    const answer = duel.watchReply();
    if (!answer) break;
    link.data(answer);
  }
  page.api.frames++;
}

function setDebug(page, on) {
  page.debug = on;
  document.body.classList.toggle('debug', page.debug);
  if (!page.debug) setText(page, 'net', '');
}

/** Network and engine figures for developers: shown with ?debug; the D key toggles them. */
export function bindDebug(page) {
  setDebug(page, page.debug);
  page.api.setDebug = (on) => setDebug(page, on);
  window.addEventListener('keydown', (e) => {
    if ((e.key === 'd' || e.key === 'D') && !e.repeat && !e.ctrlKey && !e.metaKey && !e.altKey) setDebug(page, !page.debug);
  });
}

// ?manual: a test hands the frames (scripted timestamps) and asks for drawing.
export function addTestHooks(page) {
  const { duel, api, ui, clock } = page;
  api.run = (n, dtMs = 1000 / 60) => {
    for (let i = 0; i < n && ui.started; i++) step(page, (clock.manualT += dtMs) / 1000);
    duel.read();
    frameHud(page);
    return api.view();
  };
  api.draw = () => draw(page, performance.now());
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
}

function loop(page, now) {
  if (page.ui.started && !page.manual) step(page, now / 1000);
  if (!page.manual) draw(page, now);
  requestAnimationFrame((t) => loop(page, t));
}

/** Starts the animation frames and draws the first picture now. */
export function startFrames(page) {
  requestAnimationFrame((t) => loop(page, t));
  draw(page, performance.now());
}
