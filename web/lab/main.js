// SPDX-License-Identifier: MIT
// The timestep lab page: every position, gauge value, peak and energy comes
// from lab.wasm; this file paces the frames the lab asks for and draws.
import { loadWasm, wasmUrl } from '../src/wasm.js';

const $ = (id) => document.getElementById(id);
const w = await loadWasm(wasmUrl('lab'));
const X = w.exports;
const TRACK_M = 10;

function fit(c) {
  const g = c.getContext('2d');
  const dpr = Math.min(devicePixelRatio || 1, 2);
  const r = c.getBoundingClientRect();
  c.width = Math.round(r.width * dpr);
  c.height = Math.round(r.height * dpr);
  g.setTransform(dpr, 0, 0, dpr, 0, 0);
  return [g, r.width, r.height];
}

// ------------------------------------------------------------ three loops
const fpsIn = $('fps'), hzIn = $('hz'), interpIn = $('interp');
let pending = 0;
let sinceLabFrame = 0;
let hitch = false;
const loopView = () => w.f64(X.lab_loop_view(), 11);
function loopReset() {
  X.lab_loop_reset(Number(hzIn.value), interpIn.checked ? 1 : 0);
  pending = 0;
  sinceLabFrame = 0;
}
const configure = () => {
  $('fps-v').textContent = fpsIn.value;
  $('hz-v').textContent = hzIn.value;
  X.lab_loop_config(Number(hzIn.value), interpIn.checked ? 1 : 0);
};
fpsIn.addEventListener('input', configure);
hzIn.addEventListener('input', configure);
interpIn.addEventListener('change', configure);
$('hitch').addEventListener('click', () => (hitch = true));
$('loop-reset').addEventListener('click', loopReset);

function drawTracks() {
  const [g, W, H] = fit($('tracks'));
  const v = loopView();
  const rows = [
    ['frame-tied', v[0], '#ff5d5d'],
    ['variable dt', v[1], '#ffd23f'],
    ['fixed step', v[2], '#3ddc97'],
  ];
  const left = 100, span = W - left - 20;
  g.font = '13px system-ui';
  rows.forEach(([name, x, color], i) => {
    const y = 28 + i * 44;
    g.fillStyle = '#a9c1ad';
    g.fillText(name, 10, y + 4);
    g.fillStyle = '#1f3347';
    g.fillRect(left, y - 2, span, 4);
    const px = left + ((((x % TRACK_M) + TRACK_M) % TRACK_M) / TRACK_M) * span;
    g.fillStyle = color;
    g.beginPath();
    g.arc(px, y, 11, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#a9c1ad';
    g.fillText(`${x.toFixed(2)} m`, W - 80, y - 12);
  });
  const before = Math.min(v[3], 6), after = v[4];
  $('gauge-before').style.width = `${(before / 6) * 100}%`;
  $('gauge-after').style.width = `${(after / 6) * 100}%`;
  $('gauge-text').textContent =
    `banked ${v[3].toFixed(2)} steps → ran ${v[5]}, left ${after.toFixed(2)} (α)` +
    (v[6] > 0 ? ` · dropped ${v[6].toFixed(3)} s` : '');
}

// ------------------------------------------------------------ jump demo
let jumpPending = 0;
let nextJumpFrame = 0;
let groundedFor = 0;
const peaks = { variable: [], fixed: [] };
const jumpView = () => w.f64(X.lab_jump_view(), 12);
$('jump').addEventListener('click', () => X.lab_jump_press());
// The frame-rate choices and what each one means (fps, jitter) are C's (lab_jump_rate).
const rateSel = $('jump-rate');
for (let i = 0; i < X.lab_jump_rate_count(); i++) rateSel.add(new Option(w.str(X.lab_jump_rate_name(i)), String(i)));
function jumpChoose(rate) {
  X.lab_jump_choose(rate, 1);
  rateSel.value = String(rate);
  peaks.variable.length = 0;
  peaks.fixed.length = 0;
  jumpPending = 0;
  groundedFor = 0;
  nextJumpFrame = X.lab_jump_next_frame();
}
rateSel.addEventListener('change', () => jumpChoose(Number(rateSel.value)));
function jumpTick(dt) {
  jumpPending += dt;
  while (jumpPending >= nextJumpFrame) {
    jumpPending -= nextJumpFrame;
    const before = jumpView().slice();
    X.lab_jump_frame(nextJumpFrame);
    const v = jumpView();
    if (v[3] > before[3]) peaks.variable.push(v[5]);
    if (v[4] > before[4]) peaks.fixed.push(v[6]);
    if (!v[7] && !v[8]) groundedFor += nextJumpFrame;
    else groundedFor = 0;
    if ($('auto-jump').checked && groundedFor > 0.35) {
      X.lab_jump_press();
      groundedFor = 0;
    }
    nextJumpFrame = X.lab_jump_next_frame();
  }
}
function drawJumps() {
  const [g, W, H] = fit($('jumps'));
  const v = jumpView();
  const top = 20, ground = H - 24, scale = (ground - top) / 2.2;
  g.fillStyle = '#2d3a2e';
  g.fillRect(0, ground, W, H - ground);
  const lineY = ground - v[2] * scale;
  g.strokeStyle = '#3ddc97';
  g.setLineDash([6, 6]);
  g.beginPath();
  g.moveTo(0, lineY);
  g.lineTo(W, lineY);
  g.stroke();
  g.setLineDash([]);
  g.font = '13px system-ui';
  g.fillStyle = '#a9c1ad';
  g.fillText(`fixed-step peak ${v[2].toFixed(4)} m`, 10, lineY - 6);
  if (v[3] > 0) {
    // The variable-step ball's last peak, beside it: at 15 fps well under the line, at 144 fps over it.
    const peakY = ground - v[5] * scale - 24;
    g.strokeStyle = '#ffd23f';
    g.setLineDash([4, 4]);
    g.beginPath();
    g.moveTo(W * 0.3 - 40, peakY);
    g.lineTo(W * 0.3 + 40, peakY);
    g.stroke();
    g.setLineDash([]);
    g.fillStyle = '#ffd23f';
    g.fillText(`peak ${v[5].toFixed(4)} m`, W * 0.3 + 46, peakY + 4);
    g.fillStyle = '#a9c1ad';
  }
  g.fillText(`${w.str(X.lab_jump_rate_name(v[11]))}`, W - 110, top + 4);
  const balls = [[W * 0.3, v[0], '#ffd23f', 'variable dt'], [W * 0.7, v[1], '#3ddc97', 'fixed 1/60 s']];
  for (const [x, y, color, label] of balls) {
    g.fillStyle = color;
    g.beginPath();
    g.arc(x, ground - y * scale - 12, 12, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#a9c1ad';
    g.fillText(label, x - 36, H - 6);
  }
  const show = (a) => a.slice(-5).map((p) => p.toFixed(4)).join('  ') || '—';
  $('peaks').textContent = `variable-step peaks: ${show(peaks.variable)}\nfixed-step peaks:    ${show(peaks.fixed)}`;
}

// ------------------------------------------------------------ Euler energy
const SPRING_STEPS = 600;
let springPending = 0;
let springHold = 0;
let e0 = 1;
const energy = { explicit: [], semi: [] };
const springView = () => w.f64(X.lab_spring_view(), 6);
function springReset() {
  X.lab_spring_reset(1 / 30);
  e0 = springView()[3];
  energy.explicit = [0];
  energy.semi = [0];
  springPending = 0;
  springHold = 0;
}
function springTick(dt) {
  if (energy.explicit.length > SPRING_STEPS) {
    springHold += dt;
    if (springHold > 2) springReset();
    return;
  }
  springPending += dt * 4; // four simulated steps per 1/30 s of real time: a 600-step run in 5 s
  while (springPending >= 1 / 30 && energy.explicit.length <= SPRING_STEPS) {
    springPending -= 1 / 30;
    X.lab_spring_run(1);
    const v = springView();
    energy.explicit.push(Math.log10(v[3] / e0));
    energy.semi.push(Math.log10(v[4] / e0));
  }
}
function drawEnergy() {
  const [g, W, H] = fit($('energy'));
  const maxLog = 12;
  const left = 40, bottom = H - 20, top = 10;
  const yOf = (l) => bottom - ((Math.max(-1, Math.min(maxLog, l)) + 1) / (maxLog + 1)) * (bottom - top);
  const xOf = (i) => left + (i / SPRING_STEPS) * (W - left - 10);
  g.strokeStyle = '#2a3f55';
  g.fillStyle = '#a9c1ad';
  g.font = '11px system-ui';
  for (let l = 0; l <= maxLog; l += 3) {
    g.beginPath();
    g.moveTo(left, yOf(l));
    g.lineTo(W - 10, yOf(l));
    g.stroke();
    g.fillText(`10^${l}`, 4, yOf(l) + 4);
  }
  for (const [arr, color] of [[energy.explicit, '#ff5d5d'], [energy.semi, '#3ddc97']]) {
    g.strokeStyle = color;
    g.lineWidth = 2;
    g.beginPath();
    arr.forEach((l, i) => (i ? g.lineTo(xOf(i), yOf(l)) : g.moveTo(xOf(i), yOf(l))));
    g.stroke();
  }
  g.lineWidth = 1;
  const v = springView();
  $('energy-text').textContent =
    `step ${v[0]} (t = ${v[5].toFixed(2)} s): explicit E/E0 = ${(v[3] / e0).toExponential(3)}, ` +
    `semi-implicit E/E0 = ${(v[4] / e0).toFixed(4)}`;
}

// ------------------------------------------------------------ the loop
let last = performance.now();
function frame(now) {
  const dt = Math.min((now - last) / 1000, 0.5);
  last = now;
  // Render pacing: a lab frame whenever the chosen render period has come
  // round (a few ms of slack so 15 fps on a 60 Hz display is every 4th
  // display frame). The lab is fed the real time since its last frame.
  pending += dt;
  sinceLabFrame += dt;
  const target = 1 / Number(fpsIn.value);
  if (pending + 0.004 >= target || hitch) {
    X.lab_loop_frame(sinceLabFrame + (hitch ? 0.4 : 0));
    pending = pending >= 2 * target ? 0 : Math.max(0, pending - target);
    sinceLabFrame = 0;
    hitch = false;
    drawTracks();
  }
  jumpTick(dt);
  drawJumps();
  springTick(dt);
  drawEnergy();
  requestAnimationFrame(frame);
}

window.__lab = {
  loop: () => Array.from(loopView()),
  jump: () => Array.from(jumpView()),
  spring: () => Array.from(springView()),
  peaks: () => ({ variable: peaks.variable.slice(), fixed: peaks.fixed.slice() }),
  /** The jump demo's frame-rate choices, choosing one, and its frames run from a test: `seconds` of display time. */
  jumpRates: () => Array.from({ length: X.lab_jump_rate_count() }, (_, i) => w.str(X.lab_jump_rate_name(i))),
  jumpChoose: (rate) => jumpChoose(rate),
  jumpRun: (seconds) => { for (let t = 0; t < seconds; t += 1 / 60) jumpTick(1 / 60); },
  hitch: () => (hitch = true),
  set: (fps, hz, interp = true) => {
    fpsIn.value = fps;
    hzIn.value = hz;
    interpIn.checked = interp;
    configure();
  },
};

loopReset();
X.lab_jump_reset(1); // C's default: the uneven 20 fps, each jump peaking differently
jumpChoose(jumpView()[11]);
springReset();
drawTracks();
window.__ready = true;
requestAnimationFrame(frame);
