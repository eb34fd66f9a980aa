// SPDX-License-Identifier: MIT
// The menus (main, World Tour levels, settings, the Daily Kick's day) and
// the starts of play from them. Opening a menu pauses the game; closing it
// resumes it.
import { $ } from '../src/dom.js';
import { fmt, starText, triesLine, utcDay } from './words.js';
import { saveAttempt, saveProgress } from './store.js';
import { toast } from './hud.js';
import { hideResult } from './result.js';

export function showPanel(id) {
  for (const p of document.querySelectorAll('.menu-panel')) p.classList.toggle('hidden', p.id !== id);
}

export function openMenu(page, panel = 'menu-main') {
  page.ui.menuOpen = true;
  $('menu').classList.remove('hidden');
  $('btn-resume').classList.toggle('hidden', page.ui.lastScreen < 0);
  renderLabels(page);
  showPanel(panel);
  page.game.pause();
}

export function closeMenu(page) {
  page.ui.menuOpen = false;
  $('menu').classList.add('hidden');
  page.game.resume();
}

function todayDate() {
  const date = new Date(utcDay() * 86400000);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate(), label: date.toISOString().slice(0, 10) };
}

function dailyTriesLeft(game) {
  game.read();
  return game.v('daily_day') === utcDay() ? game.v('daily_tries_max') - game.v('daily_tries') : game.v('daily_tries_max');
}

/** The main menu's lines under the World Tour and the Daily Kick. */
export function renderLabels(page) {
  const { game } = page;
  game.read();
  $('tour-label').textContent = `${game.v('tour_stars')} of ${game.v('tour_stars_max')} stars`;
  const d = todayDate();
  const left = dailyTriesLeft(game);
  $('daily-label').textContent = `${d.label} · ${left > 0 ? `${left} ${left === 1 ? 'try' : 'tries'} left` : 'played today'}${game.v('daily_streak') > 0 ? ` · streak ${game.v('daily_streak')}` : ''}`;
}

/** One level's button: its number, name, world, the attempt in play, its stars and best. */
function levelButton(page, i) {
  const { game, tour } = page;
  const unlocked = game.levelUnlocked(i);
  const b = document.createElement('button');
  b.className = 'level-btn' + (unlocked ? '' : ' locked');
  b.disabled = !unlocked;
  b.dataset.level = String(i);
  const best = game.levelBest(i);
  const resume = tour.attempt && tour.attempt.level === i && tour.attempt.attempt > 1 ? ` · attempt ${tour.attempt.attempt}` : '';
  b.innerHTML = `<span class="num">${game.levelText(i, 'id')}</span><span class="name">${game.levelText(i, 'name')}<small>${game.levelText(i, 'world')} · ${game.levelText(i, 'blurb')}${resume}</small></span><span class="stars">${starText(game, game.levelStars(i))}${best > 0 ? `<span class="best">${fmt(best)}</span>` : ''}</span>`;
  b.addEventListener('click', () => startTour(page, i));
  return b;
}

/** The World Tour's list of levels. */
export function renderTour(page) {
  const { game } = page;
  const list = $('tour-list');
  list.textContent = '';
  game.read();
  $('tour-total').textContent = `★ ${game.v('tour_stars')}/${game.v('tour_stars_max')} · ${fmt(game.v('tour_points'))} pts`;
  const n = game.levelCount();
  for (let i = 0; i < n; i++) {
    const li = document.createElement('li');
    li.append(levelButton(page, i));
    list.append(li);
  }
}

export function bindMenus(page) {
  $('btn-menu').addEventListener('click', () => openMenu(page));
  $('btn-tour').addEventListener('click', () => {
    renderTour(page);
    showPanel('menu-tour');
  });
  $('btn-settings').addEventListener('click', () => showPanel('menu-settings'));
  $('btn-resume').addEventListener('click', () => closeMenu(page));
  for (const b of document.querySelectorAll('[data-back]')) b.addEventListener('click', () => showPanel('menu-main'));
  $('btn-daily').addEventListener('click', () => startDaily(page));
}

/** Plays a World Tour level, from its stored attempt when there is one. */
export function startTour(page, level) {
  const { game, tour } = page;
  page.sound.unlock();
  const attempt = tour.attempt && tour.attempt.level === level ? tour.attempt.attempt : 1;
  let st = game.initAttempt(level, attempt);
  if (st !== 0) st = game.initAttempt(level, 1);
  if (st !== 0) return toast(page, `Cannot start level: ${game.status(st)}`);
  page.ui.crossings = [];
  saveAttempt(page);
  began(page);
}

function startDaily(page) {
  const { game } = page;
  page.sound.unlock();
  const d = todayDate();
  const st = game.initDaily(d.y, d.m, d.d);
  saveProgress(page);
  if (st !== 0) {
    // The day's three tries are used: the day's result and its share.
    showDailySummary(page);
    return;
  }
  page.ui.crossings = [];
  began(page);
}

/** The day's result, once its tries are played. */
export function showDailySummary(page) {
  const { game } = page;
  hideResult(page);
  game.read();
  const d = todayDate();
  const mask = game.v('daily_goals_mask');
  const tries = game.v('daily_tries');
  $('daily-line').innerHTML = triesLine(mask, tries, tries);
  $('daily-summary').textContent = `${d.label}: all three tries played. Best ${fmt(game.v('daily_best'))} points · streak ${game.v('daily_streak')} (best ${game.v('daily_best_streak')}). A new Daily Kick comes at midnight UTC.`;
  openMenu(page, 'menu-daily');
}

/** Play has begun: the menus, the result and the trophy go. */
function began(page) {
  page.ui.redraw = true;
  hideResult(page);
  $('trophy').classList.add('hidden');
  closeMenu(page);
  page.ui.lastScreen = 0;
}
