// SPDX-License-Identifier: MIT
// Timeline comparison for JavaScript hosts (Node and browsers): a pure ES
// module with no Node APIs. Mirrors src/host/timeline_file.c: byte-identical
// texts are identical; otherwise the first differing line is parsed and the
// first differing field named. For a field `x` with an `x_hex` twin, the hex
// bits decide.
//
//   compareTimelines(goldenText, actualText)
//     -> { identical, line, step, field, expected, actual, message }

function splitLines(text) {
  if (text.length === 0) return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop(); // the final newline ends the last line
  return lines;
}

function parseLine(line) {
  try {
    const o = JSON.parse(line);
    return o !== null && typeof o === 'object' && !Array.isArray(o) ? o : null;
  } catch {
    return null;
  }
}

function has(o, k) {
  return Object.prototype.hasOwnProperty.call(o, k);
}

// The decimal of a double given as 16 hex digits, as ks_fmt_f64 writes it
// (JavaScript's String(x) is the same shortest form, except for -0, NaN, inf).
function hexToText(hex) {
  if (!/^[0-9a-f]{16}$/.test(hex)) return null;
  const dv = new DataView(new ArrayBuffer(8));
  dv.setUint32(0, parseInt(hex.slice(0, 8), 16));
  dv.setUint32(4, parseInt(hex.slice(8), 16));
  const x = dv.getFloat64(0);
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  return Object.is(x, -0) ? '-0' : String(x);
}

function show(o, k) {
  if (!has(o, k)) return '(missing)';
  const hex = o[k + '_hex'];
  const v = o[k];
  const fromBits = typeof hex === 'string' ? hexToText(hex) : null;
  if (fromBits !== null) return `${fromBits} (bits ${hex})`;
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function firstField(e, a) {
  if (!same(e.step, a.step)) return ['step', show(e, 'step'), show(a, 'step')];
  for (const k of Object.keys(e)) {
    if (k === 'step' || k === 'hash' || k.endsWith('_hex')) continue;
    const hk = k + '_hex';
    const differ = has(e, hk) ? !has(a, k) || !same(e[hk], a[hk]) : !same(e[k], a[k]);
    if (differ) return [k, show(e, k), show(a, k)];
  }
  if (!same(e.hash, a.hash)) return ['hash', show(e, 'hash'), show(a, 'hash')];
  for (const k of Object.keys(e)) {
    if (!has(a, k) || !same(e[k], a[k])) return [k, JSON.stringify(e[k]), has(a, k) ? JSON.stringify(a[k]) : '(missing)'];
  }
  for (const k of Object.keys(a)) {
    if (!has(e, k)) return [k, '(missing)', JSON.stringify(a[k])];
  }
  return null;
}

export function compareTimelines(goldenText, actualText) {
  if (goldenText === actualText) {
    return { identical: true, line: 0, step: null, field: null, expected: null, actual: null, message: 'identical' };
  }
  const el = splitLines(goldenText);
  const al = splitLines(actualText);
  let prevStep = null;
  for (let i = 0; i < Math.max(el.length, al.length); i++) {
    const e = i < el.length ? el[i] : undefined;
    const a = i < al.length ? al[i] : undefined;
    const eo = e === undefined ? null : parseLine(e);
    const step = eo && Number.isInteger(eo.step) ? eo.step : null;
    if (e !== undefined && e === a) {
      prevStep = step;
      continue;
    }
    let field, expected, actual;
    const ao = a === undefined ? null : parseLine(a);
    if (e === undefined || a === undefined) {
      field = '(line)';
      expected = e === undefined ? '(end of timeline)' : e.slice(0, 150);
      actual = a === undefined ? '(end of timeline)' : a.slice(0, 150);
    } else if (!eo || !ao) {
      field = '(line)';
      expected = e.slice(0, 150);
      actual = a.slice(0, 150);
    } else {
      const f = firstField(eo, ao);
      if (f) {
        [field, expected, actual] = f;
      } else {
        let col = 0;
        while (col < e.length && col < a.length && e[col] === a[col]) col++;
        const from = Math.max(0, col - 20);
        field = '(text)';
        expected = e.slice(from, from + 150);
        actual = a.slice(from, from + 150);
      }
    }
    let where = '';
    if (step !== null) where = prevStep !== null ? ` (step ${step}; the line for step ${prevStep} matched)` : ` (step ${step}, the first line)`;
    const message = `line ${i + 1}${where}: ${field} differs: expected ${expected}, actual ${actual}`;
    return { identical: false, line: i + 1, step, field, expected, actual, message };
  }
  const ending = (t) => (t.endsWith('\n') ? 'final newline' : 'no final newline');
  return {
    identical: false, line: 0, step: null, field: '(text)', expected: ending(goldenText), actual: ending(actualText),
    message: `the texts differ only in their ending: expected ${ending(goldenText)}, actual ${ending(actualText)}`,
  };
}
