// SPDX-License-Identifier: MIT
// The scoreboard over the match: both sides' scores and kicks, who shoots,
// the kick's number, this page's role and clock, the flash of each kick's
// result, the developer's figures (?debug) and an out-of-step report. A
// watcher's HUD names the players by seat and never asks it to act.
import { $, setText as setCachedText, flashMoment } from '../src/dom.js';
import { PHASE, RESULT, OUTCOME } from './game.js';
import { showStatus } from './status.js';
import { onOver, onWatchedOver } from './result.js';

export function setText(page, id, t) {
  setCachedText(page.ui.text, id, t);
}

/** One player's kicks as marks: a goal, a miss, or one to come. */
function dots(duel, player) {
  const each = duel.v('kicks_each');
  const kicks = Math.max(2 * each, duel.v('kick') + 1);
  const base = duel.v('r_base'); // the view holds 20 results from here (even)
  const out = [];
  for (let k = base + player; k < Math.min(kicks, base + 20); k += 2) {
    const r = duel.v(`r${k - base}`);
    out.push(r === RESULT.SCORED ? '<i class="g">●</i>' : r === RESULT.PENDING ? '<i class="p">○</i>' : '<i class="m">✕</i>');
  }
  return out.join('');
}

/** The scores, kicks and shooter of the two rows (`me` on the top one), and the kick's number. */
function scoreboard(page, me, them) {
  const { duel, ui } = page;
  setText(page, 'score-you', String(duel.v(`score${me}`)));
  setText(page, 'score-them', String(duel.v(`score${them}`)));
  const res = `${dots(duel, me)}|${dots(duel, them)}`;
  if (res !== ui.lastResults) {
    ui.lastResults = res;
    $('dots-you').innerHTML = dots(duel, me);
    $('dots-them').innerHTML = dots(duel, them);
  }
  const shooter = duel.v('shooter');
  $('row-you').classList.toggle('shooting', shooter === me);
  $('row-them').classList.toggle('shooting', shooter === them);
  const kick = duel.v('kick');
  const each = duel.v('kicks_each');
  setText(page, 'kick-no', kick >= 2 * each ? `Sudden death · kick ${kick + 1}` : `Kick ${Math.floor(kick / 2) + 1} of ${each}`);
}

/** A watcher's HUD: both players' scores, its catch-up, each kick's moment once (never an action of its own). */
function watchHud(page) {
  const { duel, ui, api } = page;
  scoreboard(page, 0, 1);
  const phase = duel.v('duel_phase');
  document.body.classList.toggle('replaying', phase === PHASE.REPLAY);
  const progress = duel.v('watch_progress');
  api.watchProgress = progress;
  const catching = progress < 1;
  setText(page, 'role', catching ? `Catching up… ${Math.floor(progress * 100)}%` : phase === PHASE.REPLAY ? 'Replay' : 'Watching');
  $('role').classList.remove('act');
  $('role').classList.remove('hidden');
  setText(page, 'clock', '');
  if (!catching && ui.caughtUp !== true) {
    ui.caughtUp = true;
    showStatus(page, 'Watching live', false, 0, 2000);
  }
  const moments = duel.moments();
  for (let i = api.flashes.length; i < moments.length; i++) {
    const m = moments[i];
    const text = m.result === RESULT.NO_SHOT ? 'TIME!' : m.result === RESULT.SCORED ? 'GOAL!' : m.outcome === 2 ? 'SAVED!' : 'MISSED';
    api.flashes.push(text);
    if (!catching) flashMoment(text); // moments passed while catching up are counted, not flashed
  }
  if (duel.v('over') && !api.over) onWatchedOver(page);
}

/** This page's part in the kick (shoot, keep, a replay) and whether it is to act now. */
function roleLine(page, phase, shooter) {
  const { duel, ui } = page;
  let role = '', act = false;
  if (phase === PHASE.OVER) role = '';
  else if (phase === PHASE.REPLAY) role = 'Replay';
  else if (shooter === ui.seat) {
    role = phase === PHASE.AIM ? 'You shoot — swipe from the ball to the goal' : phase === PHASE.READY ? 'Your kick' : 'You shot';
    act = phase === PHASE.AIM;
  } else {
    act = duel.v('may_tap') !== 0;
    role = act ? 'You keep goal — tap where to dive' : phase === PHASE.READY ? 'You keep goal' : 'You dived';
  }
  setText(page, 'role', role);
  $('role').classList.toggle('act', act);
  $('role').classList.toggle('hidden', !role);
}

/** The kick's result, flashed once as the kick ends. */
function kickFlash(page, kick, phase) {
  const { duel, ui, api } = page;
  if (kick === ui.lastKick && phase === ui.lastPhase) return;
  // The moment's flash says what this kick's result is, not which phase the
  // page saw last: a page catching up (after a rejoin, or a slow frame) may
  // go from aiming straight to the kick's end without drawing its flight.
  if (phase === PHASE.AFTER && (ui.lastPhase === PHASE.FLIGHT || ui.lastPhase === PHASE.AIM)) {
    const r = duel.v('last_result'); // this kick's, decided as its flight ended (or its time ran out)
    const text = r === RESULT.NO_SHOT ? 'TIME!' : r === RESULT.SCORED ? 'GOAL!' : duel.v('outcome') === OUTCOME.SAVED ? 'SAVED!' : 'MISSED';
    flashMoment(text);
    api.flashes.push(text);
  }
  ui.lastKick = kick;
  ui.lastPhase = phase;
}

/** The developer's figures (?debug) and the report of two devices out of step. */
function checksHud(page) {
  const { duel, api } = page;
  if (page.debug) {
    const adv = duel.v('advantage');
    setText(page, 'net', `relay rtt ${Math.round(page.link.rtt)} ms · ahead ${adv} steps\nrollbacks ${duel.v('rollbacks')} (longest ${duel.v('max_rollback')} steps)`);
  }
  if (duel.v('desync')) {
    // The report grows: the check step, then the exact step, then the field (with ?debug).
    const text = duel.desyncText();
    if (text !== api.desync) {
      api.desync = text;
      api.desyncStep = duel.v('desync_step');
      showStatus(page, `Out of step with the other device — ${page.debug ? text : 'the two devices no longer agree about this match'}`, true);
    }
  }
}

/** The HUD for the view last read. */
export function hud(page) {
  const { duel, ui } = page;
  if (ui.watching) return watchHud(page);
  scoreboard(page, ui.seat, 1 - ui.seat);
  const phase = duel.v('duel_phase');
  roleLine(page, phase, duel.v('shooter'));
  setText(page, 'clock', phase === PHASE.AIM ? `${Math.ceil(duel.v('aim_left'))}` : '');
  document.body.classList.toggle('replaying', phase === PHASE.REPLAY);
  kickFlash(page, duel.v('kick'), phase);
  checksHud(page);
  if (duel.v('over') && !page.api.over) onOver(page);
}
