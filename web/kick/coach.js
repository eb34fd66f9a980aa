// SPDX-License-Identifier: MIT
// The coach: on 1-1, until the player has scored, three short lessons of the
// swipe drawn over the picture (where, speed, a bow).
import { $ } from '../src/dom.js';
import { SCREEN, MODE } from './game.js';

// The lessons' strokes: from the ball (the view's aim_ball_px/py) to a point
// of the goal as it is drawn on this screen (u across the mouth, -1 at the
// screen-left post, 1 at the right; h up it, 0..1), each path bowed by `bow`
// of its length, drawn over `dur` s of its 2.4 s.
const COACH_LESSONS = [
  { u: -0.78, h: 0.8, bow: 0, dur: 1.6 },   // where: the top corner, as drawn
  { u: 0.1, h: 0.35, bow: 0, dur: 0.6 },    // speed: a quick flick at the goal
  { u: 0.72, h: 0.75, bow: 0.18, dur: 1.6 }, // a bow: curled in to the other top corner
];

function coachWanted(page) {
  const { game, ui } = page;
  return !page.coach.scored && game.v('mode') === MODE.TOUR && game.v('level') === 0 && game.v('screen') === SCREEN.AIM && !ui.menuOpen && !ui.swipe && !game.v('key_charging');
}

/** The player has kicked: the coach keeps out of the way until the next aim. */
export function hideCoach(page) {
  page.ui.coachHidden = true;
}

/** Draws the coach's stroke at `now` (ms): the lesson of the moment, its finger part-way along. */
export function coachFrame(page, now) {
  const { game, ui } = page;
  const want = coachWanted(page) && !ui.coachHidden;
  $('coach').classList.toggle('hidden', !want);
  document.body.classList.toggle('coaching', want);
  if (game.v('screen') !== SCREEN.AIM) ui.coachHidden = false;
  if (!want) return;
  const t = (now / 1000) % 7.2;
  const step = Math.floor(t / 2.4);
  const lesson = COACH_LESSONS[step];
  const u = Math.min(1, (t % 2.4) / lesson.dur);
  const bx = game.v('aim_ball_px'), by = game.v('aim_ball_py');
  const end = page.stadium.goalPoint(game, lesson.u, lesson.h) || { x: game.v('aim_goal_px'), y: game.v('aim_goal_py') };
  // The control point of the bow: off the chord's middle, to its right for bow > 0.
  const dx = end.x - bx, dy = end.y - by;
  const cx = (bx + end.x) / 2 - dy * lesson.bow, cy = (by + end.y) / 2 + dx * lesson.bow;
  const path = $('coach-path');
  path.setAttribute('d', `M${bx.toFixed(1)} ${by.toFixed(1)} Q${cx.toFixed(1)} ${cy.toFixed(1)} ${end.x.toFixed(1)} ${end.y.toFixed(1)}`);
  const len = path.getTotalLength ? path.getTotalLength() : Math.hypot(dx, dy);
  const ease = u * u * (3 - 2 * u);
  const p = path.getPointAtLength ? path.getPointAtLength(len * ease) : { x: bx + dx * ease, y: by + dy * ease };
  $('coach-finger').setAttribute('cx', p.x.toFixed(1));
  $('coach-finger').setAttribute('cy', p.y.toFixed(1));
  $('coach-target').setAttribute('cx', end.x.toFixed(1));
  $('coach-target').setAttribute('cy', end.y.toFixed(1));
  document.querySelectorAll('.coach-lines p').forEach((el) => el.classList.toggle('on', Number(el.dataset.step) === step));
  ui.coachStep = step;
  ui.coachStroke = { from: [bx, by], to: [end.x, end.y] };
}
