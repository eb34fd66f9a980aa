// SPDX-License-Identifier: MIT
/* The free-kick step as it was before the busy-step work (src/kick at
   98defda: shot.c's step, keeper.c's read, flight.c's estimate), kept here
   word for word but for the ref_ prefix and the order of its parts, so that tests can hold the step
   that replaced it to exactly its bits. It calls only library parts that
   work left as they were (the contacts, the wind, the moments, the pose).
   Include it once, in one test. */
#ifndef KICK_STEP_REFERENCE_H
#define KICK_STEP_REFERENCE_H

#include "simulation/simulation.h"

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

#define KICK_SHOWMAN_SHUFFLE 0.24
#define KICK_SHOWMAN_PERIOD 2.2
#define KICK_SWAY 0.05
#define KICK_SWAY_PERIOD 1.3

static bool ref_has_keeper(const kick_shot *s) { return s->setup.keeper.kind != KICK_KEEPER_NONE; }

static double ref_sway_at(const kick_shot *s, double t) {
  const kick_keeper_def *k = &s->setup.keeper;
  if (s->setup.person_in_goal) return 0.0;
  if (k->kind == KICK_KEEPER_SHOWMAN)
    return KICK_SHOWMAN_SHUFFLE * ks_sin(KS_TAU * (t / KICK_SHOWMAN_PERIOD) + s->keeper.sway_phase);
  return KICK_SWAY * ks_noise1(s->setup.match_seed ^ 0x4b454550ull, t / KICK_SWAY_PERIOD + s->keeper.sway_phase);
}

/* Learners: the mean x of the history and how one-sided it was (0..1). */
static void ref_history_stats(const kick_setup *su, double *mean_x, double *one_sided) {
  double sum = 0.0;
  int32_t pos = 0, neg = 0;
  for (int32_t i = 0; i < su->history_count; i++) {
    sum += su->history[i].x;
    if (su->history[i].x > 0.0) pos++;
    else if (su->history[i].x < 0.0) neg++;
  }
  *mean_x = su->history_count > 0 ? sum / (double)su->history_count : 0.0;
  int32_t m = pos > neg ? pos : neg;
  *one_sided = su->history_count > 0 ? (double)m / (double)su->history_count : 0.0;
}
#define KICK_KEEPER_LETS_GO 0.4

static bool ref_same_bits(double a, double b) { return ks_f64_bits(a) == ks_f64_bits(b); }
static bool ref_same_v3(ks_vec3 a, ks_vec3 b) { return ref_same_bits(a.x, b.x) && ref_same_bits(a.y, b.y) && ref_same_bits(a.z, b.z); }

/* Whether the memo holds the estimate from exactly these inputs. */
static bool ref_memo_holds(const kick_estimate_memo *m, const kick_shot *s, const kick_ball *b, ks_vec3 w, double t0,
                       double z_line, double max_seconds) {
  const kick_ball *a = &m->ball;
  const kick_pitch_def *p = &m->pitch, *q = &s->setup.pitch;
  return m->valid && ref_same_v3(a->pos, b->pos) && ref_same_v3(a->vel, b->vel) && ref_same_v3(a->spin_axis, b->spin_axis) &&
         ref_same_bits(a->spin_rate, b->spin_rate) && ref_same_bits(a->roll_speed, b->roll_speed) &&
         a->on_ground == b->on_ground && a->held == b->held && ref_same_v3(m->wind, w) && ref_same_bits(m->t0, t0) &&
         ref_same_bits(m->z_line, z_line) && ref_same_bits(m->max_seconds, max_seconds) &&
         ref_same_bits(m->spin_decay, s->spin_decay_estimate) && p->wet == q->wet &&
         ref_same_bits(p->restitution, q->restitution) && ref_same_bits(p->slide_friction, q->slide_friction) &&
         ref_same_bits(p->roll_resistance, q->roll_resistance);
}

static bool ref_estimate_to_line(kick_shot *s, kick_ball ball, double t0, double z_line,
                           double max_seconds, double *x, double *y, double *seconds) {
  const double dt = 1.0 / (double)KICK_ESTIMATE_STEPS_PER_SECOND;
  int32_t n_max = (int32_t)(max_seconds * (double)KICK_ESTIMATE_STEPS_PER_SECOND);
  if (ball.pos.z >= z_line) {
    *x = ball.pos.x;
    *y = ball.pos.y;
    *seconds = 0.0;
    return true;
  }
  /* He reads the wind as it is when he reads the kick. */
  ks_vec3 w = kick_wind_at(s, t0);
  kick_estimate_memo *m = &s->est_memo;
  if (ref_memo_holds(m, s, &ball, w, t0, z_line, max_seconds)) {
    if (m->arrives) {
      *x = m->x;
      *y = m->y;
      *seconds = m->seconds;
    }
    return m->arrives;
  }
  kick_estimate_memo e = {0};
  e.ball = ball;
  e.wind = w;
  e.t0 = t0;
  e.z_line = z_line;
  e.max_seconds = max_seconds;
  e.spin_decay = s->spin_decay_estimate;
  e.pitch = s->setup.pitch;
  e.valid = true;
  for (int32_t i = 0; i < n_max; i++) {
    ks_vec3 p0 = ball.pos;
    uint32_t f = kick_flight_step_inline(&ball, w, dt, s->spin_decay_estimate, &s->setup.pitch);
    if (ball.pos.z >= z_line) {
      double u = (z_line - p0.z) / (ball.pos.z - p0.z);
      *x = e.x = p0.x + (ball.pos.x - p0.x) * u;
      *y = e.y = p0.y + (ball.pos.y - p0.y) * u;
      *seconds = e.seconds = ((double)i + u) * dt;
      e.arrives = true;
      *m = e;
      return true;
    }
    if ((f & 2u) != 0u || ball.vel.z <= 0.0) break;
  }
  *m = e;
  return false;
}

static void ref_start_dive(kick_shot *s, int64_t n, double gx, double gy, bool tap, ks_events *out) {
  kick_keeper_state *k = &s->keeper;
  double rating = s->setup.keeper.rating;
  double x0 = k->stand_x + ref_sway_at(s, kick_step_time(n));
  double dx = gx - x0, dy = gy - KICK_KEEPER_COM_Y;
  double L = ks_sqrt(dx * dx + dy * dy);
  double max_travel = 1.6 + 1.2 * rating;
  if (L > max_travel + KICK_KEEPER_ARM_REACH) {
    double f = (max_travel + KICK_KEEPER_ARM_REACH) / L;
    dx *= f;
    dy *= f;
    L = max_travel + KICK_KEEPER_ARM_REACH;
  }
  double travel = L > KICK_KEEPER_ARM_REACH ? L - KICK_KEEPER_ARM_REACH : 0.0;
  k->dive_step = n;
  k->dive_from_x = x0;
  k->target_x = x0 + dx;
  k->target_y = KICK_KEEPER_COM_Y + dy;
  k->dive_seconds = 0.12 + travel / (4.0 + 3.0 * rating);
  kick_emit(out, n + 1, KICK_EV_KEEPER_DIVE, 0u, ks_v3(k->target_x, k->target_y, tap ? 1.0 : 0.0));
}

static void ref_read_kick(kick_shot *s, int64_t n, ks_events *out) {
  kick_keeper_state *k = &s->keeper;
  const kick_keeper_def *kd = &s->setup.keeper;
  double x, y, secs;
  bool arrives = ref_estimate_to_line(s, s->ball, kick_step_time(n), kd->line_z, 2.5, &x, &y, &secs);
  /* Two reading errors drawn whatever happens next. */
  double ux = ks_rng_range(&s->dice, -1.0, 1.0);
  double uy = ks_rng_range(&s->dice, -1.0, 1.0);
  if (!arrives) return;
  k->est_x = x;
  k->est_y = y;
  k->est_t = secs;
  double factor = 1.0;
  if (kd->kind == KICK_KEEPER_SPECIALIST) factor = 0.5;
  else if (kd->kind == KICK_KEEPER_SHOWMAN) factor = 1.2;
  else if (kd->kind == KICK_KEEPER_LEARNER) {
    double mean_x, one_sided;
    ref_history_stats(&s->setup, &mean_x, &one_sided);
    if ((mean_x > 0.0) == (x > 0.0)) factor = 1.0 - 0.5 * one_sided;
  }
  double scale = (0.08 + 0.9 * (1.0 - kd->rating)) * factor;
  if (ks_fabs(x) > KICK_GOAL_WIDTH * 0.5 + KICK_KEEPER_LETS_GO || y > KICK_GOAL_HEIGHT + KICK_KEEPER_LETS_GO) return;
  double gx = x + ux * scale;
  double gy = ks_clamp(y + uy * scale * 0.6, 0.15, 2.6);
  ref_start_dive(s, n, gx, gy, false, out);
}

static void ref_keeper_update(kick_shot *s, int64_t n, const kick_input *in, ks_events *out) {
  if (!ref_has_keeper(s)) return;
  kick_keeper_state *k = &s->keeper;
  if (s->setup.person_in_goal) {
    if (in && in->has_tap && k->tap_applied_step < 0 && k->dive_step < 0 && n >= in->tap_step &&
        ks_is_finite(in->tap_x) && ks_is_finite(in->tap_y) && s->phase != KICK_PHASE_DONE) {
      k->tap_applied_step = n;
      ref_start_dive(s, n, ks_clamp(in->tap_x, -6.0, 6.0), ks_clamp(in->tap_y, 0.0, 3.0), true, out);
    }
    return;
  }
  if (k->read_step >= 0 && n == k->read_step && k->dive_step < 0 && s->phase == KICK_PHASE_FLIGHT && !s->ball.held)
    ref_read_kick(s, n, out);
}

static kick_outcome ref_out_by_touch(const kick_shot *s) {
  uint32_t k = s->stats.last_touch_kind;
  if (k == KICK_TOUCH_KEEPER) return KICK_OUTCOME_SAVED;
  if ((k & KICK_TOUCH_WOODWORK) != 0u) return KICK_OUTCOME_WOODWORK;
  if (k == KICK_TOUCH_WALL) return KICK_OUTCOME_BLOCKED;
  return KICK_OUTCOME_NONE;
}

static void ref_decide(kick_shot *s, kick_outcome o, int64_t n, ks_events *out) {
  s->outcome = o;
  s->decision_step = n + 1;
  s->phase = KICK_PHASE_DECIDED;
  s->moments = kick_moments_evaluate(s);
  if (o == KICK_OUTCOME_SAVED) kick_emit(out, n + 1, KICK_EV_KEEPER_SAVE, 0u, s->ball.pos);
  kick_emit(out, n + 1, KICK_EV_DECIDED, (uint32_t)o, ks_v3((double)s->moments, 0.0, 0.0));
}

static void ref_decide_out(kick_shot *s, int64_t n, kick_outcome untouched, ks_events *out) {
  kick_outcome o = ref_out_by_touch(s);
  ref_decide(s, o != KICK_OUTCOME_NONE ? o : untouched, n, out);
}

static void ref_cross_goal_line(kick_shot *s, int64_t n, ks_vec3 p0, ks_vec3 p1, ks_events *out) {
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
    kick_keeper_pose p;
    kick_keeper_pose_at(s, kick_step_time(n + 1), &p);
    double d0 = ks_v3_len(ks_v3_sub(p.glove[0], pt)), d1 = ks_v3_len(ks_v3_sub(p.glove[1], pt));
    s->stats.glove_distance = d0 < d1 ? d0 : d1;
    s->stats.keeper_diving_at_cross = p.diving;
  }
  kick_emit(out, n + 1, KICK_EV_GOAL_LINE, s->crossed_inside ? 1u : 0u, pt);
  if (s->phase != KICK_PHASE_FLIGHT) return;
  if (s->crossed_inside) {
    ref_decide(s, KICK_OUTCOME_GOAL, n, out);
    return;
  }
  kick_outcome geo;
  double over_x = ks_fabs(pt.x) - hw, over_y = pt.y - KICK_GOAL_HEIGHT;
  if (over_x < 0.0) geo = KICK_OUTCOME_OVER;
  else if (over_y < 0.0) geo = KICK_OUTCOME_WIDE;
  else geo = over_y > over_x ? KICK_OUTCOME_OVER : KICK_OUTCOME_WIDE;
  ref_decide_out(s, n, geo, out);
}

/* Whether ref_keeper_update can do anything on step n: the first tests it
   makes, so a step that cannot start a dive does not call it. */
static inline bool ref_keeper_may_act(const kick_shot *s, int64_t n, const kick_input *in) {
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
static bool ref_settled_short(const kick_shot *s) {
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
KICK_ALWAYS_INLINE static inline bool ref_step_begin(kick_shot *s, int64_t n, const kick_input *in, ks_events *out) {
  if (s->phase == KICK_PHASE_DONE) return false;
  if (ref_keeper_may_act(s, n, in)) ref_keeper_update(s, n, in, out);
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

/* The step after the flight (p0: the ball's centre before it, f: the
   flight's flags) in three parts: the ground's event and the height, the
   contacts, rings and goal line, and the rules (held, decided, done). */
KICK_ALWAYS_INLINE static inline void ref_step_end_head(kick_shot *s, int64_t n, uint32_t f, ks_events *out) {
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
KICK_ALWAYS_INLINE static inline void ref_step_contacts(kick_shot *s, int64_t n, ks_vec3 p0, ks_events *out) {
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
  if (!s->crossed && p0.z < KICK_CROSS_Z && b->pos.z >= KICK_CROSS_Z) ref_cross_goal_line(s, n, p0, b->pos, out);
}

/* ref_step_contacts when none of its tests passes: what each does on a miss. */
KICK_ALWAYS_INLINE static inline void ref_step_contacts_none(kick_shot *s) {
  s->woodwork_prev = 0;
  if (s->setup.wall.count > 0) s->wall.contact_prev = 0;
  s->keeper.contact_prev = 0;
}

KICK_ALWAYS_INLINE static inline void ref_step_rules(kick_shot *s, int64_t n, uint32_t f, ks_events *out) {
  int64_t ev = n + 1;
  kick_ball *b = &s->ball;
  if (b->held) {
    if (s->phase == KICK_PHASE_FLIGHT) ref_decide(s, KICK_OUTCOME_SAVED, n, out);
    s->phase = KICK_PHASE_DONE;
    s->done_step = ev;
    return;
  }
  if (s->phase == KICK_PHASE_FLIGHT) {
    bool touched = (s->contact_flags & (KICK_TOUCH_WOODWORK | KICK_TOUCH_WALL | KICK_TOUCH_KEEPER)) != 0u;
    if (touched && b->vel.z <= 0.0 && b->pos.z < KICK_STAYS_OUT_Z) ref_decide_out(s, n, KICK_OUTCOME_SHORT, out);
    else if ((f & 2u) != 0u || ks_fabs(b->pos.x) > KICK_PITCH_HALF_WIDTH ||
             b->pos.z < s->setup.spot_z - KICK_BEHIND_SPOT || ev - s->strike_step >= KICK_MAX_FLIGHT_STEPS)
      ref_decide_out(s, n, KICK_OUTCOME_SHORT, out);
    else if (b->on_ground && s->setup.rules >= KICK_RULES_SETTLED && ref_settled_short(s))
      ref_decide_out(s, n, KICK_OUTCOME_SHORT, out);
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

KICK_ALWAYS_INLINE static inline void ref_step_end(kick_shot *s, int64_t n, ks_vec3 p0, uint32_t f, ks_events *out) {
  ref_step_end_head(s, n, f, out);
  ref_step_contacts(s, n, p0, out);
  ref_step_rules(s, n, f, out);
}

static void ref_run_step(kick_shot *s, int64_t n, const kick_input *in, ks_events *out) {
  if (!ref_step_begin(s, n, in, out)) return;
  ks_vec3 p0 = s->ball.pos;
  ks_vec3 w = kick_wind_step_inline(s, kick_step_time(n));
  uint32_t f = kick_flight_step_inline(&s->ball, w, KICK_DT, s->spin_decay_step, &s->setup.pitch);
  ref_step_end(s, n, p0, f, out);
}

static void ref_shot_step(kick_shot *shot, const kick_input *in, ks_events *out) {
  if (!shot) return;
  int64_t n = shot->clock.total_steps;
  shot->clock.total_steps = n + 1;
  ref_run_step(shot, n, in, out);
}

#endif
