// The free-kick module as the page sees it: calls into wasm, the view read by
// name, the events of each frame. Every call that can change the game goes
// through call(), which also records it (window.__kick.log) so a test can feed
// the same calls to the native build and compare the results bit for bit.
import { loadWasm, wasmUrl } from '../src/wasm.js';

export const SCREEN = { AIM: 0, FLIGHT: 1, RESULT: 2, REPLAY: 3 };
export const OPT = { EFFECTS: 0, PERSON_KEEPER: 1 };
export const MODE = { TOUR: 0, DAILY: 1, SHARED: 2 };

export async function createGame() {
  const w = await loadWasm(wasmUrl('kick'));
  const x = w.exports;
  const count = x.kick_view_count();
  const index = Object.create(null);
  for (let i = 0; i < count; i++) index[w.str(x.kick_view_name(i))] = i;
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
    /** Refreshes the view; returns a getter by field name. */
    read() {
      view = w.f64(x.kick_view(), count);
      return game;
    },
    v(name) {
      const i = index[name];
      if (i === undefined) throw new Error(`no view field ${name}`);
      return view[i];
    },
    /** Events of the last advance: [{step, type, name, subject, value:[3]}]. */
    events() {
      const n = x.kick_event_count();
      if (n === 0) return [];
      const e = w.f64(x.kick_events(), n * 6);
      const out = [];
      for (let i = 0; i < n; i++) {
        const type = e[i * 6 + 1];
        if (!eventNames.has(type)) eventNames.set(type, w.str(x.kick_event_name(type)));
        out.push({ step: e[i * 6], type, name: eventNames.get(type), subject: e[i * 6 + 2], value: [e[i * 6 + 3], e[i * 6 + 4], e[i * 6 + 5]] });
      }
      return out;
    },
    status: (s) => w.str(x.kick_status_name(s)),
    outcomeName: (o) => w.str(x.kick_outcome_name(o)),
    momentName: (bit) => w.str(x.kick_moment_name(bit)),
    levelCount: () => x.kick_level_count(),
    levelName: (i) => w.str(x.kick_level_name(i)),
    levelVenue: (i) => w.str(x.kick_level_venue(i)),
    init: (level, seed) => call('kick_init', level, seed >>> 0, 0),
    initDaily: (day) => call('kick_init_daily', day),
    next: () => call('kick_next'),
    setOption: (id, value) => call('kick_set_option', id, value),
    swipeBegin: (aspect) => call('kick_swipe_begin', aspect),
    swipePoint: (t, px, py) => call('kick_swipe_point', t, px, py),
    swipeEnd: () => call('kick_swipe_end'),
    advance: (dt) => call('kick_advance', dt),
    pause: () => call('kick_pause'),
    resume: () => call('kick_resume'),
    skip: () => call('kick_skip'),
    keeperTap: (px, py) => call('kick_keeper_tap', px, py),
    shareCode() {
      const n = x.kick_share_encode();
      return n > 0 ? w.text(x.kick_text(), n) : '';
    },
    loadShare(code) {
      if (code.length + 1 > x.kick_text_capacity()) return x.kick_share_load(-1);
      const n = w.writeStr(x.kick_text(), x.kick_text_capacity(), code);
      log.push(['kick_share_load', code]);
      return x.kick_share_load(n);
    },
    hash() {
      return (x.kick_hash_hi() >>> 0).toString(16).padStart(8, '0') + (x.kick_hash_lo() >>> 0).toString(16).padStart(8, '0');
    },
  };
  return game.read();
}
