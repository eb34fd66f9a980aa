// SPDX-License-Identifier: MIT
// The brake page: draws the brake game's view and forwards the pedal. The
// physics, the countdown, slow motion, the drivers and the score are all in C
// (brake.wasm); this file only draws them and routes input.
//
// Console: window.__brake
//   __brake.state()                  the view (x, speed, phase, score, ...)
//   __brake.policy('late')           a named C driver, decided per step in C
//   __brake.policy((s) => s.gap < 40) a JS driver, called once per step with the state
//   __brake.policy(null)             back to you
//   __brake.pedal(true|false)        set the pedal per frame (as a held key would)
//   __brake.restart()
//   __brake.run('stunt:18')          a whole run headless, at once; returns the result
import { loadWasm, wasmUrl } from '../src/wasm.js';

const $ = (id) => document.getElementById(id);
const PHASE = ['countdown', 'road', 'ramp', 'air', 'rollout', 'done'];
const OUTCOME = ['', 'Stopped short', 'Stopped on the ramp', 'Leapt it!', 'Crashed', 'Hopped'];
const EVENT_TYPES = ['none', 'countdown_tick', 'brake_start', 'leap', 'flip', 'clear', 'crash', 'land', 'stopped'];

const w = await loadWasm(wasmUrl('brake'));
const X = w.exports;
const names = Array.from({ length: X.brake_view_count() }, (_, i) => w.str(X.brake_view_name(i)));

function state() {
  const v = w.f64(X.brake_view(), names.length);
  const o = {};
  names.forEach((n, i) => (o[n] = v[i]));
  o.phaseName = PHASE[o.phase];
  return o;
}

function setCPolicy(name) {
  const len = w.writeStr(X.brake_policy_buf(), 256, name);
  const st = X.brake_set_policy(len);
  if (st !== 0) throw new Error(`unknown driver '${name}'`);
}

let jsPolicy = null;
let humanPedal = false;
let consolePedal = null;
let skid = [];
let lastEvents = [];
let bannerUntil = 0;
let shown = false; // the result panel is up for this run
let marker = null; // the off-screen ramp's arrow, as last drawn

function banner(text, ms = 900) {
  if (!$('result').hidden) return;
  $('banner').textContent = text;
  bannerUntil = performance.now() + ms;
}

function restart() {
  X.brake_reset();
  skid = [];
  shown = false;
  $('result').hidden = true;
  banner('3', 1000);
}

function readEvents() {
  const n = X.brake_event_count();
  const ev = w.f64(X.brake_events(), n * 6);
  const out = [];
  for (let i = 0; i < n; i++) {
    out.push({ step: ev[i * 6], type: EVENT_TYPES[ev[i * 6 + 1]], subject: ev[i * 6 + 2], value: [ev[i * 6 + 3], ev[i * 6 + 4], ev[i * 6 + 5]] });
  }
  return out;
}

function handle(events) {
  for (const e of events) {
    if (e.type === 'countdown_tick') banner(e.subject > 0 ? String(e.subject) : 'GO!', 700);
    else if (e.type === 'brake_start') skid.push(e.value[0]);
    else if (e.type === 'leap') banner('LEAP', 600);
    else if (e.type === 'flip') banner(`FLIP ×${e.subject}`, 700);
    else if (e.type === 'clear') banner('CLEARED', 600);
    else if (e.type === 'crash') banner('CRASH', 900);
    else if (e.type === 'land') banner(e.subject ? 'CLEAN LANDING' : 'ROUGH LANDING', 900);
  }
}

/** The result, one fact a line, and what to try next (the score's rule is brake_sim_result, in C: the stop). */
function resultLines(s, brakeAt) {
  const lines = [];
  let stop = `Stopped at ${s.stop_x.toFixed(2)} m`;
  if (s.outcome === 1) stop += `, ${(s.ramp_x - s.stop_x).toFixed(2)} m before the ramp`;
  if (s.outcome === 2) stop += `, ${(s.stop_x - s.ramp_x).toFixed(2)} m up the ramp`;
  lines.push(stop, `Stopwatch ${s.stopwatch.toFixed(3)} s`);
  const braked = s.braked > 0 && brakeAt !== null;
  if (braked) lines.push(`Braked ${(s.ramp_x - brakeAt).toFixed(1)} m before the ramp${s.outcome <= 2 ? ` · stopping distance ${s.stopping_distance.toFixed(2)} m` : ''}`);
  else lines.push('Never braked');
  if (s.leap_distance > 0) lines.push(`Leap ${s.leap_distance.toFixed(1)} m, ${s.flips} flip${s.flips === 1 ? '' : 's'}${s.clean ? ', a clean landing' : ''}`);
  let tip = '';
  if (s.outcome === 1) tip = s.ramp_x - s.stop_x < 1 ? 'A stop at the ramp\'s foot: the best there is.' : 'Brake a little later: the closer to the ramp\'s foot, the more it scores (up to 3,000).';
  else if (s.outcome === 2) tip = 'Brake a little earlier: a stop before the ramp\'s foot scores more.';
  else if (s.outcome >= 3) tip = braked ? 'Brake earlier: the car reached the ramp still rolling. A good stop scores more than any stunt.' : 'Try braking: a good stop scores more than any stunt.';
  return { lines, tip };
}

/** The run's result: the what-if's once the run ended early (C ran it out on the step of the clear). */
function finalState() {
  const s = state();
  return { ...s, outcome: s.final_outcome, score: s.final_score, stopwatch: s.final_stopwatch, stop_x: s.final_stop_x,
    stopping_distance: s.final_stopping_distance, leap_distance: s.final_leap_distance, flips: s.final_flips, clean: s.final_clean };
}

function showResult() {
  shown = true;
  const s = finalState();
  $('result-title').textContent = `${OUTCOME[s.outcome]} — ${s.score} points`;
  const { lines, tip } = resultLines(s, skid.length ? skid[0] : null);
  const text = $('result-text');
  text.textContent = '';
  for (const line of lines) {
    const p = document.createElement('span');
    p.textContent = line;
    text.append(p);
  }
  $('result-tip').textContent = tip;
  // The result takes the screen: no banner over it.
  bannerUntil = 0;
  $('banner').textContent = '';
  $('result').hidden = false;
}

// ---------------------------------------------------------------- drawing
const canvas = $('view');
const g = canvas.getContext('2d');
function resize() {
  const dpr = Math.min(window.devicePixelRatio || 1, 2);
  canvas.width = Math.round(innerWidth * dpr);
  canvas.height = Math.round(innerHeight * dpr);
  g.setTransform(dpr, 0, 0, dpr, 0, 0);
}
addEventListener('resize', resize);
resize();

function draw(s) {
  const W = innerWidth, H = innerHeight;
  const scale = Math.max(10, Math.min(W / 60, H / 22)); // px per metre
  const groundY = H * 0.7;
  const camX = s.x - W / scale * 0.35;
  const sx = (x) => (x - camX) * scale;
  const sy = (y) => groundY - y * scale;

  const sky = g.createLinearGradient(0, 0, 0, groundY);
  sky.addColorStop(0, '#1d3557');
  sky.addColorStop(1, '#f4a261');
  g.fillStyle = sky;
  g.fillRect(0, 0, W, groundY);
  g.fillStyle = '#2b2d42';
  g.fillRect(0, groundY, W, H - groundY);
  // Distance markers every 10 m.
  g.fillStyle = '#8d99ae';
  g.font = '12px system-ui';
  for (let m = Math.floor(camX / 10) * 10; m < camX + W / scale + 10; m += 10) {
    g.fillRect(sx(m), groundY, 2, 10);
    g.fillText(`${m} m`, sx(m) + 4, groundY + 24);
  }
  // Skid marks from the first brake.
  g.fillStyle = 'rgba(0,0,0,0.6)';
  for (const k of skid) g.fillRect(sx(k), groundY - 2, Math.max(0, sx(Math.min(s.x, s.ramp_x)) - sx(k)), 3);
  // The ramp and the barrier.
  const lipH = s.ramp_length * Math.tan(s.ramp_angle);
  g.fillStyle = '#e9c46a';
  g.beginPath();
  g.moveTo(sx(s.ramp_x), sy(0));
  g.lineTo(sx(s.ramp_x + s.ramp_length), sy(lipH));
  g.lineTo(sx(s.ramp_x + s.ramp_length), sy(0));
  g.closePath();
  g.fill();
  g.fillStyle = '#e63946';
  g.fillRect(sx(s.barrier_x) - 4, sy(s.barrier_height), 8, s.barrier_height * scale);
  for (let i = 0; i < 4; i++) {
    g.fillStyle = i % 2 ? '#fff' : '#e63946';
    g.fillRect(sx(s.barrier_x) - 4, sy(s.barrier_height) + (i * s.barrier_height * scale) / 4, 8, (s.barrier_height * scale) / 8);
  }
  // The ramp ahead, off the right edge: an arrow with its distance (a phone sees ~25 m ahead).
  marker = null;
  if (sx(s.ramp_x) > W - 8 && s.gap > 0) {
    const text = `ramp ${Math.max(0, s.gap).toFixed(0)} m`;
    g.font = 'bold 15px system-ui';
    const tw = g.measureText(text).width;
    const y = groundY - 34;
    g.fillStyle = 'rgba(233, 196, 106, 0.92)';
    g.beginPath();
    g.moveTo(W - 8, y);
    g.lineTo(W - 22, y - 13);
    g.lineTo(W - 22, y + 13);
    g.closePath();
    g.fill();
    g.fillRect(W - 30 - tw - 12, y - 13, tw + 12, 26);
    g.fillStyle = '#1d1d1d';
    g.fillText(text, W - 30 - tw - 6, y + 5);
    marker = { text, x: W - 30 - tw - 12, y: y - 13, w: tw + 34, h: 26 };
  }
  // The car: a box with wheels, rotated by its pitch, resting on its point.
  const len = 4.2, hgt = 1.3;
  g.save();
  g.translate(sx(s.x), sy(s.y));
  g.rotate(-s.pitch);
  g.fillStyle = s.pedal ? '#ff6b6b' : '#4cc9f0';
  g.fillRect((-len / 2) * scale, -hgt * scale - 0.35 * scale, len * scale, hgt * scale);
  g.fillStyle = 'rgba(255,255,255,0.7)';
  g.fillRect(0.1 * scale, -hgt * scale - 0.1 * scale, 1.2 * scale, 0.6 * scale);
  g.fillStyle = '#111';
  for (const wx of [-1.3, 1.3]) {
    g.beginPath();
    g.arc(wx * scale, -0.35 * scale, 0.38 * scale, 0, Math.PI * 2);
    g.fill();
  }
  g.restore();
}

function hud(s) {
  $('speed').textContent = Math.round(Math.hypot(s.vx, s.vy) * 3.6);
  $('gap').textContent = Math.max(0, s.gap).toFixed(1);
  $('watch').textContent = s.stopwatch.toFixed(3);
  $('scale').textContent = s.time_scale.toFixed(2);
  if (performance.now() > bannerUntil) $('banner').textContent = '';
  $('pedal').classList.toggle('down', !!s.pedal);
}

// ---------------------------------------------------------------- the loop
let last = performance.now();
function frame(now) {
  const dt = (now - last) / 1000;
  last = now;
  const before = state();
  if (before.phase !== 5) {
    const pedal = consolePedal ?? humanPedal;
    if (jsPolicy) {
      const n = X.brake_begin_frame(dt);
      for (let i = 0; i < n; i++) X.brake_step(jsPolicy(state()) ? 1 : 0);
    } else {
      X.brake_frame(dt, pedal ? 1 : 0);
    }
    lastEvents = readEvents();
    handle(lastEvents);
    // Seed 004: the run ends early when the car has cleared the barrier; C ran
    // the rest out on that step ("what if"), so the result shows at once. The
    // car goes on flying and rolling to the same stop behind it.
    const after = state();
    if (!shown && (after.ended || after.phase === 5)) {
      showResult();
    }
  }
  const s = state();
  draw(s);
  hud(s);
  requestAnimationFrame(frame);
}

// ---------------------------------------------------------------- input
// A press goes to C as it happens: C keeps it until a step takes it, so a tap
// shorter than the gap between two steps still brakes (seed 002).
const press = (down) => {
  if (down && !humanPedal) X.brake_press();
  humanPedal = down;
};
const pedalBtn = $('pedal');
pedalBtn.addEventListener('pointerdown', (e) => { e.preventDefault(); press(true); });
for (const ev of ['pointerup', 'pointercancel', 'pointerleave']) pedalBtn.addEventListener(ev, () => press(false));
addEventListener('keydown', (e) => {
  if (e.code === 'Space') { e.preventDefault(); press(true); }
  if (e.code === 'KeyR') restart();
});
addEventListener('keyup', (e) => { if (e.code === 'Space') press(false); });
$('restart').addEventListener('click', restart);
$('again').addEventListener('click', restart);
$('driver').addEventListener('change', (e) => {
  jsPolicy = null;
  setCPolicy(e.target.value);
  restart();
});

// ---------------------------------------------------------------- console
window.__brake = {
  state,
  /** The ramp's arrow at the right edge as last drawn ({text, x, y, w, h}), or null when the ramp is on screen. */
  marker: () => marker,
  events: () => lastEvents.slice(),
  restart,
  pedal(down) {
    consolePedal = down === null || down === undefined ? null : !!down;
  },
  policy(p) {
    if (typeof p === 'function') {
      setCPolicy('');
      jsPolicy = p;
    } else {
      jsPolicy = null;
      setCPolicy(p ? String(p) : '');
    }
    restart();
    return p ?? 'you';
  },
  run(p = 'late', fps = 60) {
    const keepJs = jsPolicy;
    let result;
    try {
      if (typeof p === 'function') {
        setCPolicy('');
        X.brake_reset();
        while (state().phase !== 5) {
          const n = X.brake_begin_frame(1 / fps);
          for (let i = 0; i < n; i++) X.brake_step(p(state()) ? 1 : 0);
        }
      } else {
        setCPolicy(String(p));
        X.brake_reset();
        while (state().phase !== 5) X.brake_frame(1 / fps, 0);
      }
      const s = state();
      const hash = (X.brake_hash_hi() >>> 0).toString(16).padStart(8, '0') + (X.brake_hash_lo() >>> 0).toString(16).padStart(8, '0');
      result = { outcome: ['none', 'short', 'ramp', 'leap', 'crash', 'hop'][s.outcome], score: s.score, stopwatch: s.stopwatch, steps: s.step, stop_x: s.stop_x, flips: s.flips, hash };
    } finally {
      jsPolicy = keepJs;
      setCPolicy($('driver').value);
      restart();
    }
    return result;
  },
};

restart();
window.__ready = true;
requestAnimationFrame(frame);
