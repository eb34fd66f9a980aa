// SPDX-License-Identifier: MIT
// The free-kick module as the page sees it: calls into wasm, the view read by
// name, the events of each frame. Every call that can change the game goes
// through call(), which also records it (window.__kick.log) so a test can feed
// the same calls to the native build and compare the results bit for bit. The
// log is bounded (LOG_MAX calls, about 3 MB): past it the oldest quarter is
// dropped and log.dropped counts them (a test comparing with the native build
// checks that nothing was).
import { loadWasm, wasmUrl } from '../src/wasm.js';

const LEVEL_TEXT = { id: 0, name: 1, world: 2, blurb: 3, keeper: 4, star1: 5, star2: 6, star3: 7 };

// The session's names, filled from the module (kick_session.h's lists) by
// createGame: SCREEN.AIM, MODE.TOUR, OPT.EFFECTS, POINTS_FOR.GOAL, OUTCOME.GOAL...
export const SCREEN = {};
export const MODE = {};
export const OPT = {};
export const OUTCOME = {};
export const POINTS_FOR = {};
const LOG_MAX_DEFAULT = 50000;

const hex = (u8) => Array.from(u8, (b) => b.toString(16).padStart(2, '0')).join('');

export async function createGame() {
  const w = await loadWasm(wasmUrl('kick'));
  const x = w.exports;
  for (const [kind, table] of [SCREEN, MODE, OPT, OUTCOME, POINTS_FOR].entries()) {
    for (let i = 0; i < x.kx_names_count(kind); i++) table[w.str(x.kx_names(kind, i)).toUpperCase()] = i;
  }
  const count = x.kx_view_count();
  const index = Object.create(null);
  for (let i = 0; i < count; i++) index[w.str(x.kx_view_name(i))] = i;
  const log = [];
  log.dropped = 0;
  log.max = LOG_MAX_DEFAULT;
  const eventNames = new Map();
  let view = null;

  function call(name, ...args) {
    if (log.length >= log.max) {
      const n = Math.max(1, Math.floor(log.max / 4));
      log.splice(0, n);
      log.dropped += n;
    }
    log.push([name, ...args]);
    return x[name](...args);
  }

  const game = {
    log,
    index,
    /** The session's names from the module: { SCREEN, MODE, OPT, OUTCOME, POINTS_FOR }. */
    names: { SCREEN, MODE, OPT, OUTCOME, POINTS_FOR },
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
    /** The last kick's miss in a player's words ('' for a goal), and a tip when the same miss repeats ('' otherwise). */
    missText: () => w.str(x.kx_miss_text()),
    missTip: () => w.str(x.kx_miss_tip()),
    /** The World Tour attempt to store once a kick is read (0: nothing to store). */
    attemptSpent: () => x.kx_attempt_spent(),
    swipeError: () => w.str(x.kx_swipe_error()),
    /** Why the last swipe was refused, as a sentence for the player. */
    swipeErrorText: () => w.str(x.kx_swipe_error_text()),
    /** World Tour level (0-based) from attempt 1, on the tour's own seed (kick_session_def.tour_seed). */
    init: (level) => call('kx_tour', level, 1),
    initAttempt: (level, attempt) => call('kx_tour', level, attempt),
    progressSet: (level, stars, best) => call('kx_progress_set', level, stars, best),
    levelStars: (i) => x.kx_level_stars(i),
    levelBest: (i) => x.kx_level_best(i),
    levelUnlocked: (i) => x.kx_level_unlocked(i) === 1,
    /** The player's progress as bytes (kick_session.h's format), hex; '' on error. */
    progressSave() {
      const n = x.kx_progress_save();
      return n > 0 ? hex(w.bytes(x.kx_text(), n)) : '';
    },
    /** The same once a kick is read, before its result: a Daily try in flight counts as used. */
    progressSaveSpent() {
      const n = x.kx_progress_save_spent();
      return n > 0 ? hex(w.bytes(x.kx_text(), n)) : '';
    },
    /** Gives stored progress (hex of its bytes) back to the session: all or nothing; a status. */
    progressLoad(h) {
      if (typeof h !== 'string' || !/^([0-9a-f]{2})+$/.test(h) || h.length / 2 > x.kx_text_capacity()) return -1; // not bytes: refused here
      const bytes = Uint8Array.from(h.match(/../g), (b) => parseInt(b, 16));
      const n = w.writeBytes(x.kx_text(), x.kx_text_capacity(), bytes);
      log.push(['kx_progress_load', h]);
      return x.kx_progress_load(n);
    },
    dailySet: (r) => call('kx_daily_set', r.day, r.tries, r.goals_mask, r.best_points, r.streak, r.best_streak, r.last_goal_day),
    /** The day's share line ("Daily Kick 2026-12-01: ⚽⚽❌"), '' when there is none. */
    dailyShare() {
      const n = x.kx_daily_share();
      return n > 0 ? w.text(x.kx_text(), n) : '';
    },
    /** The last kick's points, item by item: [{kind, what, points}]. */
    points() {
      const out = [];
      const n = x.kx_points_count();
      for (let i = 0; i < n; i++) out.push({ kind: x.kx_points_kind(i), what: x.kx_points_what(i), points: x.kx_points_value(i) });
      return out;
    },
    keysSet: (aim, height, bend) => call('kx_keys_set', aim, height, bend),
    keysCharge: (t) => call('kx_keys_charge', t),
    keysRelease: (t) => call('kx_keys_release', t),
    /** The power meter now (drawing only: not a call that changes the game). */
    keysPower: (t) => x.kx_keys_power(t),
    initDaily: (y, m, d) => call('kx_init_daily', y, m, d),
    next: () => call('kx_next'),
    setOption: (id, value) => call('kx_set_option', id, value),
    /** The drawing's size in CSS pixels: the aiming camera is framed for it and swipes are read in it. */
    screen: (width, height) => call('kx_screen', width, height),
    swipeBegin: () => call('kx_swipe_begin'),
    /** One swipe sample: t in seconds (the event's own timestamp), x, y in CSS pixels of the screen (y down). */
    swipePoint: (t, x, y) => call('kx_swipe_point', t, x, y),
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
