// SPDX-License-Identifier: MIT
/// wasm/duel_exports.c — the penalty duel's boundary with the browser.
///
/// The page (web/duel/) moves bytes between this module and the relay and
/// hands it frames, swipes and taps; it holds no game rule. The rules (the
/// shoot-out, kick_duel.h), rollback (rollback.h), the record of the match
/// (kick_shootout.h) and what a swipe means (kick_swipe.h) are all C, in one
/// kick_duel_peer (kick_duel_peer.h).
///
/// Exports (wasm names):
///   dx_init(player, window, delay)     the code of the room at dx_text() seeds the match;
///                                      player 0 created the room, 1 joined it
///   dx_frame(target_seconds)           one display refresh (rAF timestamp / 1000): the steps it pays for
///   dx_pause() / dx_resume()           tab hidden / shown: the next frame counts as 1/60 s
///   dx_inbox() / dx_receive(len)       a message from the other device, written at dx_inbox()
///   dx_outbox() / dx_send()            the next message for the other device: its length at dx_outbox()
///   dx_screen(width, height)           the drawing's size, CSS px (default 1280x800): the
///                                      shooter's aiming camera (kick_aim.h) is framed for it
///   dx_swipe_begin() / dx_swipe_point(t, x, y) / dx_swipe_end()
///                                      the shooter's swipe (t in s from the events' own timestamps,
///                                      x, y in CSS px of dx_screen), read in the aiming camera's
///                                      picture (kick_aim_read); its end is the strike
///   dx_tap(x, y)                       the keeper's dive target on his line, m
///   dx_abandon(player)                 that player left and did not come back: the match ends
///   dx_party(players, rounds)          before dx_init: a party of 3 or 4 (docs/duel.md, "Party"; 2: the
///                                      duel), `rounds` regulation rounds (0: the party's default)
///   dx_send_to(seat)                   a party: the next message for that seat's device, at dx_outbox()
///                                      (the relay's party frame puts the seat byte before it)
///   dx_resume_begin(player, window, delay, nonce_hi, nonce_lo)
///                                      a reloaded page: the room at dx_text(), the seat it had; until
///                                      resumed, dx_send writes handover requests and dx_receive gathers
///                                      the other device's handover, then resumes the match from it
///   dx_reply() -> length               an answer to the other device's handover request, at
///                                      dx_reply_bytes() (0: none); send it beside dx_send's message
///   dx_reply_to() -> seat              a party: the seat whose request that answer is for (its sender)
///   dx_set_time(ms)                    a party: the page's clock (ms, never going back) every frame and
///                                      as a message comes in: a player quiet for 5 s is dropped
///                                      (kick_duel_peer_set_time), its kicks missed until it comes back
///                                      with a handover; a reloaded party page sends dx_send's requests to
///                                      every other seat, and only the lowest remaining seat answers
///   dx_plant(kick, steps)              a test hook: this device's step nudges the ball's vx by one ulp
///                                      `steps` steps into that kick's flight (a planted desync)
///   dx_record() -> length              the shoot-out record (kick_shootout.h) at dx_record_bytes()
///   dx_desync_text() -> length         the desync report in one sentence at dx_text()
///   dx_view() / dx_view_count() / dx_view_name(i)
///   dx_text(), dx_text_capacity(), dx_status_name(s), dx_result_name(r), dx_outcome_name(o)
///
/// Watchers (docs/duel.md, "Watching a match"):
///   dx_watch_init(delay)               this page watches the room at dx_text(): a spectator
///                                      (rollback.h) fed confirmed inputs, never an input of its own;
///                                      dx_send writes its request ("KSRS") for what it lacks,
///                                      dx_receive takes confirmed inputs ("KSRC"), dx_frame steps it
///                                      (a late joiner fast-forwards) and dx_view draws it
///   dx_watch_reply() -> length         a player's answer to watchers' requests, at dx_watch_reply_bytes()
///                                      (0: none); called up to twice a frame (the oldest step asked
///                                      for, then the newest), built from the shoot-out record
#include "kickstep/base.h"
#include "kickstep/dmath.h"
#include "kickstep/hash.h"
#include "kickstep/kick.h"
#include "kickstep/kick_aim.h"
#include "kickstep/kick_director.h"
#include "kickstep/kick_duel.h"
#include "kickstep/kick_duel_peer.h"
#include "kickstep/kick_shootout.h"
#include "kickstep/kick_swipe.h"
#include "kickstep/rollback.h"

#include "duel_exports.h"
#include "export.h"
#include "kick_pack.h"

#define DX_EXPORT(name) KS_WASM_EXPORT(name)

/* ------------------------------------------------------------------ the view */

/// Every field of the view, in order (the kick page's scene reads the same
/// names as on the free kick: the runs of kick_pack.h). Units: metres, seconds, m/s, rad/s.
#define DX_VIEW_FIELDS(X)                                                                    \
  X(ready) X(local) X(duel_phase) X(kick) X(shooter) X(keeper) X(score0) X(score1)           \
  X(taken0) X(taken1) X(winner) X(over) X(record_ok) X(end_step) X(kicks_each) X(max_kicks)  \
  X(may_strike) X(may_tap) X(struck) X(tapped) X(outcome) X(last_result) X(phase_age)       \
  X(aim_left) X(frame) X(confirmed) X(confirmed_score0) X(confirmed_score1)                 \
  X(rollbacks) X(resimulated) X(max_rollback) X(waits) X(skipped) X(advantage)               \
  X(desync) X(desync_step) X(hash_hi) X(hash_lo) X(final_hash_hi) X(final_hash_lo)          \
  X(abandoned_by) X(screen) X(time) X(phase) X(spot_x) X(spot_z) X(wet)                      \
  X(replay) X(runup) X(strike_time) X(keeper_dive_time) X(wind_x) X(wind_z)                  \
  KICK_PACK_BALL_FIELDS(X)                                                                   \
  KICK_PACK_KEEPER_FIELDS(X) X(wall_count) X(ring_count)                                     \
  X(camera_long_lens) KICK_PACK_CAMERA_FIELDS(X)                                             \
  X(r0) X(r1) X(r2) X(r3) X(r4) X(r5) X(r6) X(r7) X(r8) X(r9) X(r10) X(r11) X(r12) X(r13)   \
  X(r14) X(r15) X(r16) X(r17) X(r18) X(r19) X(r_base)                                       \
  X(resuming) X(resume_have) X(resume_total) X(resumed) X(resumed_at) X(resume_failed)       \
  X(handovers) X(peer_resumes) X(other_lost) X(planted_step) X(screen_w) X(screen_h)          \
  KICK_PACK_AIM_FIELDS(X)                                                                    \
  X(watching) X(watch_progress) X(watch_live) X(watch_refused) X(watch_requests)            \
  X(players) X(score2) X(score3) X(taken2) X(taken3) X(confirmed_score2) X(confirmed_score3)   \
  X(away)

#define DX_FIELD(name) DX_V_##name,
enum { DX_VIEW_FIELDS(DX_FIELD) DX_VIEW_COUNT };
#undef DX_FIELD
static const char *const dx_view_names[DX_VIEW_COUNT] = {DX_VIEW_FIELDS(KS_WASM_FIELD_NAME)};

/* ------------------------------------------------------------------ session */

static kick_duel_peer g_peer;
static uint8_t g_storage[KICK_DUEL_PEER_STORAGE];
static int32_t g_ready;
static double g_last_target;
static int32_t g_resume = 1;
static kick_swipe g_swipe;
static double g_screen_w = 1280.0, g_screen_h = 800.0; /* the drawing, CSS px (dx_screen) */
static double g_view[DX_VIEW_COUNT];
static char g_text[2048];
static uint8_t g_inbox[KS_RB_MAX_MESSAGE];
static uint8_t g_outbox[KS_RB_MAX_MESSAGE];
static uint8_t g_record[KICK_SHOOTOUT_MAX_BYTES];
static kick_duel_peer_def g_def;
static int32_t g_players = 2, g_rounds; /* dx_party: the next match's players and regulation rounds */
/* A reloaded page gathering its handover, and this page's answers to the other's. */
static int32_t g_resuming, g_resume_failed, g_request_turn, g_other_lost;
static ks_rb_gather g_gather;
static uint8_t g_gathered[KICK_DUEL_HANDOVER_MAX];
/* One handover box per player that may come back (a duel's is box 0). */
static uint8_t g_box_bytes[KICK_DUEL_MAX_PLAYERS][KICK_DUEL_HANDOVER_MAX];
static kick_duel_handover g_box[KICK_DUEL_MAX_PLAYERS];
static uint8_t g_reply[KS_RB_MAX_MESSAGE];
static size_t g_reply_len;
static int32_t g_reply_to = -1; /* the seat whose request g_reply answers */
/* The test hook's planted desync. */
static int32_t g_plant_kick = -1, g_plant_age;
static int64_t g_planted_step = -1;
/* A watcher's spectator; a player's pending answers to watchers (the oldest
   and the newest step asked for since its last answer, -1: none). */
#define DX_WATCH_BUFFER 8192 /* steps of confirmed inputs a watcher holds ahead */
#define DX_WATCH_CATCHUP 12000 /* most steps a watcher simulates in one frame (20 s of match) */
static int32_t g_watching;
static ks_rb_spectator g_sp;
static uint8_t g_sp_storage[sizeof(kick_duel) + DX_WATCH_BUFFER * (8 + 2 * KICK_DUEL_INPUT_BYTES) + 64];
static int64_t g_want_lo = -1, g_want_hi = -1, g_watch_requests;
static uint8_t g_wreply[KS_RB_MAX_MESSAGE];
/* The moments a watcher saw, kick by kick: result * 8 + the shot's outcome
   as the kick was decided (dx_moment). */
static int32_t g_moment_count;
static uint8_t g_moments[KICK_DUEL_MAX_KICKS];

static void note_moments(void) {
  const kick_duel *d = (const kick_duel *)ks_rb_spectator_state(&g_sp);
  while (g_moment_count < KICK_DUEL_MAX_KICKS && d->results[g_moment_count] != KICK_DUEL_PENDING) {
    g_moments[g_moment_count] = (uint8_t)(d->results[g_moment_count] * 8u + ((uint32_t)d->outcome & 7u));
    g_moment_count++;
  }
}

static size_t text_len(void) {
  size_t n = 0;
  while (n + 1 < sizeof g_text && g_text[n]) n++;
  return n;
}

/* The duel's step; with the test hook armed, one nudge of the ball's vx in a
   kick's flight, the same on every re-simulation (a function of the state). */
static void dx_step(void *state, const uint8_t *const in[KS_RB_PLAYERS], void *user) {
  kick_duel_rb_step(state, in, user);
  kick_duel *d = (kick_duel *)state;
  if (g_plant_kick >= 0 && d->kick == g_plant_kick && d->phase == KICK_DUEL_FLIGHT &&
      d->shot.clock.total_steps == d->strike_step + g_plant_age) {
    d->shot.ball.vel.x = ks_f64_from_bits(ks_f64_bits(d->shot.ball.vel.x) + 1u);
    g_planted_step = d->step;
  }
}

/* The match of the room whose code is the text at dx_text(): both devices
   seed it the same way (FNV-1a of the code). */
static ks_status make_def(int32_t player, int32_t window, int32_t delay, kick_duel_peer_def *out) {
  size_t n = text_len();
  if (n == 0) return KS_ERR_NULL;
  kick_duel_peer_def d = kick_duel_peer_default_def();
  d.local_player = player;
  if (g_players > 2) {
    d.duel = kick_duel_party_def(g_players);
    if (g_rounds > 0) d.duel.kicks_each = g_rounds;
  }
  if (window > 0) d.max_prediction = window;
  if (delay >= 0) d.input_delay = delay;
  d.duel.match_seed = ks_fnv1a64(g_text, n) | 1u;
  d.step = dx_step;
  *out = d;
  return KS_OK;
}

/* The swipe reader's units: CSS pixels of the screen the picture is drawn on. */
static kick_swipe_def swipe_def(void) {
  kick_swipe_def sd = kick_swipe_default_def();
  sd.screen_height = g_screen_h;
  return sd;
}

static void started(void) {
  g_ready = 1;
  g_watching = 0;
  g_want_lo = g_want_hi = -1;
  g_resume = 1;
  g_resuming = 0;
  for (int32_t i = 0; i < KICK_DUEL_MAX_PLAYERS; i++) {
    g_box[i].bytes = g_box_bytes[i];
    g_box[i].cap = sizeof g_box_bytes[i];
    g_box[i].valid = false;
  }
  g_reply_len = 0;
  g_reply_to = -1;
  kick_swipe_def sd = swipe_def();
  kick_swipe_begin(&g_swipe, &sd);
}

/// Starts the match of the room whose code is the text at dx_text().
DX_EXPORT(dx_init) int32_t dx_init(int32_t player, int32_t window, int32_t delay) {
  ks_status st = make_def(player, window, delay, &g_def);
  if (st != KS_OK) return (int32_t)st;
  st = kick_duel_peer_init(&g_peer, &g_def, g_storage, sizeof g_storage);
  if (st != KS_OK) return (int32_t)st;
  started();
  return KS_OK;
}

/// A reloaded page takes its seat up again: it gathers the other device's
/// handover (nonce: 64 random bits from the page, new for each load).
DX_EXPORT(dx_resume_begin) int32_t dx_resume_begin(int32_t player, int32_t window, int32_t delay, uint32_t nonce_hi,
                                                   uint32_t nonce_lo) {
  ks_status st = make_def(player, window, delay, &g_def);
  if (st != KS_OK) return (int32_t)st;
  uint64_t nonce = ((uint64_t)nonce_hi << 32) | nonce_lo;
  st = ks_rb_gather_init(&g_gather, player, KICK_DUEL_INPUT_BYTES, nonce, g_gathered, sizeof g_gathered);
  if (st != KS_OK) return (int32_t)st;
  g_ready = 0;
  g_resuming = 1;
  g_resume_failed = 0;
  g_request_turn = 0;
  return KS_OK;
}

/* A part of our handover: gathered; once whole, the match is rebuilt from it. */
static int32_t gather(size_t len) {
  ks_rb_error e;
  size_t had = g_gather.have;
  ks_status st = ks_rb_gather_read(&g_gather, g_inbox, len, &e);
  if (st == KS_ERR_STATE) return KS_OK; /* an answer to an earlier load's request */
  if (g_gather.have > had) g_request_turn = 0; /* ask for the next part at once */
  if (st != KS_OK || !g_gather.complete) return (int32_t)st;
  st = kick_duel_peer_resume(&g_peer, &g_def, g_storage, sizeof g_storage, g_gather.buf, g_gather.total, &e);
  if (st != KS_OK) {
    g_resuming = 0;
    g_resume_failed = (int32_t)st;
    size_t i = 0;
    for (; e.field[i] && i + 1 < sizeof g_text; i++) g_text[i] = e.field[i];
    g_text[i] = '\0';
    return (int32_t)st;
  }
  started();
  return KS_OK;
}

DX_EXPORT(dx_frame) int32_t dx_frame(double target_seconds) {
  if (!g_ready) return -(int32_t)KS_ERR_STATE;
  if (!ks_is_finite(target_seconds)) return -(int32_t)KS_ERR_NOT_FINITE;
  double real = 1.0 / 60.0;
  if (!g_resume) real = target_seconds - g_last_target;
  g_resume = 0;
  g_last_target = target_seconds;
  if (g_watching) { /* a step at a time, so no kick's moment is skipped when catching up */
    int32_t done = 0;
    while (done < DX_WATCH_CATCHUP && ks_rb_spectator_advance(&g_sp, 1) == 1) {
      done++;
      note_moments();
    }
    return done;
  }
  return (int32_t)kick_duel_peer_frame(&g_peer, real); /* the peer caps a frame at 1/20 s */
}

DX_EXPORT(dx_pause) void dx_pause(void) { g_resume = 1; }
DX_EXPORT(dx_resume) void dx_resume(void) { g_resume = 1; }

DX_EXPORT(dx_inbox) uint8_t *dx_inbox(void) { return g_inbox; }
DX_EXPORT(dx_inbox_capacity) int32_t dx_inbox_capacity(void) { return (int32_t)sizeof g_inbox; }

static int32_t error_text(ks_status st, const ks_rb_error *e) {
  if (st != KS_OK) {
    size_t i = 0;
    for (; e->field[i] && i + 1 < sizeof g_text; i++) g_text[i] = e->field[i];
    g_text[i] = '\0';
  }
  return (int32_t)st;
}

/* A watcher takes confirmed inputs; anything else (a player's session
   message) is no business of a watcher's and is refused. */
static int32_t watch_receive(size_t len) {
  ks_rb_error e;
  return error_text(ks_rb_spectator_read(&g_sp, g_inbox, len, &e), &e);
}

/* A player notes a watcher's request; dx_watch_reply answers it. */
static int32_t watch_request(size_t len) {
  ks_rb_error e;
  int64_t from = 0;
  ks_status st = ks_rb_read_spectator_request(g_inbox, len, KICK_DUEL_PLAYERS, KICK_DUEL_INPUT_BYTES, &from, &e);
  if (st != KS_OK) return error_text(st, &e);
  g_watch_requests++;
  if (g_want_lo < 0 || from < g_want_lo) g_want_lo = from;
  if (from > g_want_hi) g_want_hi = from;
  return KS_OK;
}

/// Reads the message of `len` bytes at dx_inbox(); a refused one changes
/// nothing and dx_text() says why. A handover request is answered (dx_reply).
DX_EXPORT(dx_receive) int32_t dx_receive(int32_t len) {
  if (len < 0 || (size_t)len > sizeof g_inbox) return KS_ERR_RANGE;
  ks_rb_kind kind = ks_rb_message_kind(g_inbox, (size_t)len);
  if (g_watching) return watch_receive((size_t)len);
  if (kind == KS_RB_KIND_SPECTATE) return watch_request((size_t)len);
  if (g_resuming) {
    if (kind == KS_RB_KIND_PART) return gather((size_t)len);
    if (kind == KS_RB_KIND_REQUEST) {
      g_other_lost++; /* the other device lost its match too: nobody can hand it over */
      return KS_ERR_STATE;
    }
    return KS_OK; /* the other device's session messages wait until we have resumed */
  }
  if (!g_ready) return KS_ERR_STATE;
  if (kind == KS_RB_KIND_PART) return KS_OK; /* a late answer to our own requests */
  ks_rb_error e;
  ks_status st;
  if (kind == KS_RB_KIND_REQUEST) {
    /* A party keeps a box per asking player (the sender byte; a bad one is refused by the answer). */
    int32_t from = g_players > 2 && len > 5 && g_inbox[5] < KICK_DUEL_MAX_PLAYERS ? g_inbox[5] : 0;
    st = kick_duel_peer_answer(&g_peer, &g_box[from], g_inbox, (size_t)len, g_reply, sizeof g_reply, &g_reply_len, &e);
    if (st != KS_OK) g_reply_len = 0;
    g_reply_to = st == KS_OK ? (int32_t)g_inbox[5] : -1;
  } else {
    st = kick_duel_peer_read(&g_peer, g_inbox, (size_t)len, &e);
  }
  if (st != KS_OK) {
    size_t i = 0;
    for (; e.field[i] && i + 1 < sizeof g_text; i++) g_text[i] = e.field[i];
    g_text[i] = '\0';
  }
  return (int32_t)st;
}

DX_EXPORT(dx_outbox) uint8_t *dx_outbox(void) { return g_outbox; }

/// A party of `players` (3 or 4; 2: the duel) with `rounds` regulation rounds
/// (1..10, 0: the party's default) for the next dx_init. KS_ERR_RANGE otherwise.
DX_EXPORT(dx_party) int32_t dx_party(int32_t players, int32_t rounds) {
  if (players < 2 || players > KICK_DUEL_MAX_PLAYERS || rounds < 0 || rounds > 10) return (int32_t)KS_ERR_RANGE;
  g_players = players;
  g_rounds = rounds;
  return KS_OK;
}

/// A party: the next message for the device of `seat`, at dx_outbox(); its length (0: none).
DX_EXPORT(dx_send_to) int32_t dx_send_to(int32_t seat) {
  size_t n = 0;
  if (!g_ready || g_watching) return 0;
  if (kick_duel_peer_write_to(&g_peer, seat, g_outbox, sizeof g_outbox, &n) != KS_OK) return 0;
  return (int32_t)n;
}

/// Writes the next message for the other device at dx_outbox(); returns its
/// length. While resuming: a handover request every sixth call (and at once
/// after a part came in).
DX_EXPORT(dx_send) int32_t dx_send(void) {
  size_t n = 0;
  if (g_watching) return ks_rb_spectator_request(&g_sp, g_outbox, sizeof g_outbox, &n) == KS_OK ? (int32_t)n : 0;
  if (g_resuming) {
    if (g_request_turn++ % 6 != 0) return 0;
    return ks_rb_gather_request(&g_gather, g_outbox, sizeof g_outbox, &n) == KS_OK ? (int32_t)n : 0;
  }
  if (!g_ready) return 0;
  if (kick_duel_peer_write(&g_peer, g_outbox, sizeof g_outbox, &n) != KS_OK) return 0;
  return (int32_t)n;
}

/// The answer to the other device's handover request, if one is waiting: its
/// length (then 0 until the next request).
DX_EXPORT(dx_reply) int32_t dx_reply(void) {
  size_t n = g_reply_len;
  g_reply_len = 0;
  return (int32_t)n;
}
DX_EXPORT(dx_reply_bytes) uint8_t *dx_reply_bytes(void) { return g_reply; }
/// The seat whose handover request the last answer is for (-1: none): a
/// party sends dx_reply's bytes to that seat alone.
DX_EXPORT(dx_reply_to) int32_t dx_reply_to(void) { return g_reply_to; }

/// A party: the page's clock in ms (any origin, never going back), each frame
/// and as a message comes in (kick_duel_peer_set_time): a player whose device
/// has been quiet for the disconnect time is dropped. KS_ERR_STATE before the
/// match (or while a reloaded page gathers its handover) and for a watcher;
/// KS_ERR_NOT_FINITE.
DX_EXPORT(dx_set_time) int32_t dx_set_time(double ms) {
  if (!ks_is_finite(ms)) return (int32_t)KS_ERR_NOT_FINITE;
  if (!g_ready || g_watching) return (int32_t)KS_ERR_STATE;
  return (int32_t)kick_duel_peer_set_time(&g_peer, (int64_t)ms);
}

/* Player p's input of `step` from the shoot-out record (every strike and tap
   of a confirmed step; every other input is the empty one). */
static const uint8_t *record_input(const void *src, int32_t player, int64_t step) {
  static uint8_t row[KICK_DUEL_INPUT_BYTES];
  const kick_shootout *r = (const kick_shootout *)src;
  int32_t lo = 0, hi = r->input_count; /* the first input at or after `step` */
  while (lo < hi) {
    int32_t mid = lo + (hi - lo) / 2;
    if (r->inputs[mid].step < step) lo = mid + 1;
    else hi = mid;
  }
  for (int32_t i = lo; i < r->input_count && r->inputs[i].step == step; i++)
    if (r->inputs[i].player == player) {
      kick_duel_input_encode(&r->inputs[i].input, row);
      return row;
    }
  kick_duel_input_encode(NULL, row);
  return row;
}

/* Confirmed inputs from `from` on, as many as one message holds (in runs of
   equal steps: a stretch without a strike or a tap is one run), written from
   the shoot-out record: the record is kept anyway, so a watcher costs a
   player no memory. The live edge is the record's (the match's end once over). */
static size_t watch_answer(int64_t from) {
  const kick_duel_peer *p = &g_peer;
  if (!p->record_ok) return 0;
  int64_t live = p->over ? p->end_step : p->logged;
  if (from < 0 || from > live) return 0;
  size_t n = 0;
  if (ks_rb_confirmed_write_fn(2, KICK_DUEL_INPUT_BYTES, record_input, &p->record, from, live, live, p->over, g_wreply,
                               sizeof g_wreply, &n) != KS_OK)
    return 0;
  return n;
}

/// A player's answer to the watchers' requests since the last answer: the
/// oldest step asked for first, then the newest (so a watcher catching up
/// never holds back those that follow live); its length at
/// dx_watch_reply_bytes(), 0 when nothing is asked.
DX_EXPORT(dx_watch_reply) int32_t dx_watch_reply(void) {
  if (!g_ready || g_watching) return 0;
  int64_t from = g_want_lo;
  if (from < 0) return 0;
  if (g_want_hi > g_want_lo) g_want_lo = g_want_hi; /* the newest one next */
  else g_want_lo = g_want_hi = -1;
  return (int32_t)watch_answer(from);
}
DX_EXPORT(dx_watch_reply_bytes) uint8_t *dx_watch_reply_bytes(void) { return g_wreply; }

/// This page watches the match of the room whose code is the text at
/// dx_text(): it never sends an input; `delay` steps behind the live edge.
DX_EXPORT(dx_watch_init) int32_t dx_watch_init(int32_t delay) {
  kick_duel_peer_def pd;
  ks_status st = make_def(0, 0, 0, &pd);
  if (st != KS_OK) return (int32_t)st;
  static kick_duel d0;
  st = kick_duel_init(&d0, &pd.duel);
  if (st != KS_OK) return (int32_t)st;
  ks_rb_spectator_def sd = ks_rb_spectator_default_def();
  sd.state_size = sizeof(kick_duel);
  sd.input_size = KICK_DUEL_INPUT_BYTES;
  sd.players = 2;
  sd.delay = delay < 0 ? 0 : delay;
  sd.buffer_steps = DX_WATCH_BUFFER;
  sd.step = kick_duel_rb_step;
  sd.hash = kick_duel_rb_hash;
  st = ks_rb_spectator_init(&g_sp, &sd, g_sp_storage, sizeof g_sp_storage, &d0, 0);
  if (st != KS_OK) return (int32_t)st;
  g_ready = 1;
  g_resume = 1;
  g_resuming = 0;
  g_watching = 1;
  g_moment_count = 0;
  return KS_OK;
}

/// A watcher's moments so far (kicks decided), and each: result * 8 + outcome.
DX_EXPORT(dx_moments) int32_t dx_moments(void) { return g_watching ? g_moment_count : 0; }
DX_EXPORT(dx_moment) int32_t dx_moment(int32_t i) { return i >= 0 && i < g_moment_count ? g_moments[i] : -1; }

/// The test hook: a desync planted in this device's step (see dx_step).
DX_EXPORT(dx_plant) void dx_plant(int32_t kick, int32_t steps) {
  g_plant_kick = kick;
  g_plant_age = steps;
  g_planted_step = -1;
}

/* ------------------------------------------------------------------- inputs */

/// The size of the drawing, CSS pixels: the shooter's aiming camera
/// (kick_aim.h) is framed for it and swipes are read in it. Refused (nothing
/// changes) for a size kick_aim_camera refuses, or while a swipe has samples.
DX_EXPORT(dx_screen) int32_t dx_screen(double width, double height) {
  ks_status st = kick_aim_screen_check(width, height);
  if (st != KS_OK) return (int32_t)st;
  if (width == g_screen_w && height == g_screen_h) return KS_OK;
  if (g_swipe.points > 0) return KS_ERR_STATE;
  g_screen_w = width;
  g_screen_h = height;
  kick_swipe_def sd = swipe_def();
  return (int32_t)kick_swipe_begin(&g_swipe, &sd);
}

DX_EXPORT(dx_swipe_begin) int32_t dx_swipe_begin(void) {
  if (!g_ready || g_watching) return KS_ERR_STATE; /* a watcher sends no input */
  if (!kick_duel_may_strike(kick_duel_peer_view(&g_peer), g_peer.def.local_player)) return KS_ERR_STATE;
  kick_swipe_def sd = swipe_def();
  return (int32_t)kick_swipe_begin(&g_swipe, &sd);
}

DX_EXPORT(dx_swipe_point) int32_t dx_swipe_point(double t, double x, double y) {
  kick_touch s = {x, y, t};
  return (int32_t)kick_swipe_add(&g_swipe, &s, 1, NULL);
}

/// Reads the swipe and strikes with it; dx_text() names why a swipe was not a kick.
DX_EXPORT(dx_swipe_end) int32_t dx_swipe_end(void) {
  if (!g_ready || g_watching) return KS_ERR_STATE; /* a watcher sends no input */
  kick_aim_reading r;
  ks_status st = kick_aim_read(NULL, &kick_duel_peer_view(&g_peer)->shot.setup, g_screen_w, g_screen_h, &g_swipe, &r);
  kick_swipe_def sd = swipe_def();
  kick_swipe_begin(&g_swipe, &sd);
  const char *why = st == KS_OK ? "ok" : kick_swipe_error_name(r.error);
  size_t i = 0;
  for (; why[i] && i + 1 < sizeof g_text; i++) g_text[i] = why[i];
  g_text[i] = '\0';
  if (st != KS_OK) return (int32_t)st;
  return (int32_t)kick_duel_peer_strike(&g_peer, &r.launch);
}

/// A strike with an explicit launch (tests and keyboards): speed m/s, angles rad.
DX_EXPORT(dx_strike) int32_t dx_strike(double speed, double elevation, double direction, double spin_y) {
  if (!g_ready || g_watching) return KS_ERR_STATE; /* a watcher sends no input */
  kick_launch k = kick_launch_default();
  k.speed_mps = speed;
  k.elevation = elevation;
  k.direction = direction;
  if (spin_y != 0.0) {
    k.spin_axis = ks_v3(0.0, spin_y > 0.0 ? 1.0 : -1.0, 0.0);
    k.spin_rate = ks_fabs(spin_y);
  }
  return (int32_t)kick_duel_peer_strike(&g_peer, &k);
}

DX_EXPORT(dx_tap) int32_t dx_tap(double x, double y) {
  if (!g_ready || g_watching) return KS_ERR_STATE; /* a watcher sends no input */
  return (int32_t)kick_duel_peer_tap(&g_peer, x, y);
}

DX_EXPORT(dx_abandon) int32_t dx_abandon(int32_t player) {
  if (!g_ready || g_watching) return KS_ERR_STATE; /* a watcher sends no input */
  return (int32_t)kick_duel_peer_abandon(&g_peer, player);
}

/* ----------------------------------------------------------- record, report */

DX_EXPORT(dx_record) int32_t dx_record(void) {
  const kick_shootout *r = kick_duel_peer_record(&g_peer);
  if (!r) return -(int32_t)KS_ERR_STATE;
  size_t n = 0;
  ks_status st = kick_shootout_encode(r, g_record, sizeof g_record, &n, NULL);
  return st == KS_OK ? (int32_t)n : -(int32_t)st;
}
DX_EXPORT(dx_record_bytes) uint8_t *dx_record_bytes(void) { return g_record; }

DX_EXPORT(dx_desync_text) int32_t dx_desync_text(void) {
  const ks_rb_desync *d = kick_duel_peer_desync(&g_peer);
  size_t n = ks_rb_desync_text(d, g_text, sizeof g_text);
  const char *field = kick_duel_peer_desync_field(&g_peer);
  if (field[0] && n + 20 < sizeof g_text) {
    const char *pre = "; first differing field: ";
    for (size_t i = 0; pre[i] && n + 1 < sizeof g_text; i++) g_text[n++] = pre[i];
    for (size_t i = 0; field[i] && n + 1 < sizeof g_text; i++) g_text[n++] = field[i];
    g_text[n] = '\0';
  }
  return (int32_t)n;
}

DX_EXPORT(dx_text) char *dx_text(void) { return g_text; }
DX_EXPORT(dx_text_capacity) int32_t dx_text_capacity(void) { return (int32_t)sizeof g_text; }
DX_EXPORT(dx_status_name) const char *dx_status_name(int32_t s) { return ks_status_name((ks_status)s); }
DX_EXPORT(dx_result_name) const char *dx_result_name(int32_t r) { return kick_duel_result_name((kick_duel_result)r); }
DX_EXPORT(dx_outcome_name) const char *dx_outcome_name(int32_t o) { return kick_outcome_name((kick_outcome)o); }

/* ---------------------------------------------------------- reading the view */

/* The first kick of the view's DX_RESULTS_SHOWN results when kick is being
   taken: 0 for the first ones, then even and late enough to hold it. */
DX_EXPORT(dx_results_base) int32_t dx_results_base(int32_t kick) {
  int32_t base = kick + 1 > DX_RESULTS_SHOWN ? (kick + 1 - DX_RESULTS_SHOWN + 1) / 2 * 2 : 0;
  if (base + DX_RESULTS_SHOWN > KICK_DUEL_MAX_KICKS) base = KICK_DUEL_MAX_KICKS - DX_RESULTS_SHOWN;
  return base;
}

/* What the view shows of a duel's state, for a player (me) or a watcher (-1). */
static void fill_duel(const kick_duel *d, int32_t me) {
  double *v = g_view;
  const kick_shot *s = &d->shot;
  v[DX_V_local] = me;
  v[DX_V_duel_phase] = d->phase;
  v[DX_V_kick] = d->kick;
  v[DX_V_shooter] = d->shooter;
  v[DX_V_keeper] = kick_duel_keeper(d);
  v[DX_V_score0] = d->score[0];
  v[DX_V_score1] = d->score[1];
  v[DX_V_taken0] = d->taken[0];
  v[DX_V_taken1] = d->taken[1];
  v[DX_V_players] = kick_duel_players(d);
  v[DX_V_score2] = d->score[2];
  v[DX_V_score3] = d->score[3];
  v[DX_V_taken2] = d->taken[2];
  v[DX_V_taken3] = d->taken[3];
  v[DX_V_kicks_each] = d->def.kicks_each;
  v[DX_V_max_kicks] = d->def.max_kicks;
  v[DX_V_may_strike] = kick_duel_may_strike(d, me);
  v[DX_V_may_tap] = kick_duel_may_tap(d, me);
  v[DX_V_struck] = d->struck;
  v[DX_V_tapped] = d->tapped;
  v[DX_V_outcome] = d->outcome;
  for (int32_t i = d->kick; i >= 0; i--)
    if (d->results[i] != KICK_DUEL_PENDING) {
      v[DX_V_last_result] = d->results[i];
      break;
    }
  v[DX_V_phase_age] = (double)(d->step - d->phase_step);
  v[DX_V_aim_left] = d->phase == KICK_DUEL_AIM ? (double)(d->def.aim_steps - (d->step - d->phase_step)) / KICK_STEPS_PER_SECOND : 0.0;
  ks_wasm_put_hash(v, DX_V_hash_hi, DX_V_hash_lo, kick_duel_hash(d));
  v[DX_V_screen] = d->phase == KICK_DUEL_REPLAY ? 3 : d->phase == KICK_DUEL_AIM || d->phase == KICK_DUEL_READY ? 0 : 1;
  v[DX_V_time] = kick_shot_time(s);
  v[DX_V_phase] = s->phase;
  v[DX_V_spot_x] = s->setup.spot_x;
  v[DX_V_spot_z] = s->setup.spot_z;
  /* The shooter's aiming camera for this screen, and where the ball and the
     goal's middle are in it (the page draws the aim through it). */
  v[DX_V_screen_w] = g_screen_w;
  v[DX_V_screen_h] = g_screen_h;
  kick_pack_aim(&v[DX_V_aim_cam_x], &s->setup, g_screen_w, g_screen_h);
  v[DX_V_wet] = s->setup.pitch.wet;
  /* What the kick page's drawing reads too: the replay flag, the shooter's
     run-up (none in the duel: he strikes as the swipe ends), the dive's age,
     the wind for the flags. */
  v[DX_V_replay] = d->phase == KICK_DUEL_REPLAY;
  v[DX_V_runup] = kick_shot_struck(s) ? 1.0 : -1.0;
  v[DX_V_strike_time] = kick_shot_struck(s) ? (double)kick_shot_strike_step(s) / KICK_STEPS_PER_SECOND : -1.0;
  v[DX_V_keeper_dive_time] = kick_pack_keeper_dive_time(s);
  ks_vec3 w = kick_wind_at(s, kick_shot_time(s));
  v[DX_V_wind_x] = w.x;
  v[DX_V_wind_z] = w.z;
  kick_pack_ball(&v[DX_V_ball_x], s->ball.pos, &s->ball);
  kick_pack_keeper(&v[DX_V_keeper_present], s);
  if (d->phase == KICK_DUEL_REPLAY) {
    ks_vec3 spot = ks_v3(s->setup.spot_x, KICK_BALL_RADIUS, s->setup.spot_z);
    kick_camera c = kick_director_replay_camera(spot, d->crossing);
    v[DX_V_camera_long_lens] = 1;
    kick_pack_camera(&v[DX_V_cam_x], &c);
  }
  /* The results of DX_RESULTS_SHOWN kicks from r_base (even, so r0 is the
     first player's): the first kicks, then in a long sudden death the last
     ones, the current kick always among them. */
  int32_t base = dx_results_base(d->kick);
  v[DX_V_r_base] = base;
  for (int32_t i = 0; i < DX_RESULTS_SHOWN; i++) v[DX_V_r0 + i] = d->results[base + i];
  /* A reloaded page's seat taken up again, and handovers to the other page. */
}

/* A watcher's view: the spectator's state (every step of it confirmed). */
static void fill_watch(void) {
  double *v = g_view;
  const kick_duel *d = (const kick_duel *)ks_rb_spectator_state(&g_sp);
  bool over = g_sp.final && g_sp.frame >= g_sp.live;
  v[DX_V_local] = -1;
  v[DX_V_watching] = 1;
  v[DX_V_watch_progress] = ks_rb_spectator_progress(&g_sp);
  v[DX_V_watch_live] = (double)g_sp.live;
  v[DX_V_watch_refused] = (double)g_sp.refused;
  v[DX_V_winner] = d->winner;
  v[DX_V_over] = over;
  v[DX_V_record_ok] = 1;
  v[DX_V_end_step] = over ? (double)g_sp.frame : 0.0;
  v[DX_V_frame] = (double)g_sp.frame;
  v[DX_V_confirmed] = (double)g_sp.frame;
  v[DX_V_confirmed_score0] = d->score[0];
  v[DX_V_confirmed_score1] = d->score[1];
  v[DX_V_abandoned_by] = -1;
  v[DX_V_resumed_at] = -1;
  if (over) ks_wasm_put_hash(v, DX_V_final_hash_hi, DX_V_final_hash_lo, kick_duel_hash(d));
  fill_duel(d, -1);
  v[DX_V_may_strike] = 0;
  v[DX_V_may_tap] = 0;
}

static void fill_view(void) {
  double *v = g_view;
  for (int i = 0; i < DX_VIEW_COUNT; i++) v[i] = 0.0;
  v[DX_V_ready] = g_ready;
  v[DX_V_resuming] = g_resuming;
  v[DX_V_resume_have] = (double)g_gather.have;
  v[DX_V_resume_total] = (double)g_gather.total;
  v[DX_V_resume_failed] = g_resume_failed;
  v[DX_V_other_lost] = g_other_lost;
  v[DX_V_planted_step] = (double)g_planted_step;
  v[DX_V_watch_requests] = (double)g_watch_requests;
  if (!g_ready) return;
  if (g_watching) {
    fill_watch();
    return;
  }
  const kick_duel_peer *p = &g_peer;
  const kick_duel *d = kick_duel_peer_view(p);
  int32_t me = p->def.local_player;
  /* A duel's leaver loses; a party's record stops where it was (its confirmed winner, or none). */
  bool duel = kick_duel_players(d) == 2;
  v[DX_V_winner] = p->over ? (p->abandoned_by >= 0 && duel ? 1 - p->abandoned_by : p->confirmed.winner) : d->winner;
  v[DX_V_over] = p->over;
  v[DX_V_record_ok] = p->record_ok;
  v[DX_V_end_step] = (double)p->end_step;
  v[DX_V_frame] = (double)ks_rb_frame(&p->rb);
  v[DX_V_confirmed] = (double)ks_rb_confirmed(&p->rb);
  v[DX_V_confirmed_score0] = p->confirmed.score[0];
  v[DX_V_confirmed_score1] = p->confirmed.score[1];
  v[DX_V_confirmed_score2] = p->confirmed.score[2];
  v[DX_V_confirmed_score3] = p->confirmed.score[3];
  v[DX_V_rollbacks] = (double)p->rb.stats.rollbacks;
  v[DX_V_resimulated] = (double)p->rb.stats.resimulated;
  v[DX_V_max_rollback] = (double)p->rb.stats.max_rollback;
  v[DX_V_waits] = (double)p->waited;
  v[DX_V_skipped] = (double)p->skipped;
  v[DX_V_advantage] = (double)ks_rb_frame_advantage(&p->rb);
  const ks_rb_desync *ds = kick_duel_peer_desync(p);
  v[DX_V_desync] = ds->detected;
  v[DX_V_desync_step] = (double)(ds->exact ? ds->first_step : ds->check_step);
  ks_wasm_put_hash(v, DX_V_final_hash_hi, DX_V_final_hash_lo, p->final_hash);
  v[DX_V_abandoned_by] = p->abandoned_by;
  v[DX_V_resumed] = p->resumed;
  v[DX_V_resumed_at] = (double)p->resumed_at;
  v[DX_V_handovers] = (double)p->rb.stats.handovers;
  v[DX_V_peer_resumes] = (double)p->rb.stats.peer_resumes;
  int32_t away = 0; /* the players this device has dropped (a party's), one bit each */
  for (int32_t q = 0; q < kick_duel_players(d); q++)
    if (kick_duel_peer_away(p, q)) away |= 1 << q;
  v[DX_V_away] = away;
  fill_duel(d, me);
}

DX_EXPORT(dx_view) double *dx_view(void) {
  fill_view();
  return g_view;
}
DX_EXPORT(dx_view_count) int32_t dx_view_count(void) { return DX_VIEW_COUNT; }
DX_EXPORT(dx_view_name) const char *dx_view_name(int32_t i) { return ks_wasm_field_name(dx_view_names, DX_VIEW_COUNT, i); }

#if defined(KS_WASM_TESTING)
/* Tests only (a module built with KS_WASM_TESTING, BUILD/wasm-testing, never the
   page's): fills the game's state with `byte`, as memory no init function
   wrote would hold it (tests/api/uninitialised_wasm.mjs). */
DX_EXPORT(dx_test_fill) void dx_test_fill(int32_t byte);
void dx_test_fill(int32_t byte) {
  __builtin_memset(&g_peer, byte, sizeof g_peer);
  g_ready = 1; /* past dx_frame's own gate, to the peer */
}
#endif
