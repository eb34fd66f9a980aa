// SPDX-License-Identifier: MIT
/* The shot: init, strike, the step, advance, reroll and the queries. */
#include "simulation.h"
#include "batch/batch.h"

_Static_assert(sizeof(kick_shot) <= 4096, "kick_shot must fit in 4 KiB");
_Static_assert(KICK_LANE_BANDS == sizeof(((kick_shot *)0)->band_lo) / sizeof(double), "a shot holds its lane's bands");

/* How long the ball moves on after the decision, steps. */
#define KICK_AFTER_DECISION_STEPS (4 * KICK_STEPS_PER_SECOND)

/* The step's parts are inlined into each loop that runs them (the scalar
   step's and the batch's), so a lane pays no call for them. */
#if defined(__GNUC__)
#define KICK_ALWAYS_INLINE __attribute__((always_inline))
#define KICK_NOINLINE __attribute__((noinline))
#else
#define KICK_ALWAYS_INLINE
#define KICK_NOINLINE
#endif

/* Draws the moment: everything the dice decide before the strike. */
static void draw_prestrike(kick_shot *s) {
  kick_wall_prepare(s);
  kick_keeper_prepare(s);
}

ks_status kick_shot_init(kick_shot *shot, const kick_setup *setup) {
  if (!shot || !setup) return KS_ERR_NULL;
  ks_status st = kick_setup_validate(setup);
  if (st != KS_OK) return st;
  kick_shot s = {0};
  s.setup = *setup;
  ks_clock_def cd = ks_clock_default_def();
  cd.steps_per_second = KICK_STEPS_PER_SECOND;
  cd.max_frame_seconds = 0.0;
  cd.max_call_seconds = KICK_MAX_CALL_SECONDS;
  st = ks_clock_init(&s.clock, &cd);
  if (st != KS_OK) return st;
  kick_wind_prepare(&s);
  kick_wind_memo_reset(&s);
  kick_rings_prepare(&s);
  kick_lane_bands bd;
  kick_lane_bands_of(&s, &bd);
  for (int i = 0; i < KICK_LANE_BANDS; i++) {
    s.band_lo[i] = bd.lo[i];
    s.band_hi[i] = bd.hi[i];
  }
  s.dice = ks_rng_stream(setup->match_seed, setup->kick_number);
  s.spin_decay_step = kick_spin_decay_factor(KICK_STEPS_PER_SECOND);
  s.spin_decay_estimate = kick_spin_decay_factor(KICK_ESTIMATE_STEPS_PER_SECOND);
  s.phase = KICK_PHASE_WAITING;
  s.outcome = KICK_OUTCOME_NONE;
  s.strike_step = -1;
  s.decision_step = -1;
  s.done_step = -1;
  s.crossing_step = -1;
  s.ball.pos = ks_v3(setup->spot_x, KICK_BALL_RADIUS, setup->spot_z);
  s.ball.on_ground = true;
  s.stats.glove_distance = -1.0;
  draw_prestrike(&s);
  *shot = s;
  return KS_OK;
}

/* A reroll keeps the moment: the keeper's spot and sway phase, which wall
   players will jump and when, were drawn when the shot was built and are
   part of what a viewer sees before the strike, so they stay. Only the dice
   are new, and the dice decide only what happens after the strike (the
   keeper's reading errors, catch, tip or parry and its direction). */
ks_status kick_shot_reroll(kick_shot *shot, uint64_t salt) {
  if (!shot) return KS_ERR_NULL;
  if (shot->phase != KICK_PHASE_WAITING) return KS_ERR_STATE;
  shot->dice = ks_rng_reroll(&shot->dice, salt);
  return KS_OK;
}

ks_status kick_shot_strike(kick_shot *shot, const kick_launch *k) {
  if (!shot) return KS_ERR_NULL;
  ks_status st = kick_launch_validate(k);
  if (st != KS_OK) return st;
  if (shot->phase != KICK_PHASE_WAITING) return KS_ERR_STATE;
  double se, ce, sd, cdir;
  ks_sincos(k->elevation, &se, &ce);
  ks_sincos(k->direction, &sd, &cdir);
  kick_ball *b = &shot->ball;
  b->vel = ks_v3(k->speed_mps * ce * sd, k->speed_mps * se, k->speed_mps * ce * cdir);
  b->spin_rate = k->spin_rate > 0.0 ? k->spin_rate : 0.0;
  b->spin_axis = b->spin_rate > 0.0 ? ks_v3_norm(k->spin_axis) : ks_v3(0.0, 0.0, 0.0);
  b->on_ground = false;
  b->roll_speed = 0.0;
  shot->strike_step = shot->clock.total_steps;
  shot->phase = KICK_PHASE_FLIGHT;
  kick_flight_stats *fs = &shot->stats;
  fs->launch_speed = k->speed_mps;
  fs->launch_vel = b->vel;
  fs->bend_fraction = ks_clamp(ks_fabs(b->spin_axis.y * b->spin_rate) / KICK_FULL_BEND_SPIN, 0.0, 1.0);
  fs->launch_line_x = shot->setup.spot_x + (sd / cdir) * (KICK_CROSS_Z - shot->setup.spot_z);
  fs->max_height = b->pos.y;
  kick_wall_on_strike(shot);
  if (shot->setup.keeper.kind != KICK_KEEPER_NONE && !shot->setup.person_in_goal) {
    double react = shot->setup.keeper.reaction_s;
    if (shot->setup.keeper.kind == KICK_KEEPER_SPECIALIST) react *= 0.6;
    shot->keeper.read_step = shot->strike_step + (int64_t)(react * (double)KICK_STEPS_PER_SECOND + 0.5);
  }
  return KS_OK;
}

static kick_outcome out_by_touch(const kick_shot *s) {
  uint32_t k = s->stats.last_touch_kind;
  if (k == KICK_TOUCH_KEEPER) return KICK_OUTCOME_SAVED;
  if ((k & KICK_TOUCH_WOODWORK) != 0u) return KICK_OUTCOME_WOODWORK;
  if (k == KICK_TOUCH_WALL) return KICK_OUTCOME_BLOCKED;
  return KICK_OUTCOME_NONE;
}

static void decide(kick_shot *s, kick_outcome o, int64_t n, ks_events *out) {
  /* The moments read his dive: a read still running ends first. */
  if (s->read.pending) kick_keeper_read_finish(s);
  s->outcome = o;
  s->decision_step = n + 1;
  s->phase = KICK_PHASE_DECIDED;
  s->moments = kick_moments_evaluate(s);
  if (o == KICK_OUTCOME_SAVED) kick_emit(out, n + 1, KICK_EV_KEEPER_SAVE, 0u, s->ball.pos);
  kick_emit(out, n + 1, KICK_EV_DECIDED, (uint32_t)o, ks_v3((double)s->moments, 0.0, 0.0));
}

static void decide_out(kick_shot *s, int64_t n, kick_outcome untouched, ks_events *out) {
  kick_outcome o = out_by_touch(s);
  decide(s, o != KICK_OUTCOME_NONE ? o : untouched, n, out);
}

static void cross_goal_line(kick_shot *s, int64_t n, ks_vec3 p0, ks_vec3 p1, ks_events *out) {
  if (s->crossed || !(p0.z < KICK_CROSS_Z && p1.z >= KICK_CROSS_Z)) return;
  double u = (KICK_CROSS_Z - p0.z) / (p1.z - p0.z);
  ks_vec3 pt = ks_v3_lerp(p0, p1, u);
  pt.z = KICK_CROSS_Z;
  const double hw = KICK_GOAL_WIDTH * 0.5;
  s->crossed = true;
  s->crossing = pt;
  s->crossing_step = n + 1;
  s->crossed_inside = ks_fabs(pt.x) < hw && pt.y < KICK_GOAL_HEIGHT;
  if (s->setup.keeper.kind != KICK_KEEPER_NONE) {
    if (s->read.pending) kick_keeper_read_finish(s);
    kick_keeper_pose p;
    kick_keeper_pose_at(s, kick_step_time(n + 1), &p);
    double d0 = ks_v3_len(ks_v3_sub(p.glove[0], pt)), d1 = ks_v3_len(ks_v3_sub(p.glove[1], pt));
    s->stats.glove_distance = d0 < d1 ? d0 : d1;
    s->stats.keeper_diving_at_cross = p.diving;
  }
  kick_emit(out, n + 1, KICK_EV_GOAL_LINE, s->crossed_inside ? 1u : 0u, pt);
  if (s->phase != KICK_PHASE_FLIGHT) return;
  if (s->crossed_inside) {
    decide(s, KICK_OUTCOME_GOAL, n, out);
    return;
  }
  kick_outcome geo;
  double over_x = ks_fabs(pt.x) - hw, over_y = pt.y - KICK_GOAL_HEIGHT;
  if (over_x < 0.0) geo = KICK_OUTCOME_OVER;
  else if (over_y < 0.0) geo = KICK_OUTCOME_WIDE;
  else geo = over_y > over_x ? KICK_OUTCOME_OVER : KICK_OUTCOME_WIDE;
  decide_out(s, n, geo, out);
}

/* Whether kick_keeper_update can do anything on step n: the first tests it
   makes, so a step that cannot start a dive does not call it. */
static inline bool keeper_may_act(const kick_shot *s, int64_t n, const kick_input *in) {
  if (s->setup.keeper.kind == KICK_KEEPER_NONE) return false;
  const kick_keeper_state *k = &s->keeper;
  if (s->setup.person_in_goal) return in && in->has_tap && k->tap_applied_step < 0 && k->dive_step < 0 && n >= in->tap_step;
  return k->read_step >= 0 && n == k->read_step;
}

/* Whether a ball on the ground, not over the line, can no longer reach it
   (KICK_RULES_SETTLED). On the ground the ball slows by at least the rolling
   resistance (μ_roll g: skidding slows it more) and nothing but the air can
   speed it up: drag and lift add at most K (C_D + C_L) |air| 1.8 W to its
   speed, |air| <= |v| + 1.8 W, with W the strongest the wind can blow (1.33 ×
   its mean). When that is less than the rolling resistance the ball's speed
   only falls, so it travels at most v² / 2 (μ g − push): if that, with a
   margin, is short of the line, it never gets there. With no wind that can
   blow towards the goal (its z component never positive), a ball rolling
   away from the goal never turns back. */
static bool settled_short(const kick_shot *s) {
  const kick_ball *b = &s->ball;
  /* The first thing ahead it could reach: the wall (a block), the keeper (a
     save) or the line. Until it cannot reach the first, its outcome is open. */
  double ahead = KICK_CROSS_Z;
  const double wall_reach = KICK_WALL_RADIUS + KICK_BALL_RADIUS;
  const double keeper_reach = KICK_KEEPER_BODY_RADIUS + KICK_BALL_RADIUS;
  if (s->setup.wall.count > 0 && b->pos.z < s->setup.wall.z + wall_reach && s->setup.wall.z - wall_reach < ahead)
    ahead = s->setup.wall.z - wall_reach;
  if (s->setup.keeper.kind != KICK_KEEPER_NONE && b->pos.z < s->setup.keeper.line_z + keeper_reach &&
      s->setup.keeper.line_z - keeper_reach < ahead)
    ahead = s->setup.keeper.line_z - keeper_reach;
  double gap = ahead - b->pos.z;
  if (!(gap > 0.0)) return false;
  const kick_wind_def *wd = &s->setup.wind;
  double w = wd->mean_speed_mps * (1.0 + KICK_GUST_MAX_FRACTION);
  double tail = s->wind_mean.z + ks_fabs(s->wind_mean.z) * s->wind_gust_k + ks_fabs(s->wind_cross.z * s->wind_swirl_k);
  if (!(wd->mean_speed_mps > 0.0)) tail = 0.0;
  /* Behind the wall and the keeper (nothing to bounce it back) and no wind
     towards the goal: a ball rolling away stays away. */
  bool clear = s->setup.keeper.kind == KICK_KEEPER_NONE ||
               b->pos.z < s->setup.keeper.line_z - (KICK_KEEPER_BODY_RADIUS + KICK_BALL_RADIUS);
  if (s->setup.wall.count > 0 && !(b->pos.z < s->setup.wall.z - (KICK_WALL_RADIUS + KICK_BALL_RADIUS))) clear = false;
  if (clear && tail <= 0.0 && b->vel.z <= 0.0) return true;
  double h = ks_sqrt(b->vel.x * b->vel.x + b->vel.z * b->vel.z);
  double mu = s->setup.pitch.roll_resistance * (s->setup.pitch.wet ? 0.8 : 1.0);
  double air = KICK_WIND_FACTOR * w;
  double push = KICK_AERO_K * (KICK_CD_SUB + KICK_CL_MAX) * (h + air) * air;
  double decel = mu * KICK_GRAVITY - push;
  if (!(decel > 0.0)) return false;
  return 1.05 * (h * h / (2.0 * decel)) + 0.25 < gap;
}

/* The step before the flight: the keeper's read or a person's dive, the
   strike's and the wall's events, a held ball. False when the ball does not
   fly on this step (not struck, done, or held). */
KICK_ALWAYS_INLINE static inline bool step_begin_with(kick_shot *s, int64_t n, const kick_input *in, ks_events *out,
                                                     bool defer_read) {
  if (s->phase == KICK_PHASE_DONE) return false;
  if (keeper_may_act(s, n, in)) {
    if (defer_read && !s->setup.person_in_goal) kick_keeper_read_begin(s, n);
    else kick_keeper_update(s, n, in, out);
  }
  if (s->phase == KICK_PHASE_WAITING) return false;
  int64_t ev = n + 1;
  kick_ball *b = &s->ball;
  if (n == s->strike_step) kick_emit(out, ev, KICK_EV_STRIKE, 0u, b->vel);
  if (out)
    for (int32_t i = 0; i < s->setup.wall.count; i++)
      if (s->wall.jump_step[i] == n)
        (void)ks_events_push(out, ev, KICK_EV_WALL_JUMP, (uint32_t)i, s->setup.wall.jump_height, 0.0, 0.0);
  if (b->held) {
    s->phase = KICK_PHASE_DONE;
    s->done_step = ev;
    return false;
  }
  return true;
}

KICK_ALWAYS_INLINE static inline bool step_begin(kick_shot *s, int64_t n, const kick_input *in, ks_events *out) {
  return step_begin_with(s, n, in, out, false);
}

/* The step after the flight (p0: the ball's centre before it, f: the
   flight's flags) in three parts: the ground's event and the height, the
   contacts, rings and goal line, and the rules (held, decided, done). */
KICK_ALWAYS_INLINE static inline void step_end_head(kick_shot *s, int64_t n, uint32_t f, ks_events *out) {
  kick_ball *b = &s->ball;
  if ((f & 1u) != 0u) {
    s->contact_flags |= KICK_TOUCH_GROUND;
    kick_emit(out, n + 1, KICK_EV_BOUNCE, 0u, b->pos);
  }
  if (s->phase == KICK_PHASE_FLIGHT && b->pos.y > s->stats.max_height) s->stats.max_height = b->pos.y;
}

/* Each contact's own broad test first, here in the step (the same test the
   contact function starts with); the exact capsule math runs whenever it
   passes, and a miss does what the function does on a miss. Every test is
   inside one of the z bands of kick_lane_bands_of. */
KICK_ALWAYS_INLINE static inline void step_contacts(kick_shot *s, int64_t n, ks_vec3 p0, ks_events *out) {
  int64_t ev = n + 1;
  kick_ball *b = &s->ball;
  if (ks_fabs(b->pos.z - KICK_POST_Z) < KICK_WOODWORK_REACH && b->pos.y < KICK_BAR_AXIS_Y + KICK_WOODWORK_REACH)
    kick_contact_woodwork(s, ev, out);
  else
    s->woodwork_prev = 0;
  if (s->setup.wall.count > 0) {
    const double wall_reach = KICK_WALL_RADIUS + KICK_BALL_RADIUS;
    if (ks_fabs(b->pos.z - s->setup.wall.z) < wall_reach &&
        b->pos.y < KICK_WALL_HEIGHT + s->setup.wall.jump_height + wall_reach)
      kick_contact_wall(s, n, out);
    else
      s->wall.contact_prev = 0;
  }
  if (s->setup.keeper.kind != KICK_KEEPER_NONE && !b->held &&
      ks_fabs(b->pos.z - s->setup.keeper.line_z) < KICK_KEEPER_BODY_RADIUS + KICK_BALL_RADIUS)
    kick_contact_keeper(s, n, out);
  else
    s->keeper.contact_prev = 0;
  if (s->crossed && !b->held && (b->pos.z > 0.0 || (s->crossed_inside && s->outcome == KICK_OUTCOME_GOAL))) kick_contact_net(s, ev, out);
  /* A ring is crossed only when p0.z < its z <= p1.z, so only between the
     lowest and highest ring planes. Rings come before the goal line: a ring
     passed on the step that crosses the line counts towards the decision. */
  if (s->setup.ring_count > 0 && s->phase == KICK_PHASE_FLIGHT && p0.z < s->ring_z_max && b->pos.z >= s->ring_z_min)
    kick_rings_cross(s, n, p0, b->pos, out);
  if (!s->crossed && p0.z < KICK_CROSS_Z && b->pos.z >= KICK_CROSS_Z) cross_goal_line(s, n, p0, b->pos, out);
}

/* step_contacts when none of its tests passes: what each does on a miss. */
KICK_ALWAYS_INLINE static inline void step_contacts_none(kick_shot *s) {
  s->woodwork_prev = 0;
  if (s->setup.wall.count > 0) s->wall.contact_prev = 0;
  s->keeper.contact_prev = 0;
}

KICK_ALWAYS_INLINE static inline void step_rules(kick_shot *s, int64_t n, uint32_t f, ks_events *out) {
  int64_t ev = n + 1;
  kick_ball *b = &s->ball;
  if (b->held) {
    if (s->phase == KICK_PHASE_FLIGHT) decide(s, KICK_OUTCOME_SAVED, n, out);
    s->phase = KICK_PHASE_DONE;
    s->done_step = ev;
    return;
  }
  if (s->phase == KICK_PHASE_FLIGHT) {
    bool touched = (s->contact_flags & (KICK_TOUCH_WOODWORK | KICK_TOUCH_WALL | KICK_TOUCH_KEEPER)) != 0u;
    if (touched && b->vel.z <= 0.0 && b->pos.z < KICK_STAYS_OUT_Z) decide_out(s, n, KICK_OUTCOME_SHORT, out);
    else if ((f & 2u) != 0u || ks_fabs(b->pos.x) > KICK_PITCH_HALF_WIDTH ||
             b->pos.z < s->setup.spot_z - KICK_BEHIND_SPOT || ev - s->strike_step >= KICK_MAX_FLIGHT_STEPS)
      decide_out(s, n, KICK_OUTCOME_SHORT, out);
    else if (b->on_ground && s->setup.rules >= KICK_RULES_SETTLED && settled_short(s))
      decide_out(s, n, KICK_OUTCOME_SHORT, out);
  }
  if ((f & 2u) != 0u) {
    kick_emit(out, ev, KICK_EV_REST, 0u, b->pos);
    s->phase = KICK_PHASE_DONE;
    s->done_step = ev;
  } else if (s->phase == KICK_PHASE_DECIDED && ev - s->decision_step >= KICK_AFTER_DECISION_STEPS) {
    s->phase = KICK_PHASE_DONE;
    s->done_step = ev;
  }
}

/* Whether the ball's path this step, z0 to z1, meets one of the bands lo,
   hi (in order of their lower ends; no band is empty but the unused ones,
   last). */
KICK_ALWAYS_INLINE static inline bool path_near_band(const double *lo_z, const double *hi_z, double z0, double z1) {
  double lo = z0 < z1 ? z0 : z1, hi = z0 < z1 ? z1 : z0;
  for (int i = 0; i < KICK_LANE_BANDS; i++) {
    if (hi < lo_z[i]) return false;
    if (lo <= hi_z[i]) return true;
  }
  return false;
}

/* The scalar step's end: the contacts only where the ball's path meets one
   of the shot's bands or it has crossed the line (outside them every test
   of step_contacts fails: step_contacts_none), as the batch ends a lane's. */
KICK_ALWAYS_INLINE static inline void step_end(kick_shot *s, int64_t n, ks_vec3 p0, uint32_t f, ks_events *out) {
  step_end_head(s, n, f, out);
  if (s->crossed || path_near_band(s->band_lo, s->band_hi, p0.z, s->ball.pos.z)) step_contacts(s, n, p0, out);
  else step_contacts_none(s);
  step_rules(s, n, f, out);
}

/* Conservative z bands around every test of step_contacts (a margin of
   1 cm past each): outside all of them, with the goal line not crossed,
   step_contacts does what step_contacts_none does. */
#define KICK_BAND_MARGIN 0.01
void kick_lane_bands_of(const kick_shot *s, kick_lane_bands *bd) {
  const double m = KICK_BAND_MARGIN;
  for (int i = 0; i < KICK_LANE_BANDS; i++) {
    bd->lo[i] = KICK_BAND_NONE;
    bd->hi[i] = -KICK_BAND_NONE;
    bd->y_clear[i] = KICK_BAND_NONE;
  }
  bd->keeper = -1;
  for (int i = 0; i < 4; i++) bd->pad_[i] = 0;
  /* The woodwork, the goal line and everything past it. */
  bd->lo[0] = KICK_POST_Z - KICK_WOODWORK_REACH - m;
  bd->hi[0] = KICK_BAND_NONE;
  if (s->setup.wall.count > 0) {
    bd->lo[1] = s->setup.wall.z - (KICK_WALL_RADIUS + KICK_BALL_RADIUS) - m;
    bd->hi[1] = s->setup.wall.z + (KICK_WALL_RADIUS + KICK_BALL_RADIUS) + m;
    /* step_contacts calls the wall's test only below its top's reach. */
    bd->y_clear[1] = KICK_WALL_HEIGHT + s->setup.wall.jump_height + (KICK_WALL_RADIUS + KICK_BALL_RADIUS) + m;
  }
  if (s->setup.keeper.kind != KICK_KEEPER_NONE) {
    bd->lo[2] = s->setup.keeper.line_z - (KICK_KEEPER_BODY_RADIUS + KICK_BALL_RADIUS) - m;
    bd->hi[2] = s->setup.keeper.line_z + (KICK_KEEPER_BODY_RADIUS + KICK_BALL_RADIUS) + m;
  }
  if (s->setup.ring_count > 0) {
    bd->lo[3] = s->ring_z_min - m;
    bd->hi[3] = s->ring_z_max + m;
  }
  /* In order of the lower ends (the unused ones, at KICK_BAND_NONE, last). */
  int32_t keeper = s->setup.keeper.kind != KICK_KEEPER_NONE ? 2 : -1;
  for (int i = 1; i < KICK_LANE_BANDS; i++)
    for (int j = i; j > 0 && bd->lo[j] < bd->lo[j - 1]; j--) {
      double lo = bd->lo[j], hi = bd->hi[j], yc = bd->y_clear[j];
      bd->lo[j] = bd->lo[j - 1];
      bd->hi[j] = bd->hi[j - 1];
      bd->y_clear[j] = bd->y_clear[j - 1];
      bd->lo[j - 1] = lo;
      bd->hi[j - 1] = hi;
      bd->y_clear[j - 1] = yc;
      if (keeper == j) keeper = j - 1;
      else if (keeper == j - 1) keeper = j;
    }
  bd->keeper = keeper;
}

/* Step n: what comes before the flight, the wind and the flight, and what
   comes after it. The batch (batch_step.h, at the end of this file) runs the
   same parts. */
static void run_step(kick_shot *s, int64_t n, const kick_input *in, ks_events *out) {
  if (!step_begin(s, n, in, out)) return;
  ks_vec3 p0 = s->ball.pos;
  ks_vec3 w = kick_wind_step_inline(s, kick_step_time(n));
  uint32_t f = kick_flight_step_inline(&s->ball, w, KICK_DT, s->spin_decay_step, &s->setup.pitch);
  step_end(s, n, p0, f, out);
}

/* A shot kick_shot_init made carries its setup's cookie (and its clock's);
   zeroed or never-written memory does not, and takes no step. */
static bool shot_usable(const kick_shot *shot) {
  return shot && shot->setup.cookie == KS_DEF_COOKIE && (uint32_t)shot->phase < (uint32_t)kick_phase_count;
}

void kick_shot_step(kick_shot *shot, const kick_input *in, ks_events *out) {
  if (!shot_usable(shot)) return;
  if (shot->read.pending) kick_keeper_read_finish(shot);
  int64_t n = shot->clock.total_steps;
  shot->clock.total_steps = n + 1;
  run_step(shot, n, in, out);
}

int64_t kick_shot_advance(kick_shot *shot, double seconds, const kick_input *in, ks_events *out) {
  if (!shot_usable(shot)) return 0;
  if (shot->read.pending) kick_keeper_read_finish(shot);
  int64_t due = ks_clock_advance(&shot->clock, seconds);
  int64_t base = shot->clock.total_steps - due;
  for (int64_t i = 0; i < due; i++) run_step(shot, base + i, in, out);
  return due;
}

/* The wind of step n >= 0 from the cache's table, which takes the shot's
   wind if it holds another: kick_batch_wind_fill's bits, kick_wind_step's. */
KICK_ALWAYS_INLINE static inline ks_vec3 cache_wind(kick_shot_cache *c, const kick_shot *s, int64_t n) {
  kick_batch_wind *w = &c->wind;
  /* The setup's wind, every bit, each step; the shot's derived wind (from
     it at init, like the hash, which covers only the setup's) with it
     whenever a chunk is filled. */
  const kick_wind_def *a = &w->def, *d = &s->setup.wind;
  if (!(w->valid && ks_f64_bits(a->mean_speed_mps) == ks_f64_bits(d->mean_speed_mps) &&
        ks_f64_bits(a->gustiness) == ks_f64_bits(d->gustiness) && ks_f64_bits(a->swirl) == ks_f64_bits(d->swirl) &&
        ks_f64_bits(a->bearing) == ks_f64_bits(d->bearing) && a->gust_seed == d->gust_seed))
    kick_wind_table_bind(w, s);
  uint64_t ch = (uint64_t)n / KICK_BATCH_WIND_CHUNK;
  if (w->chunk[ch & (KICK_BATCH_WIND_SLOTS / KICK_BATCH_WIND_CHUNK - 1)] != (int64_t)ch) {
    if (!kick_wind_table_holds(w, s)) kick_wind_table_bind(w, s);
    kick_batch_wind_fill(w, s, ch);
  }
  return w->wind[(uint64_t)n & (KICK_BATCH_WIND_SLOTS - 1)];
}

int32_t kick_shot_cache_fill_ahead(kick_shot_cache *c, const kick_shot *s, int64_t from, int64_t to, int32_t max_chunks) {
  if (!c || !shot_usable(s) || from < 0 || !(s->setup.wind.mean_speed_mps > 0.0)) return 0;
  kick_batch_wind *w = &c->wind;
  if (!kick_wind_table_holds(w, s)) kick_wind_table_bind(w, s);
  int32_t filled = 0;
  for (uint64_t ch = (uint64_t)from / KICK_BATCH_WIND_CHUNK; (int64_t)(ch * KICK_BATCH_WIND_CHUNK) < to && filled < max_chunks;
       ch++) {
    if (w->chunk[ch & (KICK_BATCH_WIND_SLOTS / KICK_BATCH_WIND_CHUNK - 1)] == (int64_t)ch) continue;
    kick_batch_wind_fill(w, s, ch);
    filled++;
  }
  return filled;
}

/* The cache's estimate offered to a shot about to read its kick on step n,
   when it is of this read (a guess on a few bits that only decides whether
   to offer it: the read checks every input bit). */
KICK_ALWAYS_INLINE static inline void offer_memo(kick_shot *s, const kick_shot_cache *c, int64_t n) {
  const kick_estimate_memo *m = &c->memo;
  double t0 = kick_step_time(n);
  if (ks_f64_bits(m->t0) == ks_f64_bits(t0) && ks_f64_bits(m->ball.pos.z) == ks_f64_bits(s->ball.pos.z) &&
      ks_f64_bits(m->ball.vel.x) == ks_f64_bits(s->ball.vel.x) && ks_f64_bits(m->ball.vel.z) == ks_f64_bits(s->ball.vel.z))
    s->est_memo = *m;
}

/* Step n as run_step runs it, with no events: the wind from the cache (or
   the shot's own), the keeper's read begun and left running beside the
   flight, one estimate step each step. Whatever reads his dive (his
   contact, the goal line, a decision) ends the read first. */
static void run_step_cached(kick_shot *s, kick_shot_cache *c, int64_t n, const kick_input *in) {
  bool reads = keeper_may_act(s, n, in);
  if (reads && c && c->memo.valid) offer_memo(s, c, n);
  if (!step_begin_with(s, n, in, NULL, true)) return;
  ks_vec3 p0 = s->ball.pos;
  ks_vec3 w = c && n >= 0 ? cache_wind(c, s, n) : kick_wind_step_inline(s, kick_step_time(n));
  uint32_t f = kick_flight_step_inline(&s->ball, w, KICK_DT, s->spin_decay_step, &s->setup.pitch);
  if (s->read.pending) {
    kick_keeper_read_advance(s);
    if (c && !s->read.pending && s->est_memo.valid) c->memo = s->est_memo;
  } else if (reads && c && s->est_memo.valid) {
    c->memo = s->est_memo;
  }
  step_end(s, n, p0, f, NULL);
}

/* Step n with events: his read (or a person's dive) at once, as run_step,
   the cache's estimate offered to it and the new one kept; the wind from
   the cache. No read is left running. */
static void run_step_cached_events(kick_shot *s, kick_shot_cache *c, int64_t n, const kick_input *in, ks_events *out) {
  bool reads = c && keeper_may_act(s, n, in) && !s->setup.person_in_goal;
  if (reads && c->memo.valid) offer_memo(s, c, n);
  if (!step_begin(s, n, in, out)) {
    if (reads && s->est_memo.valid) c->memo = s->est_memo;
    return;
  }
  if (reads && s->est_memo.valid) c->memo = s->est_memo;
  ks_vec3 p0 = s->ball.pos;
  ks_vec3 w = c && n >= 0 ? cache_wind(c, s, n) : kick_wind_step_inline(s, kick_step_time(n));
  uint32_t f = kick_flight_step_inline(&s->ball, w, KICK_DT, s->spin_decay_step, &s->setup.pitch);
  step_end(s, n, p0, f, out);
}

void kick_shot_step_cached(kick_shot *shot, kick_shot_cache *cache, const kick_input *in, ks_events *out) {
  if (!shot_usable(shot)) return;
  int64_t n = shot->clock.total_steps;
  if (out) {
    /* Events: his dive's on its step, so no read left running. */
    if (shot->read.pending) kick_keeper_read_finish(shot);
    shot->clock.total_steps = n + 1;
    run_step_cached_events(shot, cache, n, in, out);
    return;
  }
  shot->clock.total_steps = n + 1;
  run_step_cached(shot, cache, n, in);
}

int64_t kick_shot_advance_cached(kick_shot *shot, kick_shot_cache *cache, double seconds, const kick_input *in,
                                 ks_events *out) {
  if (!shot_usable(shot)) return 0;
  if (out && shot->read.pending) kick_keeper_read_finish(shot);
  int64_t due = ks_clock_advance(&shot->clock, seconds);
  int64_t base = shot->clock.total_steps - due;
  if (out)
    for (int64_t i = 0; i < due; i++) run_step_cached_events(shot, cache, base + i, in, out);
  else
    for (int64_t i = 0; i < due; i++) run_step_cached(shot, cache, base + i, in);
  return due;
}

void kick_shot_wait_steps(kick_shot *s, kick_shot_cache *c, int64_t count, const kick_input *in) {
  if (!shot_usable(s)) return;
  while (count > 0) {
    if (s->phase == KICK_PHASE_WAITING && !s->read.pending) {
      /* Steps on which a waiting shot does nothing but count: until the
         keeper may act (keeper_may_act), all of them. */
      int64_t n = s->clock.total_steps, quiet = count;
      const kick_keeper_state *k = &s->keeper;
      if (s->setup.keeper.kind != KICK_KEEPER_NONE) {
        if (s->setup.person_in_goal) {
          if (in && in->has_tap && k->tap_applied_step < 0 && k->dive_step < 0)
            quiet = in->tap_step > n ? in->tap_step - n : 0;
        } else if (k->read_step >= n) {
          quiet = k->read_step - n;
        }
      }
      if (quiet > count) quiet = count;
      if (quiet > 0) {
        s->clock.total_steps = n + quiet;
        count -= quiet;
        continue;
      }
    }
    kick_shot_step_cached(s, c, in, NULL);
    count--;
  }
}

/* ------------------------------------------------------------------ queries */

kick_outcome kick_shot_outcome(const kick_shot *s) { return s ? s->outcome : KICK_OUTCOME_NONE; }
kick_phase kick_shot_phase(const kick_shot *s) { return s ? s->phase : KICK_PHASE_WAITING; }
bool kick_shot_struck(const kick_shot *s) { return s && s->strike_step >= 0; }
bool kick_shot_decided(const kick_shot *s) { return s && s->outcome != KICK_OUTCOME_NONE; }
int64_t kick_shot_decision_step(const kick_shot *s) { return s ? s->decision_step : -1; }
int64_t kick_shot_strike_step(const kick_shot *s) { return s ? s->strike_step : -1; }
uint32_t kick_shot_moments(const kick_shot *s) { return s ? s->moments : 0u; }
double kick_shot_time(const kick_shot *s) { return s ? kick_shot_time_of(s) : 0.0; }
int64_t kick_shot_steps(const kick_shot *s) { return s ? s->clock.total_steps : 0; }

bool kick_shot_history_entry(const kick_shot *s, kick_history_shot *out) {
  if (!s || !out || s->outcome == KICK_OUTCOME_NONE) return false;
  kick_history_shot h;
  if (s->crossed) {
    h.x = s->crossing.x;
    h.y = s->crossing.y;
  } else {
    h.x = s->stats.launch_line_x;
    h.y = 0.0;
  }
  h.outcome = s->outcome;
  *out = h;
  return true;
}

bool kick_shot_crossing(const kick_shot *s, ks_vec3 *out) {
  if (!s || !s->crossed) return false;
  if (out) *out = s->crossing;
  return true;
}

/* The batch's step (kick_batch.h) is compiled here, beside the step's parts
   it runs, so they inline into its lane loop; its code is batch_step.h. */
#include "batch/batch_step.h"
