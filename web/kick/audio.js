// SPDX-License-Identifier: MIT
// Sounds synthesized with Web Audio: nothing is downloaded. Drawing and sound
// use their own randomness (Math.random), never the simulation's dice.
export class Sound {
  constructor() {
    this.ctx = null;
    this.enabled = true;
    this.crowd = null;
  }

  /** Audio may only start after a user gesture; call from a pointer handler. */
  unlock() {
    if (!this.enabled) return;
    if (!this.ctx) {
      const AC = window.AudioContext || window.webkitAudioContext;
      if (!AC) return;
      this.ctx = new AC();
      this.master = this.ctx.createGain();
      this.master.gain.value = 0.8;
      this.master.connect(this.ctx.destination);
      this.startCrowd();
    }
    if (this.ctx.state === 'suspended') this.ctx.resume();
    if (this.wantMusic) this.startMusic();
  }

  setEnabled(on) {
    this.enabled = on;
    if (this.master) this.master.gain.value = on ? 0.8 : 0;
    if (!on) this.stopMusic();
    else if (this.wantMusic) this.startMusic();
  }

  /** Background music: a slow loop of soft chords and a pulse, synthesised. */
  setMusic(on) {
    this.wantMusic = on;
    if (on) this.startMusic();
    else this.stopMusic();
  }

  startMusic() {
    if (!this.ctx || !this.enabled || !this.wantMusic || this.musicTimer) return;
    const ctx = this.ctx;
    this.musicGain = ctx.createGain();
    this.musicGain.gain.value = 0.0001;
    this.musicGain.gain.exponentialRampToValueAtTime(0.09, ctx.currentTime + 2);
    this.musicGain.connect(this.master);
    // A-minor-ish loop: Am F C G, two beats each at 96 bpm.
    const chords = [[220, 261.6, 329.6], [174.6, 220, 261.6], [196, 261.6, 329.6], [196, 246.9, 293.7]];
    const beat = 60 / 96;
    let bar = 0;
    let at = ctx.currentTime + 0.1;
    const schedule = () => {
      while (at < ctx.currentTime + 1.5) {
        const ch = chords[bar % chords.length];
        for (const f of ch) {
          const o = ctx.createOscillator();
          o.type = 'triangle';
          o.frequency.value = f;
          const g = ctx.createGain();
          g.gain.setValueAtTime(0.0001, at);
          g.gain.linearRampToValueAtTime(0.22, at + 0.3);
          g.gain.linearRampToValueAtTime(0.0001, at + beat * 2);
          o.connect(g).connect(this.musicGain);
          o.start(at);
          o.stop(at + beat * 2 + 0.05);
        }
        for (let k = 0; k < 2; k++) {
          const o = ctx.createOscillator();
          o.type = 'sine';
          o.frequency.value = ch[0] / 2;
          const g = ctx.createGain();
          this.env(g, at + k * beat, 0.01, 0.3, 0.35);
          o.connect(g).connect(this.musicGain);
          o.start(at + k * beat);
          o.stop(at + k * beat + 0.35);
        }
        at += beat * 2;
        bar++;
      }
    };
    schedule();
    this.musicTimer = setInterval(schedule, 500);
  }

  stopMusic() {
    if (this.musicTimer) clearInterval(this.musicTimer);
    this.musicTimer = null;
    if (this.musicGain && this.ctx) {
      const g = this.musicGain;
      g.gain.cancelScheduledValues(this.ctx.currentTime);
      g.gain.setValueAtTime(Math.max(0.0001, g.gain.value), this.ctx.currentTime);
      g.gain.exponentialRampToValueAtTime(0.0001, this.ctx.currentTime + 0.4);
      setTimeout(() => g.disconnect(), 600);
    }
    this.musicGain = null;
  }

  /** Thunder: a long low rumble of filtered noise. */
  thunder() {
    if (!this.ctx || !this.enabled) return;
    const t = this.ctx.currentTime + 0.3 + Math.random() * 0.8;
    const n = this.ctx.createBufferSource();
    n.buffer = this.noiseBuffer(3);
    const f = this.ctx.createBiquadFilter();
    f.type = 'lowpass';
    f.frequency.value = 180;
    const g = this.ctx.createGain();
    this.env(g, t, 0.08, 2.6, 0.8);
    n.connect(f).connect(g).connect(this.master);
    n.start(t);
  }

  /** A whistle: the referee's short blast (before the run-up of a penalty, at the end). */
  whistle() {
    if (!this.ctx || !this.enabled) return;
    const t = this.ctx.currentTime;
    const o = this.ctx.createOscillator();
    o.type = 'square';
    o.frequency.setValueAtTime(2900, t);
    const lfo = this.ctx.createOscillator();
    lfo.frequency.value = 28;
    const lg = this.ctx.createGain();
    lg.gain.value = 120;
    lfo.connect(lg).connect(o.frequency);
    const g = this.ctx.createGain();
    this.env(g, t, 0.01, 0.35, 0.08);
    o.connect(g).connect(this.master);
    o.start(t);
    lfo.start(t);
    o.stop(t + 0.4);
    lfo.stop(t + 0.4);
  }

  suspend() { if (this.ctx && this.ctx.state === 'running') this.ctx.suspend(); }
  resume() { if (this.ctx && this.enabled && this.ctx.state === 'suspended') this.ctx.resume(); }

  noiseBuffer(seconds) {
    const n = Math.floor(this.ctx.sampleRate * seconds);
    const buf = this.ctx.createBuffer(1, n, this.ctx.sampleRate);
    const d = buf.getChannelData(0);
    for (let i = 0; i < n; i++) d[i] = Math.random() * 2 - 1;
    return buf;
  }

  env(gain, t0, attack, decay, peak) {
    gain.gain.setValueAtTime(0.0001, t0);
    gain.gain.exponentialRampToValueAtTime(peak, t0 + attack);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + attack + decay);
  }

  /** A boot on leather: a low thump with a short slap of noise. */
  strike(power = 1) {
    if (!this.ctx || !this.enabled) return;
    const t = this.ctx.currentTime;
    const o = this.ctx.createOscillator();
    o.type = 'sine';
    o.frequency.setValueAtTime(150, t);
    o.frequency.exponentialRampToValueAtTime(45, t + 0.12);
    const g = this.ctx.createGain();
    this.env(g, t, 0.004, 0.16, 0.9 * power);
    o.connect(g).connect(this.master);
    o.start(t);
    o.stop(t + 0.2);
    const n = this.ctx.createBufferSource();
    n.buffer = this.noiseBuffer(0.06);
    const f = this.ctx.createBiquadFilter();
    f.type = 'bandpass';
    f.frequency.value = 1800;
    const ng = this.ctx.createGain();
    this.env(ng, t, 0.002, 0.05, 0.5 * power);
    n.connect(f).connect(ng).connect(this.master);
    n.start(t);
  }

  /** The woodwork: a metallic ring of inharmonic partials. */
  post() {
    if (!this.ctx || !this.enabled) return;
    const t = this.ctx.currentTime;
    for (const [freq, amp, dec] of [[520, 0.35, 1.2], [1367, 0.22, 0.9], [2451, 0.12, 0.6], [3920, 0.06, 0.4]]) {
      const o = this.ctx.createOscillator();
      o.frequency.value = freq;
      const g = this.ctx.createGain();
      this.env(g, t, 0.002, dec, amp);
      o.connect(g).connect(this.master);
      o.start(t);
      o.stop(t + dec + 0.05);
    }
  }

  /** The net: a soft swish of filtered noise. */
  net() {
    if (!this.ctx || !this.enabled) return;
    const t = this.ctx.currentTime;
    const n = this.ctx.createBufferSource();
    n.buffer = this.noiseBuffer(0.5);
    const f = this.ctx.createBiquadFilter();
    f.type = 'highpass';
    f.frequency.value = 2500;
    const g = this.ctx.createGain();
    this.env(g, t, 0.02, 0.4, 0.35);
    n.connect(f).connect(g).connect(this.master);
    n.start(t);
  }

  /** A constant murmur of the crowd, and a roar (or a groan) on demand. */
  startCrowd() {
    const src = this.ctx.createBufferSource();
    src.buffer = this.noiseBuffer(3);
    src.loop = true;
    const f = this.ctx.createBiquadFilter();
    f.type = 'bandpass';
    f.frequency.value = 650;
    f.Q.value = 0.6;
    const g = this.ctx.createGain();
    g.gain.value = 0.05;
    src.connect(f).connect(g).connect(this.master);
    src.start();
    this.crowd = { gain: g, filter: f };
  }

  crowdReact(kind) {
    if (!this.ctx || !this.crowd || !this.enabled) return;
    const t = this.ctx.currentTime;
    const g = this.crowd.gain.gain;
    const f = this.crowd.filter.frequency;
    g.cancelScheduledValues(t);
    f.cancelScheduledValues(t);
    if (kind === 'roar') {
      g.setValueAtTime(0.05, t);
      g.linearRampToValueAtTime(0.45, t + 0.25);
      g.linearRampToValueAtTime(0.05, t + 3.2);
      f.setValueAtTime(650, t);
      f.linearRampToValueAtTime(1100, t + 0.3);
      f.linearRampToValueAtTime(650, t + 3);
    } else if (kind === 'groan') {
      g.setValueAtTime(0.05, t);
      g.linearRampToValueAtTime(0.22, t + 0.2);
      g.linearRampToValueAtTime(0.05, t + 1.6);
      f.setValueAtTime(500, t);
      f.linearRampToValueAtTime(300, t + 1.2);
    } else if (kind === 'cheer') {
      g.setValueAtTime(0.05, t);
      g.linearRampToValueAtTime(0.7, t + 0.15);
      g.linearRampToValueAtTime(0.3, t + 1.5);
      g.linearRampToValueAtTime(0.05, t + 5);
      f.setValueAtTime(700, t);
      f.linearRampToValueAtTime(1400, t + 0.2);
      f.linearRampToValueAtTime(800, t + 4);
    } else if (kind === 'oh') {
      g.setValueAtTime(0.05, t);
      g.linearRampToValueAtTime(0.35, t + 0.12);
      g.linearRampToValueAtTime(0.05, t + 1.8);
      f.setValueAtTime(900, t);
      f.linearRampToValueAtTime(350, t + 1.4);
    } else if (kind === 'hush') {
      g.setValueAtTime(0.05, t);
      g.linearRampToValueAtTime(0.02, t + 0.4);
      g.linearRampToValueAtTime(0.05, t + 2.5);
    }
  }
}
