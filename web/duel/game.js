// SPDX-License-Identifier: MIT
// The duel module as the page sees it: calls into wasm (wasm/duel_exports.c)
// and the view read by name. Every rule is in the module; this file moves
// numbers and bytes.
import { loadWasm, wasmUrl } from '../src/wasm.js';

export const PHASE = { READY: 0, AIM: 1, FLIGHT: 2, AFTER: 3, REPLAY: 4, OVER: 5 };
export const RESULT = { PENDING: 0, SCORED: 1, MISSED: 2, NO_SHOT: 3 };
// The kick outcomes, filled from the module (kick.h's KICK_OUTCOMES, through
// dx_outcome_name) by createDuel: OUTCOME.NONE, OUTCOME.GOAL, OUTCOME.SAVED...
export const OUTCOME = {};

export async function createDuel() {
  const w = await loadWasm(wasmUrl('duel'));
  const x = w.exports;
  // kick_outcome_name names every outcome and answers "unknown" past the last.
  for (let o = 0, name; o < 64 && (name = w.str(x.dx_outcome_name(o))) !== 'unknown'; o++) OUTCOME[name.toUpperCase()] = o;
  const count = x.dx_view_count();
  const index = Object.create(null);
  for (let i = 0; i < count; i++) index[w.str(x.dx_view_name(i))] = i;
  const mem = () => new Uint8Array(x.memory.buffer);
  let view = null;
  const duel = {
    index,
    /** The names from the module the shared stadium (web/src/stadium/stadium.js) reads: { OUTCOME }. */
    names: { OUTCOME },
    read() {
      view = w.f64(x.dx_view(), count);
      return duel;
    },
    v(name) {
      const i = index[name];
      if (i === undefined) throw new Error(`no view field ${name}`);
      return view[i];
    },
    /** Starts the match of `room` as `player` (0 created it). */
    init(player, room, window = 300, delay = 6) {
      w.writeStr(x.dx_text(), x.dx_text_capacity(), room);
      return x.dx_init(player, window, delay);
    },
    /** A reloaded page takes its seat up again: gathers the other device's handover, then resumes. */
    resumeBegin(player, room, nonce, window = 300, delay = 6) {
      w.writeStr(x.dx_text(), x.dx_text_capacity(), room);
      return x.dx_resume_begin(player, window, delay, nonce[0] >>> 0, nonce[1] >>> 0);
    },
    frame: (target) => x.dx_frame(target),
    pause: () => x.dx_pause(),
    resume: () => x.dx_resume(),
    /** A message from the other device (Uint8Array); returns the status. */
    receive(bytes) {
      if (bytes.length > x.dx_inbox_capacity()) return 3; // KS_ERR_RANGE
      mem().set(bytes, x.dx_inbox());
      return x.dx_receive(bytes.length);
    },
    /** The next message for the other device, a copy (or null). */
    send() {
      const n = x.dx_send();
      return n > 0 ? mem().slice(x.dx_outbox(), x.dx_outbox() + n) : null;
    },
    /** The answer to the other device's handover request, a copy (or null). */
    reply() {
      const n = x.dx_reply();
      return n > 0 ? mem().slice(x.dx_reply_bytes(), x.dx_reply_bytes() + n) : null;
    },
    /** A party: the seat the answer (reply()) is for, -1 none. */
    replyTo: () => x.dx_reply_to(),
    /** A party: the page's clock (ms, never going back), each frame and as a message comes in. */
    setTime: (ms) => x.dx_set_time(ms),
    /** This page watches `room`'s match (no input of its own), `delay` steps behind the live edge. */
    watch(room, delay = 0) {
      w.writeStr(x.dx_text(), x.dx_text_capacity(), room);
      return x.dx_watch_init(delay);
    },
    /** A player's answer to the watchers' requests, a copy (or null); up to twice a frame. */
    watchReply() {
      const n = x.dx_watch_reply();
      return n > 0 ? mem().slice(x.dx_watch_reply_bytes(), x.dx_watch_reply_bytes() + n) : null;
    },
    /** A watcher's moments so far, kick by kick: { result, outcome }. */
    moments() {
      const out = [];
      for (let i = 0, n = x.dx_moments(); i < n; i++) {
        const m = x.dx_moment(i);
        out.push({ result: m >> 3, outcome: m & 7 });
      }
      return out;
    },
    /** A test hook: this device nudges the ball `steps` steps into kick `kick`'s flight. */
    plant: (kick, steps) => x.dx_plant(kick, steps),
    text: () => w.str(x.dx_text()),
    /** The drawing's size in CSS pixels: the aiming camera is framed for it, swipes are read in it. */
    screen: (width, height) => x.dx_screen(width, height),
    swipeBegin: () => x.dx_swipe_begin(),
    swipePoint: (t, px, py) => x.dx_swipe_point(t, px, py),
    swipeEnd: () => x.dx_swipe_end(),
    swipeError: () => w.str(x.dx_text()),
    strike: (speed, elevation, direction, spin = 0) => x.dx_strike(speed, elevation, direction, spin),
    tap: (px, py) => x.dx_tap(px, py),
    abandon: (player) => x.dx_abandon(player),
    /** Before init: a party of `players` (3 or 4; 2 the duel), `rounds` regulation rounds (0: the default). */
    party: (players, rounds = 0) => x.dx_party(players, rounds),
    /** A party: the next message for the device of `seat` (Uint8Array), or null. */
    sendTo(seat) {
      const n = x.dx_send_to(seat);
      return n > 0 ? mem().slice(x.dx_outbox(), x.dx_outbox() + n) : null;
    },
    /** The shoot-out record (Uint8Array), or null before the match is over. */
    record() {
      const n = x.dx_record();
      return n > 0 ? mem().slice(x.dx_record_bytes(), x.dx_record_bytes() + n) : null;
    },
    desyncText() {
      const n = x.dx_desync_text();
      return w.text(x.dx_text(), n);
    },
    status: (s) => w.str(x.dx_status_name(s)),
    resultName: (r) => w.str(x.dx_result_name(r)),
    outcomeName: (o) => w.str(x.dx_outcome_name(o)),
  };
  return duel.read();
}
