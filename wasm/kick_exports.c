/// wasm/kick_exports.c — the free-kick game's boundary with the browser.
///
/// The page (web/kick/) calls these functions and reads one flat array of
/// doubles, the *view*, from the module's memory each frame; it holds no game
/// rule. Everything that decides a kick, or what the game does about it, is here
/// or below (src/kick). The same file also builds natively
/// (tests/web/kick_native.c), so a test can feed the exact calls the page made
/// to native code and compare the results bit for bit.
///
/// Calls (all numbers are doubles or 32-bit integers; statuses are ks_status):
///   kick_init(level, seed_lo, seed_hi)       World Tour level `level` (0-based)
///   kick_init_daily(day)                     Daily Kick of `day` (days since 1970-01-01, UTC)
///   kick_next()                              the next attempt (or the next level once passed)
///   kick_swipe_begin(aspect) / kick_swipe_point(t, x, y) / kick_swipe_end()
///       a swipe in screen coordinates: t in seconds from the pointer events' own
///       timestamps, x and y in [0, 1] of the play area (y down), aspect = width/height.
///       kick_swipe_end turns it into a kick and strikes (or returns an error status).
///   kick_advance(frame_seconds) -> steps    one display frame
///   kick_pause() / kick_resume()            tab hidden / shown: no catch-up
///   kick_skip()                             a tap during a replay skips it
///   kick_keeper_tap(x, y)                   a person in goal dives at (x, y) on his line
///   kick_set_option(id, value)              KX_OPT_* below
///   kick_share_encode() -> length, text at kick_text(); kick_share_load(length) reads kick_text()
///   kick_view() / kick_view_count() / kick_view_name(i)
///   kick_events() / kick_event_count() / kick_event_name(type)
///
/// TODO(director): frames -> steps, the slow-motion window, the replay queue and
/// its camera, the share code and the events for front ends belong to
/// include/kickstep/kick_director.h. Until it lands, this file carries a small
/// director of its own (section "director") with the seed's numbers. Replace the
/// section by calls to the director and keep the exports and the view names.
/// TODO(swipe): kick_swipe.h reads swipes; section "swipe" stands in for it.
/// TODO(levels): kick_levels.h holds the World Tour and the Daily Kick; section
/// "levels" stands in for it.
#include "kickstep/base.h"
#include "kickstep/dmath.h"
#include "kickstep/events.h"
#include "kickstep/hash.h"
#include "kickstep/kick.h"
#include "kickstep/rng.h"
#include "kickstep/vec.h"

#include "kick_exports.h"

#if defined(__wasm__)
#define KX_EXPORT(name) __attribute__((export_name(#name)))
#else
#define KX_EXPORT(name)
#endif

/* ------------------------------------------------------------------ the view */

#define KX_FIELD(name) KX_V_##name,
enum { KX_VIEW_FIELDS(KX_FIELD) KX_VIEW_COUNT };
#undef KX_FIELD
#define KX_NAME(name) #name,
static const char *const kx_view_names[KX_VIEW_COUNT] = {KX_VIEW_FIELDS(KX_NAME)};
#undef KX_NAME

/* ------------------------------------------------------------------- levels */

#define KX_LEVEL_COUNT 8
#define KX_TOUR_ATTEMPTS 5

typedef struct kx_level {
  const char *name;
  const char *venue;
} kx_level;

static const kx_level kx_levels[KX_LEVEL_COUNT] = {
    {"Training Ground", "Empty net, 18 m"},
    {"First Wall", "Three in the wall"},
    {"Set Piece", "A wall of four that jumps"},
    {"Breezy Park", "Crosswind and a showman"},
    {"Ring Master", "Through the rings"},
    {"Thunder Road", "25 m into gusts, wet pitch"},
    {"Wide Angle", "From the left, the keeper learns"},
    {"The Final", "Penalty against the specialist"},
};

/// Fills su for World Tour level `level`. The numbers are the level design.
static void kx_level_setup(int32_t level, kick_setup *su) {
  *su = kick_setup_default();
  switch (level) {
    case 0:
      su->spot_z = -18.0;
      su->ring_count = 0;
      break;
    case 1:
      su->spot_z = -20.0;
      su->keeper.kind = KICK_KEEPER_PLAIN;
      su->keeper.rating = 0.45;
      kick_setup_wall_at(su, 3);
      break;
    case 2:
      su->spot_x = 2.0;
      su->spot_z = -21.0;
      su->keeper.kind = KICK_KEEPER_PLAIN;
      su->keeper.rating = 0.6;
      kick_setup_wall_at(su, 4);
      su->wall.jump_mask = 0xfu;
      su->wall.jump_chance = 0.75;
      break;
    case 3:
      su->spot_z = -22.0;
      su->wind.mean_speed_mps = 5.0;
      su->wind.bearing = KS_HALF_PI;
      su->wind.gustiness = 0.4;
      su->wind.swirl = 0.3;
      su->wind.gust_seed = 7;
      su->keeper.kind = KICK_KEEPER_SHOWMAN;
      su->keeper.rating = 0.6;
      kick_setup_wall_at(su, 4);
      break;
    case 4:
      su->spot_z = -19.0;
      su->keeper.kind = KICK_KEEPER_PLAIN;
      su->keeper.rating = 0.55;
      su->ring_count = 2;
      su->rings[0] = kick_ring_default(2.6, 1.7);
      su->rings[0].radius = 0.6;
      su->rings[1] = kick_ring_default(-2.4, 0.9);
      su->rings[1].radius = 0.55;
      su->rings[1].motion = KICK_RING_SLIDE;
      su->rings[1].amplitude = 0.8;
      su->rings[1].period_s = 3.0;
      break;
    case 5:
      su->spot_x = -1.0;
      su->spot_z = -25.0;
      su->pitch = kick_pitch_default(true);
      su->wind.mean_speed_mps = 7.0;
      su->wind.bearing = -2.6;
      su->wind.gustiness = 1.0;
      su->wind.swirl = 0.5;
      su->wind.gust_seed = 44;
      su->keeper.kind = KICK_KEEPER_PLAIN;
      su->keeper.rating = 0.7;
      kick_setup_wall_at(su, 4);
      su->wall.jump_mask = 0x6u;
      break;
    case 6:
      su->spot_x = 9.0;
      su->spot_z = -18.0;
      su->keeper.kind = KICK_KEEPER_LEARNER;
      su->keeper.rating = 0.75;
      kick_setup_wall_at(su, 3);
      su->wall.jump_mask = 0x7u;
      break;
    default:
      su->spot_z = -11.0;
      su->keeper.kind = KICK_KEEPER_SPECIALIST;
      su->keeper.rating = 0.9;
      break;
  }
}

/// The Daily Kick: the setup is a function of the day alone, so everyone gets
/// the same spot, wind and keeper; the swipe and its timing decide the rest.
static void kx_daily_setup(int32_t day, kick_setup *su) {
  ks_rng r = ks_rng_stream(0x6461696c796b6bull, (uint64_t)(uint32_t)day);
  *su = kick_setup_default();
  su->spot_x = ks_rng_range(&r, -10.0, 10.0);
  su->spot_z = ks_rng_range(&r, -27.0, -17.0);
  su->wind.mean_speed_mps = ks_rng_range(&r, 0.0, 8.0);
  su->wind.bearing = ks_rng_range(&r, -KS_PI, KS_PI);
  su->wind.gustiness = ks_rng_range(&r, 0.0, 1.0);
  su->wind.swirl = ks_rng_range(&r, 0.0, 0.6);
  su->wind.gust_seed = ks_rng_next(&r);
  su->pitch = kick_pitch_default(ks_rng_chance(&r, 0.3));
  su->keeper.kind = (kick_keeper_kind)(1 + (int)ks_rng_below(&r, 4));
  su->keeper.rating = ks_rng_range(&r, 0.5, 0.85);
  kick_setup_wall_at(su, 3 + (int32_t)ks_rng_below(&r, 3));
  su->wall.jump_mask = (uint32_t)ks_rng_below(&r, 64);
  su->match_seed = ks_rng_next(&r);
}

/* -------------------------------------------------------------------- swipe */

#define KX_SWIPE_MAX 256

/* ----------------------------------------------------------------- the game */

enum {
  KX_MODE_TOUR = 0,
  KX_MODE_DAILY = 1,
  KX_MODE_SHARED = 2,
};

/// Screens the page shows; the game decides when each one comes.
enum {
  KX_SCREEN_AIM = 0,    ///< waiting for a swipe
  KX_SCREEN_FLIGHT,     ///< the ball is in play (live)
  KX_SCREEN_RESULT,     ///< the kick is over: show the result until kick_next
  KX_SCREEN_REPLAY,     ///< the instant replay plays (a tap skips)
};

typedef struct kx_game {
  kick_setup setup;
  kick_shot shot;          ///< the live shot
  kick_shot before;        ///< copy taken just before the strike
  kick_shot replay;        ///< the replay copy
  kick_launch launch;
  kick_input input;        ///< the person-in-goal tap (fed to every copy)
  ks_events events;        ///< events of the last kick_advance
  int32_t mode;
  int32_t level;
  int32_t day;
  int32_t attempt;         ///< 1-based attempt at this level
  int32_t goals;
  int32_t stars;           ///< stars earned on this level (0 until passed)
  int32_t passed;
  int32_t screen;
  int32_t last_outcome;
  uint32_t last_moments;
  uint64_t match_seed;
  /* settings */
  int32_t opt_effects;     ///< slow motion, replays and shake
  int32_t opt_person_keeper;
  /* director (interim) */
  int32_t paused;
  int32_t resume_pending;
  int64_t slow_start, slow_end; ///< live step window at 0.3× (-1: none)
  int32_t slow_active;
  int64_t result_at_step;  ///< live step at which the result (or replay) comes
  int32_t replay_pending;
  int64_t replay_end_step; ///< replay copy's step at which it stops
  double shake;            ///< 0..1, decays
  double real_time;        ///< seconds of frames seen since init
  /* swipe */
  int32_t swipe_count;
  double swipe_aspect;
  double swipe_t[KX_SWIPE_MAX], swipe_x[KX_SWIPE_MAX], swipe_y[KX_SWIPE_MAX];
  double swipe_bend;
  /* camera of the replay (long lens) */
  ks_vec3 cam_pos, cam_target;
  double cam_fov;
} kx_game;

static kx_game g = {.opt_effects = 1};
static double g_view[KX_VIEW_COUNT];
static double g_events[KS_EVENTS_CAPACITY * 6];
static uint32_t g_event_count;
static char g_text[512];

/* ----------------------------------------------------------------- director */

#define KX_FRAME_MAX 0.05
#define KX_RESUME_FRAME (1.0 / 60.0)
#define KX_SLOW_SCALE 0.3
#define KX_REPLAY_SCALE 0.45
#define KX_SLOW_BEFORE_STEPS 144  /* 0.24 s */
#define KX_SLOW_AFTER_STEPS 48    /* 0.08 s */
#define KX_LOOKAHEAD_STEPS 1800   /* 3 s */
#define KX_REPLAY_DELAY_STEPS 690 /* 1.15 s after the goal */
#define KX_REPLAY_TAIL_STEPS 420  /* 0.7 s after the decision */
#define KX_RESULT_DELAY_STEPS 900 /* 1.5 s after the decision */

static void kx_push(uint32_t type, uint32_t subject, double v0, double v1, double v2) {
  ks_events_push(&g.events, kick_shot_steps(&g.shot), type, subject, v0, v1, v2);
}

/// Runs a copy forward in 1/60 s chunks until decided (at most 3 s).
static void kx_run_to_decision(kick_shot *s, const kick_input *in) {
  int64_t start = kick_shot_steps(s);
  while (!kick_shot_decided(s) && kick_shot_steps(s) - start < KX_LOOKAHEAD_STEPS) {
    kick_shot_advance(s, 1.0 / 60.0, in, NULL);
  }
}

static void kx_reset_director(void) {
  g.slow_start = g.slow_end = -1;
  g.slow_active = 0;
  g.result_at_step = -1;
  g.replay_pending = 0;
  g.replay_end_step = -1;
  g.shake = 0.0;
  g.input.has_tap = false;
  g.input.tap_step = 0;
  g.input.tap_x = g.input.tap_y = 0.0;
  g.swipe_count = 0;
  g.swipe_bend = 0.0;
  ks_events_clear(&g.events);
}

/// The look-ahead: a copy struck with the kick, run ahead before the live strike.
static void kx_plan_slow_motion(void) {
  if (!g.opt_effects || g.setup.person_in_goal) return;
  kick_shot ahead = g.shot;
  if (kick_shot_strike(&ahead, &g.launch) != KS_OK) return;
  kx_run_to_decision(&ahead, NULL);
  if (!kick_shot_decided(&ahead) || !kick_moments_slow_motion(kick_shot_moments(&ahead))) return;
  int64_t d = kick_shot_decision_step(&ahead);
  g.slow_start = d - KX_SLOW_BEFORE_STEPS;
  g.slow_end = d + KX_SLOW_AFTER_STEPS;
}

/// The long lens behind the shooter, off to the side the ball didn't go.
static void kx_replay_camera(const kick_shot *probe) {
  ks_vec3 cross = ks_v3(0.0, 1.2, 0.0);
  kick_shot_crossing(probe, &cross);
  double side = cross.x >= 0.0 ? -1.0 : 1.0;
  g.cam_target = ks_v3(cross.x * 0.55 + g.setup.spot_x * 0.45, 1.3, g.setup.spot_z * 0.3);
  g.cam_pos = ks_v3(g.setup.spot_x + side * 9.0, 2.4, g.setup.spot_z - 16.0);
  g.cam_fov = 17.0;
}

static void kx_start_replay(void) {
  kick_shot probe = g.before;
  kick_shot_strike(&probe, &g.launch);
  kx_run_to_decision(&probe, &g.input);
  g.replay_end_step = kick_shot_decision_step(&probe) + KX_REPLAY_TAIL_STEPS;
  kx_replay_camera(&probe);
  g.replay = g.before;
  kick_shot_strike(&g.replay, &g.launch);
  g.screen = KX_SCREEN_REPLAY;
  g.replay_pending = 0;
  kx_push(KX_EV_REPLAY_START, 0, 0.0, 0.0, 0.0);
}

static void kx_end_replay(uint32_t skipped) {
  g.screen = KX_SCREEN_RESULT;
  kx_push(KX_EV_REPLAY_END, skipped, 0.0, 0.0, 0.0);
}

/* ------------------------------------------------------------------- scoring */

static int32_t kx_stars_for(int32_t attempt) {
  return attempt <= 1 ? 3 : (attempt <= 3 ? 2 : 1);
}

/// A level is passed by a goal (on ring levels: a goal through a ring).
static bool kx_kick_passes(const kick_shot *s) {
  if (kick_shot_outcome(s) != KICK_OUTCOME_GOAL) return false;
  if (g.mode == KX_MODE_TOUR && g.setup.ring_count > 0) return s->ring_hits != 0;
  return true;
}

static void kx_on_decided(void) {
  g.last_outcome = (int32_t)kick_shot_outcome(&g.shot);
  g.last_moments = kick_shot_moments(&g.shot);
  bool pass = kx_kick_passes(&g.shot);
  if (kick_shot_outcome(&g.shot) == KICK_OUTCOME_GOAL) g.goals++;
  if (pass && !g.passed) {
    g.passed = 1;
    g.stars = kx_stars_for(g.attempt);
  }
  int64_t d = kick_shot_decision_step(&g.shot);
  g.result_at_step = d + KX_RESULT_DELAY_STEPS;
  if (g.opt_effects && kick_shot_outcome(&g.shot) == KICK_OUTCOME_GOAL &&
      kick_moments_replay(g.last_moments)) {
    g.replay_pending = 1;
    g.result_at_step = d + KX_REPLAY_DELAY_STEPS;
  }
}

/* ---------------------------------------------------------------- the setup */

static ks_status kx_begin(int32_t mode, int32_t level, int32_t day, uint64_t seed, int32_t attempt) {
  kick_setup su;
  if (mode == KX_MODE_DAILY) {
    kx_daily_setup(day, &su);
  } else {
    if (level < 0 || level >= KX_LEVEL_COUNT) return KS_ERR_NOT_FOUND;
    kx_level_setup(level, &su);
    su.match_seed = seed;
  }
  su.kick_number = (uint64_t)(attempt - 1);
  su.person_in_goal = g.opt_person_keeper != 0;
  if (su.person_in_goal && su.keeper.kind == KICK_KEEPER_NONE) su.keeper.kind = KICK_KEEPER_PLAIN;
  kick_shot shot;
  ks_status st = kick_shot_init(&shot, &su);
  if (st != KS_OK) return st;
  g.setup = su;
  g.shot = shot;
  g.before = shot;
  g.mode = mode;
  g.level = level;
  g.day = day;
  g.attempt = attempt;
  g.match_seed = su.match_seed;
  g.screen = KX_SCREEN_AIM;
  kx_reset_director();
  return KS_OK;
}

/* ------------------------------------------------------------------ exports */

KX_EXPORT(kick_init) int32_t kick_init(int32_t level, uint32_t seed_lo, uint32_t seed_hi) {
  uint64_t seed = ((uint64_t)seed_hi << 32) | seed_lo;
  if (seed == 0) seed = 1;
  ks_status st = kx_begin(KX_MODE_TOUR, level, 0, seed, 1);
  if (st == KS_OK) {
    g.goals = 0;
    g.stars = 0;
    g.passed = 0;
    g.last_outcome = 0;
    g.last_moments = 0;
  }
  return (int32_t)st;
}

KX_EXPORT(kick_init_daily) int32_t kick_init_daily(int32_t day) {
  if (day < 0 || day > 1000000) return KS_ERR_RANGE;
  ks_status st = kx_begin(KX_MODE_DAILY, 0, day, 0, 1);
  if (st == KS_OK) {
    g.goals = 0;
    g.stars = 0;
    g.passed = 0;
    g.last_outcome = 0;
    g.last_moments = 0;
  }
  return (int32_t)st;
}

/// The next attempt. In the World Tour: the next level once passed; the same
/// level again after a miss, from the first attempt once all five are used.
KX_EXPORT(kick_next) int32_t kick_next(void) {
  if (g.screen != KX_SCREEN_RESULT) return KS_ERR_STATE;
  int32_t level = g.level;
  int32_t attempt = g.attempt + 1;
  int32_t keep_goals = g.goals;
  if (g.mode == KX_MODE_TOUR) {
    if (g.passed) {
      if (level + 1 >= KX_LEVEL_COUNT) return KS_ERR_RANGE;
      return kick_init(level + 1, (uint32_t)g.match_seed, (uint32_t)(g.match_seed >> 32));
    }
    if (attempt > KX_TOUR_ATTEMPTS) {
      attempt = 1;
      keep_goals = 0;
    }
  } else if (g.mode == KX_MODE_SHARED) {
    return KS_ERR_STATE;
  }
  ks_status st = kx_begin(g.mode, level, g.day, g.match_seed, attempt);
  if (st == KS_OK) g.goals = keep_goals;
  return (int32_t)st;
}

KX_EXPORT(kick_level_count) int32_t kick_level_count(void) { return KX_LEVEL_COUNT; }

KX_EXPORT(kick_level_name) const char *kick_level_name(int32_t level) {
  return (level >= 0 && level < KX_LEVEL_COUNT) ? kx_levels[level].name : "";
}

KX_EXPORT(kick_level_venue) const char *kick_level_venue(int32_t level) {
  return (level >= 0 && level < KX_LEVEL_COUNT) ? kx_levels[level].venue : "";
}

KX_EXPORT(kick_set_option) int32_t kick_set_option(int32_t id, double value) {
  if (!ks_is_finite(value)) return KS_ERR_NOT_FINITE;
  switch (id) {
    case KX_OPT_EFFECTS: g.opt_effects = value != 0.0; return KS_OK;
    case KX_OPT_PERSON_KEEPER: g.opt_person_keeper = value != 0.0; return KS_OK;
    default: return KS_ERR_NOT_FOUND;
  }
}

KX_EXPORT(kick_swipe_begin) int32_t kick_swipe_begin(double aspect) {
  if (!ks_is_finite(aspect)) return KS_ERR_NOT_FINITE;
  if (aspect < 0.1 || aspect > 10.0) return KS_ERR_RANGE;
  if (g.screen != KX_SCREEN_AIM) return KS_ERR_STATE;
  g.swipe_count = 0;
  g.swipe_aspect = aspect;
  return KS_OK;
}

KX_EXPORT(kick_swipe_point) int32_t kick_swipe_point(double t, double x, double y) {
  if (!ks_is_finite(t) || !ks_is_finite(x) || !ks_is_finite(y)) return KS_ERR_NOT_FINITE;
  if (g.screen != KX_SCREEN_AIM) return KS_ERR_STATE;
  if (g.swipe_count >= KX_SWIPE_MAX) return KS_ERR_CAPACITY;
  if (g.swipe_count > 0 && t < g.swipe_t[g.swipe_count - 1]) return KS_ERR_RANGE;
  g.swipe_t[g.swipe_count] = t;
  g.swipe_x[g.swipe_count] = x * g.swipe_aspect;
  g.swipe_y[g.swipe_count] = y;
  g.swipe_count++;
  return KS_OK;
}

/// TODO(swipe): stands in for kick_swipe.h. Reads the swipe's chord (aim and
/// height), its speed over the samples' own timestamps (power) and how far its
/// middle bows from the chord (bend).
static ks_status kx_read_swipe(kick_launch *out, double *bend_out) {
  int32_t n = g.swipe_count;
  if (n < 2) return KS_ERR_TRUNCATED;
  double t0 = g.swipe_t[0], t1 = g.swipe_t[n - 1];
  double dx = g.swipe_x[n - 1] - g.swipe_x[0];
  double up = g.swipe_y[0] - g.swipe_y[n - 1];
  double dur = t1 - t0;
  double len = ks_sqrt(dx * dx + up * up);
  if (up < 0.06 || len < 0.08 || dur <= 0.0) return KS_ERR_RANGE;
  if (dur < 0.03) dur = 0.03;
  double dev = 0.0;
  for (int32_t i = 1; i < n - 1; i++) {
    double px = g.swipe_x[i] - g.swipe_x[0];
    double py = g.swipe_y[0] - g.swipe_y[i];
    double d = (px * up - py * dx) / len; /* > 0: right of the chord on screen */
    if (ks_fabs(d) > ks_fabs(dev)) dev = d;
  }
  double bend = ks_clamp(dev / len / 0.22, -1.0, 1.0);
  double speed = ks_clamp(13.0 + 4.2 * (len / dur), 10.0, KICK_MAX_LAUNCH_SPEED);
  kick_launch k = kick_launch_default();
  k.speed_mps = speed;
  k.elevation = ks_clamp(0.03 + 0.34 * up, -0.05, 0.7);
  /* Screen right is the shooter's right, -x. A bowed swipe starts the ball out
     along its bulge and lets the spin bring it back. */
  k.direction = ks_clamp(-ks_atan2(dx, up) * 0.42 - bend * 0.10, -1.2, 1.2);
  if (bend != 0.0) {
    k.spin_axis = ks_v3(0.0, bend > 0.0 ? 1.0 : -1.0, 0.0);
    k.spin_rate = ks_fabs(bend) * KICK_FULL_BEND_SPIN;
  } else {
    k.spin_axis = ks_v3(0.0, 1.0, 0.0);
    k.spin_rate = 0.0;
  }
  *out = k;
  *bend_out = bend;
  return kick_launch_validate(&k);
}

KX_EXPORT(kick_swipe_end) int32_t kick_swipe_end(void) {
  if (g.screen != KX_SCREEN_AIM) return KS_ERR_STATE;
  kick_launch k;
  double bend = 0.0;
  ks_status st = kx_read_swipe(&k, &bend);
  g.swipe_count = 0;
  if (st != KS_OK) return (int32_t)st;
  g.launch = k;
  g.swipe_bend = bend;
  g.before = g.shot;
  kx_plan_slow_motion();
  st = kick_shot_strike(&g.shot, &g.launch);
  if (st != KS_OK) return (int32_t)st;
  g.screen = KX_SCREEN_FLIGHT;
  return KS_OK;
}

static void kx_collect_events(const ks_events *src) {
  for (uint32_t i = 0; i < src->count; i++) {
    const ks_event *e = &src->items[i];
    if (e->type == KICK_EV_POST || e->type == KICK_EV_BAR) {
      if (g.opt_effects) {
        g.shake = 1.0;
        ks_events_push(&g.events, e->step, KX_EV_SHAKE, 0, 1.0, 0.0, 0.0);
      }
    }
  }
}

/// One display frame of `frame_seconds` (from requestAnimationFrame's
/// timestamps). Returns the steps run.
KX_EXPORT(kick_advance) int32_t kick_advance(double frame_seconds) {
  ks_events_clear(&g.events);
  double real = ks_is_finite(frame_seconds) ? ks_clamp(frame_seconds, 0.0, KX_FRAME_MAX) : 0.0;
  if (g.paused) real = 0.0;
  else if (g.resume_pending) {
    real = KX_RESUME_FRAME;
    g.resume_pending = 0;
  }
  g.real_time += real;
  g.shake = ks_fmax(0.0, g.shake - real * 2.5);
  int64_t steps = 0;
  if (g.screen == KX_SCREEN_REPLAY) {
    ks_events ev;
    ks_events_clear(&ev);
    steps = kick_shot_advance(&g.replay, real * KX_REPLAY_SCALE, &g.input, &ev);
    ks_events_append(&g.events, &ev);
    if (kick_shot_steps(&g.replay) >= g.replay_end_step) kx_end_replay(0);
  } else {
    int64_t now = kick_shot_steps(&g.shot);
    bool slow = g.slow_start >= 0 && now >= g.slow_start && now < g.slow_end;
    if (slow != (g.slow_active != 0)) {
      g.slow_active = slow;
      kx_push(slow ? KX_EV_SLOW_START : KX_EV_SLOW_END, 0, 0.0, 0.0, 0.0);
    }
    double scale = slow ? KX_SLOW_SCALE : 1.0;
    bool was_decided = kick_shot_decided(&g.shot);
    ks_events ev;
    ks_events_clear(&ev);
    steps = kick_shot_advance(&g.shot, real * scale, &g.input, &ev);
    ks_events_append(&g.events, &ev);
    kx_collect_events(&ev);
    if (!was_decided && kick_shot_decided(&g.shot)) kx_on_decided();
    if (g.screen == KX_SCREEN_FLIGHT && g.result_at_step >= 0 &&
        kick_shot_steps(&g.shot) >= g.result_at_step) {
      if (g.replay_pending) kx_start_replay();
      else g.screen = KX_SCREEN_RESULT;
    }
    if (g.screen == KX_SCREEN_FLIGHT && g.slow_active && kick_shot_steps(&g.shot) >= g.slow_end) {
      g.slow_active = 0;
      kx_push(KX_EV_SLOW_END, 0, 0.0, 0.0, 0.0);
    }
  }
  return (int32_t)steps;
}

KX_EXPORT(kick_pause) void kick_pause(void) { g.paused = 1; }

KX_EXPORT(kick_resume) void kick_resume(void) {
  if (g.paused) {
    g.paused = 0;
    g.resume_pending = 1;
  }
}

KX_EXPORT(kick_skip) int32_t kick_skip(void) {
  if (g.screen != KX_SCREEN_REPLAY) return KS_ERR_STATE;
  ks_events_clear(&g.events);
  kx_end_replay(1);
  return KS_OK;
}

/// A person in goal taps: the keeper dives at (x, y) on his line, from the
/// next step. Recorded and fed to every copy (the replay included).
KX_EXPORT(kick_keeper_tap) int32_t kick_keeper_tap(double x, double y) {
  if (!ks_is_finite(x) || !ks_is_finite(y)) return KS_ERR_NOT_FINITE;
  if (!g.setup.person_in_goal) return KS_ERR_STATE;
  if (g.screen != KX_SCREEN_FLIGHT || g.input.has_tap) return KS_ERR_STATE;
  g.input.has_tap = true;
  g.input.tap_step = kick_shot_steps(&g.shot);
  g.input.tap_x = ks_clamp(x, -4.5, 4.5);
  g.input.tap_y = ks_clamp(y, 0.0, 2.6);
  return KS_OK;
}

/* --------------------------------------------------------------- share code */

/* TODO(director): the director's share code replaces this one. Layout (bytes,
   little-endian): version u8 = 1, mode u8, level i16, day i32, attempt i32,
   match seed u64, strike step i64, person u8, tap u8, pad u16, tap step i64,
   tap x f64, tap y f64, launch speed, elevation, direction, spin axis x/y/z,
   spin rate (f64 each), then a u32 FNV-1a checksum of everything before it.
   Text: base64url without padding. */
#define KX_SHARE_VERSION 1
#define KX_SHARE_BYTES (1 + 1 + 2 + 4 + 4 + 8 + 8 + 1 + 1 + 2 + 8 + 8 + 8 + 7 * 8 + 4)

static const char kx_b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

static void kx_put(uint8_t *b, size_t *at, uint64_t v, size_t n) {
  for (size_t i = 0; i < n; i++) b[(*at)++] = (uint8_t)(v >> (8 * i));
}
static uint64_t kx_get(const uint8_t *b, size_t *at, size_t n) {
  uint64_t v = 0;
  for (size_t i = 0; i < n; i++) v |= (uint64_t)b[(*at)++] << (8 * i);
  return v;
}
static uint32_t kx_fnv32(const uint8_t *b, size_t n) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++) {
    h ^= b[i];
    h *= 16777619u;
  }
  return h;
}

/// Writes the share code of the last kick into kick_text(); returns its length
/// (0 when no kick has been struck).
KX_EXPORT(kick_share_encode) int32_t kick_share_encode(void) {
  if (!kick_shot_struck(&g.shot)) return 0;
  uint8_t b[KX_SHARE_BYTES];
  size_t at = 0;
  kx_put(b, &at, KX_SHARE_VERSION, 1);
  kx_put(b, &at, (uint64_t)(uint32_t)g.mode, 1);
  kx_put(b, &at, (uint64_t)(uint16_t)(int16_t)g.level, 2);
  kx_put(b, &at, (uint64_t)(uint32_t)g.day, 4);
  kx_put(b, &at, (uint64_t)(uint32_t)g.attempt, 4);
  kx_put(b, &at, g.match_seed, 8);
  kx_put(b, &at, (uint64_t)kick_shot_strike_step(&g.shot), 8);
  kx_put(b, &at, g.setup.person_in_goal ? 1u : 0u, 1);
  kx_put(b, &at, g.input.has_tap ? 1u : 0u, 1);
  kx_put(b, &at, 0, 2);
  kx_put(b, &at, (uint64_t)g.input.tap_step, 8);
  kx_put(b, &at, ks_f64_bits(g.input.tap_x), 8);
  kx_put(b, &at, ks_f64_bits(g.input.tap_y), 8);
  const double lv[7] = {g.launch.speed_mps, g.launch.elevation, g.launch.direction, g.launch.spin_axis.x,
                        g.launch.spin_axis.y, g.launch.spin_axis.z, g.launch.spin_rate};
  for (int i = 0; i < 7; i++) kx_put(b, &at, ks_f64_bits(lv[i]), 8);
  kx_put(b, &at, kx_fnv32(b, at), 4);
  size_t o = 0;
  for (size_t i = 0; i < at; i += 3) {
    uint32_t v = (uint32_t)b[i] << 16;
    size_t left = at - i;
    if (left > 1) v |= (uint32_t)b[i + 1] << 8;
    if (left > 2) v |= b[i + 2];
    g_text[o++] = kx_b64[(v >> 18) & 63u];
    g_text[o++] = kx_b64[(v >> 12) & 63u];
    if (left > 1) g_text[o++] = kx_b64[(v >> 6) & 63u];
    if (left > 2) g_text[o++] = kx_b64[v & 63u];
  }
  g_text[o] = 0;
  return (int32_t)o;
}

static int kx_b64_value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '-') return 62;
  if (c == '_') return 63;
  return -1;
}

/// Loads the share code of `len` characters at kick_text() and sets up its
/// kick: the same setup, the clock run to the strike step, the same kick and
/// tap. Nothing changes unless the whole code is valid. Errors:
/// KS_ERR_TRUNCATED (too short), KS_ERR_FORMAT (bad character, bad length or
/// fields), KS_ERR_CHECKSUM, KS_ERR_VERSION (from a newer version).
KX_EXPORT(kick_share_load) int32_t kick_share_load(int32_t len) {
  if (len < 0 || (size_t)len >= sizeof g_text) return KS_ERR_FORMAT;
  uint8_t b[KX_SHARE_BYTES + 3];
  size_t n = 0;
  uint32_t acc = 0;
  int bits = 0;
  for (int32_t i = 0; i < len; i++) {
    int v = kx_b64_value(g_text[i]);
    if (v < 0) return KS_ERR_FORMAT;
    acc = (acc << 6) | (uint32_t)v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      if (n >= sizeof b) return KS_ERR_FORMAT;
      b[n++] = (uint8_t)(acc >> bits);
      acc &= (1u << bits) - 1u;
    }
  }
  if (n < 1) return KS_ERR_TRUNCATED;
  if (b[0] > KX_SHARE_VERSION) return KS_ERR_VERSION;
  if (b[0] == 0) return KS_ERR_FORMAT;
  if (n < KX_SHARE_BYTES) return KS_ERR_TRUNCATED;
  if (n > KX_SHARE_BYTES) return KS_ERR_FORMAT;
  size_t at = KX_SHARE_BYTES - 4;
  if ((uint32_t)kx_get(b, &at, 4) != kx_fnv32(b, KX_SHARE_BYTES - 4)) return KS_ERR_CHECKSUM;
  at = 1;
  int32_t mode = (int32_t)kx_get(b, &at, 1);
  int32_t level = (int32_t)(int16_t)(uint16_t)kx_get(b, &at, 2);
  int32_t day = (int32_t)(uint32_t)kx_get(b, &at, 4);
  int32_t attempt = (int32_t)(uint32_t)kx_get(b, &at, 4);
  uint64_t seed = kx_get(b, &at, 8);
  int64_t strike_step = (int64_t)kx_get(b, &at, 8);
  int32_t person = (int32_t)kx_get(b, &at, 1);
  int32_t has_tap = (int32_t)kx_get(b, &at, 1);
  at += 2;
  kick_input in;
  in.has_tap = has_tap != 0;
  in.tap_step = (int64_t)kx_get(b, &at, 8);
  in.tap_x = ks_f64_from_bits(kx_get(b, &at, 8));
  in.tap_y = ks_f64_from_bits(kx_get(b, &at, 8));
  kick_launch k = kick_launch_default();
  double lv[7];
  for (int i = 0; i < 7; i++) lv[i] = ks_f64_from_bits(kx_get(b, &at, 8));
  k.speed_mps = lv[0];
  k.elevation = lv[1];
  k.direction = lv[2];
  k.spin_axis = ks_v3(lv[3], lv[4], lv[5]);
  k.spin_rate = lv[6];
  if (mode != KX_MODE_TOUR && mode != KX_MODE_DAILY) return KS_ERR_FORMAT;
  if (attempt < 1 || attempt > 1000000 || strike_step < 0 || strike_step > 600 * 3600) return KS_ERR_FORMAT;
  if (person > 1 || has_tap > 1 || !ks_is_finite(in.tap_x) || !ks_is_finite(in.tap_y)) return KS_ERR_FORMAT;
  if (kick_launch_validate(&k) != KS_OK) return KS_ERR_FORMAT;
  if (mode == KX_MODE_DAILY && (day < 0 || day > 1000000)) return KS_ERR_FORMAT;
  if (mode == KX_MODE_TOUR && (level < 0 || level >= KX_LEVEL_COUNT)) return KS_ERR_FORMAT;

  kx_game saved = g;
  int32_t saved_person = g.opt_person_keeper;
  g.opt_person_keeper = person;
  ks_status st = kx_begin(mode, level, day, seed, attempt);
  g.opt_person_keeper = saved_person;
  if (st != KS_OK) {
    g = saved;
    return (int32_t)st;
  }
  for (int64_t i = 0; i < strike_step; i++) kick_shot_step(&g.shot, NULL, NULL);
  g.launch = k;
  g.input = in;
  g.before = g.shot;
  kx_plan_slow_motion();
  st = kick_shot_strike(&g.shot, &g.launch);
  if (st != KS_OK) {
    g = saved;
    return (int32_t)st;
  }
  g.mode = KX_MODE_SHARED;
  g.goals = 0;
  g.stars = 0;
  g.passed = 0;
  g.screen = KX_SCREEN_FLIGHT;
  return KS_OK;
}

KX_EXPORT(kick_text) char *kick_text(void) { return g_text; }
KX_EXPORT(kick_text_capacity) int32_t kick_text_capacity(void) { return (int32_t)sizeof g_text; }

/* ---------------------------------------------------------- reading the view */

static void kx_put_v3(int base, ks_vec3 v) {
  g_view[base] = v.x;
  g_view[base + 1] = v.y;
  g_view[base + 2] = v.z;
}

static void kx_fill_view(void) {
  const kick_shot *s = g.screen == KX_SCREEN_REPLAY ? &g.replay : &g.shot;
  double *v = g_view;
  for (int i = 0; i < KX_VIEW_COUNT; i++) v[i] = 0.0;
  v[KX_V_screen] = g.screen;
  v[KX_V_mode] = g.mode;
  v[KX_V_level] = g.level;
  v[KX_V_level_count] = KX_LEVEL_COUNT;
  v[KX_V_day] = g.day;
  v[KX_V_attempt] = g.attempt;
  v[KX_V_attempts_max] = g.mode == KX_MODE_TOUR ? KX_TOUR_ATTEMPTS : 0;
  v[KX_V_goals] = g.goals;
  v[KX_V_stars] = g.stars;
  v[KX_V_passed] = g.passed;
  v[KX_V_time] = kick_shot_time(s);
  v[KX_V_steps] = (double)kick_shot_steps(s);
  v[KX_V_alpha] = ks_clock_alpha(&s->clock);
  v[KX_V_phase] = kick_shot_phase(s);
  v[KX_V_outcome] = kick_shot_outcome(s);
  v[KX_V_moments] = kick_shot_moments(s);
  v[KX_V_last_outcome] = g.last_outcome;
  v[KX_V_last_moments] = g.last_moments;
  v[KX_V_time_scale] = g.screen == KX_SCREEN_REPLAY ? KX_REPLAY_SCALE : (g.slow_active ? KX_SLOW_SCALE : 1.0);
  v[KX_V_slow_motion] = g.slow_active;
  v[KX_V_replay] = g.screen == KX_SCREEN_REPLAY;
  v[KX_V_paused] = g.paused;
  v[KX_V_shake] = g.shake;
  v[KX_V_effects] = g.opt_effects;
  v[KX_V_person_keeper] = g.setup.person_in_goal;
  v[KX_V_tapped] = g.input.has_tap;
  v[KX_V_spot_x] = g.setup.spot_x;
  v[KX_V_spot_z] = g.setup.spot_z;
  v[KX_V_wet] = g.setup.pitch.wet;
  kx_put_v3(KX_V_ball_x, s->ball.pos);
  kx_put_v3(KX_V_ball_vx, s->ball.vel);
  kx_put_v3(KX_V_spin_ax, s->ball.spin_axis);
  v[KX_V_spin_rate] = s->ball.spin_rate;
  v[KX_V_ball_held] = s->ball.held;
  v[KX_V_in_net] = s->in_net;
  v[KX_V_crossed] = s->crossed;
  kx_put_v3(KX_V_cross_x, s->crossing);
  v[KX_V_launch_speed] = g.launch.speed_mps;
  v[KX_V_bend] = g.swipe_bend;

  ks_vec3 w = kick_wind_at(s, kick_shot_time(s));
  v[KX_V_wind_x] = w.x;
  v[KX_V_wind_z] = w.z;
  v[KX_V_wind_speed] = ks_sqrt(w.x * w.x + w.z * w.z);
  v[KX_V_wind_mean] = g.setup.wind.mean_speed_mps;
  v[KX_V_wind_gustiness] = g.setup.wind.gustiness;

  kick_keeper_pose kp;
  kick_shot_keeper_pose(s, &kp);
  v[KX_V_keeper_present] = kp.present;
  v[KX_V_keeper_diving] = kp.diving;
  v[KX_V_keeper_dive] = kp.dive_progress;
  kx_put_v3(KX_V_keeper_ax, kp.body_a);
  kx_put_v3(KX_V_keeper_bx, kp.body_b);
  v[KX_V_keeper_r] = kp.body_radius;
  kx_put_v3(KX_V_keeper_s0x, kp.shoulder[0]);
  kx_put_v3(KX_V_keeper_s1x, kp.shoulder[1]);
  kx_put_v3(KX_V_keeper_g0x, kp.glove[0]);
  kx_put_v3(KX_V_keeper_g1x, kp.glove[1]);
  v[KX_V_keeper_arm_r] = kp.arm_radius;

  int32_t wc = g.setup.wall.count;
  v[KX_V_wall_count] = wc;
  for (int32_t i = 0; i < wc && i < KICK_WALL_MAX; i++) {
    kick_capsule c;
    if (!kick_shot_wall_player(s, i, &c)) continue;
    int base = KX_V_wall0_ax + i * 7;
    kx_put_v3(base, c.a);
    kx_put_v3(base + 3, c.b);
    v[base + 6] = c.radius;
  }
  int32_t rc = g.setup.ring_count;
  v[KX_V_ring_count] = rc;
  for (int32_t i = 0; i < rc && i < KICK_RING_MAX; i++) {
    ks_vec3 c;
    if (!kick_shot_ring_center(s, i, &c)) continue;
    int base = KX_V_ring0_x + i * 5;
    kx_put_v3(base, c);
    v[base + 3] = g.setup.rings[i].radius;
    v[base + 4] = (s->ring_hits >> i) & 1u;
  }
  v[KX_V_camera_long_lens] = g.screen == KX_SCREEN_REPLAY;
  kx_put_v3(KX_V_cam_x, g.cam_pos);
  kx_put_v3(KX_V_cam_tx, g.cam_target);
  v[KX_V_cam_fov] = g.cam_fov;
  uint64_t h = kick_shot_hash(s);
  v[KX_V_hash_hi] = (double)(uint32_t)(h >> 32);
  v[KX_V_hash_lo] = (double)(uint32_t)h;
}

/// Refreshes the view from the state and returns a pointer to it.
KX_EXPORT(kick_view) double *kick_view(void) {
  kx_fill_view();
  return g_view;
}
KX_EXPORT(kick_view_count) int32_t kick_view_count(void) { return KX_VIEW_COUNT; }
KX_EXPORT(kick_view_name) const char *kick_view_name(int32_t i) {
  return (i >= 0 && i < KX_VIEW_COUNT) ? kx_view_names[i] : "";
}

/// The events of the last kick_advance, six doubles each: step, type, subject, v0, v1, v2.
KX_EXPORT(kick_events) double *kick_events(void) {
  g_event_count = g.events.count;
  for (uint32_t i = 0; i < g.events.count; i++) {
    const ks_event *e = &g.events.items[i];
    double *o = &g_events[i * 6];
    o[0] = (double)e->step;
    o[1] = e->type;
    o[2] = e->subject;
    o[3] = e->value[0];
    o[4] = e->value[1];
    o[5] = e->value[2];
  }
  return g_events;
}
KX_EXPORT(kick_event_count) int32_t kick_event_count(void) { return (int32_t)g.events.count; }

KX_EXPORT(kick_event_name) const char *kick_event_name_x(int32_t type) {
  switch (type) {
    case KX_EV_SLOW_START: return "slow_motion_start";
    case KX_EV_SLOW_END: return "slow_motion_end";
    case KX_EV_REPLAY_START: return "replay_start";
    case KX_EV_REPLAY_END: return "replay_end";
    case KX_EV_SHAKE: return "shake";
    default: return kick_event_name((uint32_t)type);
  }
}
KX_EXPORT(kick_outcome_name) const char *kick_outcome_name_x(int32_t o) {
  return kick_outcome_name((kick_outcome)o);
}
KX_EXPORT(kick_moment_name) const char *kick_moment_name_x(int32_t bit) {
  return kick_moment_name((uint32_t)bit);
}
KX_EXPORT(kick_status_name) const char *kick_status_name_x(int32_t s) { return ks_status_name((ks_status)s); }

KX_EXPORT(kick_hash_lo) uint32_t kick_hash_lo(void) { return (uint32_t)kick_shot_hash(&g.shot); }
KX_EXPORT(kick_hash_hi) uint32_t kick_hash_hi(void) { return (uint32_t)(kick_shot_hash(&g.shot) >> 32); }
