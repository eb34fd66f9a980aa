// SPDX-License-Identifier: MIT
// compare.mjs (the JavaScript timeline comparer used by Node and the browser).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareTimelines } from '../../tools/parity/compare.mjs';

const line = (step, x, hex, hash = '00000000000000aa') =>
  `{"step":${step},"hash":"${hash}","x":${x},"x_hex":"${hex}"}\n`;
const base = line(100, 0.5, '3fe0000000000000') + line(200, 1, '3ff0000000000000');

test('identical texts', () => {
  const r = compareTimelines(base, base);
  assert.equal(r.identical, true);
  assert.equal(compareTimelines('', '').identical, true);
});

test('a field names its step and shows decimals from the bits', () => {
  const changed = line(100, 0.5, '3fe0000000000000') + line(200, 1, '3ff0000000000001');
  const r = compareTimelines(base, changed);
  assert.equal(r.identical, false);
  assert.equal(r.line, 2);
  assert.equal(r.step, 200);
  assert.equal(r.field, 'x');
  assert.equal(r.expected, '1 (bits 3ff0000000000000)');
  assert.equal(r.actual, '1.0000000000000002 (bits 3ff0000000000001)');
  assert.match(r.message, /step 200; the line for step 100 matched/);
});

test('negative zero and non-finite values', () => {
  const a = line(1, '-0', '8000000000000000');
  const b = line(1, '"nan"', '7ff8000000000000');
  const r = compareTimelines(a, b);
  assert.equal(r.field, 'x');
  assert.equal(r.expected, '-0 (bits 8000000000000000)');
  assert.equal(r.actual, 'nan (bits 7ff8000000000000)');
});

test('hash only, missing and extra lines, bad JSON, endings', () => {
  assert.equal(compareTimelines(base, line(100, 0.5, '3fe0000000000000', '00000000000000bb') + line(200, 1, '3ff0000000000000')).field, 'hash');
  const short = line(100, 0.5, '3fe0000000000000');
  let r = compareTimelines(base, short);
  assert.equal(r.field, '(line)');
  assert.equal(r.actual, '(end of timeline)');
  assert.equal(r.step, 200);
  r = compareTimelines(short, base);
  assert.equal(r.expected, '(end of timeline)');
  r = compareTimelines(base, short + '{"step":200,\n');
  assert.equal(r.field, '(line)');
  r = compareTimelines(base, base.slice(0, -1));
  assert.equal(r.identical, false);
  assert.equal(r.field, '(text)');
  r = compareTimelines(short, short.replace('"x":0.5', '"x":0.50'));
  assert.equal(r.field, '(text)');
});
