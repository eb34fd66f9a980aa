// SPDX-License-Identifier: MIT
// Draws bench/results/history.csv as an SVG of small multiples: one panel per
// figure, its values in the order they were measured, the latest labelled.
//   node bench/results/plot.mjs history.csv history.svg
// Plain SVG text: no packages.
import { readFileSync, writeFileSync } from 'node:fs';

const [csvPath, svgPath] = process.argv.slice(2);
if (!csvPath || !svgPath) {
  console.error('usage: node plot.mjs history.csv history.svg');
  process.exit(2);
}
const rows = readFileSync(csvPath, 'utf8').trim().split('\n').slice(1)
  .map((l) => l.split(','))
  .filter((r) => r.length >= 4 && Number.isFinite(Number(r[3])))
  .map(([date, commit, figure, value, unit]) => ({ date, commit, figure, value: Number(value), unit: unit || '' }));

// The figures worth a panel, in reading order; any other figure follows.
const preferred = [
  'bullet_over_kickstep', 'kick_vs_bullet_ns_per_step', 'bullet_ns_per_step',
  'wasm_over_native_lookahead_us', 'wasm_over_native_kick_us',
  'native_lookahead_us', 'wasm_lookahead_us', 'native_kick_ns_per_step', 'wasm_kick_ns_per_step',
  'native_solve_us', 'wasm_over_native_solve_us', 'native_state_copy_ns', 'kick_state_bytes',
  'kick_cli_simulate_batch_over_scalar', 'kick_cli_simulate_kicks_per_cpu_s', 'kick_cli_simulate_scalar_kicks_per_cpu_s',
  'kick_cli_simulate_kicks_per_s_1t', 'kick_cli_simulate_scaling_2t', 'kick_busy_step_ns', 'kick_trials_batch_over_scalar',
];
const byFigure = new Map();
for (const r of rows) {
  if (!byFigure.has(r.figure)) byFigure.set(r.figure, []);
  byFigure.get(r.figure).push(r);
}
const names = [...preferred.filter((n) => byFigure.has(n)), ...[...byFigure.keys()].filter((n) => !preferred.includes(n)).sort()];

const cols = 3, pw = 300, ph = 150, pad = 12, top = 40;
const rowsN = Math.max(1, Math.ceil(names.length / cols));
const W = cols * pw + (cols + 1) * pad, H = top + rowsN * (ph + pad) + pad;
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');
const fmt = (v) => (Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2));
const out = [];
out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">`);
out.push(`<rect width="${W}" height="${H}" fill="#ffffff"/>`);
const last = rows.length ? rows[rows.length - 1] : null;
out.push(`<text x="${pad}" y="24" font-size="15" font-weight="bold">kickstep benchmark history</text>`);
out.push(`<text x="${W - pad}" y="24" text-anchor="end" fill="#555">${rows.length} figures recorded${last ? `; latest ${esc(last.date)} (${esc(last.commit)})` : ''}</text>`);
names.forEach((name, i) => {
  const pts = byFigure.get(name);
  const x0 = pad + (i % cols) * (pw + pad), y0 = top + Math.floor(i / cols) * (ph + pad);
  const vals = pts.map((p) => p.value);
  const target = name === 'bullet_over_kickstep' ? 20 : name.startsWith('wasm_over_native') ? 2 : null;
  let lo = Math.min(...vals, 0), hi = Math.max(...vals, target ?? -Infinity);
  if (hi === lo) hi = lo + 1;
  hi += (hi - lo) * 0.1;
  const ix = (k) => x0 + 40 + (pts.length === 1 ? (pw - 60) / 2 : (k * (pw - 60)) / (pts.length - 1));
  const iy = (v) => y0 + ph - 22 - ((v - lo) / (hi - lo)) * (ph - 66);
  out.push(`<rect x="${x0}" y="${y0}" width="${pw}" height="${ph}" fill="#fafafa" stroke="#ccc"/>`);
  out.push(`<text x="${x0 + 8}" y="${y0 + 16}" font-weight="bold">${esc(name)} (${esc(pts[0].unit)})</text>`);
  out.push(`<line x1="${x0 + 40}" y1="${iy(lo)}" x2="${x0 + pw - 20}" y2="${iy(lo)}" stroke="#999"/>`);
  out.push(`<text x="${x0 + 36}" y="${iy(lo) + 4}" text-anchor="end" fill="#777">${fmt(lo)}</text>`);
  out.push(`<text x="${x0 + 36}" y="${iy(hi) + 4}" text-anchor="end" fill="#777">${fmt(hi)}</text>`);
  if (target !== null) {
    {
      out.push(`<line x1="${x0 + 40}" y1="${iy(target)}" x2="${x0 + pw - 20}" y2="${iy(target)}" stroke="#d33" stroke-dasharray="4 3"/>`);
      out.push(`<text x="${x0 + pw - 22}" y="${iy(target) - 3}" text-anchor="end" fill="#d33">target ${target}x</text>`);
    }
  }
  const line = pts.map((p, k) => `${ix(k).toFixed(1)},${iy(p.value).toFixed(1)}`).join(' ');
  out.push(`<polyline points="${line}" fill="none" stroke="#2a6fdb" stroke-width="1.5"/>`);
  pts.forEach((p, k) => out.push(`<circle cx="${ix(k).toFixed(1)}" cy="${iy(p.value).toFixed(1)}" r="2.5" fill="#2a6fdb"><title>${esc(p.date)} ${esc(p.commit)}: ${p.value}</title></circle>`));
  const lp = pts[pts.length - 1];
  out.push(`<text x="${x0 + pw - 8}" y="${y0 + 30}" text-anchor="end" fill="#2a6fdb">latest ${fmt(lp.value)}</text>`);
  out.push(`<text x="${x0 + 40}" y="${y0 + ph - 6}" fill="#777">${pts.length} run${pts.length === 1 ? '' : 's'}, oldest to newest</text>`);
});
out.push('</svg>');
writeFileSync(svgPath, out.join('\n') + '\n');
