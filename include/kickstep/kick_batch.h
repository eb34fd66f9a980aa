// SPDX-License-Identifier: MIT
/// @file kickstep/kick_batch.h
/// kickstep/kick_batch.h — many independent kicks stepped together, in lanes.
///
/// A batch holds up to KICK_BATCH_LANES shots by value, one per lane. Each
/// kick_batch_step advances every occupied lane by one 1/600 s step, and each
/// lane is, bit for bit, the shot that kick_shot_step would make of it: the
/// same state hash after every step, the same events. Every rule of the step
/// (the keeper's read and dive, contacts, rings, the goal line, when a kick
/// is decided, held or done, events) runs lane by lane through the very
/// functions kick_shot_step runs. Only the flight through the air (wind,
/// drag, lift, gravity, the integration) has a second form: vector code, 4
/// lanes at a time with AVX2 (x86, chosen at run time) or 2, that uses only
/// IEEE-exact operations (add, subtract, multiply, divide, square root,
/// compare, select; never a fused multiply-add) in the scalar step's order,
/// so it gives the scalar bits; a build without vector extensions runs the
/// scalar flight lane by lane.
///
/// Work the lanes share: lanes with the same wind (the same kick_wind_def and
/// so the same gusts, as the rerolled copies of one kick have) read it from a
/// table by step, so the gust noise is evaluated once per step index, not once
/// per lane; and a keeper's estimate of a kick (kick_estimate_memo) is offered
/// to the other lanes, so copies struck alike and read at the same moment
/// compute it once. A lane's contact tests run only when its ball's path meets
/// its z bands (where they could pass). kick_batch_run keeps the balls of
/// lanes in plain flight in arrays of its own, and lanes whose balls there
/// are the same bits (rerolled copies struck alike, until their dice part
/// them) share one entry, so their flight is computed once.
///
/// The batch is a plain value too (no pointers); it is large (about 415 KiB,
/// most of it the wind tables), so keep it static or on the heap rather than
/// copying it about.
///
/// Usage (a simulated player's trials: a lane that is decided leaves and the
/// next candidate takes its place):
/// @code
///   kick_batch_def d = kick_batch_default_def();
///   static kick_batch b;
///   kick_batch_init(&b, &d);
///   kick_shot s = trial; kick_shot_strike(&s, &launch);
///   int32_t lane;
///   kick_batch_add(&b, &s, &lane);               // copies the shot into a free lane
///   uint32_t done = kick_batch_run(&b, 6000);    // until some lane is decided
///   for each lane i in done: kick_batch_remove(&b, i, &s); ... kick_batch_add(next) ...
/// @endcode
///
/// Errors: functions returning ks_status validate at the door and leave the
/// batch untouched on error. Freestanding: no allocation, no I/O, no libm.
#ifndef KICKSTEP_KICK_BATCH_H
#define KICKSTEP_KICK_BATCH_H

#include "kickstep/base.h"
#include "kickstep/events.h"
#include "kickstep/kick.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KICK_BATCH_LANES 16         ///< most shots in one batch
#define KICK_BATCH_WIND_TABLES 2    ///< winds a batch can tabulate at once
#define KICK_BATCH_WIND_SLOTS 8192  ///< steps one wind table holds (a power of two): more than a 10 s flight
#define KICK_BATCH_WIND_CHUNK 64    ///< steps a wind table fills at a time (a power of two)

/// How a batch is set up. Get one from kick_batch_default_def().
typedef struct kick_batch_def {
  int32_t lanes;            ///< lanes in use, 1..KICK_BATCH_LANES; default KICK_BATCH_LANES
  bool share_wind;          ///< lanes with the same wind share a wind table; default true
  int32_t vector_width;     ///< balls the flight computes at once: 0 (default) the fastest here
                            ///< (kick_batch_vector_best), 1 (the scalar flight, lane by lane), 2 or
                            ///< 4; a width the CPU lacks gives the widest it has. Every width gives
                            ///< the same bits.
  uint32_t cookie;          ///< set by kick_batch_default_def; do not touch
} kick_batch_def;

/// The wind of the lanes that share it, by step. The table holds
/// KICK_BATCH_WIND_SLOTS steps in chunks of KICK_BATCH_WIND_CHUNK consecutive
/// steps, direct-mapped on the step index; a chunk is filled in one go, in
/// step order, the first time a lane needs one of its steps, and keeps its
/// place until the table is reset (a lane that needs another chunk there
/// evaluates its own wind).
typedef struct kick_batch_wind {
  int32_t users;            ///< lanes using this table (0: free)
  bool valid;               ///< the identity below is set
  uint8_t pad_[3];          ///< zero
  kick_wind_def def;        ///< identity: the setup's wind
  ks_vec3 mean;             ///< identity: the shot's derived mean wind vector, m/s
  ks_vec3 cross;            ///< identity: the shot's derived unit crosswind direction
  double gust_k;            ///< identity: the shot's derived gust factor
  double swirl_k;           ///< identity: the shot's derived swirl factor, m/s
  uint64_t memo_seed[2];    ///< the noise memo used to fill the table (never changes a result): seeds,
  int64_t memo_cell[2];     ///< ... lattice cells
  double memo_slope[2][2];  ///< ... and their slopes
  int64_t chunk[KICK_BATCH_WIND_SLOTS / KICK_BATCH_WIND_CHUNK]; ///< step index / KICK_BATCH_WIND_CHUNK held (-1: empty)
  ks_vec3 wind[KICK_BATCH_WIND_SLOTS]; ///< the wind at step n's clock time (kick_wind_at's bits), at n mod KICK_BATCH_WIND_SLOTS
} kick_batch_wind;

/// A director's look-ahead done during the shooter's run-up
/// (kick_director_kick_after_cached): the frames of the run-up advance a copy
/// of the waiting shot to the strike step, strike it with the kick and fly it
/// towards its decision a few steps a frame, so the strike's frame finds the
/// look-ahead done. The strike takes it only when the copy is the live shot
/// at that step (its clock, dice and ball bit for bit, and the same
/// kick_shot_hash: every hashed field) and the kick the same bits; otherwise
/// it flies its own, as without a cache. Part of kick_shot_cache; never read
/// by a shot.
typedef struct kick_shot_ahead {
  bool active;              ///< a kick waits for its run-up and is looked at here
  bool struck;              ///< `look` is struck (`pre` reached `due`)
  uint8_t pad_[6];          ///< zero
  int64_t due;              ///< the live step the kick is struck on
  int64_t s0;               ///< look's total_steps when it was struck
  uint64_t taken;           ///< strikes that took their look-ahead from here (a count for tests and benches)
  uint64_t pre_hash;        ///< kick_shot_hash of `pre` on `due` (set when `look` is struck)
  kick_launch launch;       ///< the kick
  kick_shot pre;            ///< the waiting shot, advanced as the live one is, towards `due`
  kick_shot look;           ///< the look-ahead: `pre` at `due`, struck, part-way to its decision
} kick_shot_ahead;

/// What a shot and its copies (look-aheads, rerolled trials, restored
/// states, a bench's repeated stretch) share outside their state, so that
/// work one of them did is not done again: the wind by step (a
/// kick_batch_wind table, filled as the batch fills its own) and the
/// keeper's latest estimate of a kick; and for a director, the look-ahead of
/// a kick waiting for its run-up (kick_shot_ahead). A cache in every part: before a shot
/// takes anything from it, it checks the table's wind against its own (every
/// input of the wind, bit for bit) and the estimate against every input bit
/// of its read, so a shot stepped with a cache, with another, or with
/// kick_shot_step has the same bits (and a director takes a look-ahead only
/// when its copy is the live shot). A table holds one wind: a shot with
/// another wind empties it and takes it. About 200 KB, so it lives beside the
/// shots, never in one (a shot stays a plain value); zeroed or
/// kick_shot_cache_init, it is empty. Used by one thread at a time.
typedef struct kick_shot_cache {
  kick_batch_wind wind;     ///< the wind by step (users unused)
  kick_estimate_memo memo;  ///< the latest estimate a shot stepped with this cache made
  kick_shot_ahead ahead;    ///< a director's look-ahead during the run-up (kick_director.h)
} kick_shot_cache;

/// Empties a cache (a zeroed one is empty too).
KS_API void kick_shot_cache_init(kick_shot_cache *cache);

/// kick_shot_step, the same bits, faster: the wind from the cache's table
/// (cache may be NULL: the shot's own wind), and, when out is NULL, the
/// keeper's read run beside the flight (kick_keeper_read) and its estimate
/// taken from the cache when one there has exactly its inputs. With events
/// asked for, the read runs at once, as in kick_shot_step (the cache's
/// estimate offered to it and the new one kept there too). A shot left with a
/// read running is settled by kick_shot_step, kick_shot_advance,
/// kick_shot_settle and seen settled by kick_shot_hash and the queries.
KS_API void kick_shot_step_cached(kick_shot *shot, kick_shot_cache *cache, const kick_input *in, ks_events *out);

/// kick_shot_advance with kick_shot_step_cached's steps: the same bits as
/// kick_shot_advance (the steps `seconds` pays for, the clock's remainder
/// kept), faster. cache may be NULL.
KS_API int64_t kick_shot_advance_cached(kick_shot *shot, kick_shot_cache *cache, double seconds, const kick_input *in,
                                        ks_events *out);

#define KICK_BATCH_BANDS 4         ///< contact bands of a lane
#define KICK_BATCH_MEMOS 4         ///< keeper's estimates a batch keeps for its lanes

/// Where along z a lane's ball can touch something (the woodwork and the
/// goal line, the wall, the keeper, the rings), from its setup when it is
/// added: a step whose path stays outside every band skips the contact tests
/// (whose own tests it would fail), and so does a ball in a band at or above
/// that band's clear height (the wall's: over its jumping players' reach).
/// lo > hi: no such band.
typedef struct kick_batch_bands {
  double lo[KICK_BATCH_BANDS];  ///< lower ends, m
  double hi[KICK_BATCH_BANDS];  ///< upper ends, m
  double y_clear[KICK_BATCH_BANDS]; ///< clear heights, m: at or above it the band's tests fail (1e300: none)
  int32_t keeper;               ///< which band is the keeper's (-1: none)
  uint8_t pad_[4];              ///< zero
} kick_batch_bands;

/// The batch: shots by value in lanes, and what they share.
typedef struct kick_batch {
  kick_shot lane[KICK_BATCH_LANES]; ///< lane i's shot (valid when bit i of `active` is set)
  uint32_t active;          ///< bit i: lane i holds a shot
  int32_t lanes;            ///< lanes in use (from the def)
  bool share_wind;          ///< from the def
  uint8_t pad_[3];          ///< zero
  int32_t vector_width;     ///< the flight's width in use (1, 2 or 4)
  int8_t wind_of[KICK_BATCH_LANES]; ///< lane i's wind table, -1: the lane evaluates its own wind
  kick_batch_bands bands[KICK_BATCH_LANES]; ///< lane i's contact bands
  kick_batch_wind wind[KICK_BATCH_WIND_TABLES]; ///< the wind tables
  kick_estimate_memo memo[KICK_BATCH_MEMOS]; ///< the latest keepers' estimates of the lanes, offered to a
                            ///< lane about to read its kick (used only if every input matches)
  uint32_t memo_next;       ///< where the next estimate goes in memo[]
  uint32_t cookie;          ///< set by kick_batch_init
} kick_batch;

/// Defaults: every lane in use, shared wind tables, the fastest vectors.
KS_API kick_batch_def kick_batch_default_def(void);

/// The widest flight this build runs on this CPU: 4 (AVX2, x86, chosen at run
/// time), 2 (SSE2, NEON, wasm32, or two scalars where there are no vectors),
/// or 1 (a build without vector extensions).
KS_API int32_t kick_batch_vector_widest(void);

/// The width a default batch uses: the widest, except on x86 without AVX2,
/// where two-lane SSE2 vectors are slower than the scalar flight lane by
/// lane (1).
KS_API int32_t kick_batch_vector_best(void);

/// An empty batch. Errors: KS_ERR_NULL, KS_ERR_UNINITIALISED (a def not from
/// kick_batch_default_def), KS_ERR_RANGE (lanes outside 1..KICK_BATCH_LANES,
/// vector_width not 0, 1, 2 or 4).
KS_API ks_status kick_batch_init(kick_batch *b, const kick_batch_def *def);

/// Copies a shot (in any phase) into the lowest free lane and puts its index
/// in *lane (may be NULL). Errors: KS_ERR_NULL, KS_ERR_UNINITIALISED (batch
/// not initialised, or a shot whose setup did not come from
/// kick_setup_default), what kick_setup_validate says of the shot's setup
/// (KS_ERR_NOT_FINITE, KS_ERR_RANGE), KS_ERR_STATE (a phase that is none of
/// kick_phase), KS_ERR_CAPACITY (every lane in use); the batch is unchanged.
KS_API ks_status kick_batch_add(kick_batch *b, const kick_shot *shot, int32_t *lane);

/// Copies lane's shot to *out (may be NULL) and frees the lane.
/// Errors: KS_ERR_NULL, KS_ERR_RANGE (no shot in that lane).
KS_API ks_status kick_batch_remove(kick_batch *b, int32_t lane, kick_shot *out);

/// Lane i's shot, or NULL when the lane is empty (read only: change a shot
/// by removing it and adding it again).
KS_API const kick_shot *kick_batch_lane(const kick_batch *b, int32_t lane);

/// Bit i set: lane i holds a shot.
KS_API uint32_t kick_batch_active(const kick_batch *b);

/// Runs exactly one step on every occupied lane, as kick_shot_step would on
/// each. in: KICK_BATCH_LANES inputs, one per lane, or NULL (no input); out:
/// KICK_BATCH_LANES event buffers, lane i's events appended to out[i], or NULL.
KS_API void kick_batch_step(kick_batch *b, const kick_input *in, ks_events *out);

/// Steps the occupied lanes (no input, no events) until at least one of them
/// is finished: decided, not struck, or struck `max_flight_steps` steps ago or
/// more (as a loop of kick_shot_step while !kick_shot_decided and
/// kick_shot_steps < strike step + max_flight_steps). Finished lanes are not
/// stepped. Returns the mask of finished lanes (0 only for an empty batch, a
/// NULL batch or max_flight_steps < 1). Every struck kick is decided within
/// 10 s of flight, so the call always returns.
KS_API uint32_t kick_batch_run(kick_batch *b, int64_t max_flight_steps);

#ifdef __cplusplus
}
#endif
#endif
