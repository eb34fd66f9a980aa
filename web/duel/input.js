// SPDX-License-Identifier: MIT
// Pointer input: the shooter's swipe (read by the module from the events'
// own timestamps) and the keeper's tap, read through the picture the keeper
// sees.
import { flashMoment } from '../src/dom.js';
import { keeping, keeperCamera } from './view.js';

function rel(touch, e) {
  const r = touch.getBoundingClientRect();
  // nx, ny: 0..1 of the drawing; px, py: its CSS pixels (the swipe reader's units, dx_screen).
  return { nx: (e.clientX - r.left) / r.width, ny: (e.clientY - r.top) / r.height, px: e.clientX - r.left, py: e.clientY - r.top };
}

function addPoint(page, e) {
  const p = rel(page.touch, e);
  page.duel.swipePoint(e.timeStamp / 1000, p.px, p.py); // the events' own timestamps
}

function pointerDown(page, e) {
  const { duel, ui, stadium } = page;
  if (!ui.started) return;
  duel.read();
  if (duel.v('may_tap')) {
    const p = rel(page.touch, e);
    // The tap is read through the picture as it is now (the keeper's view), even
    // when no frame has been drawn since the state moved (a page handed its frames).
    stadium.update(duel, 0, { render: false });
    if (keeping(page)) keeperCamera(page);
    const hit = stadium.tapToGoal(p.nx, p.ny);
    if (hit) page.api.lastStatus = duel.tap(hit.x, hit.y);
    return;
  }
  if (!duel.v('may_strike') || duel.swipeBegin() !== 0) return;
  page.touch.setPointerCapture(e.pointerId);
  ui.swipe = { id: e.pointerId };
  addPoint(page, e);
}

function pointerUp(page, e) {
  const { duel, ui, api } = page;
  if (!ui.swipe || e.pointerId !== ui.swipe.id) return;
  addPoint(page, e);
  ui.swipe = null;
  api.lastStatus = duel.swipeEnd();
  if (api.lastStatus !== 0) flashMoment(duel.swipeError() === 'not_upward' ? 'Swipe towards the goal' : '');
}

export function bindPointer(page) {
  const { touch, ui } = page;
  touch.addEventListener('pointerdown', (e) => pointerDown(page, e));
  touch.addEventListener('pointermove', (e) => {
    if (!ui.swipe || e.pointerId !== ui.swipe.id) return;
    const list = e.getCoalescedEvents ? e.getCoalescedEvents() : [e];
    for (const c of list.length ? list : [e]) addPoint(page, c);
  });
  touch.addEventListener('pointerup', (e) => pointerUp(page, e));
  touch.addEventListener('pointercancel', () => (ui.swipe = null));
}
