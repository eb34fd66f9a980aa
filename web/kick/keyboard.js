// SPDX-License-Identifier: MIT
// The keyboard: arrows aim and lift, B (or Q/E) bends, holding Space charges
// the power and releasing it kicks: the module reads the keys
// (kick_keys_read) with the key events' own timestamps. Escape or P pauses;
// Enter or Space moves on from a result or skips a replay. The keys' panel
// shows the aim, height, bend and power while they are used.
import { $ } from '../src/dom.js';
import { SCREEN } from './game.js';
import { setText } from './hud.js';
import { hideCoach } from './coach.js';
import { openMenu, closeMenu } from './menus.js';
import { nextKick } from './result.js';

const BEND_STEPS = [0, 0.5, 1, -0.5, -1];

function sendKeys(page) {
  const k = page.ui.keys;
  page.game.keysSet(k.aim, k.height, k.bend);
  k.used = true;
}

/** Escape or P: opens the menu, or closes it back to the game. Not over the trophy. */
function pauseKey(page, e) {
  const { ui } = page;
  if (!$('trophy').classList.contains('hidden')) return;
  if (ui.menuOpen && ui.lastScreen >= 0) closeMenu(page);
  else if (!ui.menuOpen) openMenu(page);
  e.preventDefault();
}

/** A key while aiming: moves the aim, height or bend, or starts charging (Space). */
function aimKey(page, e) {
  const { game, ui } = page;
  const k = ui.keys;
  const step = e.shiftKey ? 0.02 : 0.06;
  switch (e.key) {
    case 'ArrowLeft': k.aim = Math.max(-1, +(k.aim - step).toFixed(3)); break;
    case 'ArrowRight': k.aim = Math.min(1, +(k.aim + step).toFixed(3)); break;
    case 'ArrowUp': k.height = Math.min(1, +(k.height + step).toFixed(3)); break;
    case 'ArrowDown': k.height = Math.max(0, +(k.height - step).toFixed(3)); break;
    case 'b': case 'B': k.bend = BEND_STEPS[(BEND_STEPS.indexOf(k.bend) + 1) % BEND_STEPS.length] ?? 0; break;
    case 'q': case 'Q': k.bend = Math.min(1, +(k.bend + 0.25).toFixed(2)); break;
    case 'e': case 'E': k.bend = Math.max(-1, +(k.bend - 0.25).toFixed(2)); break;
    case ' ':
      e.preventDefault();
      if (e.repeat || ui.swipe) return;
      page.sound.unlock();
      if (!k.used) sendKeys(page);
      game.keysCharge(e.timeStamp / 1000);
      hideCoach(page);
      return;
    default: return;
  }
  e.preventDefault();
  sendKeys(page);
}

function keyDown(page, e) {
  const { game, ui } = page;
  if (e.key === 'Escape' || e.key === 'p' || e.key === 'P') return pauseKey(page, e);
  if (ui.menuOpen) return;
  if (ui.resultShown) {
    if (e.key === 'Enter' || e.key === ' ') {
      if (!e.repeat) nextKick(page);
      e.preventDefault();
    }
    return;
  }
  game.read();
  const screen = game.v('screen');
  if (e.key === ' ' && screen !== SCREEN.AIM) {
    if (!e.repeat && (screen === SCREEN.REPLAY || game.v('replay_pending') || game.v('can_skip'))) game.tap(0, 0);
    e.preventDefault();
    return;
  }
  if (screen !== SCREEN.AIM) return;
  aimKey(page, e);
}

/** Space let go while charging: the kick. */
function keyUp(page, e) {
  const { game, ui } = page;
  if (e.key !== ' ' || ui.menuOpen || ui.resultShown) return;
  game.read();
  if (!game.v('key_charging')) return;
  const st = game.keysRelease(e.timeStamp / 1000);
  page.api.lastStatus = st;
  if (st === 0) page.sound.whistle();
  e.preventDefault();
}

export function bindKeyboard(page) {
  window.addEventListener('keydown', (e) => keyDown(page, e));
  window.addEventListener('keyup', (e) => keyUp(page, e));
}

/** The keys' panel while they are used (or Space is held) on the aiming screen. */
export function keysHud(page) {
  const { game, ui } = page;
  const charging = game.v('key_charging') !== 0;
  const on = game.v('screen') === SCREEN.AIM && (ui.keys.used || charging) && !ui.menuOpen;
  document.body.classList.toggle('keying', on);
  if (!on) return;
  const power = charging ? game.keysPower(performance.now() / 1000) : 0;
  $('key-power').style.height = `${(power * 100).toFixed(0)}%`;
  const b = game.v('key_bend');
  setText(page, 'key-text', `aim ${game.v('key_aim') >= 0 ? '→' : '←'} ${Math.abs(game.v('key_aim')).toFixed(2)}\nheight ${game.v('key_height').toFixed(2)}\nbend ${b === 0 ? 'none' : `${Math.abs(b).toFixed(2)} ${b > 0 ? 'left' : 'right'}`}${charging ? `\npower ${(power * 100).toFixed(0)}%` : '\nhold Space'}`);
}
