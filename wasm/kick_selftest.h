// SPDX-License-Identifier: MIT
/// wasm/kick_selftest.h — the seed's replay test, as the browser port runs it.
///
/// Seed 000: "The browser port runs the replay test too." These functions
/// are compiled into the page's own kick.wasm (wasm/kick_selftest.c) and,
/// natively, into tests/web/replay_native.c, so one test can run the replay
/// test inside Chromium on the wasm build and compare every number with the
/// native run, bit for bit.
///
/// A case is one kick on one of the three levels of the test, Set Piece
/// (5-2), Thunder Road (4-4) and The Final (6-5): the level's setup for a
/// match seed, half a second on the spot in 1/60 s frames, then a copy; the
/// live shot struck and played in frames of 1/60, 1/120, 1/37, 0.3/60 and
/// 1/90 s in turn, the copy struck with the same kick and advanced 0.45/120 s
/// at a time. The kicks are each level's reference kick and six more around
/// the goal, bent and straight; the match seeds are 1 to 6.
#ifndef KICKSTEP_WASM_KICK_SELFTEST_H
#define KICKSTEP_WASM_KICK_SELFTEST_H

#include <stdint.h>

/// The result fields of one case, in order (doubles; the hash as two 32-bit halves).
#define KX_REPLAY_FIELDS(X)                                                                        \
  X(level) X(seed) X(kick) X(wait_steps) X(live_strike) X(copy_strike) X(live_outcome)           \
  X(copy_outcome) X(live_decision) X(copy_decision) X(live_crossed) X(copy_crossed)              \
  X(live_cross_x) X(live_cross_y) X(live_cross_z) X(copy_cross_x) X(copy_cross_y) X(copy_cross_z) \
  X(live_moments) X(copy_moments) X(live_frames) X(copy_frames) X(live_hash_hi) X(live_hash_lo)  \
  X(copy_hash_hi) X(copy_hash_lo)

#define KX_REPLAY_ENUM(n) KX_R_##n,
enum { KX_REPLAY_FIELDS(KX_REPLAY_ENUM) KX_REPLAY_FIELD_COUNT };
#undef KX_REPLAY_ENUM

/// Number of cases (3 levels × 7 kicks × 6 match seeds).
int32_t kx_replay_test_count(void);
/// Runs case i into kx_replay_test_result(). Returns 1 when the live kick and
/// its copy agree with no tolerance (strike step, outcome, decision step,
/// crossing bits, moments), 0 when they do not, -1 for a bad index or setup.
int32_t kx_replay_test_run(int32_t i);
/// The last case's KX_REPLAY_FIELD_COUNT fields.
double *kx_replay_test_result(void);
int32_t kx_replay_test_field_count(void);
const char *kx_replay_test_field_name(int32_t i);
/// Id of the case's level ("5-2", "4-4", "6-5"); "" when out of range.
const char *kx_replay_test_level(int32_t i);

#endif
