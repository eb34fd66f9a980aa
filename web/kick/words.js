// SPDX-License-Identifier: MIT
// How the free-kick page words what the module tells it: outcome titles,
// moment names, points, stars and the Daily Kick's marks. Words only: every
// number in them comes from the view.

export const OUTCOME_TITLE = {
  goal: 'GOAL!', saved: 'SAVED', woodwork: 'OFF THE WOODWORK', blocked: 'BLOCKED',
  wide: 'WIDE', over: 'OVER THE BAR', short: 'SHORT',
};
export const MOMENT_LABEL = {
  woodwork: 'Woodwork', save: 'Great save', top_corner: 'Top corner', in_off_woodwork: 'In off the woodwork',
  panenka: 'Panenka', target_ring: 'Through the ring', curler: 'Curler', past_keeper: 'Past the keeper', rocket: 'Rocket',
};

/** A count of points as the page prints it (1,250). */
export const fmt = (n) => Math.round(n).toLocaleString('en-GB');

/** n of the level's stars, filled, then the ones still to win. */
export const starText = (game, n) => '★'.repeat(n) + '☆'.repeat(game.v('star_count') - n);

/** The day's tries as marks: a green ball per goal, a red cross per miss, rings for tries to come. */
export function triesLine(mask, tries, of) {
  let h = '';
  for (let i = 0; i < of; i++) h += i < tries ? (mask & (1 << i) ? '<span class="try goal">●</span>' : '<span class="try miss">✕</span>') : '<span class="try left">○</span>';
  return h;
}

export function bendWords(b) {
  if (Math.abs(b) < 0.01) return 'no bend';
  return `bent ${Math.abs(b).toFixed(2)} to the ${b > 0 ? 'left' : 'right'}`;
}

/** The UTC day number of a time (ms), the Daily Kick's day. */
export function utcDay(ms = Date.now()) {
  return Math.floor(ms / 86400000);
}
