// SPDX-License-Identifier: MIT
// How each of the six worlds looks: sky, light, fog, stands, crowd, boards and
// weather. Drawing only: the levels' rules (wind, wet pitch, keeper) are C.
import * as THREE from 'three';

export function canvasTexture(w, h, draw) {
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  draw(c.getContext('2d'), w, h);
  const t = new THREE.CanvasTexture(c);
  t.colorSpace = THREE.SRGBColorSpace;
  t.anisotropy = 4;
  return t;
}

/** A small generator of drawing's own (never the simulation's dice). */
export function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => ((s = (s * 48271) % 2147483647) / 2147483647);
}

/*
 * One theme per world. Colours are sRGB hex. `stand` is the height of the
 * stands (m); `crowd` the share of seats taken; `boards` the sponsors on the
 * advertising boards (the worlds' own, never the engine's words).
 */
export const WORLDS = {
  1: {
    name: 'Sunday League', time: 'day',
    sky: ['#4c8fd6', '#8fc3ee', '#d9ecf7'], fog: 0x9cc6e6, fogNear: 60, fogFar: 190,
    sun: 0xfff2d9, sunI: 2.3, hemiSky: 0xe4f1ff, hemiGround: 0x3d6b2c, hemiI: 1.15, sunPos: [-30, 45, -25],
    stand: 5, rows: 8, crowd: 0.35, seat: '#5b6b52', standBase: 0x6c7a5e, roof: false,
    shirts: ['#c1121f', '#f4f1de', '#2a9d8f', '#e9c46a', '#264653', '#8d99ae'],
    boards: [['DAVE\'S PLUMBING', '#f4d35e', '#1d3557'], ['RED LION PUB', '#9e2a2b', '#fff3b0'],
      ['CORNER BAKERY', '#fefae0', '#bc6c25'], ['VILLAGE MOTORS', '#0b3954', '#bfd7ea']],
    trees: true, lights: false, grass: ['#3f9a45', '#47a84c'], kit: 0x1e4fd8,
  },
  2: {
    name: 'Harbour Town', time: 'dusk',
    sky: ['#26345e', '#c0637a', '#f6b26b'], fog: 0xc98a7a, fogNear: 55, fogFar: 180,
    sun: 0xffc48a, sunI: 2.0, hemiSky: 0xffd6b8, hemiGround: 0x35543a, hemiI: 1.0, sunPos: [40, 18, 60],
    stand: 9, rows: 16, crowd: 0.6, seat: '#1f5f7a', standBase: 0x1b4e63, roof: false,
    shirts: ['#0077b6', '#f1faee', '#e63946', '#ffb703', '#023047'],
    boards: [['HARBOUR FISH CO.', '#023e8a', '#caf0f8'], ['SEAGULL FERRIES', '#f1faee', '#1d3557'],
      ['ANCHOR ALES', '#6a040f', '#ffba08'], ['PIER ICE CREAM', '#ffafcc', '#3a0ca3']],
    cranes: true, lights: false, grass: ['#3b8f44', '#43a14b'], kit: 0x0a6ebd,
  },
  3: {
    name: 'Mountain Pass', time: 'day',
    sky: ['#6d8fb8', '#b8cde0', '#eef3f7'], fog: 0xd5e0ea, fogNear: 50, fogFar: 170,
    sun: 0xffffff, sunI: 2.5, hemiSky: 0xf0f6ff, hemiGround: 0x4a5d40, hemiI: 1.2, sunPos: [-20, 60, 10],
    stand: 6, rows: 10, crowd: 0.45, seat: '#7a5230', standBase: 0x6b4a2d, roof: false,
    shirts: ['#d62828', '#f77f00', '#fcbf49', '#eae2b7', '#003049'],
    boards: [['ALPINE SPRING WATER', '#caf0f8', '#0077b6'], ['SUMMIT GEAR', '#f77f00', '#1b1b1b'],
      ['GOAT HILL DAIRY', '#fefae0', '#606c38'], ['CABLE CAR CO.', '#d62828', '#ffffff']],
    mountains: true, lights: false, grass: ['#4a8f49', '#529c50'], kit: 0xb8202b,
  },
  4: {
    name: 'Storm Coast', time: 'storm',
    sky: ['#20262e', '#46525e', '#7b8692'], fog: 0x4f5a66, fogNear: 35, fogFar: 130,
    sun: 0xc9d4e0, sunI: 1.2, hemiSky: 0xaab7c4, hemiGround: 0x2c3a2c, hemiI: 0.9, sunPos: [-10, 40, -30],
    stand: 8, rows: 14, crowd: 0.4, seat: '#3d4651', standBase: 0x2f363e, roof: true,
    shirts: ['#ffd60a', '#e5e5e5', '#14213d', '#fca311', '#4a4e69'],
    boards: [['LIGHTHOUSE INSURANCE', '#ffd60a', '#14213d'], ['GALE FM 98.4', '#e63946', '#f1faee'],
      ['STORM OILSKINS', '#fca311', '#000000'], ['COASTGUARD VOLUNTEERS', '#f1faee', '#d00000']],
    lights: true, grass: ['#2f6f36', '#367a3c'], kit: 0x2b2d42,
  },
  5: {
    name: 'Grand Stadium', time: 'night',
    sky: ['#04060f', '#0d1b3a', '#1f3b6e'], fog: 0x142038, fogNear: 70, fogFar: 200,
    sun: 0xf5f8ff, sunI: 2.6, hemiSky: 0xc9d8ff, hemiGround: 0x243d28, hemiI: 1.0, sunPos: [-25, 50, -15],
    stand: 16, rows: 34, crowd: 0.92, seat: '#1a2233', standBase: 0x1c2333, roof: true,
    shirts: ['#c1121f', '#f8f9fa', '#ffd23f', '#3a6ea5', '#1d3557', '#e76f51'],
    boards: [['METEOR ENERGY', '#ff006e', '#ffffff'], ['CROWN AIRWAYS', '#fb5607', '#1a1a1a'],
      ['APEX BANK', '#3a86ff', '#ffffff'], ['NOVA PHONES', '#8338ec', '#ffbe0b']],
    lights: true, grass: ['#2f8f3e', '#37a047'], kit: 0x1e4fd8,
  },
  6: {
    name: 'The Cup', time: 'night',
    sky: ['#05040c', '#1a1035', '#3a2660'], fog: 0x1c1434, fogNear: 70, fogFar: 210,
    sun: 0xfff4e0, sunI: 2.7, hemiSky: 0xe6d8ff, hemiGround: 0x2a3a26, hemiI: 1.05, sunPos: [20, 50, -20],
    stand: 18, rows: 38, crowd: 0.97, seat: '#221a38', standBase: 0x241b3b, roof: true,
    shirts: ['#ffd700', '#ffffff', '#0b3d91', '#c1121f', '#2ec4b6'],
    boards: [['GLOBAL CUP', '#ffd700', '#0b0b2b'], ['TROPHY TYRES', '#0b3d91', '#ffffff'],
      ['FINAL WHISTLE SPORTS', '#ffffff', '#c1121f'], ['GOLDEN BOOT', '#1b1b1b', '#ffd700']],
    lights: true, banners: true, grass: ['#2e8a3d', '#36993f'], kit: 0xffffff,
  },
};

/** The world a view is in: World Tour levels by their index; the Daily Kick's venue by name. */
export function worldOf(mode, level, venue) {
  if (mode === 0) return Math.min(6, Math.max(1, Math.floor(level / 5) + 1));
  const v = (venue || '').toLowerCase();
  for (const [k, w] of Object.entries(WORLDS)) if (v.includes(w.name.toLowerCase().split(' ')[0])) return Number(k);
  let h = 0;
  for (const c of v) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return (h % 6) + 1;
}

export function skyTexture(colors) {
  return canvasTexture(16, 256, (g, w, h) => {
    const grad = g.createLinearGradient(0, 0, 0, h);
    grad.addColorStop(0, colors[0]);
    grad.addColorStop(0.55, colors[1]);
    grad.addColorStop(1, colors[2]);
    g.fillStyle = grad;
    g.fillRect(0, 0, w, h);
  });
}

/** Grass: mown stripes across the pitch, with a little noise. */
export function grassTexture(colors) {
  return canvasTexture(512, 512, (g, w, h) => {
    const stripes = 8;
    for (let i = 0; i < stripes; i++) {
      g.fillStyle = colors[i % 2];
      g.fillRect(0, (i * h) / stripes, w, h / stripes);
    }
    const rnd = rng(7);
    for (let i = 0; i < 9000; i++) {
      g.fillStyle = `rgba(${rnd() < 0.5 ? '20,60,25' : '120,200,110'},${0.05 + rnd() * 0.08})`;
      g.fillRect(rnd() * w, rnd() * h, 1 + rnd() * 2, 1 + rnd() * 3);
    }
  });
}

/** Rows of seats with people in a world's shirts; `taken` is the share of seats filled. */
export function crowdTexture(theme, seed) {
  return canvasTexture(1024, 512, (g, w, h) => {
    g.fillStyle = theme.seat;
    g.fillRect(0, 0, w, h);
    const rnd = rng(seed);
    const rows = theme.rows;
    const per = 170;
    for (let row = 0; row < rows; row++) {
      const y = row * (h / rows);
      g.fillStyle = 'rgba(0,0,0,0.35)';
      g.fillRect(0, y + h / rows - 3, w, 3);
      const rh = h / rows;
      for (let i = 0; i < per; i++) {
        if (rnd() > theme.crowd) continue;
        const x = (i + (row % 2) * 0.5) * (w / per) + rnd() * 1.5;
        g.fillStyle = theme.shirts[Math.floor(rnd() * theme.shirts.length)];
        g.fillRect(x, y + rh * 0.45, 4, rh * 0.4);
        g.fillStyle = rnd() < 0.5 ? '#e0b994' : rnd() < 0.5 ? '#8a5a3c' : '#c48e66';
        g.fillRect(x + 0.5, y + rh * 0.2, 3, rh * 0.27);
      }
    }
  });
}

/** The advertising boards: the world's sponsors, repeated around the pitch. */
export function boardTexture(theme) {
  return canvasTexture(2048, 64, (g, w, h) => {
    const n = 8;
    for (let i = 0; i < n; i++) {
      const [text, bg, fg] = theme.boards[i % theme.boards.length];
      g.fillStyle = bg;
      g.fillRect((i * w) / n, 0, w / n, h);
      g.fillStyle = fg;
      g.font = `bold ${text.length > 16 ? 26 : 32}px system-ui, sans-serif`;
      g.textAlign = 'center';
      g.textBaseline = 'middle';
      g.fillText(text, (i + 0.5) * (w / n), h * 0.54, w / n - 20);
    }
  });
}

/** Mountains on the horizon (Mountain Pass), with snow caps. */
export function mountainTexture() {
  return canvasTexture(1024, 256, (g, w, h) => {
    g.clearRect(0, 0, w, h);
    const rnd = rng(31);
    for (const [shade, base, amp] of [['#7c8ea5', 0.55, 0.4], ['#5d6f86', 0.75, 0.3]]) {
      g.fillStyle = shade;
      g.beginPath();
      g.moveTo(0, h);
      let y = h * base;
      for (let x = 0; x <= w; x += 16) {
        y = Math.min(h * 0.95, Math.max(h * (base - amp), y + (rnd() - 0.5) * 38));
        g.lineTo(x, y);
      }
      g.lineTo(w, h);
      g.closePath();
      g.fill();
    }
    g.globalCompositeOperation = 'source-atop';
    g.fillStyle = 'rgba(255,255,255,0.85)';
    g.fillRect(0, 0, w, h * 0.32);
  });
}
