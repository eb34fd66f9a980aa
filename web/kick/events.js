// SPDX-License-Identifier: MIT
// The module's events of a frame, heard and felt: sounds, flashes,
// vibrations, the stadium's shakes and celebrations, and the marks of the
// last crossings on the goal. Events of a replay only sound.
import { flashMoment } from '../src/dom.js';
import { MODE, OUTCOME } from './game.js';
import { buzz } from './settings.js';

const EVENTS_KEPT = 400; // the test hook's window of recent events (api.events)

/** Whose crossings the goal's marks are: the World Tour level's, or the mode's (-1 - mode). */
export function marksKey(game) {
  return game.v('mode') === MODE.TOUR ? game.v('level') : -1 - game.v('mode');
}

/** The last few crossings of the goal line, newest first, for the marks on the goal. */
function recordCrossing(page) {
  const { game, ui } = page;
  game.read();
  const level = marksKey(game);
  if (ui.marksFor !== level) ui.crossings = [];
  ui.marksFor = level;
  if (game.v('crossed')) ui.crossings.unshift({ x: game.v('cross_x'), y: game.v('cross_y'), goal: game.v('outcome') === OUTCOME.GOAL });
  ui.crossings = ui.crossings.slice(0, 5);
  page.stadium.markCrossings(ui.crossings);
}

function onEvent(page, e) {
  const { sound, stadium } = page;
  switch (e.name) {
    case 'strike':
      sound.strike(Math.min(1, Math.hypot(...e.value) / 30));
      if (!e.replay) buzz(page, 18);
      break;
    case 'post': case 'bar':
      sound.post();
      if (!e.replay) {
        flashMoment('CLANG!');
        buzz(page, [40, 30, 40]);
      }
      break;
    case 'save': sound.crowdReact('oh'); if (!e.replay) flashMoment('SAVED!'); break;
    case 'goal':
      if (!e.replay) {
        sound.crowdReact('cheer');
        flashMoment('GOAL!');
        stadium.celebrate();
        buzz(page, [70, 40, 140]);
      } else sound.crowdReact('roar');
      break;
    case 'ring': flashMoment('RING!'); break;
    case 'shake': stadium.kick(e.value[0]); break;
    case 'decided':
      if (!e.replay) {
        if (e.subject !== 1) sound.crowdReact('groan');
        recordCrossing(page);
      }
      break;
    default: break;
  }
}

export function onEvents(page, evs) {
  const { api } = page;
  for (const e of evs) {
    api.events.push({ name: e.name, step: e.step, subject: e.subject, replay: e.replay });
    onEvent(page, e);
  }
  if (api.events.length > EVENTS_KEPT) api.events.splice(0, api.events.length - EVENTS_KEPT);
}
