// SPDX-License-Identifier: MIT
/// @file kickstep/kick_duel_peer.h
/// kickstep/kick_duel_peer.h — one device's side of a penalty duel over the network.
///
/// A peer joins the three pieces a front end needs: the duel (kick_duel.h),
/// a rollback session over it (rollback.h) and the record of the whole
/// shoot-out (kick_shootout.h). The front end only moves bytes and time:
///
/// @code
///   kick_duel_peer_def d = kick_duel_peer_default_def();
///   d.local_player = 1;                      // 0 created the room, 1 joined it
///   static uint8_t storage[KICK_DUEL_PEER_STORAGE];
///   static kick_duel_peer p;                 // about 70 KB
///   kick_duel_peer_init(&p, &d, storage, sizeof storage);
///   every frame:   for each message that arrived: kick_duel_peer_read(&p, bytes, n, NULL);
///                  kick_duel_peer_frame(&p, frame_seconds);
///                  kick_duel_peer_write(&p, buf, cap, &n) -> send n bytes to the other device
///                  draw kick_duel_peer_view(&p)
///   on a swipe:    kick_duel_peer_strike(&p, &launch)   (the swipe read by kick_swipe.h)
///   on a tap:      kick_duel_peer_tap(&p, x, y)
/// @endcode
///
/// Frames bank real time in a ks_clock at 600 steps per second (no frame
/// counts as more than 1/20 s, as in the free kick) and run that many steps;
/// each step is one ks_rb_advance with the local input that is waiting, if
/// any. When the peer is ahead of the other device (ks_rb_recommended_wait),
/// one step in three is skipped until they are level; while the prediction
/// window is full the clock's time is lost, so the match slows instead of
/// racing ahead.
///
/// The record is filled as steps are confirmed: every non-"none" input of
/// either player with its step. When the confirmed match is over, the record
/// is closed (kick_shootout_finish re-simulates it offline) and its final
/// hash must equal the session's; kick_duel_peer_abandon closes it when the
/// other player left and did not come back.
///
/// After a desync (ks_rb_desync_report) the peer re-simulates its own state at
/// the first differing step, writes the duel's trace line of it and sends it
/// as the session's detail; when the other side's line arrives,
/// kick_duel_trace_diff names the first field that differs
/// (kick_duel_peer_desync_field).
///
/// A device that lost its peer (a page reloaded in the middle of the match)
/// takes its seat up again: it gathers a handover from the other device
/// (ks_rb_gather_*, rollback.h), which answers each request with
/// kick_duel_peer_answer; the handover's history is the other device's
/// shoot-out record so far (its confirmed inputs, closed at the last
/// confirmed step, state hash included), and kick_duel_peer_resume rebuilds
/// the match from it: the state at that step re-simulated from the rules,
/// checked against the hash, then the session resumed from there. Both
/// records go on from the same confirmed inputs, so they end byte for byte
/// equal.
///
///   returning device: ks_rb_gather_init(&g, player, KICK_DUEL_INPUT_BYTES, nonce, buf, cap);
///                     until g.complete: send ks_rb_gather_request(...), ks_rb_gather_read(parts)
///                     kick_duel_peer_resume(&p, &d, storage, size, g.buf, g.total, &err);
///   the other:        on a request: kick_duel_peer_answer(&p, &box, req, n, out, cap, &len, &err) -> send
///
/// In a party (3 or 4 players) a device that lost its peer comes back the
/// same way, into a match that went on without it. The front end gives each
/// peer its clock (kick_duel_peer_set_time, every frame): a player whose
/// device has been quiet for the session's disconnect time (5 s) is dropped
/// there (ks_rb_drop_peer; the others hear of it in the messages), and the
/// match goes on with its inputs "none" from a step they all agree on: its
/// kicks are not struck (no shot, as for any shooter who lets the aim time
/// run out) and it does not dive in goal. The returning device sends its
/// requests to every other device; each answers with kick_duel_peer_answer,
/// which only the lowest-numbered remaining player's device does
/// (ks_rb_handover_write_for, the record so far as the history; the others
/// get KS_ERR_STATE, nothing to send). kick_duel_peer_resume then rebuilds it
/// as in a duel; its own inputs are taken again from the handover's resume
/// step (a strike or tap before it is refused, KS_ERR_STATE). A party's peer
/// whose confirmed match is over steps no further (messages still go out),
/// so a device that comes back after the end still gets its handover.
///
/// Not simulation state: a peer points into its storage (never copy it).
#ifndef KICKSTEP_KICK_DUEL_PEER_H
#define KICKSTEP_KICK_DUEL_PEER_H

#include "kickstep/base.h"
#include "kickstep/clock.h"
#include "kickstep/kick_duel.h"
#include "kickstep/kick_replay.h"
#include "kickstep/kick_shootout.h"
#include "kickstep/rollback.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Storage that is enough for any peer definition with max_prediction up to
/// 600, up to KICK_DUEL_MAX_PLAYERS players (a duel needs about 2.4 MB, a
/// party of 4 about 3.5 MB) and the other fields at most their defaults'
/// sizes (checked at init).
#define KICK_DUEL_PEER_STORAGE (4u << 20)

/// Enough for any handover of a duel (the record's 64 KiB and the inputs
/// since the last confirmed step), bytes.
#define KICK_DUEL_HANDOVER_MAX (KICK_SHOOTOUT_MAX_BYTES + (64u << 10))

/// The answering device's copy of the handover it wrote (one per request
/// nonce: repeated requests are answered from it). Caller-owned bytes.
typedef struct kick_duel_handover {
  uint8_t *bytes;            ///< where the handover is written; at least KICK_DUEL_HANDOVER_MAX bytes advised
  size_t cap;                ///< bytes at `bytes`
  size_t len;                ///< bytes of the handover written (valid when `valid`)
  uint64_t nonce;            ///< the request nonce it answers (valid when `valid`)
  bool valid;                ///< a handover is written; set false to start afresh
} kick_duel_handover;

/// How a peer plays. Get one from kick_duel_peer_default_def().
typedef struct kick_duel_peer_def {
  kick_duel_def duel;        ///< the match; default kick_duel_default_def()
  int32_t local_player;      ///< 0 (created the room, shoots first) .. duel.players - 1; default 0
  int32_t max_prediction;    ///< rollback window, steps, 1..1024; default 300 (0.5 s)
  int32_t input_delay;       ///< local inputs land this many steps later, 0..128; default 6 (10 ms)
  int32_t hash_every;        ///< a check hash every this many confirmed steps, 1..256; default 120
  ks_rb_step_fn step;        ///< the session's step function; default kick_duel_rb_step (a test may wrap
                             ///< it, to plant a nondeterminism and see it reported)
  void *step_user;           ///< passed to step; default NULL
  uint32_t cookie;           ///< set by kick_duel_peer_default_def; do not touch
} kick_duel_peer_def;

/// One device's side of the duel.
typedef struct kick_duel_peer {
  kick_duel_peer_def def;   ///< the definition it was built with
  ks_rb_session rb;         ///< the rollback session over the duel
  ks_clock clock;            ///< 600 steps/s, 1/20 s frame cap
  bool has_pending;          ///< a local input waits to be stamped
  kick_duel_input pending;  ///< the waiting local input (valid when has_pending)
  kick_duel_input_kind sent_kind; ///< the last local input stamped (NONE: none yet)
  int32_t sent_kick;         ///< the kick it was for
  int64_t sent_step;         ///< the step it was stamped with
  int64_t logged;            ///< confirmed steps whose inputs are in the record
  int32_t sync_turn;         ///< counts ticks for the time-sync skip
  bool over;                 ///< the confirmed match is over (or abandoned): the record is closed
  bool record_ok;            ///< the record holds every input and its re-simulation matched the session
  int64_t end_step;          ///< the step the confirmed match ended on (valid when over)
  uint64_t final_hash;       ///< kick_duel_hash of the confirmed state at end_step
  int32_t abandoned_by;      ///< the player who left (-1: none)
  kick_duel confirmed;       ///< the newest confirmed state (for the score everyone agrees on)
  int64_t confirmed_step;   ///< the step of `confirmed`
  int64_t stepped;           ///< ticks that stepped
  int64_t waited;            ///< ticks that waited (the prediction window was full)
  int64_t skipped;           ///< ticks that were skipped (time sync)
  bool detail_sent;          ///< after a desync: our trace line of the first differing step is sent
  bool field_known;         ///< desync_field is filled
  char desync_field[40];     ///< the first differing field, once both lines are in
  kick_duel scratch;         ///< working copy for the desync re-simulation
  kick_shootout record;     ///< the shoot-out so far, closed once over
  bool resumed;              ///< the peer was rebuilt from a handover (kick_duel_peer_resume)
  int64_t resumed_at;        ///< the step it was rebuilt at (-1: not resumed)
  uint32_t cookie;          ///< set by kick_duel_peer_init
} kick_duel_peer;

/// Defaults: kick_duel_default_def(), player 0, window 300, delay 6, a check every 120 steps.
KS_API kick_duel_peer_def kick_duel_peer_default_def(void);
/// Storage bytes for this definition (0 if invalid).
KS_API size_t kick_duel_peer_storage_size(const kick_duel_peer_def *def);
/// Starts the match at step 0. Errors: KS_ERR_NULL, KS_ERR_UNINITIALISED,
/// KS_ERR_RANGE, the duel's and the session's errors, KS_ERR_CAPACITY.
KS_API ks_status kick_duel_peer_init(kick_duel_peer *p, const kick_duel_peer_def *def, void *storage, size_t size);

/// One step attempt (time sync, then ks_rb_advance with the waiting input),
/// then the record and the desync detail are brought up to date. Returns
/// true when a step ran.
KS_API bool kick_duel_peer_tick(kick_duel_peer *p);
/// One display frame of `seconds` (NaN, negative: 0; capped at 1/20 s): the
/// steps it pays for. Returns the steps that ran.
KS_API int64_t kick_duel_peer_frame(kick_duel_peer *p, double seconds);

/// The local player's kick: it waits for the next step and is stamped then.
/// KS_ERR_STATE unless the match as this device sees it lets the local player
/// strike now, or while a strike of this kick is waiting or stamped for a
/// step this device has not simulated yet (one kick, one strike); the
/// launch's own errors.
KS_API ks_status kick_duel_peer_strike(kick_duel_peer *p, const kick_launch *launch);
/// The local player's dive at (x, y) on the keeper's line. KS_ERR_STATE
/// unless the local player keeps goal, may tap now and has not (a tap waiting
/// or stamped for a step not simulated yet counts); KS_ERR_NOT_FINITE.
KS_API ks_status kick_duel_peer_tap(kick_duel_peer *p, double x, double y);

/// The next message for the other device (ks_rb_write_message).
KS_API ks_status kick_duel_peer_write(kick_duel_peer *p, uint8_t *buf, size_t cap, size_t *len);
/// The next message for the device of `player` (ks_rb_write_message_to): a
/// party (def.duel.players > 2) writes one for each other player in turn;
/// KS_ERR_RANGE for the local player or one out of range.
KS_API ks_status kick_duel_peer_write_to(kick_duel_peer *p, int32_t player, uint8_t *buf, size_t cap, size_t *len);
/// A message from the other device (ks_rb_read_message: refused whole or applied).
KS_API ks_status kick_duel_peer_read(kick_duel_peer *p, const uint8_t *buf, size_t len, ks_rb_error *err);

/// The game's clock in milliseconds (any origin, never going back) for the
/// links' health (ks_rb_set_time; poll the events with ks_rb_poll_event on
/// p->rb). In a party, every other player whose link is disconnected is
/// dropped (kick_duel_peer_away) until its device comes back with a
/// handover; a duel drops nobody (kick_duel_peer_abandon ends it).
/// KS_ERR_NULL.
KS_API ks_status kick_duel_peer_set_time(kick_duel_peer *p, int64_t now_ms);
/// True while `player`'s device is dropped from this party (its inputs are
/// "none" until it comes back).
KS_API bool kick_duel_peer_away(const kick_duel_peer *p, int32_t player);

/// The match as this device shows it now (predicted past the confirmed step).
KS_API const kick_duel *kick_duel_peer_view(const kick_duel_peer *p);
/// The other player left and did not come back: the record is closed at the
/// last confirmed step as abandoned by `player`, who loses. KS_ERR_STATE if
/// already over.
KS_API ks_status kick_duel_peer_abandon(kick_duel_peer *p, int32_t player);
/// The closed record (NULL until over).
KS_API const kick_shootout *kick_duel_peer_record(const kick_duel_peer *p);
/// The session's desync report.
KS_API const ks_rb_desync *kick_duel_peer_desync(const kick_duel_peer *p);
/// The first differing field after a desync ("" until both trace lines are in).
KS_API const char *kick_duel_peer_desync_field(const kick_duel_peer *p);

/// Answers a handover request from the other device (which lost its peer):
/// writes into `out` the part of the handover it asks for. A request with a
/// new nonce gets a new handover in `box` (the record so far, closed at the
/// last confirmed step; then ks_rb_handover_write, in a party
/// ks_rb_handover_write_for the request's sender); its repeats are answered
/// from `box` (in a party, one box per player that may come back). Errors:
/// the request's (ks_rb_read_request, in err), KS_ERR_STATE when the record
/// is not complete (an input was no longer kept), the peer is stopped by a
/// desync, or (a party) this device is not the one to answer or the drop is
/// not agreed yet (field "handover": send nothing, answer a later request),
/// KS_ERR_CAPACITY (box or out too small), KS_ERR_NULL.
KS_API ks_status kick_duel_peer_answer(kick_duel_peer *p, kick_duel_handover *box, const uint8_t *req, size_t req_len,
                                       uint8_t *out, size_t cap, size_t *out_len, ks_rb_error *err);
/// Builds a peer from a gathered handover instead of from step 0: the
/// history is decoded (kick_shootout_decode), must be of these rules
/// (def->duel) and end where the handover's base is; the state there is
/// re-simulated and must hash as the history says; then the session resumes
/// (ks_rb_resume). A match that was over is over (the record closed as it
/// was). Errors: KS_ERR_FORMAT and the rest in err (field "history",
/// "rules", "history hash", or the session's); p is unusable after an error.
KS_API ks_status kick_duel_peer_resume(kick_duel_peer *p, const kick_duel_peer_def *def, void *storage, size_t size,
                                       const uint8_t *handover, size_t len, ks_rb_error *err);

#ifdef __cplusplus
}
#endif
#endif
