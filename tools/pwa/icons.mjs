// SPDX-License-Identifier: MIT
// The web app's icons (a ball in front of a goal, web/pwa/icon.svg's picture)
// drawn as PNGs at the sizes a manifest needs, with no image tool: each pixel
// is the average of 4 x 4 samples of the shapes, written with node:zlib.
//   node tools/pwa/icons.mjs OUTDIR        -> OUTDIR/icon-192.png, icon-512.png, icon-maskable-512.png
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const rgb = (h) => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
const NIGHT = rgb('#0b1a12'), GRASS = rgb('#1f6b3a'), LINE = rgb('#2e7d4f'), POST = rgb('#f4f4f0');
const BALL = rgb('#f8f8f4'), INK = rgb('#101010');

/* The colour at (x, y) of the 512-unit picture; `pad` shrinks it towards the middle (maskable icons). */
function colour(x, y, pad) {
  const s = 512 / (512 - 2 * pad);
  x = (x - pad) * s;
  y = (y - pad) * s;
  const inRect = (x0, y0, x1, y1) => x >= x0 && x < x1 && y >= y0 && y < y1;
  const dBall = Math.hypot(x - 256, y - 388);
  if (dBall <= 74) {
    // a pentagon patch in the middle
    const a = Math.atan2(y - 388, x - 256);
    const r = Math.hypot(x - 256, y - 388);
    const k = Math.cos(Math.PI / 5) / Math.cos(((((a + Math.PI / 2) % (2 * Math.PI / 5)) + 2 * Math.PI / 5) % (2 * Math.PI / 5)) - Math.PI / 5);
    return r <= 36 * k ? INK : BALL;
  }
  if (dBall <= 82) return INK;
  if (y >= 300) return GRASS;
  const frame = inRect(47, 87, 465, 275) && !inRect(65, 105, 447, 275);
  if (frame) return POST;
  if (inRect(56, 261, 456, 271)) return LINE;
  return NIGHT;
}

function png(size, pad) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  const ss = 4;
  for (let py = 0; py < size; py++) {
    raw[py * (size * 4 + 1)] = 0;
    for (let px = 0; px < size; px++) {
      const acc = [0, 0, 0];
      for (let sy = 0; sy < ss; sy++)
        for (let sx = 0; sx < ss; sx++) {
          const c = colour(((px + (sx + 0.5) / ss) * 512) / size, ((py + (sy + 0.5) / ss) * 512) / size, pad);
          acc[0] += c[0];
          acc[1] += c[1];
          acc[2] += c[2];
        }
      const o = py * (size * 4 + 1) + 1 + px * 4;
      raw[o] = Math.round(acc[0] / (ss * ss));
      raw[o + 1] = Math.round(acc[1] / (ss * ss));
      raw[o + 2] = Math.round(acc[2] / (ss * ss));
      raw[o + 3] = 255;
    }
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const out = process.argv[2];
if (!out) {
  console.error('usage: node tools/pwa/icons.mjs OUTDIR');
  process.exit(1);
}
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'icon-192.png'), png(192, 0));
writeFileSync(join(out, 'icon-512.png'), png(512, 0));
writeFileSync(join(out, 'icon-maskable-512.png'), png(512, 52)); // the picture inside the 80 % safe circle
