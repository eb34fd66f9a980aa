// SPDX-License-Identifier: MIT
// The match's end: who won, the score, the final state's hash (two devices
// that agree show the same), and the record of the shoot-out to save.
import { $ } from '../src/dom.js';

function hashText(hi, lo) {
  return (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
}

/** The end as the test hooks hold it: the score, the final hash, its step, the winner (2: a draw). */
function recordEnd(page, score) {
  const { duel, api } = page;
  api.over = true;
  api.score = score;
  api.finalHash = hashText(duel.v('final_hash_hi'), duel.v('final_hash_lo'));
  api.endStep = duel.v('end_step');
  api.winner = duel.v('winner');
}

/** A player's end: won, lost or drawn, from this seat's side. */
export function onOver(page) {
  const { duel, ui, api, link } = page;
  const me = ui.seat, them = 1 - ui.seat;
  const a = duel.v('confirmed_score0'), b = duel.v('confirmed_score1');
  recordEnd(page, [a, b]);
  const winner = api.winner;
  $('result-title').textContent = winner === 2 ? 'A DRAW' : winner === me ? 'YOU WIN' : 'YOU LOSE';
  $('result-score').textContent = `${me === 0 ? a : b} – ${me === 0 ? b : a}`;
  const left = duel.v('abandoned_by');
  $('result-note').textContent = left === them ? 'Your opponent left the match.' : left === me ? 'You left the match.' : '';
  $('result-hash').textContent = `final state ${api.finalHash} at step ${api.endStep}${duel.v('record_ok') ? '' : ' (record incomplete)'}`;
  if (!duel.v('record_ok')) $('result-note').textContent += ' The saved shoot-out is incomplete.';
  $('result').classList.remove('hidden');
  // The other device may still need our last inputs to confirm the end:
  // keep sending for a while, then leave the room.
  setTimeout(() => {
    link.leave();
    page.seats.forget(ui.room);
  }, 10000);
}

/** A watcher's end: the players by seat; nothing to save. */
export function onWatchedOver(page) {
  const { duel, api } = page;
  recordEnd(page, [duel.v('score0'), duel.v('score1')]);
  const w = api.winner;
  $('result-title').textContent = w === 2 ? 'A DRAW' : `PLAYER ${w + 1} WINS`;
  $('result-score').textContent = `${api.score[0]} – ${api.score[1]}`;
  $('result-note').textContent = 'You watched this match.';
  $('result-hash').textContent = `final state ${api.finalHash} at step ${api.endStep}`;
  $('btn-save').classList.add('hidden');
  $('result').classList.remove('hidden');
  setTimeout(() => page.link.leave(), 1000);
}

/** The record as base64 (the test hook api.record) and as a file download (the Save button). */
export function bindRecord(page) {
  const { duel, api } = page;
  api.record = () => {
    const bytes = duel.record();
    if (!bytes) return '';
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  };
  $('btn-save').addEventListener('click', () => {
    const bytes = duel.record();
    if (!bytes) return;
    const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `shootout-${page.ui.room || 'duel'}.ksso`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });
}
