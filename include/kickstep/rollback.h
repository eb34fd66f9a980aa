// SPDX-License-Identifier: MIT
/// @file kickstep/rollback.h
/// kickstep/rollback.h — rollback netcode for 2 to 8 players (and any number
/// of spectators) over any value-type state. Guide: docs/rollback.md.
///
/// A fixed step, a state that is a plain value and inputs stamped with the
/// step they land on are all that rollback needs. Each peer runs the whole
/// simulation. It steps at once with its own input and a *prediction* of the
/// other's (the other's last known input, or "none": all zero bytes); when
/// the other's real input for a step already simulated arrives and differs
/// from what was used, the session *rolls back*: it restores its copy of the
/// state before that step and re-simulates to the present with the input
/// applied. The screen shows the corrected present one frame later.
///
/// Because kickstep's states are values, saving and loading a state are
/// copies of `state_size` bytes: the game gives the session only a step
/// function and a hash function (GGPO also needs save, load and free).
///
/// Pieces, all in caller-owned storage (no allocation):
///   - a ring of `max_prediction + 1` state copies, one before every step the
///     peer may still have to re-simulate;
///   - per player a ring of inputs stamped with their step (`input_size` bytes
///     each), the inputs each simulated step used, and which are known;
///   - a few *check* states: every `hash_every` confirmed steps the session
///     hashes the state and keeps a copy, for desync detection.
///
/// Steps are counted like ks_clock's total_steps: "step n" is the state after
/// n steps; the input stamped n is the input of the step that takes the state
/// from n to n + 1. A step is *confirmed* when both players' inputs for it
/// are known and it has been simulated with them: its state is final.
///
/// Rules:
///   - Prediction window: at most `max_prediction` steps past the last step
///     whose inputs are all known. Past it the local side *waits*
///     (ks_rb_advance steps nothing and reports it) rather than running ahead.
///   - Input delay: a local input given at step n is stamped n + input_delay
///     (the first input_delay local inputs are "none"), trading responsiveness
///     for fewer rollbacks.
///   - Confirmation: every message carries an ack (the peer has all of our
///     inputs for steps < ack); inputs are re-sent until acked, so loss,
///     duplication and reordering cost nothing but a later arrival.
///   - Desync detection: both peers send the hashes of their confirmed check
///     steps. A mismatch stops the session (ks_rb_advance refuses to step),
///     and the peers exchange the hash of every step since the last check
///     they agreed on, re-simulated from its kept copy, which names the
///     first differing step exactly (ks_rb_desync). A game can then attach
///     a detail (for example its per-step trace line of that step) that the
///     other side receives (ks_rb_set_detail, ks_rb_remote_detail).
///
/// The wire format (ks_rb_write_message / ks_rb_read_message) is defined byte
/// by byte in docs/duel.md: a 36-byte header (magic "KSRB", version, sender,
/// sequence numbers, ack, frame, the range of inputs carried), inputs as runs
/// of equal values, check hashes, the desync block, a detail, and an FNV-1a 64
/// checksum. A message that fails any check is refused whole and changes
/// nothing (ks_rb_read_message returns why).
///
/// @code
///   ks_rb_def d = ks_rb_default_def();
///   d.state_size = sizeof(game); d.input_size = sizeof(my_input_bytes);
///   d.local_player = 0; d.step = my_step; d.hash = my_hash;
///   static uint8_t storage[1 << 20];          // >= ks_rb_storage_size(&d)
///   ks_rb_session s;
///   ks_rb_init(&s, &d, storage, sizeof storage, &game);
///   each step:  ks_rb_advance(&s, my_input, &r);       // r.stepped, r.rolled_back
///   each frame: ks_rb_write_message(&s, buf, cap, &n) -> send; on arrival ks_rb_read_message
///   draw:       ks_rb_state(&s)
/// @endcode
///
/// Resuming. A peer whose session is gone (a page that was reloaded) takes its
/// seat up again from a *handover* the other peer writes: a step `base` up to
/// which the game supplies its own history of the match (opaque bytes here;
/// the duel's is its shoot-out record so far), every input of both players
/// known from `base` on, and the counters the new session continues from.
/// The returning peer asks for it with requests (ks_rb_gather_request, sent
/// until it has it all: it may be lost like any message), the other answers
/// each with a part (ks_rb_read_request, ks_rb_handover_write once per
/// request nonce, ks_rb_write_part), the returning peer gathers the parts
/// (ks_rb_gather_read), rebuilds the state at `base` from the history and
/// calls ks_rb_resume, which re-simulates to where its own inputs end. The
/// inputs it had sent that never arrived are gone with its page: it carries
/// on from the last one the other peer has, so both sides still agree on
/// every input, and both end on the same bits. The messages of the lost
/// session still in flight are refused once a handover is written (the new
/// session numbers its messages above them).
///
/// A session points into its storage: never copy one with `=` (it is not
/// simulation state; the states inside it are). Freestanding: no libc.
#ifndef KICKSTEP_ROLLBACK_H
#define KICKSTEP_ROLLBACK_H

#include "kickstep/base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- constants */

#define KS_RB_PLAYERS 2               ///< players of a default session: two peers, one player each
#define KS_RB_MAX_PLAYERS 8           ///< most players of a session (KS_RB_MAX_PLAYERS peers at most)
#define KS_RB_MAX_INPUT_BYTES 128     ///< largest input of one player for one step, bytes
#define KS_RB_MAX_WINDOW 1024         ///< largest prediction window, steps
#define KS_RB_MAX_DELAY 128           ///< largest input delay, steps
#define KS_RB_MAX_CHECKS 32           ///< most check states kept
#define KS_RB_MAX_HASH_EVERY 256      ///< longest stretch between two check steps, steps
#define KS_RB_WIRE_CHECKS 4           ///< check hashes each message repeats (the newest)
#define KS_RB_MAX_DETAIL 2048         ///< largest desync detail, bytes
#define KS_RB_HEADER_BYTES 36         ///< fixed header of a message
#define KS_RB_MAX_MESSAGE 8192        ///< no message ks_rb_write_message writes is longer, bytes
#define KS_RB_VERSION 2u              ///< the newest wire format version this build writes and reads
#define KS_RB_VERSION_PAIR 1u         ///< the version a two-player, two-peer session writes (unchanged)
#define KS_RB_REQUEST_BYTES 28        ///< a handover request, bytes
#define KS_RB_PART_HEADER_BYTES 36    ///< fixed header of a handover part
#define KS_RB_PART_MAX_DATA (KS_RB_MAX_MESSAGE - KS_RB_PART_HEADER_BYTES - 8) ///< most handover bytes in one part
#define KS_RB_HANDOVER_HEADER_BYTES 28 ///< fixed header of a handover
#define KS_RB_SYNC_WINDOW 128        ///< most frame-advantage samples time sync averages
#define KS_RB_MAX_EVENTS 16           ///< health events queued before the oldest is dropped
#define KS_RB_SEQ_GAP 65536u          ///< a resumed session numbers its messages this far above the last one read

/* ---------------------------------------------------------------- callbacks */

/// Advances the state by one step with every player's input
/// (inputs[p] points at input_size bytes, p < def.players). It must depend on nothing else.
typedef void (*ks_rb_step_fn)(void *state, const uint8_t *const inputs[], void *user);
/// Hashes the state's explicit fields (never its raw bytes).
typedef uint64_t (*ks_rb_hash_fn)(const void *state, void *user);
/// Optional: makes dst (uninitialised, or released by ks_rb_free_fn) a full
/// copy of src, heap parts included. With it the session never copies a
/// state's bytes itself: it plays GGPO's save (a ring copy from the
/// present) and load (the present from a ring copy) alike. States it hands
/// out (ks_rb_confirmed_state, ks_rb_desync_state) are made with it too:
/// the caller releases those.
typedef void (*ks_rb_copy_fn)(void *dst, const void *src, void *user);
/// Optional, with ks_rb_copy_fn: releases what a copy owns (called before a
/// copy is overwritten, and by ks_rb_release). Must accept an all-zero copy.
typedef void (*ks_rb_free_fn)(void *state, void *user);

/// What a missing remote input is taken to be until it arrives.
typedef enum ks_rb_predict {
  KS_RB_PREDICT_NONE = 0,  ///< "no input": all zero bytes (for inputs that are events: a kick, a tap)
  KS_RB_PREDICT_LAST,      ///< the player's last known input (for held inputs: a direction)
  ks_rb_predict_count      ///< the number of prediction rules
} ks_rb_predict;

/// What a message is, from its first bytes (ks_rb_message_kind).
typedef enum ks_rb_kind {
  KS_RB_KIND_UNKNOWN = 0,  ///< not a rollback message
  KS_RB_KIND_INPUTS,       ///< a session's message ("KSRB": ks_rb_read_message)
  KS_RB_KIND_REQUEST,      ///< a handover request ("KSRQ": ks_rb_read_request)
  KS_RB_KIND_PART,         ///< a part of a handover ("KSRH": ks_rb_gather_read)
  KS_RB_KIND_CONFIRMED,    ///< confirmed inputs for a spectator ("KSRC": ks_rb_spectator_read)
  KS_RB_KIND_SPECTATE,     ///< a spectator's request ("KSRS": ks_rb_read_spectator_request)
  ks_rb_kind_count         ///< the number of kinds
} ks_rb_kind;

/* ------------------------------------------------------------------ structs */

/// How a session starts. Get one from ks_rb_default_def().
typedef struct ks_rb_def {
  size_t state_size;       ///< bytes of the game state, >= 1; no default (0)
  size_t input_size;       ///< bytes of one player's input for one step, 1..128; no default (0)
  int32_t local_player;    ///< a player of this peer (its first); default 0
  int32_t players;         ///< players in the session, 2..KS_RB_MAX_PLAYERS; default 2
  /// The peer of each player: a peer is named by its lowest player, so
  /// peer_of[p] <= p and peer_of[peer_of[p]] == peer_of[p]. Default p (one
  /// player per peer). A peer with several players gives ks_rb_advance their
  /// inputs one after the other, in player order.
  int8_t peer_of[KS_RB_MAX_PLAYERS];
  int32_t max_prediction;  ///< prediction window, steps, 1..1024; default 8
  int32_t input_delay;     ///< local inputs land this many steps later, 0..128; default 0
  ks_rb_predict predict;   ///< default KS_RB_PREDICT_NONE
  int32_t hash_every;      ///< a check every this many confirmed steps, 1..256; default 60
  int32_t checks_kept;     ///< check states kept for desync narrowing, 2..32; default 8
  ks_rb_step_fn step;      ///< required
  ks_rb_hash_fn hash;      ///< required
  void *user;              ///< passed to step and hash; default NULL
  ks_rb_copy_fn copy_state; ///< optional (NULL: a state is state_size flat bytes); with free_state
  ks_rb_free_fn free_state; ///< optional, with copy_state
  /// In-loop sync test (GGPO's synctest): after every step whose number is a
  /// multiple of this, roll back min(max_prediction, steps) steps and
  /// re-simulate them with the inputs they used, comparing hashes; the first
  /// difference stops the session (ks_rb_sync_report). 0: off (default). A
  /// session whose players are all local (one peer) is allowed with it.
  int32_t sync_test_every;
  int32_t sync_window;     ///< time sync: frame-advantage samples averaged, 1..KS_RB_SYNC_WINDOW; default 40
  int32_t sync_dead_zone;  ///< time sync: smoothed advantages below this many steps ask nothing; default 1
  int32_t interrupt_ms;    ///< health: a peer quiet this long is "interrupted"; default 750
  int32_t disconnect_ms;   ///< health: a peer quiet this long is "disconnected"; default 5000
  uint32_t cookie;         ///< set by ks_rb_default_def; do not touch
} ks_rb_def;

/// A kept check: the hash of a confirmed step, and the other side's.
typedef struct ks_rb_check {
  int64_t step;            ///< the check step (-1: empty)
  uint64_t local_hash;     ///< this peer's hash of the state at `step`
  uint64_t remote_hash;    ///< the other peer's (valid when has_remote)
  bool has_remote;          ///< every other peer's hash for this step has arrived
  bool matched;            ///< compared with every other peer's and equal
  uint32_t remote_peers;   ///< bit q: peer q's hash has arrived (and was equal)
  int32_t remote_peer;     ///< the peer of remote_hash (pending entries: whose hash it is)
} ks_rb_check;

/// What a desync is known to be (all fields valid once `detected`).
typedef struct ks_rb_desync {
  bool detected;           ///< a check's hashes differed: the session stopped
  int64_t check_step;      ///< the first check step whose hashes differed
  uint64_t local_hash;     ///< this peer's hash at check_step
  uint64_t remote_hash;    ///< the other peer's hash at check_step
  int64_t agreed_step;     ///< the latest check step both hashed alike (-1: none)
  bool exact;              ///< first_step is exact: per-step hashes were compared
  int64_t first_step;      ///< the first step whose state differs (exact) or check_step (not yet)
  uint64_t local_step_hash;  ///< this peer's hash at first_step (when exact)
  uint64_t remote_step_hash; ///< the other peer's hash at first_step (when exact)
  int32_t remote_peer;     ///< the peer whose hash differed
  /// Re-simulation from the agreed check with the confirmed inputs gives
  /// this peer's own check hash *differently* from what it hashed live (or
  /// the per-step hashes of both sides agree up to the check step): the
  /// state is not a function of the inputs; something outside it changed.
  /// first_step is then the check step, and the report is final.
  bool unreproducible;
} ks_rb_desync;

/// Counters of what the session did (never reset).
typedef struct ks_rb_stats {
  int64_t steps;             ///< steps simulated forward (first time)
  int64_t rollbacks;         ///< rollbacks (restores) done
  int64_t resimulated;       ///< steps re-simulated by rollbacks
  int64_t max_rollback;      ///< longest rollback, steps
  int64_t waits;             ///< advance calls that waited (window full or inputs unacked)
  int64_t sent;              ///< messages written
  int64_t received;          ///< messages accepted
  int64_t refused;           ///< messages refused
  int64_t inputs_dropped;    ///< remote inputs too far ahead to keep (they are re-sent)
  int64_t checks_matched;    ///< check hashes compared equal
  int64_t handovers;         ///< handovers written for a peer that lost its session
  int64_t peer_resumes;      ///< handovers taken up: a message of the resumed session arrived
} ks_rb_stats;

/// Connection health of one peer (ks_rb_peer_health). Times come from the
/// game's clock (ks_rb_set_time): the session reads none itself.
typedef enum ks_rb_link {
  KS_RB_LINK_WAITING = 0,  ///< nothing heard from the peer yet
  KS_RB_LINK_RUNNING,      ///< heard from within interrupt_ms
  KS_RB_LINK_INTERRUPTED,  ///< quiet for interrupt_ms or longer
  KS_RB_LINK_DISCONNECTED, ///< quiet for disconnect_ms or longer (final: the game ends the session)
  ks_rb_link_count         ///< the number of link states
} ks_rb_link;

/// What the session noticed about a peer, in the order it happened (ks_rb_poll_event).
typedef enum ks_rb_event_kind {
  KS_RB_EVENT_NONE = 0,       ///< no event
  KS_RB_EVENT_CONNECTED,      ///< the first message of the peer arrived
  KS_RB_EVENT_INTERRUPTED,    ///< the peer has been quiet for interrupt_ms
  KS_RB_EVENT_RESUMED,        ///< a message arrived from an interrupted peer
  KS_RB_EVENT_DISCONNECTED,   ///< the peer has been quiet for disconnect_ms
  KS_RB_EVENT_DESYNC,         ///< a desync was detected (ks_rb_desync_report)
  KS_RB_EVENT_SYNC_TEST_FAILED, ///< the in-loop sync test found a difference (ks_rb_sync_report)
  ks_rb_event_kind_count      ///< the number of kinds
} ks_rb_event_kind;

/// One event.
typedef struct ks_rb_event {
  ks_rb_event_kind kind;   ///< what happened
  int32_t peer;            ///< which peer (-1: none)
  int64_t at_ms;           ///< the game's time when it was noticed
} ks_rb_event;

/// A peer's connection, as this side sees it.
typedef struct ks_rb_health {
  ks_rb_link link;         ///< running, interrupted, disconnected
  int64_t rtt_ms;          ///< round trip, smoothed (-1: no sample yet)
  int64_t quiet_ms;        ///< since the peer's last accepted message
  int64_t bytes_in_per_s;  ///< accepted bytes from the peer over the last second (whole seconds)
  int64_t bytes_out_per_s; ///< bytes written for the peer over the last second
  int64_t frames_behind;   ///< steps this peer's frame is ahead of the peer's, as last heard (negative: behind)
  int64_t inputs_behind;   ///< steps of the peer's inputs this side still lacks up to its own frame
} ks_rb_health;

/// The in-loop sync test's findings (def.sync_test_every).
typedef struct ks_rb_sync_report {
  int64_t checks;          ///< steps re-simulated and compared
  bool failed;             ///< a re-simulated hash differed: the session stopped
  int64_t first_bad_step;  ///< the step whose state differed (the state after it, counted like frame)
  uint64_t live_hash;      ///< the hash of that state as first simulated
  uint64_t resim_hash;     ///< as re-simulated from the same state with the same inputs
} ks_rb_sync_report;

/// A confirmed step with every player's input (ks_rb_next_confirmed).
typedef struct ks_rb_confirmed_step {
  int64_t step;            ///< the input stamp: the step takes the state from `step` to `step + 1`
  uint8_t inputs[KS_RB_MAX_PLAYERS][KS_RB_MAX_INPUT_BYTES]; ///< inputs[p]: player p's, input_size bytes
} ks_rb_confirmed_step;

/// The outcome of one ks_rb_advance call.
typedef struct ks_rb_advance_result {
  bool stepped;            ///< one step was simulated and the local input consumed
  bool waited;             ///< nothing stepped: the window is full or the peer has not acked
  int64_t rolled_back;     ///< steps re-simulated before stepping (0: no rollback)
  int64_t input_step;      ///< the step the local input was stamped with (when stepped; -1 when it was not taken: a peer that came back, before its inputs resume)
} ks_rb_advance_result;

/// Why ks_rb_read_message refused a message (all fields set on every call).
typedef struct ks_rb_error {
  ks_status status;        ///< KS_OK when accepted
  char field[32];          ///< the check that failed ("magic", "checksum", "inputs", "ack", ...)
  uint64_t offset;         ///< byte offset of the problem
} ks_rb_error;

/// A session. Build it with ks_rb_init; it points into its storage.
typedef struct ks_rb_session {
  ks_rb_def def;             ///< the definition it was built with
  size_t stride;             ///< bytes per state copy (state_size rounded up to 16)
  int32_t ring;              ///< state copies: max_prediction + 1
  int32_t nin;               ///< input ring slots per player (a power of two)
  uint8_t *states;           ///< ring of state copies: step n is at n % ring
  uint8_t *inputs;           ///< [player][slot] known inputs
  uint8_t *used;             ///< [player][slot] inputs the simulated step used
  int64_t *known;            ///< [player][slot] the step whose input the slot holds (-1: none)
  uint8_t *check_states;     ///< [checks_kept] copies of check states
  uint8_t *scratch;          ///< one state copy for desync re-simulation
  int64_t frame;             ///< steps simulated: the current state is step `frame`
  int32_t local_peer;        ///< this peer (def.peer_of[def.local_player])
  int32_t local_count;       ///< players of this peer
  uint32_t local_mask;       ///< bit p: player p is this peer's
  uint32_t peers;            ///< bit q: q names another peer of the session still playing
  uint32_t dropped;          ///< bit q: peer q was dropped (ks_rb_drop_peer): its players' inputs become "none"
  int64_t announced[KS_RB_MAX_PLAYERS][KS_RB_MAX_PLAYERS]; ///< [r][q]: peer r holds dropped q's inputs below this (-1: not said)
  int64_t empty_from[KS_RB_MAX_PLAYERS]; ///< by dropped peer: its inputs are "none" from this step (-1: not agreed yet)
  int64_t known_upto[KS_RB_MAX_PLAYERS]; ///< every input of player p for steps < this is known
  int64_t remote_ack[KS_RB_MAX_PLAYERS]; ///< by peer: it has every local input for steps < this
  int64_t recheck_from;      ///< inputs of steps >= this changed after being simulated (INT64_MAX: none)
  int64_t next_check;        ///< the next check step to hash
  uint32_t seq;              ///< messages written
  uint32_t seen[KS_RB_MAX_PLAYERS];          ///< by peer: highest sequence number read from it
  int64_t remote_frame[KS_RB_MAX_PLAYERS];   ///< by peer: its frame in its newest message (-1: none yet)
  int32_t remote_advantage[KS_RB_MAX_PLAYERS]; ///< by peer: its frame advantage as it reported it
  uint8_t last_input[KS_RB_MAX_PLAYERS][KS_RB_MAX_INPUT_BYTES]; ///< input of step known_upto[p] - 1 (zeros before)
  uint8_t zero_input[KS_RB_MAX_INPUT_BYTES];                ///< the "none" input
  ks_rb_check checks[KS_RB_MAX_CHECKS];  ///< kept checks, by slot (checks_kept used)
  ks_rb_check pending[KS_RB_MAX_CHECKS * 2]; ///< peers' check hashes not yet compared (remote_peer says whose)
  ks_rb_desync desync;       ///< what is known of a desync
  int64_t narrow_base;       ///< base step of the per-step hashes (-1: none)
  int32_t narrow_count;      ///< per-step hashes after narrow_base
  uint64_t narrow[KS_RB_MAX_HASH_EVERY];  ///< this peer's hash at narrow_base + 1 + i
  int64_t detail_step;       ///< step of the local detail (-1: none)
  int32_t detail_len;        ///< bytes of the local detail
  uint8_t detail[KS_RB_MAX_DETAIL];       ///< the local desync detail, sent to the peer
  uint32_t seq_floor[KS_RB_MAX_PLAYERS]; ///< by peer: messages numbered below this are refused: a lost session's (0: none)
  uint32_t resume_pending;   ///< bit q: a handover was written for peer q and no message of its resumed session has come
  int64_t start_step;        ///< the step the session began at: 0, or the base of the handover it resumed from
  int64_t remote_detail_step;             ///< step of the peer's detail (-1: none)
  int32_t remote_detail_len; ///< bytes of the peer's detail
  uint8_t remote_detail[KS_RB_MAX_DETAIL]; ///< the peer's desync detail, as received
  ks_rb_stats stats;         ///< what the session did
  /* time sync */
  int32_t adv_count;         ///< samples in adv_ring
  int32_t adv_at;            ///< next sample slot
  int32_t adv_ring[KS_RB_SYNC_WINDOW]; ///< (local - remote advantage) samples, in half steps
  int64_t sync_hold;         ///< no new wait is recommended before this frame
  int64_t sync_owed;         ///< steps still to wait from the last recommendation
  /* health */
  int64_t now_ms;            ///< the game's time, from ks_rb_set_time
  int64_t heard_ms[KS_RB_MAX_PLAYERS];   ///< by peer: time of the last accepted message (-1: never)
  int64_t waiting_ms[KS_RB_MAX_PLAYERS]; ///< by peer: quiet counted from this while never heard (-1: the first ks_rb_set_time)
  bool clock_started;        ///< ks_rb_set_time was called (a message read before counts as heard at its first reading)
  int64_t rtt_ms[KS_RB_MAX_PLAYERS];     ///< by peer: smoothed round trip (-1: none)
  ks_rb_link link[KS_RB_MAX_PLAYERS];    ///< by peer
  int64_t bytes_in[KS_RB_MAX_PLAYERS][2];  ///< by peer: bytes accepted this second and the last
  int64_t bytes_out[KS_RB_MAX_PLAYERS][2]; ///< by peer: bytes written this second and the last
  int64_t second;            ///< the whole second the byte counts are for
  uint32_t sent_seq[KS_RB_MAX_PLAYERS][16];  ///< by peer: sequence numbers of the last messages written
  int64_t sent_ms[KS_RB_MAX_PLAYERS][16];    ///< ... and when
  ks_rb_event events[KS_RB_MAX_EVENTS]; ///< events not yet polled, oldest first
  int32_t event_count;       ///< events queued
  /* in-loop sync test */
  ks_rb_sync_report sync;    ///< what it found
  /* players coming back (handovers of sessions of three or more peers) */
  uint8_t epoch[KS_RB_MAX_PLAYERS];       ///< by peer: times it came back after a drop (drop and back blocks carry it)
  int64_t back_step[KS_RB_MAX_PLAYERS];   ///< by peer: its inputs resume here, by a handover this side wrote (-1: none)
  int64_t back_empty[KS_RB_MAX_PLAYERS];  ///< ... its inputs were "none" from this step (the drop's agreed step)
  uint32_t back_seq[KS_RB_MAX_PLAYERS];   ///< ... its resumed session numbers its messages from this
  int64_t back_local[KS_RB_MAX_PLAYERS];  ///< ... this side's inputs known when that handover was written
  int64_t back_known[KS_RB_MAX_PLAYERS][KS_RB_MAX_PLAYERS]; ///< [q][r]: peer r's inputs that handover carried, below this
  int64_t confirmed_cursor;  ///< unused by the session; ks_rb_next_confirmed's default cursor
  uint32_t cookie;           ///< set by ks_rb_init
} ks_rb_session;

/* ---------------------------------------------------------------- functions */

/// Defaults: window 8, delay 0, predict none, a check every 60 steps, 8 kept.
KS_API ks_rb_def ks_rb_default_def(void);

/// Bytes of storage a session with this definition needs (0 if def is invalid).
KS_API size_t ks_rb_storage_size(const ks_rb_def *def);

/// Checks a definition: KS_ERR_NULL (def or a callback missing, a size 0),
/// KS_ERR_UNINITIALISED, KS_ERR_RANGE (a field outside its range).
KS_API ks_status ks_rb_def_validate(const ks_rb_def *def);

/// Starts a session at step 0 from `initial` (state_size bytes, copied).
/// storage must hold ks_rb_storage_size(def) bytes (any alignment) and stay
/// alive as long as the session. Errors as ks_rb_def_validate, KS_ERR_NULL,
/// KS_ERR_CAPACITY (storage too small); s untouched on error.
KS_API ks_status ks_rb_init(ks_rb_session *s, const ks_rb_def *def, void *storage, size_t storage_size,
                            const void *initial);

/// One step: first any rollback that arrived inputs call for, then, unless
/// the window is full, the peer has not acked the local inputs far enough
/// back, or a desync stopped the session, the local input (input_size bytes;
/// NULL means "none") is stamped frame + input_delay and the step is
/// simulated. out may be NULL. Errors: KS_ERR_NULL, KS_ERR_UNINITIALISED (a
/// session ks_rb_init did not make: untouched), KS_ERR_STATE (stopped by a
/// desync: nothing is simulated).
KS_API ks_status ks_rb_advance(ks_rb_session *s, const void *local_input, ks_rb_advance_result *out);

/// Applies any rollback now without stepping (so a waiting peer still shows
/// corrections). Returns the steps re-simulated.
KS_API int64_t ks_rb_settle(ks_rb_session *s);

/// Gives the session a remote input directly (the message reader calls this
/// for every input it carries). KS_OK when stored or already known with the
/// same bytes; KS_ERR_RANGE (too far ahead to keep, or older than kept: not
/// stored), KS_ERR_STATE (a different input for a step already known).
KS_API ks_status ks_rb_add_remote_input(ks_rb_session *s, int64_t step, const void *input);

/// Writes the next message for the peer: ack, the local inputs it may lack
/// (from its ack on, as many as fit), the newest check hashes and, after a
/// desync, the per-step hashes and the detail. cap should be at least
/// KS_RB_HEADER_BYTES + 8 + room for one input run. Errors: KS_ERR_NULL,
/// KS_ERR_CAPACITY (not even the header fits).
KS_API ks_status ks_rb_write_message(ks_rb_session *s, uint8_t *buf, size_t cap, size_t *len);

/// Reads one message from the peer. It is checked whole first (length,
/// magic, version, checksum, sender, input size, every field, every input
/// against what is already known) and only then applied; a refused message
/// changes nothing but the refusal count. err may be NULL.
KS_API ks_status ks_rb_read_message(ks_rb_session *s, const uint8_t *buf, size_t len, ks_rb_error *err);

/// The current state (step ks_rb_frame), for drawing. NULL if s is unusable.
KS_API const void *ks_rb_state(const ks_rb_session *s);
/// Steps simulated.
KS_API int64_t ks_rb_frame(const ks_rb_session *s);
/// Every step < this is confirmed (both inputs known and simulated with them).
KS_API int64_t ks_rb_confirmed(const ks_rb_session *s);
/// The confirmed state at step `step` if the session still keeps it (a copy
/// in the ring or a check copy): copied into out (state_size bytes).
/// KS_ERR_RANGE when not confirmed or no longer kept.
KS_API ks_status ks_rb_confirmed_state(const ks_rb_session *s, int64_t step, void *out);
/// A known input of `player` at `step` (input_size bytes into out), while kept.
/// KS_ERR_NOT_FOUND when not known yet, KS_ERR_RANGE when no longer kept.
KS_API ks_status ks_rb_input(const ks_rb_session *s, int32_t player, int64_t step, void *out);
/// Steps this peer is ahead of the peer's frame as last heard (may be negative).
KS_API int64_t ks_rb_frame_advantage(const ks_rb_session *s);
/// Steps this peer should skip to let the peer catch up (0 when in step):
/// half the difference between the two sides' advantages.
KS_API int64_t ks_rb_recommended_wait(const ks_rb_session *s);

/// Sends the message for one peer of a session of several (to every peer
/// of def.peers, in turn). ks_rb_write_message is this for the only other
/// peer of a two-peer session (KS_ERR_STATE with more than one).
KS_API ks_status ks_rb_write_message_to(ks_rb_session *s, int32_t peer, uint8_t *buf, size_t cap, size_t *len);
/// Gives the session an input of remote player p directly (as ks_rb_add_remote_input).
KS_API ks_status ks_rb_add_player_input(ks_rb_session *s, int32_t player, int64_t step, const void *input);

/// Time sync, smoothed: the steps this peer should skip *now* to let the
/// slowest peer catch up, from the average of the last sync_window samples
/// of (this peer's frame advantage - the peer's) / 2, taken at every step,
/// with a dead zone (sync_dead_zone). A recommendation is spread over the
/// ticks that follow: the game skips a tick (calling ks_rb_settle instead of
/// ks_rb_advance) whenever this returns more than 0, and then calls
/// ks_rb_sync_skipped. No new recommendation comes until the samples taken
/// after it have filled the window. ks_rb_recommended_wait is the raw figure.
KS_API int64_t ks_rb_sync_wait(const ks_rb_session *s);
/// Tells the session the game skipped one tick on ks_rb_sync_wait's advice.
KS_API void ks_rb_sync_skipped(ks_rb_session *s);
/// The smoothed figure behind ks_rb_sync_wait, in steps (can be negative: behind).
KS_API double ks_rb_sync_advantage(const ks_rb_session *s);

/// The game's clock, in milliseconds (any origin, never going back), for
/// connection health. Call it every tick; events are raised here.
KS_API void ks_rb_set_time(ks_rb_session *s, int64_t now_ms);
/// The health of the link to `peer` (a peer number: its lowest player).
/// KS_ERR_RANGE when peer is not another peer of the session.
KS_API ks_status ks_rb_peer_health(const ks_rb_session *s, int32_t peer, ks_rb_health *out);
/// Drops a peer (after KS_RB_EVENT_DISCONNECTED, if the game plays on
/// without it): its messages are refused from now on, and its players'
/// inputs become "none" (all zero bytes) from a step every remaining peer
/// agrees on: the most of its inputs any of them holds. The remaining peers
/// tell each other in their messages (a peer that hears of the drop drops
/// it too) and forward the dropped peer's inputs the others lack, so all of
/// them simulate the same inputs; until the step is agreed its inputs are
/// predicted as usual. Ending the session instead is the game's other
/// choice. KS_ERR_RANGE when peer is not another peer of the session.
KS_API ks_status ks_rb_drop_peer(ks_rb_session *s, int32_t peer);

/// Takes the oldest event (kind KS_RB_EVENT_NONE when there is none). Returns
/// true when one was taken.
KS_API bool ks_rb_poll_event(ks_rb_session *s, ks_rb_event *out);

/// Confirmed steps in order, for replay logs and fire-once effects: fills
/// out with the step *cursor and every player's input, and moves *cursor
/// on. KS_ERR_NOT_FOUND when *cursor is not confirmed yet (nothing moves),
/// KS_ERR_RANGE when its inputs are no longer kept (call it every tick).
/// Start with *cursor at 0 (or ks_rb_confirmed() to skip the past).
KS_API ks_status ks_rb_next_confirmed(const ks_rb_session *s, int64_t *cursor, ks_rb_confirmed_step *out);

/// The in-loop sync test's report (def.sync_test_every); NULL if s is unusable.
KS_API const ks_rb_sync_report *ks_rb_sync_report_get(const ks_rb_session *s);

/// Releases every state copy the session holds through def.free_state (a
/// no-op for flat states). The session is unusable afterwards.
KS_API void ks_rb_release(ks_rb_session *s);

/// The desync report (detected false while in step).
KS_API const ks_rb_desync *ks_rb_desync_report(const ks_rb_session *s);
/// After a desync: this peer's state at `step` (agreed_step <= step <=
/// check_step), re-simulated from the kept copy of the agreed check with the
/// confirmed inputs, into out. KS_ERR_STATE when no desync was detected,
/// KS_ERR_RANGE outside that stretch or when the copy is no longer kept.
KS_API ks_status ks_rb_desync_state(ks_rb_session *s, int64_t step, void *out);
/// Attaches a detail about the desync at `step` (up to KS_RB_MAX_DETAIL bytes),
/// sent in every later message. KS_ERR_STATE before a desync, KS_ERR_RANGE too long.
KS_API ks_status ks_rb_set_detail(ks_rb_session *s, int64_t step, const void *bytes, size_t len);
/// The peer's detail, if it sent one: its bytes (NULL when none), *len and *step.
KS_API const uint8_t *ks_rb_remote_detail(const ks_rb_session *s, size_t *len, int64_t *step);

/* ------------------------------------------------------------------ resuming */

/// A request for a handover, as the answering side reads it.
typedef struct ks_rb_request {
  uint64_t nonce;          ///< chosen by the asking side for this seat-taking; answers carry it back
  uint32_t offset;         ///< handover bytes the asking side already holds
} ks_rb_request;

/// The asking side's gathering of a handover, in caller-owned bytes.
typedef struct ks_rb_gather {
  int32_t local_player;    ///< the asking side's player
  size_t input_size;       ///< the session's input size, bytes
  uint64_t nonce;          ///< this seat-taking's nonce
  uint8_t *buf;            ///< where the handover is gathered
  size_t cap;              ///< bytes at buf
  size_t have;             ///< bytes gathered, in order from 0
  size_t total;            ///< bytes of the handover being gathered (0: none seen yet)
  uint64_t hash;           ///< FNV-1a 64 of the whole handover, as the parts say
  bool complete;           ///< have == total and the hash matched
  int64_t parts;           ///< parts taken
  int64_t restarts;        ///< gatherings begun again (the other side wrote a newer handover)
} ks_rb_gather;

/// What kind of message the bytes are (from the magic and version only:
/// reading it checks the rest).
KS_API ks_rb_kind ks_rb_message_kind(const uint8_t *buf, size_t len);

/// Starts gathering a handover for `local_player` (of a session with
/// `input_size`-byte inputs) into cap bytes at buf. nonce should be fresh for
/// each seat-taking (a random number from the front end); answers to other
/// requests are refused. KS_ERR_NULL, KS_ERR_RANGE.
KS_API ks_status ks_rb_gather_init(ks_rb_gather *g, int32_t local_player, size_t input_size, uint64_t nonce,
                                   void *buf, size_t cap);
/// Writes the request for what the gathering still lacks (KS_RB_REQUEST_BYTES).
/// KS_ERR_STATE once complete, KS_ERR_CAPACITY, KS_ERR_NULL.
KS_API ks_status ks_rb_gather_request(const ks_rb_gather *g, uint8_t *buf, size_t cap, size_t *len);
/// Takes a part of a handover: checked whole (length, magic, version,
/// checksum, sender, input size, nonce, a total that fits) before anything is
/// kept. A part that continues the gathering is kept; a part of a newer
/// handover at offset 0 begins the gathering again; any other well-formed
/// part changes nothing (KS_OK). When the last byte is in, the whole is
/// checked against its hash (KS_ERR_CHECKSUM: gathered again from 0).
KS_API ks_status ks_rb_gather_read(ks_rb_gather *g, const uint8_t *buf, size_t len, ks_rb_error *err);

/// Reads a request from the peer (checked whole: length, magic, version,
/// checksum, sender, input size). err may be NULL.
KS_API ks_status ks_rb_read_request(const ks_rb_session *s, const uint8_t *buf, size_t len, ks_rb_request *out,
                                    ks_rb_error *err);
/// Writes a handover for the peer: the session's counters, every known input
/// of both players from `base` on, and room for history_len bytes of the
/// game's history at buf + *history_at, which the caller fills afterwards.
/// base must be confirmed (base <= ks_rb_confirmed) and the inputs from it on
/// still kept, else KS_ERR_RANGE; KS_ERR_CAPACITY (*len says how many bytes
/// it needs). Write one handover per request nonce and answer its repeated
/// requests from it: each written handover refuses the messages the peer's
/// lost session may still have in flight (ks_rb_read_message: "seq").
KS_API ks_status ks_rb_handover_write(ks_rb_session *s, int64_t base, size_t history_len, uint8_t *buf, size_t cap,
                                      size_t *len, size_t *history_at);
/// ks_rb_handover_write for a session of three or more peers, for the peer
/// `peer` that lost its session (the sender of the request). The peer must
/// have been dropped (ks_rb_drop_peer) and its "none" step agreed, every
/// remaining peer must have said it holds its inputs that far, and this side
/// must be the remaining peer with the lowest number (the one that answers:
/// send the requests to every peer); else KS_ERR_STATE, to be tried again on
/// a later request. The handover (version 2) carries every player's known
/// inputs from base on and the step S from which the returning peer's
/// inputs are its own again ("none" from the drop's step to S, far enough
/// ahead that no peer has simulated past it). This side takes the peer back
/// at once and tells the others in its next messages (a back block); each of
/// them takes it back when it reads that. Two-peer sessions take
/// ks_rb_handover_write (this works for them too).
KS_API ks_status ks_rb_handover_write_for(ks_rb_session *s, int32_t peer, int64_t base, size_t history_len,
                                          uint8_t *buf, size_t cap, size_t *len, size_t *history_at);
/// Writes the part of a handover (len bytes at handover) that starts at
/// offset, as much as one message holds, answering the request with `nonce`.
/// KS_ERR_RANGE (offset past the end), KS_ERR_CAPACITY, KS_ERR_NULL.
KS_API ks_status ks_rb_write_part(const ks_rb_session *s, uint64_t nonce, const uint8_t *handover, size_t len,
                                  uint32_t offset, uint8_t *buf, size_t cap, size_t *out_len);
/// The base step and the game's history in a gathered handover (checked
/// whole; *history points into it). KS_ERR_FORMAT, KS_ERR_TRUNCATED, KS_ERR_VERSION.
KS_API ks_status ks_rb_handover_history(const uint8_t *handover, size_t len, int64_t *base, const uint8_t **history,
                                        size_t *history_len);
/// Builds a session from a handover: def as for ks_rb_init (its local player
/// the one that lost its session), base_state the state at the handover's
/// base, rebuilt by the game from its history. The session starts at base,
/// takes every input the handover carries, carries its own inputs on from
/// the last one the other side has ("none" up to its input delay) and
/// re-simulates to where they end. Errors as ks_rb_init, and the handover's
/// (KS_ERR_FORMAT, KS_ERR_VERSION, KS_ERR_STATE for another player's or
/// input size's); s untouched on error. err may be NULL.
KS_API ks_status ks_rb_resume(ks_rb_session *s, const ks_rb_def *def, void *storage, size_t storage_size,
                              const void *base_state, const uint8_t *handover, size_t len, ks_rb_error *err);

/* --------------------------------------------------------------- spectators */

/// A spectator's definition. Get one from ks_rb_spectator_default_def().
typedef struct ks_rb_spectator_def {
  size_t state_size;       ///< as the players' sessions; no default (0)
  size_t input_size;       ///< as the players' sessions; no default (0)
  int32_t players;         ///< as the players' sessions; default 2
  int32_t delay;           ///< steps kept behind the live (confirmed) edge, 0..KS_RB_MAX_WINDOW; default 0
  int32_t buffer_steps;    ///< inputs kept ahead of the spectator's frame (a power of two, 64..65536); default 1024
  ks_rb_step_fn step;      ///< required: the game's step
  ks_rb_hash_fn hash;      ///< required: the game's hash
  void *user;              ///< passed to step and hash
  uint32_t cookie;         ///< set by ks_rb_spectator_default_def; do not touch
} ks_rb_spectator_def;

/// A spectator: a flat state stepped with confirmed inputs only (it never
/// predicts, so it never rolls back), in caller-owned storage.
typedef struct ks_rb_spectator {
  ks_rb_spectator_def def;   ///< the definition
  uint8_t *state;            ///< the state at `frame`
  uint8_t *inputs;           ///< [slot][player][input_size] confirmed inputs ahead
  int64_t *known;            ///< [slot] the step the slot holds (-1: none)
  int64_t start;             ///< the step it joined at
  int64_t frame;             ///< steps simulated: the state is step `frame`
  int64_t known_upto;        ///< every input of steps < this is held
  int64_t live;              ///< the newest confirmed edge a forwarder reported
  int64_t received;          ///< messages taken
  int64_t refused;           ///< messages refused
  bool final;                ///< the match ended at `live`: the delay no longer holds the spectator back
  uint32_t cookie;           ///< set by ks_rb_spectator_init
} ks_rb_spectator;

/// Defaults: 2 players, no delay, 1024 steps of inputs buffered.
KS_API ks_rb_spectator_def ks_rb_spectator_default_def(void);
/// Bytes of storage a spectator needs (0 if def is invalid).
KS_API size_t ks_rb_spectator_storage_size(const ks_rb_spectator_def *def);
/// Starts a spectator at step `start` from `state` (the initial state with
/// start 0, or a state the game rebuilt, e.g. from a handover's history).
KS_API ks_status ks_rb_spectator_init(ks_rb_spectator *sp, const ks_rb_spectator_def *def, void *storage,
                                      size_t storage_size, const void *state, int64_t start);
/// Writes the spectator's request ("KSRS", 20 bytes): the inputs it lacks, from its known_upto on.
KS_API ks_status ks_rb_spectator_request(const ks_rb_spectator *sp, uint8_t *buf, size_t cap, size_t *len);
/// Reads a spectator's request (checked whole) for a forwarder: the step it wants inputs from.
KS_API ks_status ks_rb_read_spectator_request(const uint8_t *buf, size_t len, int32_t players, size_t input_size,
                                              int64_t *from, ks_rb_error *err);
/// Writes a confirmed-inputs message ("KSRC") from a log of confirmed
/// inputs ([step][player][input_size] for steps [log_from, log_to)):
/// inputs from `from` on, as many as fit in cap, and log_to as the live
/// edge (`final`: the match ended there). A player's peer keeps such a log with ks_rb_next_confirmed; a relay
/// keeps it from the messages it forwards. KS_ERR_RANGE (from outside the log).
KS_API ks_status ks_rb_confirmed_write(int32_t players, size_t input_size, const uint8_t *log, int64_t log_from,
                                       int64_t log_to, bool final, int64_t from, uint8_t *buf, size_t cap,
                                       size_t *len);
/// Player p's confirmed input of `step` (input_size bytes, valid until the next call), for ks_rb_confirmed_write_fn.
typedef const uint8_t *(*ks_rb_input_fn)(const void *src, int32_t player, int64_t step);
/// ks_rb_confirmed_write with the inputs from a function instead of a log
/// (a game that keeps its confirmed inputs in its own record, mostly empty:
/// nothing needs to be laid out). Steps [from, to) at most; `live` is the
/// confirmed edge the message reports (at least `to`). As every KSRC, the
/// message is coded in runs of equal steps when that carries more steps
/// (docs/rollback.md): a quiet stretch of a match fits in one message.
KS_API ks_status ks_rb_confirmed_write_fn(int32_t players, size_t input_size, ks_rb_input_fn get, const void *src,
                                          int64_t from, int64_t to, int64_t live, bool final, uint8_t *buf,
                                          size_t cap, size_t *len);
/// The same straight from a player's session (only the inputs it still keeps:
/// enough for spectators that follow live).
KS_API ks_status ks_rb_session_confirmed_write(const ks_rb_session *s, int64_t from, uint8_t *buf, size_t cap,
                                               size_t *len);
/// Takes a confirmed-inputs message (checked whole: nothing is kept from a refused one).
KS_API ks_status ks_rb_spectator_read(ks_rb_spectator *sp, const uint8_t *buf, size_t len, ks_rb_error *err);
/// Steps the spectator with the inputs it holds, up to `delay` steps behind
/// the live edge, at most max_steps (a front end fast-forwarding a late
/// joiner gives a large figure and shows ks_rb_spectator_progress). Returns the steps run.
KS_API int64_t ks_rb_spectator_advance(ks_rb_spectator *sp, int64_t max_steps);
/// How far a catch-up is, 0..1 (1: at its place behind the live edge).
KS_API double ks_rb_spectator_progress(const ks_rb_spectator *sp);
/// The spectator's state (step sp->frame).
KS_API const void *ks_rb_spectator_state(const ks_rb_spectator *sp);

/// One sentence about a desync ("in step" or "desync: first differing step N
/// (hash A here, B there); last agreed check step M").
KS_API size_t ks_rb_desync_text(const ks_rb_desync *d, char *buf, size_t cap);
#ifdef __cplusplus
}
#endif
#endif
