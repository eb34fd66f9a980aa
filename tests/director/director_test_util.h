// SPDX-License-Identifier: MIT
/* Shared by the director tests (header-only, static). */
#ifndef DIRECTOR_TEST_UTIL_H
#define DIRECTOR_TEST_UTIL_H

#include "kickstep/kick_director.h"

/* A penalty with an empty goal. */
static inline kick_setup dt_penalty(void) {
  kick_setup su = kick_setup_default();
  su.spot_z = -11.0;
  su.match_seed = 7;
  return su;
}

static inline kick_launch dt_launch(double speed, double elevation, double direction) {
  kick_launch k = kick_launch_default();
  k.speed_mps = speed;
  k.elevation = elevation;
  k.direction = direction;
  return k;
}

/* 31.8 m/s into the top corner (+x): top corner and rocket, so it earns both
   slow motion and a replay. */
static inline kick_launch dt_top_corner(void) { return dt_launch(31.8, 0.2, 0.27); }
/* 31 m/s low through the middle: a rocket alone earns a replay, no slow motion. */
static inline kick_launch dt_rocket(void) { return dt_launch(31.0, 0.05, 0.0); }
/* Off the far post and out: slow motion, no replay. */
static inline kick_launch dt_woodwork(void) { return dt_launch(31.8, 0.15, 0.34); }
/* A slow shot straight at a plain keeper: saved. */
static inline kick_launch dt_at_keeper(void) { return dt_launch(20.0, 0.1, 0.0); }

/* A director over su with effects as given, after `wait_frames` frames of 1/60 s. */
typedef struct dt_rig {
  kick_director d;
  double t;      /* the next target timestamp, s */
} dt_rig;

static inline ks_status dt_init(dt_rig *r, kick_setup su, bool effects) {
  kick_director_def def = kick_director_default_def();
  def.setup = su;
  def.effects = effects;
  r->t = 100.0;
  return kick_director_init(&r->d, &def);
}

/* One frame `gap` seconds after the last. */
static inline void dt_frame(dt_rig *r, double gap, ks_events *out) {
  r->t += gap;
  (void)kick_director_frame(&r->d, r->t, out);
}

/* Collected events of a whole run. */
#define DT_LOG_MAX 4096
typedef struct dt_log {
  int n;
  ks_event ev[DT_LOG_MAX];
  int64_t frame_of[DT_LOG_MAX]; /* index of the frame that emitted it */
} dt_log;

static inline void dt_frame_log(dt_rig *r, double gap, dt_log *log, int64_t frame_index) {
  ks_events e;
  ks_events_clear(&e);
  dt_frame(r, gap, &e);
  for (uint32_t i = 0; i < e.count && log->n < DT_LOG_MAX; i++) {
    log->ev[log->n] = e.items[i];
    log->frame_of[log->n] = frame_index;
    log->n++;
  }
}

static inline int dt_count(const dt_log *log, uint32_t type) {
  int c = 0;
  for (int i = 0; i < log->n; i++)
    if (log->ev[i].type == type) c++;
  return c;
}

static inline const ks_event *dt_find(const dt_log *log, uint32_t type) {
  for (int i = 0; i < log->n; i++)
    if (log->ev[i].type == type) return &log->ev[i];
  return 0;
}

static inline int dt_find_index(const dt_log *log, uint32_t type) {
  for (int i = 0; i < log->n; i++)
    if (log->ev[i].type == type) return i;
  return -1;
}

/* Plays frames of the repeating pattern until the kick is over: decided, the
   replay (if any) played or skipped, and `tail` more frames. */
static inline void dt_play(dt_rig *r, const double *pattern, int np, dt_log *log, int max_frames) {
  for (int i = 0; i < max_frames; i++) {
    dt_frame_log(r, pattern[i % np], log, i);
    bool decided = kick_shot_decided(&r->d.live);
    bool replay_open = r->d.replay_state == KICK_REPLAY_Q_PENDING || r->d.replay_state == KICK_REPLAY_Q_PLAYING;
    if (decided && !replay_open && r->d.live.clock.total_steps > r->d.live.decision_step + 60) break;
  }
}

#endif
