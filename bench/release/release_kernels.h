// SPDX-License-Identifier: MIT
/* The look-ahead at release: a director aiming for a second, then the kick
   read (kick_director_kick, its look-ahead run to the decision), shared by
   the native program and the wasm module of bench/release. Built against an
   older tree with -DRK_BEFORE, it calls that tree's kick_director_kick (no
   cache); otherwise kick_director_kick_cached with the director's cache. */
#ifndef KS_BENCH_RELEASE_KERNELS_H
#define KS_BENCH_RELEASE_KERNELS_H

#include <stdint.h>

/* Builds the aiming director: 0 on success. cold != 0: the cache is
   emptied before every release (no wind filled while aiming). */
int32_t rk_prepare(int32_t cold);
/* n releases, each from a copy of the aiming director; a checksum. */
uint64_t rk_release(int32_t n);
/* n times: the aiming director's shot struck and stepped alone to its
   decision (kick_shot_step before; kick_shot_step_cached with a cache its
   repetitions share, as the step's own benchmark runs it); a checksum. */
uint64_t rk_step(int32_t n);
/* rk_step for a new kick each time, as each release is: the cache's
   keeper's estimate emptied before every repetition (its wind kept), so the
   step pays the keeper's read as the release does. The older tree's step is
   rk_step's (it has no cache). */
uint64_t rk_step_new(int32_t n);
/* The same kick read with a run-up of 270 steps (kick_director_kick_after)
   and struck by frames 1/60 s apart, as the game reads a swipe. 0 on
   success. After it: */
int32_t rk_runup_prepare(void);
/* n times the frame that strikes (with the look-ahead at release), from a
   copy of the director one frame before it (and, with a cache, the cache's
   run-up look-ahead and estimate as they were then); a checksum. */
uint64_t rk_strike_frame(int32_t n);
/* n times the whole run-up: the read and every frame to the strike's, the
   work a kick's release costs in all; a checksum. */
uint64_t rk_runup_total(int32_t n);
/* The frames of the run-up, the strike's included. */
int32_t rk_runup_frame_count(void);
/* The look-ahead's decision step of the last release (the same in every build). */
int64_t rk_decision_step(void);

#endif
