// SPDX-License-Identifier: MIT
// Pointer input on the play screen: a swipe from the ball (read by the
// module), a tap to dive when the friend keeps goal, a tap to skip a replay
// or a decided kick; and the swipe's fading trail.
import { SCREEN } from './game.js';
import { toast } from './hud.js';
import { hideCoach } from './coach.js';
import { resize } from './frame.js';

const TRAIL_MS = 650; // how long a point of the trail stays

function rel(trail, e) {
  const r = trail.getBoundingClientRect();
  // px, py in CSS pixels of the drawing (the swipe reader's units, kx_screen's size); x, y as fractions of it.
  return { x: (e.clientX - r.left) / r.width, y: (e.clientY - r.top) / r.height, px: e.clientX - r.left, py: e.clientY - r.top };
}

// Every sample goes to the reader as the device gave it, with its own
// timestamp: the pointerdown, each coalesced move, the pointerup. Nothing is
// invented and nothing is dropped (the reader merges reports that share a time).
function addPoint(page, e) {
  const p = rel(page.trail, e);
  page.api.lastStatus = page.game.swipePoint(e.timeStamp / 1000, p.px, p.py);
  page.ui.trailPts.push({ x: p.px, y: p.py, born: performance.now() });
}

function pointerDown(page, e) {
  const { game, ui } = page;
  if (ui.menuOpen || ui.resultShown) return;
  page.sound.unlock();
  game.read();
  const screen = game.v('screen');
  if (screen === SCREEN.REPLAY || game.v('replay_pending')) {
    game.tap(0, 0); // skips the replay
    return;
  }
  if (screen === SCREEN.FLIGHT && game.v('person_keeper')) {
    const p = rel(page.trail, e);
    const hit = page.stadium.tapToGoal(p.x, p.y);
    if (hit) game.tap(hit.x, hit.y);
    return;
  }
  if (screen === SCREEN.FLIGHT) {
    if (game.v('can_skip')) game.tap(0, 0); // a decided or rolling kick: straight to the result
    return;
  }
  if (screen !== SCREEN.AIM || game.v('key_charging')) return;
  if (game.swipeBegin() !== 0) return;
  page.trail.setPointerCapture(e.pointerId);
  ui.swipe = { id: e.pointerId };
  ui.trailPts = [];
  ui.keys.used = false;
  addPoint(page, e);
}

function endSwipe(page, e) {
  const { game, ui } = page;
  if (!ui.swipe || e.pointerId !== ui.swipe.id) return;
  addPoint(page, e);
  ui.swipe = null;
  const st = game.swipeEnd();
  page.api.lastStatus = st;
  if (ui.screenPending) resize(page);
  if (st !== 0) toast(page, game.swipeErrorText() || 'Swipe from the ball to where you want it to go');
  else {
    page.sound.whistle();
    hideCoach(page);
  }
}

function cancelSwipe(page, e) {
  const { ui } = page;
  if (ui.swipe && e.pointerId === ui.swipe.id) {
    ui.swipe = null;
    ui.trailPts = [];
    if (ui.screenPending) {
      page.game.swipeBegin(); // the cancelled samples are dropped, so the new size can be taken
      resize(page);
    }
  }
}

export function bindPointer(page) {
  const { trail, ui } = page;
  trail.addEventListener('pointerdown', (e) => pointerDown(page, e));
  trail.addEventListener('pointermove', (e) => {
    if (!ui.swipe || e.pointerId !== ui.swipe.id) return;
    const list = e.getCoalescedEvents ? e.getCoalescedEvents() : [e];
    for (const c of list.length ? list : [e]) addPoint(page, c);
  });
  trail.addEventListener('pointerup', (e) => endSwipe(page, e));
  trail.addEventListener('pointercancel', (e) => cancelSwipe(page, e));
}

/** The swipe's trail at `now` (ms): each point fades over TRAIL_MS; the line thins towards the older end. */
export function drawTrail(page, now) {
  const { trail, tctx, ui } = page;
  const dpr = Math.min(window.devicePixelRatio || 1, 2);
  tctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  tctx.clearRect(0, 0, trail.width, trail.height);
  const pts = ui.trailPts.filter((p) => now - p.born < TRAIL_MS);
  ui.trailPts = ui.swipe ? ui.trailPts : pts;
  if (pts.length < 2) return;
  tctx.lineCap = 'round';
  tctx.lineJoin = 'round';
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1], b = pts[i];
    const life = 1 - (now - b.born) / TRAIL_MS;
    tctx.strokeStyle = `rgba(255, 230, 120, ${0.85 * life})`;
    tctx.lineWidth = 4 + 10 * life * (i / pts.length);
    tctx.beginPath();
    tctx.moveTo(a.x, a.y);
    tctx.lineTo(b.x, b.y);
    tctx.stroke();
  }
}
