// SPDX-License-Identifier: MIT
// The result of a kick: its title and moments, how it flew, the points it
// earned, what it did for the level or the day, and the mark where it crossed
// the goal line. Then the next kick, as the session decides it.
import { $ } from '../src/dom.js';
import { MODE, POINTS_FOR } from './game.js';
import { OUTCOME_TITLE, MOMENT_LABEL, fmt, starText, bendWords } from './words.js';
import { STORE_COACH, save, saveAttempt, saveProgress } from './store.js';
import { openMenu, renderTour, showPanel, showDailySummary, startTour } from './menus.js';
import { showTrophy } from './trophy.js';

/** The title (GOAL!, SAVED, ...) and the chips of the kick's moments. */
function showTitle(page, outcome, goal) {
  const { game } = page;
  const moments = game.v('last_moments');
  $('result-title').textContent = OUTCOME_TITLE[outcome] || outcome.toUpperCase();
  $('result-title').className = 'result-title ' + (goal ? 'good' : 'bad');
  const chips = $('result-moments');
  chips.textContent = '';
  for (let bit = 1; bit <= 256; bit <<= 1) {
    if (moments & bit) {
      const c = document.createElement('span');
      c.className = 'chip';
      c.textContent = MOMENT_LABEL[game.momentName(bit)] || game.momentName(bit);
      chips.append(c);
    }
  }
}

/** How fast, how much it bent, where it crossed; a miss says where it went in words, with a tip. Returns the miss's words. */
function showFlight(page, goal) {
  const { game } = page;
  const speed = game.v('launch_speed');
  const crossed = game.v('crossed') !== 0;
  // Each part keeps to one line (a number never parts from its unit).
  const stats = $('result-stats');
  stats.textContent = '';
  const parts = [`${speed.toFixed(1)} m/s`, bendWords(game.v('bend'))];
  // A miss says where it went in words (kx_miss_text); a goal where it went in.
  const miss = goal ? '' : game.missText();
  $('result-miss').textContent = miss ? miss[0].toUpperCase() + miss.slice(1) : '';
  $('result-tip').textContent = game.missTip();
  if (crossed && goal) parts.push(`crossed ${Math.abs(game.v('cross_x')).toFixed(1)} m ${game.v('cross_x') > 0 ? 'left' : 'right'}, ${game.v('cross_y').toFixed(1)} m up`);
  parts.forEach((text, i) => {
    if (i > 0) stats.append(' · ');
    const span = document.createElement('span');
    span.textContent = text;
    stats.append(span);
  });
  return miss;
}

/** The points the kick earned, item by item (kx_points), and their total. */
function showPoints(page) {
  const { game } = page;
  const items = game.points();
  const pl = $('result-points');
  pl.textContent = '';
  const label = (it) => (it.kind === POINTS_FOR.GOAL ? 'Goal' : it.kind === POINTS_FOR.RING ? `Ring ${it.what + 1}` : MOMENT_LABEL[game.momentName(it.what)] || game.momentName(it.what));
  let total = 0;
  for (const it of items) {
    total += it.points;
    pl.insertAdjacentHTML('beforeend', `<span>${label(it)}</span><span>${it.kind === POINTS_FOR.GOAL ? '' : '+'}${fmt(it.points)}</span>`);
  }
  pl.insertAdjacentHTML('beforeend', `<span class="total">Points</span><span class="total">${fmt(total)}</span>`);
  pl.classList.toggle('hidden', items.length === 0); // a miss earns nothing: no list of nothing
}

/** A World Tour kick for stars: passed (and the next star's rule), or the attempts left. */
function tourNote(page) {
  const { game, ui } = page;
  const level = game.v('level');
  saveProgress(page);
  const best = game.levelBest(level);
  if (game.v('passed') !== 0) {
    let note = `Level passed on attempt ${game.v('attempt')} · best ${fmt(best)} points`;
    const stars = game.v('stars');
    const next = level + 1 < game.levelCount() ? 'Next level' : 'See your trophy';
    ui.tourDone = game.v('tour_complete') !== 0;
    const rule = game.levelText(level, `star${Math.min(game.v('star_count'), stars + 1)}`);
    if (stars < game.v('star_count') && rule) note += ` · next star: ${rule}`;
    return { note, next };
  }
  const left = game.v('attempts_max') - game.v('attempt');
  let note = left > 0 ? `${left} attempt${left === 1 ? '' : 's'} left` : 'Out of attempts: the level starts again';
  const rule = game.levelText(level, 'star1');
  if (rule) note = `To pass: ${rule.toLowerCase()} · ${note}`;
  return { note, next: 'Next kick' };
}

/** What the kick did for the level, the day or nobody (a friendly, a shared kick), and the next button's word. */
function resultNote(page) {
  const { game } = page;
  const mode = game.v('mode');
  page.ui.tourDone = false;
  if (mode === MODE.TOUR && game.v('friendly')) {
    return { note: 'A friendly: your friend kept goal, so it earns no stars and uses no attempt. Switch the friend off in Settings to play for stars.', next: 'Kick again' };
  }
  if (mode === MODE.TOUR) return tourNote(page);
  if (mode === MODE.DAILY) {
    saveProgress(page);
    const left = game.v('daily_tries_left');
    const note = `Try ${game.v('daily_tries')} of ${game.v('daily_tries_max')} · today's best ${fmt(game.v('daily_best'))} · streak ${game.v('daily_streak')}`;
    return { note, next: left > 0 ? 'Next try' : "Today's result" };
  }
  return { note: 'A shared kick, replayed from its code', next: 'Play the World Tour' };
}

/** Shows the result of the kick the view holds. */
export function showResult(page) {
  const { game, ui, coach } = page;
  game.read();
  ui.resultShown = true;
  const outcome = game.outcomeName(game.v('last_outcome'));
  const mode = game.v('mode');
  const goal = outcome === 'goal';
  showTitle(page, outcome, goal);
  const crossed = game.v('crossed') !== 0;
  const miss = showFlight(page, goal);
  showPoints(page);
  const { note, next } = resultNote(page);
  if (goal) {
    coach.scored = true;
    save(STORE_COACH, coach);
  }
  $('result-stars').textContent = mode === MODE.TOUR && !game.v('friendly') ? starText(game, game.v('last_stars')) : '';
  $('result-note').textContent = note;
  $('btn-next').textContent = next;
  $('share-link').classList.add('hidden');
  $('result').classList.remove('hidden');
  $('cross-label').textContent = miss;
  ui.crossMark = crossed ? { x: game.v('cross_x'), y: game.v('cross_y'), z: game.v('cross_z'), goal } : null;
  $('result').dataset.dock = '';
  ui.docked = false;
  placeResult(page);
}

export function hideResult(page) {
  page.ui.resultShown = false;
  page.ui.crossMark = null;
  $('result').classList.add('hidden');
}

// The crossing, marked in the picture: projected with the camera the player
// sees, each frame while the result shows (the camera may still turn). The
// panel keeps out of its way: centred when that covers nothing, else docked
// to the side (or top or bottom) away from the mark.
const DOCKS = { wide: ['', 'left', 'right', 'bottom', 'top'], tall: ['', 'bottom', 'top', 'left', 'right'] };

/** The crossing's place on screen (CSS px, kept 18 px inside its edges), or null when it is behind the camera. */
function crossOnScreen(page) {
  const c = page.ui.crossMark;
  if (!c) return null;
  const r = $('stage').getBoundingClientRect();
  page.stadium.camera.updateMatrixWorld();
  const p = page.stadium.project(c.x, Math.max(0.12, c.y), c.z);
  if (!p.visible) return null;
  const m = 18;
  const x = p.x * r.width, y = p.y * r.height;
  const cx = Math.min(r.width - m, Math.max(m, x)), cy = Math.min(r.height - m, Math.max(m, y));
  return { x: cx, y: cy, edge: cx !== x || cy !== y, w: r.width, h: r.height };
}

/** The screen box (CSS px) of the goal's frame as the camera shows it, or null. */
function goalOnScreen(stadium, w, h) {
  const pts = [[-3.78, 0], [3.78, 0], [-3.78, 2.56], [3.78, 2.56]].map(([x, y]) => stadium.project(x, y, 0));
  if (pts.some((p) => !p.visible)) return null;
  const xs = pts.map((p) => p.x * w), ys = pts.map((p) => p.y * h);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

/** Places the crossing's mark and its words; returns the mark (null when none is drawn). */
function placeMark(page) {
  const mark = crossOnScreen(page);
  const el = $('cross-mark');
  el.classList.toggle('hidden', !mark);
  page.api.crossMark = mark;
  if (!mark) return null;
  el.style.left = `${mark.x.toFixed(1)}px`;
  el.style.top = `${mark.y.toFixed(1)}px`;
  el.classList.toggle('goal', page.ui.crossMark.goal);
  el.classList.toggle('edge', mark.edge);
  el.classList.toggle('label-above', mark.y > mark.h * 0.6);
  el.classList.toggle('label-start', mark.x < 150);
  el.classList.toggle('label-end', mark.x > mark.w - 150);
  return mark;
}

/** Keeps the result's panel off the mark (and off the goal, if it can). */
export function placeResult(page) {
  const mark = placeMark(page);
  if (!mark) return;
  const el = $('cross-mark');
  const res = $('result');
  const panel = res.querySelector('.panel');
  // What must stay in sight: the mark and its words; if the panel can, the goal as well.
  const pad = 14;
  const boxes = [el.querySelector('i'), el.querySelector('span')].map((e) => e.getBoundingClientRect()).filter((b) => b.width > 0);
  const keep = boxes.reduce((a, b) => ({ left: Math.min(a.left, b.left), right: Math.max(a.right, b.right), top: Math.min(a.top, b.top), bottom: Math.max(a.bottom, b.bottom) }));
  const goalBox = goalOnScreen(page.stadium, mark.w, mark.h);
  const wide = goalBox ? { left: Math.min(keep.left, goalBox.left), right: Math.max(keep.right, goalBox.right), top: Math.min(keep.top, goalBox.top), bottom: Math.max(keep.bottom, goalBox.bottom) } : keep;
  const clear = (b, k) => k.right < b.left - pad || k.left > b.right + pad || k.bottom < b.top - pad || k.top > b.bottom + pad;
  if (clear(panel.getBoundingClientRect(), keep) && (page.ui.docked || clear(panel.getBoundingClientRect(), wide))) return;
  // Opposite the mark first.
  const order = mark.w > mark.h ? DOCKS.wide.slice() : DOCKS.tall.slice();
  const away = (d) => (d === 'left' ? mark.x > mark.w / 2 : d === 'right' ? mark.x < mark.w / 2 : d === 'top' ? mark.y > mark.h / 2 : d === 'bottom' ? mark.y < mark.h / 2 : true);
  order.sort((a, b) => Number(away(b)) - Number(away(a)));
  page.ui.docked = true;
  for (const k of [wide, keep]) {
    for (const d of order) {
      res.dataset.dock = d;
      if (clear(panel.getBoundingClientRect(), k)) return;
    }
  }
  farthestDock(res, panel, order, mark);
}

/** Nowhere clears the mark (a tiny screen): the dock as far from it as the panel goes. */
function farthestDock(res, panel, order, mark) {
  let best = '', bestGap = -Infinity;
  for (const d of order) {
    res.dataset.dock = d;
    const b = panel.getBoundingClientRect();
    const gap = Math.max(b.left - mark.x, mark.x - b.right, b.top - mark.y, mark.y - b.bottom);
    if (gap > bestGap) [best, bestGap] = [d, gap];
  }
  res.dataset.dock = best;
}

/** The result's Next button (or Enter, Space): the next kick, level or day as the session has it. */
export function nextKick(page) {
  const { game, ui } = page;
  game.read();
  const mode = game.v('mode');
  if (mode === MODE.SHARED) {
    history.replaceState(null, '', location.pathname);
    return startTour(page, 0);
  }
  if (ui.tourDone) return showTrophy(page);
  const st = game.next();
  if (st !== 0) {
    if (mode === MODE.DAILY) return showDailySummary(page);
    openMenu(page);
    renderTour(page);
    showPanel('menu-tour');
    return;
  }
  if (mode === MODE.TOUR) saveAttempt(page);
  if (mode === MODE.DAILY) saveProgress(page);
  game.read();
  if (game.v('level') !== ui.marksFor) ui.crossings = [];
  hideResult(page);
}

export function bindResult(page) {
  $('btn-next').addEventListener('click', () => nextKick(page));
  $('btn-result-menu').addEventListener('click', () => openMenu(page));
}
