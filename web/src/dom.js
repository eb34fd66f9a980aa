// SPDX-License-Identifier: MIT
// The few DOM helpers every game page uses.

/** The page's element with this id. */
export const $ = (id) => document.getElementById(id);

/**
 * Sets an element's text only when it changed: `cache` holds the text last
 * set per id, so a HUD redrawn every frame touches no node that stays the same.
 */
export function setText(cache, id, text) {
  if (cache[id] !== text) {
    cache[id] = text;
    $(id).textContent = text;
  }
}

/** Flashes a word over the picture (#moment); the CSS animation starts again for each, an empty text only stops it. */
export function flashMoment(text) {
  const m = $('moment');
  m.textContent = text;
  m.classList.remove('show');
  void m.offsetWidth; // a reflow, so removing and adding the class restarts the animation
  if (text) m.classList.add('show');
}
