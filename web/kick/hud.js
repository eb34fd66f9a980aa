// SPDX-License-Identifier: MIT
// The heads-up display over the play screen: the level or the day, the
// attempts, stars and best, the wind, and the body classes the CSS keys on
// (aiming, replaying, slow motion, skippable, the friend's turn in goal).
// Also the toast, the page's one-line messages.
import { $, setText as setCachedText } from '../src/dom.js';
import { SCREEN, MODE } from './game.js';
import { fmt, starText, triesLine } from './words.js';

/** Sets a HUD element's text when it changed (the page's text cache, ui.text). */
export function setText(page, id, text) {
  setCachedText(page.ui.text, id, text);
}

function tourHud(page) {
  const { game } = page;
  const level = game.v('level');
  setText(page, 'hud-level', `${game.levelText(level, 'id')} ${game.levelText(level, 'name')}`);
  const keeper = game.v('person_keeper') ? 'a friend' : game.levelText(level, 'keeper');
  setText(page, 'hud-venue', `${game.levelText(level, 'world')}${keeper ? ` · ${keeper} in goal` : ''}`);
  setText(page, 'hud-rule', game.v('person_keeper') ? 'A friendly: no stars' : `★ ${game.levelText(level, 'star1')}`);
  const max = game.v('attempts_max');
  const at = game.v('attempt');
  let dots = '';
  for (let i = 1; i <= max; i++) dots += i < at ? '●' : i === at ? '◉' : '○';
  setText(page, 'hud-attempts', `Attempt ${at}/${max} ${dots}`);
  setText(page, 'hud-stars', starText(game, game.levelStars(level)));
  const best = game.levelBest(level);
  setText(page, 'hud-points', best > 0 ? `best ${fmt(best)}` : '');
}

function dailyHud(page) {
  const { game, ui } = page;
  setText(page, 'hud-level', 'Daily Kick');
  const keeper = game.dailyText('keeper');
  setText(page, 'hud-venue', `${game.v('year')}-${String(game.v('month')).padStart(2, '0')}-${String(game.v('day')).padStart(2, '0')} · ${game.dailyText('venue')}`);
  setText(page, 'hud-rule', keeper ? `${keeper} in goal` : '');
  const mask = game.v('daily_goals_mask');
  const tries = game.v('daily_tries_max');
  const html = `Try ${Math.min(tries, game.v('attempt'))}/${tries} ${triesLine(mask, game.v('daily_tries'), tries)}`;
  if (ui.text['hud-attempts'] !== html) {
    ui.text['hud-attempts'] = html;
    $('hud-attempts').innerHTML = html;
  }
  setText(page, 'hud-stars', game.v('daily_streak') > 0 ? `streak ${game.v('daily_streak')}` : '');
  setText(page, 'hud-points', game.v('daily_best') > 0 ? `best ${fmt(game.v('daily_best'))}` : '');
}

function sharedHud(page) {
  const { game } = page;
  const level = game.v('level');
  setText(page, 'hud-level', level >= 0 ? `${game.levelText(level, 'id')} ${game.levelText(level, 'name')}` : 'Shared kick');
  setText(page, 'hud-venue', level >= 0 ? `Shared kick · ${game.levelText(level, 'world')}` : 'Replayed from its code');
  setText(page, 'hud-rule', level >= 0 ? 'Replayed from its code' : '');
  setText(page, 'hud-attempts', '');
  setText(page, 'hud-stars', '');
  setText(page, 'hud-points', '');
}

/** The wind: its arrow, its speed, how its gusts stand against its mean. */
function windHud(page) {
  const { game } = page;
  const wx = game.v('wind_x'), wz = game.v('wind_z');
  const speed = game.v('wind_speed'), mean = game.v('wind_mean');
  const ang = (Math.atan2(-wx, wz) * 180) / Math.PI;
  $('wind-arrow').setAttribute('transform', `rotate(${ang.toFixed(1)} 20 20)`);
  $('wind').classList.toggle('calm', speed < 0.05);
  setText(page, 'wind-speed', speed.toFixed(1));
  const gust = mean > 0 ? Math.max(0, Math.min(1, 0.5 + (speed - mean) / (mean * 0.66 + 1e-9))) : 0;
  $('wind-gust').style.width = `${(gust * 100).toFixed(0)}%`;
  setText(page, 'wind-label', speed < 0.05 ? 'calm' : game.v('wind_gustiness') > 0.25 ? 'gusty' : 'steady');
}

/** The HUD for the view last read. */
export function hud(page) {
  const { game, ui } = page;
  const mode = game.v('mode');
  if (mode === MODE.TOUR) tourHud(page);
  else if (mode === MODE.DAILY) dailyHud(page);
  else sharedHud(page);
  windHud(page);
  const screen = game.v('screen');
  document.body.classList.toggle('aiming', screen === SCREEN.AIM && !ui.menuOpen);
  document.body.classList.toggle('replaying', screen === SCREEN.REPLAY);
  document.body.classList.toggle('slowmo', game.v('slow_motion') !== 0);
  document.body.classList.toggle('can-skip', screen === SCREEN.FLIGHT && game.v('can_skip') !== 0);
  document.body.classList.toggle('keeper-turn', screen === SCREEN.FLIGHT && game.v('person_keeper') !== 0 && game.v('taps') === 0 && game.v('phase') === 1);
}

/** A message for a moment at the foot of the screen. */
export function toast(page, msg) {
  const { ui } = page;
  const t = $('toast');
  t.textContent = msg;
  t.classList.remove('hidden');
  clearTimeout(ui.toastTimer);
  ui.toastTimer = setTimeout(() => t.classList.add('hidden'), 2400);
}
