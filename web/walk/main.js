// SPDX-License-Identifier: MIT
// The walk page: forwards every key press and release as it happens (C keeps
// a press until a step has seen it, and reads held keys every step) and the
// mouse displacement (applied once per frame in C), and draws the camera the
// C side interpolates. Nothing here moves the body or decides what a key does.
import { loadWasm, wasmUrl } from '../src/wasm.js';

const $ = (id) => document.getElementById(id);
const KEY = { forward: 1, back: 2, sprint: 4, crouch: 8, jump: 16, left: 32, right: 64 };
const w = await loadWasm(wasmUrl('walk'));
const X = w.exports;
const names = Array.from({ length: X.walk_view_count() }, (_, i) => w.str(X.walk_view_name(i)));
const EVENTS = ['none', 'takeoff', 'apex', 'land', 'step_up', 'step_down', 'ledge', 'wall', 'slide_start', 'slide_end'];

function view() {
  const v = w.f64(X.walk_view(), names.length);
  const o = {};
  names.forEach((n, i) => (o[n] = v[i]));
  return o;
}
let floor = { risers: [], heights: [0] };
function readFloor() {
  const n = X.walk_floor_risers();
  const f = w.f64(X.walk_floor(), 2 * n + 1);
  floor = { risers: Array.from(f.slice(0, n)), heights: Array.from(f.slice(n, 2 * n + 1)) };
}

let lookX = 0, lookY = 0;
let manual = false; // a test drives the frames itself (window.__walk.frame)
let auto = false;
const log = [];

function reset() {
  X.walk_reset(Number($('rate').value));
  X.walk_autopilot(auto ? 1 : 0);
  readFloor();
  log.length = 0;
  $('events').innerHTML = '';
}
$('rate').addEventListener('change', reset);
$('reset').addEventListener('click', reset);
$('auto').addEventListener('click', () => {
  auto = !auto;
  $('auto').classList.toggle('on', auto);
  reset();
});

// ---------------------------------------------------------------- input
const codes = {
  KeyW: KEY.forward, ArrowUp: KEY.forward, KeyS: KEY.back, ArrowDown: KEY.back, ShiftLeft: KEY.sprint,
  ShiftRight: KEY.sprint, KeyC: KEY.crouch, ControlLeft: KEY.crouch, Space: KEY.jump, KeyQ: KEY.left,
  ArrowLeft: KEY.left, KeyE: KEY.right, ArrowRight: KEY.right,
};
const ALL_KEYS = 127;
// Every event goes to C as it happens, never only the state at frame time.
addEventListener('keydown', (e) => {
  if (codes[e.code]) { X.walk_key(codes[e.code], 1); e.preventDefault(); }
});
addEventListener('keyup', (e) => { if (codes[e.code]) X.walk_key(codes[e.code], 0); });
addEventListener('blur', () => X.walk_key(ALL_KEYS, 0));
for (const b of document.querySelectorAll('.pad button')) {
  const bit = Number(b.dataset.key);
  b.addEventListener('pointerdown', (e) => { e.preventDefault(); X.walk_key(bit, 1); });
  for (const ev of ['pointerup', 'pointerleave', 'pointercancel']) b.addEventListener(ev, () => X.walk_key(bit, 0));
}
const eye = $('eye');
let dragging = false;
eye.addEventListener('pointerdown', (e) => { dragging = true; eye.setPointerCapture(e.pointerId); });
eye.addEventListener('pointerup', () => (dragging = false));
eye.addEventListener('pointermove', (e) => {
  if (!dragging) return;
  lookX += e.movementX;
  lookY += e.movementY;
});

// ---------------------------------------------------------------- drawing
const side = $('side');
const ge = eye.getContext('2d');
const gs = side.getContext('2d');
function fit(c, g) {
  const dpr = Math.min(devicePixelRatio || 1, 2);
  const r = c.getBoundingClientRect();
  c.width = Math.round(r.width * dpr);
  c.height = Math.round(r.height * dpr);
  g.setTransform(dpr, 0, 0, dpr, 0, 0);
  return r;
}
const heightAt = (x) => {
  let i = 0;
  while (i < floor.risers.length && x >= floor.risers[i]) i++;
  return floor.heights[i];
};

function drawEye(s) {
  const r = fit(eye, ge);
  const W = r.width, H = r.height, f = H * 0.9;
  const horizon = H / 2 + f * Math.tan(s.cam_pitch);
  ge.fillStyle = '#5aa9e6';
  ge.fillRect(0, 0, W, Math.max(0, Math.min(H, horizon)));
  ge.fillStyle = '#2d3a2e';
  ge.fillRect(0, Math.max(0, horizon), W, H);
  const cy = Math.cos(s.cam_yaw), sy = Math.sin(s.cam_yaw);
  const eyeY = s.cam_y + s.cam_bob; // the head bob, blended in C like the camera
  const project = (x, z, h) => {
    const d = x - s.cam_x;
    const fwd = d * cy + z * sy;
    const right = -d * sy + z * cy;
    if (fwd < 0.05) return null;
    return [W / 2 + (f * right) / fwd, horizon - (f * (h - eyeY)) / fwd];
  };
  const quad = (pts, fill) => {
    const p = pts.map((q) => project(...q));
    if (p.some((q) => !q)) return;
    ge.fillStyle = fill;
    ge.beginPath();
    ge.moveTo(...p[0]);
    for (const q of p.slice(1)) ge.lineTo(...q);
    ge.closePath();
    ge.fill();
  };
  // Floor segments and riser faces, far to near so nearer ones paint over.
  const edges = [-20, ...floor.risers, 80];
  const near = s.cam_x + 0.06, far = s.cam_x + 60;
  for (let i = floor.heights.length - 1; i >= 0; i--) {
    const x0 = Math.max(edges[i], near), x1 = Math.min(edges[i + 1], far);
    if (x1 <= x0) continue;
    const h = floor.heights[i];
    const shade = 80 + Math.round(h * 60);
    quad([[x0, -2, h], [x1, -2, h], [x1, 2, h], [x0, 2, h]], `rgb(${shade},${shade + 20},${shade - 10})`);
    for (let m = Math.ceil(x0); m < x1; m += 1) {
      const a = project(m, -2, h), b = project(m, 2, h);
      if (a && b) {
        ge.strokeStyle = 'rgba(0,0,0,0.25)';
        ge.beginPath(); ge.moveTo(...a); ge.lineTo(...b); ge.stroke();
      }
    }
    if (i > 0 && edges[i] > near && edges[i] < far) {
      const lo = Math.min(h, floor.heights[i - 1]), hi = Math.max(h, floor.heights[i - 1]);
      quad([[edges[i], -2, lo], [edges[i], -2, hi], [edges[i], 2, hi], [edges[i], 2, lo]], '#c9a66b');
    }
  }
  // The corridor's walls as lines.
  ge.strokeStyle = '#e0e0e0';
  for (const z of [-2, 2]) {
    ge.beginPath();
    let started = false;
    for (let x = near; x < far; x += 0.5) {
      const p = project(x, z, heightAt(x));
      if (!p) continue;
      if (started) ge.lineTo(...p); else { ge.moveTo(...p); started = true; }
    }
    ge.stroke();
  }
  ge.fillStyle = 'rgba(255,255,255,0.8)';
  ge.fillRect(W / 2 - 1, H / 2 - 8, 2, 16);
  ge.fillRect(W / 2 - 8, H / 2 - 1, 16, 2);
}

function drawSide(s) {
  const r = fit(side, gs);
  const W = r.width, H = r.height;
  const scale = Math.min(W / 44, H / 3.4);
  const ox = 10, oy = H - 0.6 * scale;
  gs.fillStyle = '#0f2233';
  gs.fillRect(0, 0, W, H);
  gs.fillStyle = '#c9a66b';
  const edges = [-2, ...floor.risers, 44];
  for (let i = 0; i < floor.heights.length; i++) {
    const x0 = ox + (edges[i] + 2) * scale, x1 = ox + (edges[i + 1] + 2) * scale;
    const top = oy - floor.heights[i] * scale;
    gs.fillRect(x0, top, x1 - x0, H - top);
  }
  const bx = ox + (s.x + 2) * scale, by = oy - s.y * scale;
  const eyeH = s.cam_y + s.cam_bob - s.y;
  gs.fillStyle = '#ffd23f';
  gs.fillRect(bx - 3, by - eyeH * scale, 6, eyeH * scale);
  gs.beginPath();
  gs.arc(bx, by - eyeH * scale, 5, 0, Math.PI * 2);
  gs.fill();
}

function hud(s) {
  $('t').textContent = s.time.toFixed(2);
  $('x').textContent = s.x.toFixed(2);
  $('v').textContent = Math.abs(s.vx).toFixed(1);
  $('mode').textContent = s.sliding ? 'sliding' : !s.grounded ? 'in the air' : s.crouched ? 'crouched' : 'on foot';
}

function readEvents() {
  const n = X.walk_event_count();
  const e = w.f64(X.walk_events(), n * 6);
  for (let i = 0; i < n; i++) {
    const type = EVENTS[e[i * 6 + 1]];
    log.push(`${type} at x ${e[i * 6 + 3].toFixed(2)} m, t ${e[i * 6 + 4].toFixed(3)} s (${e[i * 6 + 5].toFixed(4)})`);
    const li = document.createElement('li');
    li.textContent = log[log.length - 1];
    $('events').append(li);
  }
  while ($('events').children.length > 24) $('events').firstChild.remove();
}

function report() {
  const rates = [30, 60, 120, 240];
  const cols = rates.map((r) => {
    X.walk_report(r);
    return Array.from(w.f64(X.walk_report_values(), X.walk_report_count()));
  });
  const rows = [`<tr><th>field</th>${rates.map((r) => `<th>${r}/s</th>`).join('')}</tr>`];
  for (let i = 0; i < X.walk_report_count(); i++) {
    rows.push(`<tr><td>${w.str(X.walk_report_name(i))}</td>${cols.map((c) => `<td>${c[i].toFixed(2)}</td>`).join('')}</tr>`);
  }
  $('report').innerHTML = rows.join('');
}

/** The ledge side on: the block, and a line at each jump's apex (C's figures),
 * green where it clears the top, red where it does not. Drawing only. */
function drawLedge(top, runs) {
  const svg = $('ledge-view');
  const lo = top - 0.08, hi = top + 0.06; // metres shown, around the ledge's top
  const y = (m) => 160 - ((m - lo) / (hi - lo)) * 150;
  const parts = [`<rect x="250" y="${y(top).toFixed(1)}" width="140" height="${(160 - y(top)).toFixed(1)}" fill="#6b7b88"/>`,
    `<text x="255" y="${(y(top) + 14).toFixed(1)}">ledge ${top.toFixed(4)} m</text>`];
  runs.forEach((r, i) => {
    const c = r.cleared === 1 ? '#3ddc97' : '#ff6b6b';
    const yy = y(Math.max(lo, Math.min(hi, r.apex))).toFixed(1);
    parts.push(`<line x1="10" x2="240" y1="${yy}" y2="${yy}" stroke="${c}" stroke-width="2" stroke-dasharray="${i === 2 ? '' : '6 4'}"/>`);
    parts.push(`<text x="12" y="${(Number(yy) - 4 - (i === 1 ? 0 : 0)).toFixed(1)}" fill="${c}">${r.label}: apex ${r.apex.toFixed(4)} m, ${r.cleared === 1 ? 'clears' : 'misses'}</text>`);
  });
  svg.innerHTML = parts.join('');
}

/** Seed 001's ledge: the course's jump at a ledge, its flight exact (the
 * controller) and per-step Euler, at four rates. Every figure is C's. */
function ledge() {
  const rates = [30, 60, 120, 240];
  const run = (r, integrator) => {
    const v = w.f64(X.walk_ledge(r, integrator), 7);
    return { cleared: v[0], takeoff: v[1], apex: v[2], land: v[3], x: v[5], top: v[6] };
  };
  const rows = [`<tr><th>rate</th><th>Euler apex</th><th>Euler</th><th>exact apex</th><th>exact</th></tr>`];
  let top = 0, at = 0;
  for (const r of rates) {
    const e = run(r, 1), x = run(r, 0);
    top = x.top;
    at = x.x;
    const word = (c) => (c === 1 ? 'clears' : 'misses');
    rows.push(`<tr><td>${r}/s</td><td>${e.apex.toFixed(4)} m</td><td class="${word(e.cleared)}">${word(e.cleared)}</td>` +
      `<td>${x.apex.toFixed(4)} m</td><td class="${word(x.cleared)}">${word(x.cleared)}</td></tr>`);
  }
  $('ledge').innerHTML = rows.join('');
  drawLedge(top, [
    { label: 'Euler 60/s', ...run(60, 1) },
    { label: 'Euler 120/s', ...run(120, 1) },
    { label: 'exact, any rate', ...run(60, 0) },
  ]);
  $('ledge-figure').textContent =
    `The course's jump at a ledge ${top.toFixed(4)} m high (its face at x ${at.toFixed(2)} m). ` +
    `A per-step Euler jump peaks ${(X.walk_euler_gap() * 100).toFixed(2)} cm lower at 60 steps/s than at 120 steps/s, ` +
    'and misses the ledge the other clears; this controller integrates flight exactly and clears it at every rate.';
}

function step(dt) {
  const n = X.walk_frame(dt, lookX, lookY);
  lookX = 0;
  lookY = 0;
  readEvents();
  const s = view();
  drawEye(s);
  drawSide(s);
  hud(s);
  return n;
}

let last = performance.now();
function frame(now) {
  const dt = (now - last) / 1000;
  last = now;
  if (!manual) step(dt);
  requestAnimationFrame(frame);
}

window.__walk = {
  view,
  reset,
  keys: KEY,
  /** Holds exactly these keys: releases the others, presses these. */
  hold: (bits) => { X.walk_key(ALL_KEYS & ~bits, 0); X.walk_key(bits, 1); },
  key: (bits, down) => X.walk_key(bits, down ? 1 : 0),
  look: (dx, dy) => { lookX += dx; lookY += dy; },
  /** Stops the display's own frames; frame(dt) then runs one frame of dt seconds. */
  manual: (on) => { manual = !!on; last = performance.now(); },
  frame: (dt) => step(dt),
  log: () => log.slice(),
};
reset();
report();
ledge();
window.__ready = true;
requestAnimationFrame(frame);
