#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// Turns the free-kick page's call log (window.__kick.log: every call into the
// module that can change the game, web/kick/game.js) into a script for
// `kick-cli play`, which plays the same session natively and prints what the
// page showed after each kick.
//
//   node tools/calllog-to-play.mjs LOG [-o SCRIPT]
//
// LOG ('-': standard input) is either the log as JSON (an array of
// [name, ...args], as JSON.stringify(window.__kick.log) writes it) or the text
// the browser tests write for kick_native (one call a line: the name, then its
// arguments as JavaScript prints them). SCRIPT ('-' or absent: standard output)
// gets one JSON object a line. Numbers keep their exact bits (JavaScript's
// shortest round-trip notation, read back exactly by kick-cli), except the
// sign of a zero and non-finite numbers, which JSON cannot hold (null).
// Exit codes: 0 written, 1 a log that cannot be read (the line is named), 2 usage.
import { readFileSync, writeFileSync } from 'node:fs';

const USAGE = 'usage: node tools/calllog-to-play.mjs LOG [-o SCRIPT]   (LOG, SCRIPT: files, - for stdin/stdout)';

/** One call [name, ...args] as a kick-cli play input, or throws naming what is wrong. */
export function callToInput([name, ...a]) {
  const n = (i) => {
    const x = typeof a[i] === 'number' ? a[i] : Number(a[i]);
    if (a[i] === undefined || (typeof a[i] === 'string' && a[i].trim() === '')) throw new Error(`${name}: argument ${i + 1} is missing`);
    return x;
  };
  const date = (y, m, d) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  switch (name) {
    case 'kx_tour': return { do: 'tour', level: n(0), attempt: n(1) };
    case 'kx_init': return { do: 'tour', level: n(0), seed: (n(1) >>> 0) + (n(2) >>> 0) * 2 ** 32, attempt: 1 };
    case 'kx_init_attempt': return { do: 'tour', level: n(0), seed: (n(1) >>> 0) + (n(2) >>> 0) * 2 ** 32, attempt: n(3) };
    case 'kx_init_daily': return { do: 'daily', date: date(n(0), n(1), n(2)) };
    case 'kx_progress_set': return { do: 'progress', level: n(0), stars: n(1), best: n(2) };
    case 'kx_daily_set': return {
      do: 'daily_record', day: n(0), tries: n(1), goals_mask: n(2), best_points: n(3),
      streak: n(4), best_streak: n(5), last_goal_day: n(6),
    };
    case 'kx_set_option': return { do: 'option', id: n(0), value: n(1) };
    case 'kx_screen': return { do: 'screen', width: n(0), height: n(1) };
    case 'kx_swipe_begin': return { do: 'swipe_begin' };
    case 'kx_swipe_point': return { do: 'swipe_point', t: n(0), x: n(1), y: n(2) };
    case 'kx_swipe_end': return { do: 'swipe_end' };
    case 'kx_keys_set': return { do: 'keys_set', aim: n(0), height: n(1), bend: n(2) };
    case 'kx_keys_charge': return { do: 'keys_charge', t: n(0) };
    case 'kx_keys_release': return { do: 'keys_release', t: n(0) };
    case 'kx_frame': return { do: 'frame', t: n(0) };
    case 'kx_pause': return { do: 'pause' };
    case 'kx_resume': return { do: 'resume' };
    case 'kx_tap': return { do: 'tap', x: n(0), y: n(1) };
    case 'kx_next': return { do: 'next' };
    case 'kx_share_load': return { do: 'share', code: String(a[0] ?? '') };
    case 'kx_progress_load': return { do: 'progress_load', hex: String(a[0] ?? '') };
    default: throw new Error(`unknown call ${JSON.stringify(name)}`);
  }
}

/** The log's calls, from its JSON or its text form. */
export function parseLog(text) {
  const s = text.trimStart();
  if (s.startsWith('[')) {
    const log = JSON.parse(s);
    if (!Array.isArray(log) || !log.every((c) => Array.isArray(c) && typeof c[0] === 'string')) {
      throw new Error('the JSON is not a call log (an array of [name, ...args])');
    }
    return log.map((c, i) => ({ call: c, line: i + 1 }));
  }
  const out = [];
  text.split('\n').forEach((line, i) => {
    const parts = line.trim().split(/\s+/).filter(Boolean);
    if (parts.length) out.push({ call: parts, line: i + 1 });
  });
  return out;
}

/** The whole script as JSON lines. */
export function convert(text) {
  return parseLog(text).map(({ call, line }) => {
    try {
      return JSON.stringify(callToInput(call));
    } catch (e) {
      throw new Error(`call ${line}: ${e.message}`);
    }
  }).join('\n') + '\n';
}

function main(argv) {
  let input = null;
  let output = '-';
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--help' || argv[i] === '-h') {
      console.log(USAGE);
      return 0;
    }
    if (argv[i] === '-o') {
      if (argv[i + 1] === undefined) return usage('-o needs a file');
      output = argv[++i];
    } else if (argv[i].startsWith('-') && argv[i] !== '-') {
      return usage(`unknown option ${argv[i]}`);
    } else if (input === null) {
      input = argv[i];
    } else {
      return usage('one LOG wanted');
    }
  }
  if (input === null) return usage('no LOG given');
  let text;
  try {
    text = readFileSync(input === '-' ? 0 : input, 'utf8');
  } catch (e) {
    console.error(`calllog-to-play: ${input}: ${e.message}`);
    return 1;
  }
  let script;
  try {
    script = convert(text);
  } catch (e) {
    console.error(`calllog-to-play: ${input === '-' ? 'standard input' : input}: ${e.message}`);
    return 1;
  }
  if (output === '-') process.stdout.write(script);
  else writeFileSync(output, script);
  return 0;
}

function usage(msg) {
  console.error(`calllog-to-play: ${msg}\n${USAGE}`);
  return 2;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
