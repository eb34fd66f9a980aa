// SPDX-License-Identifier: MIT
/* Private to src/kick: the parts of the step (kick_shot_step) that the
   scalar step (shot.c) and the batch's lane loop (batch/batch_step.c) both
   run, as inline functions, so each loop inlines them and every rule of
   the step reaches the batch with no copy of it. Only those two files
   include this header. */
#ifndef KICKSTEP_SRC_KICK_STEP_PARTS_H
#define KICKSTEP_SRC_KICK_STEP_PARTS_H

#include "simulation.h"

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

#endif
