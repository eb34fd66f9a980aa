// SPDX-License-Identifier: MIT
/// @file kickstep/synctest.h
/// Proving a simulation deterministic by re-running it.
///
/// The sync test (as in GGPO's sync-test session) runs a simulation forward
/// and, every `check_every` steps, takes a snapshot by copying the state's
/// bytes, runs the next `check_every` steps, then rewinds a copy to the
/// snapshot and runs the same steps again, comparing the state hash after
/// every step. Any hidden input — a static counter, an uninitialised field,
/// a pointer into the old copy, a clock read — makes the two runs differ,
/// and the test names the first step where they did.
///
/// It works on any value-type simulation: the state is `size` plain bytes
/// (rule 1: copying it is a snapshot), advanced by a step function and
/// summarised by a hash function over explicit fields (rule 5). Neither
/// function pointer is simulation state. Freestanding; allocates nothing:
/// the caller lends a scratch buffer of at least `size` bytes.
///
/// @code
///   ks_sync_def d = ks_sync_default_def();
///   d.steps = 100000;
///   ks_sync_result r;
///   ks_status s = ks_sync_run(&game, sizeof game, &scratch, sizeof scratch,
///                             my_step, my_hash, NULL, &d, &r);
///   // s == KS_OK and r.ok: deterministic over 10^5 steps
/// @endcode
#ifndef KICKSTEP_SYNCTEST_H
#define KICKSTEP_SYNCTEST_H

#include "kickstep/base.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Longest re-simulated stretch (hashes of one stretch are kept on the stack).
#define KS_SYNC_MAX_CHECK_EVERY 1024

/// Advances the state by one step. `user` is passed through untouched.
typedef void (*ks_sync_step_fn)(void *state, void *user);
/// Hashes the state's explicit fields (never its raw bytes).
typedef uint64_t (*ks_sync_hash_fn)(const void *state, void *user);

/// How long and how often to check. Get one from ks_sync_default_def().
typedef struct ks_sync_def {
  int64_t steps;       ///< steps to run in total; default 1000; >= 1
  int32_t check_every; ///< snapshot and re-simulate every this many steps; default 16; 1..KS_SYNC_MAX_CHECK_EVERY
  uint32_t cookie;     ///< set by ks_sync_default_def; do not touch
} ks_sync_def;

/// What a sync test found.
typedef struct ks_sync_result {
  bool ok;                ///< every re-simulated hash matched
  int64_t steps_run;      ///< steps the forward run completed (stops at the first mismatch)
  int64_t checks;         ///< hashes compared
  int64_t first_bad_step; ///< the step (1 = the first step run) whose hash differed; -1 if none
  uint64_t expected_hash; ///< the forward run's hash after first_bad_step
  uint64_t actual_hash;   ///< the re-simulation's hash after first_bad_step
} ks_sync_result;

/// Defaults: 1000 steps, a check every 16.
KS_API ks_sync_def ks_sync_default_def(void);

/// Runs the sync test on state (advanced in place by def->steps steps, or up
/// to the first mismatch). scratch must hold at least size bytes and not
/// overlap state. Errors: KS_ERR_NULL (a pointer or function missing, size
/// 0), KS_ERR_UNINITIALISED (def not from its default function), KS_ERR_RANGE
/// (steps < 1, check_every outside 1..KS_SYNC_MAX_CHECK_EVERY), KS_ERR_CAPACITY
/// (scratch smaller than size), KS_ERR_STATE (state and scratch overlap). A
/// mismatch is not an error: the call returns KS_OK with out->ok false.
KS_API ks_status ks_sync_run(void *state, size_t size, void *scratch, size_t scratch_size, ks_sync_step_fn step,
                             ks_sync_hash_fn hash, void *user, const ks_sync_def *def, ks_sync_result *out);

#ifdef __cplusplus
}
#endif
#endif
