// SPDX-License-Identifier: MIT
// The picture: the stadium drawn from the view, from the shooter's side or,
// on the keeping page, from behind the goal.
import { PHASE } from './game.js';
import { followResume } from './status.js';
import { hud } from './hud.js';

// The keeper's page sees the kick from the keeper's side: high behind the
// goal, looking over the bar at the ball (the bar and the keeper never hide
// it). The shooter's page keeps the stadium's own camera, behind the ball;
// replays keep the director's lens on both.
export function keeperCamera(page) {
  const { duel } = page;
  const cam = page.stadium.camera;
  const portrait = cam.aspect < 0.8;
  const sx = duel.v('spot_x'), sz = duel.v('spot_z');
  // Far enough back (in front of the stand) that the whole goal mouth fits
  // the screen's width, high enough that the sight line to the ball passes
  // over the bar.
  cam.fov = portrait ? 78 : 44;
  cam.position.set(sx * 0.1, portrait ? 5.8 : 4.5, portrait ? 10.8 : 7);
  cam.updateProjectionMatrix();
  // Looking at a point between the goal and the ball, so the goal mouth and
  // the ball both sit well in the frame.
  cam.lookAt(sx * 0.5, portrait ? 0.3 : 0.6, sz * 0.5);
  cam.updateMatrixWorld();
}

/** Whether this page keeps goal for the kick in play (a player's page, not in a replay or after the match). */
export function keeping(page) {
  const { duel, ui } = page;
  return duel.v('ready') && !ui.watching && ui.seat >= 0 && duel.v('keeper') === ui.seat && duel.v('duel_phase') !== PHASE.REPLAY && !duel.v('over');
}

/** The status line and the HUD, once the match has started. */
export function frameHud(page) {
  if (!page.ui.started) return;
  followResume(page);
  if (page.duel.v('ready')) hud(page);
}

/** Reads the view and draws it at `now` (ms). */
export function draw(page, now) {
  const { duel, stadium, clock } = page;
  duel.read();
  frameHud(page);
  const keeper = keeping(page);
  stadium.update(duel, Math.min(0.1, Math.max(0, (now - clock.lastDraw) / 1000)), { render: !keeper });
  if (keeper) {
    keeperCamera(page);
    stadium.renderer.render(stadium.scene, stadium.camera);
  }
  page.api.viewFrom = keeper ? 'keeper' : 'shooter';
  clock.lastDraw = now;
}
