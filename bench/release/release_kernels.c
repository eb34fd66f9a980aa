// SPDX-License-Identifier: MIT
/* The look-ahead at release (see release_kernels.h). The scene is
   bench/wasm's representative match kick: 22 m out and to the right, a
   four-man wall that may jump, a plain keeper, a gusty crosswind, a curling
   strike over the wall that flies about a second to the goal line. */
#include "release_kernels.h"

#include "kickstep/kick_director.h"

static kick_director aiming;   /* a second into the aim, the kick not read */
static kick_director work;     /* where a release runs */
static kick_launch launch;
static int64_t last_decision;
static kick_shot struck;       /* the aiming director's shot, struck */
#ifndef RK_BEFORE
static kick_shot_cache cache;  /* the director's cache */
static kick_shot_cache step_cache; /* the step's own, shared by its repetitions */
static int32_t cold_cache;
#endif

int32_t rk_prepare(int32_t cold) {
  kick_director_def d = kick_director_default_def();
  d.setup.spot_x = -6.0;
  d.setup.spot_z = -22.0;
  d.setup.keeper.kind = KICK_KEEPER_PLAIN;
  kick_setup_wall_at(&d.setup, 4);
  d.setup.wall.jump_mask = 0xfu;
  d.setup.wind.mean_speed_mps = 5.0;
  d.setup.wind.bearing = 1.2;
  d.setup.wind.gustiness = 0.6;
  d.setup.match_seed = 20261129u;
  launch = kick_launch_default();
  launch.speed_mps = 27.0;
  launch.elevation = 0.32;
  launch.direction = 0.26;
  launch.spin_axis = ks_v3(0.0, 1.0, 0.0);
  launch.spin_rate = 45.0;
  if (kick_director_init(&aiming, &d) != KS_OK) return 1;
#ifdef RK_BEFORE
  (void)cold;
  for (int i = 0; i <= 60; i++) (void)kick_director_frame(&aiming, (double)i / 60.0, NULL);
#else
  cold_cache = cold;
  kick_shot_cache_init(&cache);
  kick_shot_cache_init(&step_cache);
  for (int i = 0; i <= 60; i++) (void)kick_director_frame_cached(&aiming, (double)i / 60.0, NULL, &cache);
#endif
  return 0;
}

uint64_t rk_release(int32_t n) {
  uint64_t h = 0;
  for (int32_t i = 0; i < n; i++) {
    work = aiming;
#ifdef RK_BEFORE
    (void)kick_director_kick(&work, &launch);
#else
    /* Each release is a new kick: the keeper's estimate is not known yet;
       the wind is what the aim filled in (nothing, cold). */
    kick_estimate_memo none = {0};
    cache.memo = none;
    if (cold_cache) kick_shot_cache_init(&cache);
    (void)kick_director_kick_cached(&work, &launch, &cache);
#endif
    last_decision = work.runs[KICK_RUN_LOOKAHEAD].decision_step;
    h = h * 31u + (uint64_t)last_decision + work.runs[KICK_RUN_LOOKAHEAD].crossing_bits[0];
  }
  return h;
}

int64_t rk_decision_step(void) { return last_decision; }

/* ------------------------------------------------------------ the run-up */

/* The same kick read with the session's run-up of 270 steps
   (kick_director_kick_after) and struck by the frames, 1/60 s apart: the
   director one frame before the strike (and, with a cache, the cache's
   run-up look-ahead and estimate as they were then), and how many frames
   the run-up took. */
#define RK_RUNUP_STEPS 270
static kick_director at_strike;
static int32_t runup_frames;
#ifndef RK_BEFORE
static kick_shot_ahead ahead_at_strike;
static kick_estimate_memo memo_at_strike;
#endif

static void frame_at(kick_director *d, int32_t i) {
  double t = (double)(61 + i) / 60.0;
#ifdef RK_BEFORE
  (void)kick_director_frame(d, t, NULL);
#else
  (void)kick_director_frame_cached(d, t, NULL, &cache);
#endif
}

static void read_with_runup(kick_director *d) {
  *d = aiming;
#ifdef RK_BEFORE
  (void)kick_director_kick_after(d, &launch, RK_RUNUP_STEPS);
#else
  kick_estimate_memo none = {0};
  cache.memo = none; /* a new kick */
  (void)kick_director_kick_after_cached(d, &launch, RK_RUNUP_STEPS, &cache);
#endif
}

int32_t rk_runup_prepare(void) {
  kick_director d;
  read_with_runup(&d);
  for (runup_frames = 0; runup_frames < 200 && !d.struck; runup_frames++) {
    at_strike = d;
#ifndef RK_BEFORE
    ahead_at_strike = cache.ahead;
    memo_at_strike = cache.memo;
#endif
    frame_at(&d, runup_frames);
  }
  return d.struck ? 0 : 1;
}

uint64_t rk_strike_frame(int32_t n) {
  uint64_t h = 0;
  for (int32_t i = 0; i < n; i++) {
    work = at_strike;
#ifndef RK_BEFORE
    cache.ahead = ahead_at_strike;
    cache.memo = memo_at_strike;
#endif
    frame_at(&work, runup_frames - 1);
    last_decision = work.runs[KICK_RUN_LOOKAHEAD].decision_step;
    h = h * 31u + (uint64_t)last_decision + work.runs[KICK_RUN_LOOKAHEAD].crossing_bits[0];
  }
  return h;
}

uint64_t rk_runup_total(int32_t n) {
  uint64_t h = 0;
  for (int32_t i = 0; i < n; i++) {
    read_with_runup(&work);
    for (int32_t f = 0; f < runup_frames; f++) frame_at(&work, f);
    last_decision = work.runs[KICK_RUN_LOOKAHEAD].decision_step;
    h = h * 31u + (uint64_t)last_decision + work.runs[KICK_RUN_LOOKAHEAD].crossing_bits[0];
  }
  return h;
}

int32_t rk_runup_frame_count(void) { return runup_frames; }

static uint64_t step_kernel(int32_t n, int32_t new_kick) {
  uint64_t h = 0;
  if (n > 0) {
    struck = aiming.live;
    if (kick_shot_strike(&struck, &launch) != KS_OK) return 0;
  }
  for (int32_t i = 0; i < n; i++) {
    kick_shot s = struck;
#ifndef RK_BEFORE
    if (new_kick) {
      kick_estimate_memo none = {0};
      step_cache.memo = none;
    }
#else
    (void)new_kick;
#endif
    while (!kick_shot_decided(&s)) {
#ifdef RK_BEFORE
      kick_shot_step(&s, NULL, NULL);
#else
      kick_shot_step_cached(&s, &step_cache, NULL, NULL);
#endif
    }
    h = h * 31u + (uint64_t)s.decision_step;
  }
  return h;
}

uint64_t rk_step(int32_t n) { return step_kernel(n, 0); }
uint64_t rk_step_new(int32_t n) { return step_kernel(n, 1); }
