// SPDX-License-Identifier: MIT
// The free-kick module as the page sees it: calls into wasm, the view read by
// name, the events of each frame. Every call that can change the game goes
// through call(), which also records it (window.__kick.log) so a test can feed
// the same calls to the native build and compare the results bit for bit.
import { loadWasm, wasmUrl } from '../src/wasm.js';

const LEVEL_TEXT = { id: 0, name: 1, world: 2, blurb: 3, keeper: 4, star1: 5, star2: 6, star3: 7 };

export const SCREEN = { AIM: 0, FLIGHT: 1, RESULT: 2, REPLAY: 3 };
export const OPT = { EFFECTS: 0, PERSON_KEEPER: 1 };
export const MODE = { TOUR: 0, DAILY: 1, SHARED: 2 };

export async function createGame() {
  const w = await loadWasm(wasmUrl('kick'));
  const x = w.exports;
  const count = x.kx_view_count();
  const index = Object.create(null);
  for (let i = 0; i < count; i++) index[w.str(x.kx_view_name(i))] = i;
  const log = [];
  const eventNames = new Map();
  let view = null;

  function call(name, ...args) {
    log.push([name, ...args]);
    return x[name](...args);
  }

  const game = {
    log,
    index,
    /** Refreshes the view; returns the game for chaining. */
    read() {
      view = w.f64(x.kx_view(), count);
      return game;
    },
    v(name) {
      const i = index[name];
      if (i === undefined) throw new Error(`no view field ${name}`);
      return view[i];
    },
    /** The director's events of the last frame: [{step, type, name, subject, replay, value:[3]}]. */
    events() {
      const n = x.kx_event_count();
      if (n === 0) return [];
      const e = w.f64(x.kx_events(), n * 6);
      const out = [];
      for (let i = 0; i < n; i++) {
        const type = e[i * 6 + 1];
        if (!eventNames.has(type)) eventNames.set(type, w.str(x.kx_event_name(type)));
        const subject = e[i * 6 + 2];
        out.push({
          step: e[i * 6], type, name: eventNames.get(type),
          subject: subject % 65536, replay: subject >= 65536,
          value: [e[i * 6 + 3], e[i * 6 + 4], e[i * 6 + 5]],
        });
      }
      return out;
    },
    status: (s) => w.str(x.kx_status_name(s)),
    outcomeName: (o) => w.str(x.kx_outcome_name(o)),
    momentName: (bit) => w.str(x.kx_moment_name(bit)),
    levelCount: () => x.kx_level_count(),
    /** what: id, name, world, blurb, keeper, star1, star2, star3 */
    levelText: (i, what) => w.str(x.kx_level_text(i, LEVEL_TEXT[what])),
    dailyText: (what) => w.str(x.kx_daily_text(what === 'keeper' ? 1 : 0)),
    swipeError: () => w.str(x.kx_swipe_error()),
    init: (level, seed) => call('kx_init', level, seed >>> 0, 0),
    initDaily: (y, m, d) => call('kx_init_daily', y, m, d),
    next: () => call('kx_next'),
    setOption: (id, value) => call('kx_set_option', id, value),
    swipeBegin: () => call('kx_swipe_begin'),
    swipePoint: (t, px, py) => call('kx_swipe_point', t, px, py),
    swipeEnd: () => call('kx_swipe_end'),
    frame: (target) => call('kx_frame', target),
    pause: () => call('kx_pause'),
    resume: () => call('kx_resume'),
    tap: (px, py) => call('kx_tap', px, py),
    /** The share code of the last kick ('' before it is decided). */
    shareCode() {
      const n = x.kx_share_encode();
      return n > 0 ? w.text(x.kx_text(), n) : '';
    },
    /** Plays a share code; returns {status, message}. */
    loadShare(code) {
      const cap = x.kx_text_capacity();
      // The C decoder counts UTF-8 bytes, not UTF-16 units: a code too long in
      // bytes is refused by its length (nothing is copied), with the decoder's
      // own message, as any bad code is.
      const bytes = new TextEncoder().encode(code).length;
      if (bytes + 1 > cap) {
        const status = x.kx_share_load(bytes);
        return { status, message: w.str(x.kx_text()) };
      }
      const n = w.writeStr(x.kx_text(), cap, code);
      log.push(['kx_share_load', code]);
      const status = x.kx_share_load(n);
      return { status, message: status === 0 ? '' : w.str(x.kx_text()) };
    },
  };
  return game.read();
}
