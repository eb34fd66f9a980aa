// SPDX-License-Identifier: MIT
// What the free-kick page keeps in localStorage: the settings, the coach's
// flag, the World Tour's attempt in play and the session's own progress
// bytes. The page holds no rule of its own: it stores what the session names
// and gives it back on the next visit.
import { MODE } from './game.js';

export const STORE_TOUR = 'kickstep.kick.tour';
export const STORE_SETTINGS = 'kickstep.kick.settings';
export const STORE_DAILY = 'kickstep.kick.daily';
export const STORE_COACH = 'kickstep.kick.coach';
export const STORE_PROGRESS = 'kickstep.kick.progress';

/** A stored object over its defaults (the defaults alone when nothing, or nothing readable, is stored). */
export function load(key, fallback) {
  try {
    const v = JSON.parse(localStorage.getItem(key));
    return v && typeof v === 'object' ? { ...fallback, ...v } : { ...fallback };
  } catch {
    return { ...fallback };
  }
}
export function save(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* private mode: progress is not kept */
  }
}
function loadText(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function saveText(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* private mode: progress is not kept */
  }
}

/**
 * Gives the stored progress back to the session: its own bytes
 * (kick_session_progress_save: the tour's stars and bests, the Daily Kick's
 * record, checksummed), kept as hex. A page from before them kept JSON, read
 * once and then stored as bytes.
 */
export function restoreProgress(page) {
  const { game, tour } = page;
  const storedBytes = loadText(STORE_PROGRESS);
  if (storedBytes && game.progressLoad(storedBytes) === 0) return;
  for (let i = 0; i < game.levelCount(); i++) {
    const st = Math.max(0, Math.min(game.v('star_count'), Number(tour.stars[i]) || 0));
    const best = Math.max(0, Math.floor(Number(tour.best[i]) || 0));
    if (st || best) game.progressSet(i, st, best);
  }
  const dailyStored = load(STORE_DAILY, {});
  if (dailyStored.day !== undefined) game.dailySet(dailyStored); // a damaged record is refused and dropped
  saveProgress(page);
}

/** Stores the session's progress (the tour's and the Daily Kick's). */
export function saveProgress(page) {
  const bytes = page.game.progressSave();
  if (bytes) saveText(STORE_PROGRESS, bytes);
}

/** Stores the World Tour's attempt in play (kept as it was in another mode). */
export function saveAttempt(page) {
  const { game, tour } = page;
  game.read();
  tour.attempt = game.v('mode') === MODE.TOUR ? { level: game.v('level'), attempt: game.v('attempt') } : tour.attempt;
  save(STORE_TOUR, tour);
}

// The attempt is spent when the kick is read, before its flight: it is
// stored then, so reloading the page during a flight (or the run-up) does
// not give it back. The World Tour stores the attempt the session names
// (kx_attempt_spent: the next one, 1 after the last, the same after a
// friendly); the Daily Kick stores the progress the session gives for a
// kick read (kx_progress_save_spent: the try counted as a miss until its
// result says more).
function spendAttempt(page) {
  const { game, tour } = page;
  game.read();
  if (game.v('mode') === MODE.TOUR) {
    const next = game.attemptSpent();
    if (next > 0) {
      tour.attempt = { level: game.v('level'), attempt: next };
      save(STORE_TOUR, tour);
    }
  } else if (game.v('mode') === MODE.DAILY) {
    const bytes = game.progressSaveSpent();
    if (bytes) saveText(STORE_PROGRESS, bytes);
  }
}

/** Makes the game's two kick readers (a swipe's end, the Space key's release) spend the attempt of a kick they read. */
export function spendOnKick(page) {
  const { game } = page;
  for (const name of ['swipeEnd', 'keysRelease']) {
    const read = game[name];
    game[name] = (...a) => {
      const st = read(...a);
      if (st === 0) spendAttempt(page);
      return st;
    };
  }
}
