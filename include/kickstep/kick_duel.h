// SPDX-License-Identifier: MIT
/// @file kickstep/kick_duel.h
/// kickstep/kick_duel.h — the penalty duel: a shoot-out between two people.
///
/// One person shoots, the other keeps goal, then they swap: five kicks each,
/// then sudden death, pair by pair (kick_duel_def). The shooter's input is
/// the kick (a kick_launch, read from a swipe by kick_swipe.h); the keeper's
/// is a tap: where on his line to dive. Both are *inputs stamped with the
/// step they land on* — the seed's friend in goal, taken to two devices — so
/// the whole match is one value, `kick_duel`, advanced by one function of the
/// state and both players' inputs, kick_duel_step. That is what rollback
/// netcode needs (kickstep/rollback.h): kick_duel_rb_step and kick_duel_rb_hash
/// are the two callbacks of a ks_rb_session; kickstep/kick_duel_peer.h joins
/// them to the network.
///
/// A duel step is one 1/600 s step of the kick (KICK_STEPS_PER_SECOND). Each
/// kick goes through these phases:
/// @code
///   READY   the new kick is shown; inputs are ignored (ready_steps)
///   AIM     the shooter may strike; the keeper may tap (an early dive: a
///           guess); no strike within aim_steps counts as a miss
///   FLIGHT  struck: the shot runs with the keeper's tap until decided
///   AFTER   decided; the ball plays on (after_steps)
///   REPLAY  a goal, replayed at 0.45x: the kick rebuilt from its setup, the
///           same wait on the spot, the same tap fed to it at the same step
///           and the same launch (the seed: record each input and feed it
///           to every copy), until 0.7 s after its decision
///   OVER    the match is decided (or a draw after max_kicks); the state no
///           longer changes
/// @endcode
/// There is no slow motion: a look-ahead cannot know a tap still to come.
///
/// Inputs travel as KICK_DUEL_INPUT_BYTES bytes (kick_duel_input_encode, the
/// layout is in docs/duel.md); all zero bytes is "no input". An input that
/// does not fit the moment (a strike from the keeper, a second tap, a launch
/// out of range, anything in READY) is ignored, the same way on every copy.
///
/// Freestanding: no libc, no allocation.
#ifndef KICKSTEP_KICK_DUEL_H
#define KICKSTEP_KICK_DUEL_H

#include "kickstep/base.h"
#include "kickstep/kick.h"
#include "kickstep/kick_batch.h"
#include "kickstep/timeline.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- constants */

#define KICK_DUEL_PLAYERS 2             ///< two people: one shoots, the other keeps goal
#define KICK_DUEL_MAX_PLAYERS 4         ///< most players of a party (kick_duel_party_def)
#define KICK_DUEL_MAX_KICKS 64          ///< most kicks in one match (both sides)
#define KICK_DUEL_INPUT_BYTES 64        ///< one player's input for one step on the wire
#define KICK_DUEL_REPLAY_TAIL_STEPS 420 ///< a replay stops 0.7 s of game time after its decision
#define KICK_DUEL_TRACE_FIELDS 32       ///< fields of a duel trace line (the shot's 24 and the match's 8)

/* -------------------------------------------------------------- enumerations */

/// Where the current kick is.
typedef enum kick_duel_phase {
  KICK_DUEL_READY = 0,    ///< the new kick is shown; inputs are ignored
  KICK_DUEL_AIM,          ///< the shooter may strike, the keeper may tap
  KICK_DUEL_FLIGHT,       ///< struck, not decided; the keeper may tap
  KICK_DUEL_AFTER,        ///< decided (or no shot); the ball plays on
  KICK_DUEL_REPLAY,       ///< a goal replays at 0.45x
  KICK_DUEL_OVER,         ///< the match is decided; the state no longer changes
  kick_duel_phase_count   ///< the number of phases
} kick_duel_phase;

/// How one kick of the shoot-out ended.
typedef enum kick_duel_result {
  KICK_DUEL_PENDING = 0,  ///< not taken yet (or in play)
  KICK_DUEL_SCORED,       ///< a goal
  KICK_DUEL_MISSED,       ///< saved, woodwork, wide, over or short
  KICK_DUEL_NO_SHOT,      ///< the shooter did not strike within aim_steps
  kick_duel_result_count  ///< the number of results
} kick_duel_result;

/// What an input is.
typedef enum kick_duel_input_kind {
  KICK_DUEL_IN_NONE = 0,  ///< no input this step
  KICK_DUEL_IN_STRIKE,    ///< the shooter's kick
  KICK_DUEL_IN_TAP,       ///< the keeper's dive target on his line
  kick_duel_input_kind_count ///< the number of input kinds
} kick_duel_input_kind;

/// The winner field while the match is on, and for a draw.
#define KICK_DUEL_NO_WINNER (-1)   ///< kick_duel.winner while the match is on
#define KICK_DUEL_DRAW 2           ///< kick_duel.winner for a draw of two players (a party's draw: its player count)

/* ------------------------------------------------------------------ structs */

/// The match's rules and setting. Get one from kick_duel_default_def().
typedef struct kick_duel_def {
  uint64_t match_seed;      ///< seeds every kick's dice (kick number = kick index); default 1
  int32_t kicks_each;       ///< kicks per player before sudden death, 1..10; default 5
  int32_t max_kicks;        ///< kicks after which a tie stands as a draw, a multiple of players, players x kicks_each..64; default 40
  int32_t ready_steps;      ///< READY length, steps, 0..6000; default 360 (0.6 s)
  int32_t aim_steps;        ///< longest AIM, steps, 60..36000; default 7200 (12 s)
  int32_t after_steps;      ///< AFTER length, steps, 0..6000; default 900 (1.5 s)
  bool replays;             ///< goals are replayed; default true
  uint8_t players;          ///< 2 (the duel; default) or a party of 3 or 4 (kick_duel_party_def)
  uint8_t pad_[2];          ///< zero
  double keeper_rating;     ///< the keeper's reach and dive speed, 0..1; default 0.7
  double spot_z;            ///< the penalty spot, m, -20..-5.5; default -11
  double wind_mps;          ///< mean wind of every kick, 0..10 m/s, bearing from the seed; default 0
  uint32_t cookie;          ///< set by kick_duel_default_def; do not touch
  uint32_t pad2_;           ///< zero
} kick_duel_def;

/// One player's input for one step.
typedef struct kick_duel_input {
  kick_duel_input_kind kind; ///< NONE, STRIKE or TAP
  kick_launch launch;       ///< the kick (KICK_DUEL_IN_STRIKE)
  double tap_x;             ///< glove target across the keeper's line (x), m (KICK_DUEL_IN_TAP)
  double tap_y;             ///< glove target height (y), m (KICK_DUEL_IN_TAP)
} kick_duel_input;

/// The whole match: a plain value.
typedef struct kick_duel {
  kick_duel_def def;        ///< the rules
  kick_shot shot;           ///< the live kick, or its replay copy while the phase is REPLAY
  kick_duel_phase phase;    ///< where the current kick is
  uint32_t pad0_;           ///< zero
  int64_t step;             ///< duel steps run (no more once OVER)
  int64_t phase_step;       ///< the step the phase began on
  int32_t kick;             ///< index of the current kick (0-based)
  int32_t shooter;          ///< the player shooting now (kick % players: player 0 shoots first)
  int32_t score[KICK_DUEL_MAX_PLAYERS]; ///< goals each player has scored (players of them)
  int32_t taken[KICK_DUEL_MAX_PLAYERS]; ///< kicks each player has taken (players of them)
  int32_t winner;           ///< KICK_DUEL_NO_WINNER, a player, or a draw: KICK_DUEL_DRAW (= players)
  uint8_t results[KICK_DUEL_MAX_KICKS]; ///< kick_duel_result of each kick
  /* the current kick, for its replay */
  bool struck;              ///< the current kick is struck
  bool tapped;              ///< the keeper has tapped in this kick
  uint8_t pad_[2];          ///< zero
  kick_launch launch;       ///< valid when struck
  int64_t strike_step;      ///< the shot's step of the strike (-1: not struck)
  kick_input tap;           ///< the keeper's tap, tap_step in the shot's steps (valid when tapped)
  kick_outcome outcome;     ///< the kick's outcome once decided
  uint32_t moments;         ///< the kick's kick_moment bits once decided
  int64_t decision_step;    ///< the shot's decision step (-1: undecided)
  ks_vec3 crossing;         ///< where the decided kick crossed the goal line (else the ball then), m
  int32_t replay_bank;      ///< replay speed: +9 a step, a replay step per 20
  int32_t pad2_;            ///< zero
  int64_t replay_stop;      ///< the replay copy stops at this shot step
} kick_duel;

/* ---------------------------------------------------------------- functions */

/// Defaults: seed 1, five kicks each, 40 at most, 0.6 s ready, 12 s to aim,
/// 1.5 s after, replays on, keeper rating 0.7, spot 11 m out, no wind.
KS_API kick_duel_def kick_duel_default_def(void);
/// A party of `players` (3 or 4; 2 gives kick_duel_default_def()): the
/// defaults, with kicks_each rounds of regulation chosen so that every
/// shooter faces every other player in goal equally often (4 rounds for 3
/// players, 3 for 4) and max_kicks the most whole rounds in 64 kicks (63, 64).
/// The party's rules (docs/duel.md, "Party"): kick k is taken by player
/// k % players in round k / players against the keeper
/// (shooter + 1 + round % (players - 1)) % players, so each round every player
/// shoots once and keeps goal once; after kicks_each rounds the player who
/// leads alone wins (decided early once nobody can catch the leader); a tie
/// at the top plays whole rounds more, everyone shooting, until one leads
/// alone after a round; a tie after max_kicks is a draw (winner = players).
/// A players value out of range gives a def kick_duel_def_validate refuses.
KS_API kick_duel_def kick_duel_party_def(int32_t players);
/// KS_ERR_NULL, KS_ERR_UNINITIALISED, KS_ERR_NOT_FINITE, KS_ERR_RANGE.
KS_API ks_status kick_duel_def_validate(const kick_duel_def *def);
/// The setup of kick `k` (0-based): the penalty spot, a keeper kept by a
/// person, the match seed and kick number k, the wind. KS_ERR_RANGE for k
/// outside 0..max_kicks-1.
KS_API ks_status kick_duel_kick_setup(const kick_duel_def *def, int32_t k, kick_setup *out);

/// The match before its first step: kick 0, player 0 to shoot, READY.
/// Errors as kick_duel_def_validate; d untouched on error.
KS_API ks_status kick_duel_init(kick_duel *d, const kick_duel_def *def);

/// One step with every player's inputs (def.players of them; in[p] may be NULL: none). A duel
/// kick_duel_init did not make (zeroed, never written) takes no step, untouched.
KS_API void kick_duel_step(kick_duel *d, const kick_duel_input *const in[KICK_DUEL_PLAYERS]);
/// kick_duel_step, the same bits, its shot stepped by kick_shot_step_cached
/// with `cache` (kick_batch.h; may be NULL): the states a rollback restores
/// and steps again share the wind by step and the keeper's estimate (the
/// cache is checked on every input bit, so a state stepped with a cache,
/// another or none stays the same). The cache is not part of the state.
KS_API void kick_duel_step_cached(kick_duel *d, const kick_duel_input *const in[KICK_DUEL_PLAYERS], kick_shot_cache *cache);

/// A 64-bit hash of every explicit field (the shot's hash included).
KS_API uint64_t kick_duel_hash(const kick_duel *d);

/// The player keeping goal now.
KS_API int32_t kick_duel_keeper(const kick_duel *d);
/// The players of the match (def.players: 2, 3 or 4; 2 for NULL).
KS_API int32_t kick_duel_players(const kick_duel *d);
/// The keeper of kick `k` of a match of these rules (-1 when out of range).
KS_API int32_t kick_duel_keeper_of(const kick_duel_def *def, int32_t k);
/// Whether `player` may strike now (the shooter, in AIM).
KS_API bool kick_duel_may_strike(const kick_duel *d, int32_t player);
/// Whether `player` may tap now (the keeper, in AIM or FLIGHT, not yet tapped).
KS_API bool kick_duel_may_tap(const kick_duel *d, int32_t player);

/// Input bytes: byte 0 the kind, 1..7 zero; a strike's launch as seven
/// little-endian doubles at 8..63 (speed, elevation, direction, spin axis
/// x, y, z, spin rate); a tap's x and y at 8..23, the rest zero. NONE is all zero.
KS_API void kick_duel_input_encode(const kick_duel_input *in, uint8_t out[KICK_DUEL_INPUT_BYTES]);
/// The reverse; KS_ERR_FORMAT for an unknown kind or a non-zero unused byte
/// (such bytes step as "none"). out is untouched on error.
KS_API ks_status kick_duel_input_decode(const uint8_t in[KICK_DUEL_INPUT_BYTES], kick_duel_input *out);
/// A strike input for launch (KICK_DUEL_IN_STRIKE).
KS_API kick_duel_input kick_duel_strike_input(const kick_launch *launch);
/// A tap input aiming the gloves at (x, y) on the keeper's line, m (KICK_DUEL_IN_TAP).
KS_API kick_duel_input kick_duel_tap_input(double x, double y);

/// The ks_rb_step_fn of a duel (state: a kick_duel; inputs: encoded bytes; user unused).
KS_API void kick_duel_rb_step(void *state, const uint8_t *const inputs[KICK_DUEL_PLAYERS], void *user);
/// The same with kick_duel_step_cached: user is a kick_shot_cache (or NULL)
/// the session's steps and re-simulations share (ks_rb_def.user, or a
/// peer's kick_duel_peer_def.step_user), one per session, never shared
/// between threads.
KS_API void kick_duel_rb_step_cached(void *state, const uint8_t *const inputs[KICK_DUEL_PLAYERS], void *user);
/// The ks_rb_hash_fn of a duel.
KS_API uint64_t kick_duel_rb_hash(const void *state, void *user);

/// The duel's per-step trace line: the shot's 24 trace fields
/// (kick_replay_trace_fields) and the match's phase, step, kick, shooter,
/// scores, struck and tapped, with the duel's hash, as one timeline line.
KS_API void kick_duel_trace_line(ks_tl_writer *w, const kick_duel *d);
/// Compares two trace lines written by kick_duel_trace_line and names the
/// first field whose exact bits differ ("vx", "phase", ... or "hash" when
/// only the hash does, "(line)" when one is not a trace line) into field
/// (NUL-terminated, cut to cap). Returns true when they differ.
KS_API bool kick_duel_trace_diff(const char *a, size_t alen, const char *b, size_t blen, char *field, size_t cap);

/// A phase's stable name: "ready", "aim", ...
KS_API const char *kick_duel_phase_name(kick_duel_phase p);
/// A result's stable name: "scored", "missed", "no_shot", "pending".
KS_API const char *kick_duel_result_name(kick_duel_result r);

#ifdef __cplusplus
}
#endif
#endif
