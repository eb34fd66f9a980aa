// SPDX-License-Identifier: MIT
/* Keepers: where they stand, how they read a kick, how they dive, and what
   they do with the ball. The pose is a function of the keeper's state and the
   shot-clock time: the sway or the showman's shuffle before the dive, then a
   dive that starts from wherever the sway had taken him. */
#include "simulation.h"

#define KICK_SHOWMAN_SHUFFLE 0.24
#define KICK_SHOWMAN_PERIOD 2.2
#define KICK_SWAY 0.05
#define KICK_SWAY_PERIOD 1.3
#define KICK_KEEPER_LETS_GO 0.4   /* beyond the goal by more than this, he does not dive */
#define KICK_KEEPER_READ_SECONDS 2.5 /* how far ahead his read looks, s */

static bool has_keeper(const kick_shot *s) { return s->setup.keeper.kind != KICK_KEEPER_NONE; }

static double sway_at(const kick_shot *s, double t) {
  const kick_keeper_def *k = &s->setup.keeper;
  if (s->setup.person_in_goal) return 0.0;
  if (k->kind == KICK_KEEPER_SHOWMAN)
    return KICK_SHOWMAN_SHUFFLE * ks_sin(KS_TAU * (t / KICK_SHOWMAN_PERIOD) + s->keeper.sway_phase);
  return KICK_SWAY * ks_noise1(s->setup.match_seed ^ 0x4b454550ull, t / KICK_SWAY_PERIOD + s->keeper.sway_phase);
}

/* Learners: the mean x of the history and how one-sided it was (0..1). */
static void history_stats(const kick_setup *su, double *mean_x, double *one_sided) {
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

void kick_keeper_prepare(kick_shot *s) {
  kick_keeper_state *k = &s->keeper;
  const kick_setup *su = &s->setup;
  k->read_step = -1;
  k->dive_step = -1;
  k->tap_applied_step = -1;
  k->dive_from_x = 0.0;
  k->target_x = 0.0;
  k->target_y = 0.0;
  k->dive_seconds = 0.0;
  k->est_x = 0.0;
  k->est_y = 0.0;
  k->est_t = 0.0;
  k->touches = 0;
  k->contact_prev = 0;
  /* One draw whatever the keeper, so the dice move the same way. */
  double u = ks_rng_double(&s->dice);
  k->sway_phase = u * KS_TAU;
  /* He stands on the line from the ball to the middle of the goal. */
  k->stand_x = su->spot_x * (su->keeper.line_z / su->spot_z);
  if (su->keeper.kind == KICK_KEEPER_LEARNER) {
    double mean_x, one_sided;
    history_stats(su, &mean_x, &one_sided);
    k->stand_x += ks_clamp(0.25 * mean_x, -0.6, 0.6);
  }
}

static void start_dive(kick_shot *s, int64_t n, double gx, double gy, bool tap, ks_events *out) {
  kick_keeper_state *k = &s->keeper;
  double rating = s->setup.keeper.rating;
  double x0 = k->stand_x + sway_at(s, kick_step_time(n));
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

/* What he makes of his read of step n: the estimate's answer (arrives, x,
   y, secs) and the two reading errors ux, uy. */
static void read_decide(kick_shot *s, int64_t n, bool arrives, double x, double y, double secs, double ux, double uy,
                        ks_events *out) {
  kick_keeper_state *k = &s->keeper;
  const kick_keeper_def *kd = &s->setup.keeper;
  if (!arrives) return;
  k->est_x = x;
  k->est_y = y;
  k->est_t = secs;
  double factor = 1.0;
  if (kd->kind == KICK_KEEPER_SPECIALIST) factor = 0.5;
  else if (kd->kind == KICK_KEEPER_SHOWMAN) factor = 1.2;
  else if (kd->kind == KICK_KEEPER_LEARNER) {
    double mean_x, one_sided;
    history_stats(&s->setup, &mean_x, &one_sided);
    if ((mean_x > 0.0) == (x > 0.0)) factor = 1.0 - 0.5 * one_sided;
  }
  double scale = (0.08 + 0.9 * (1.0 - kd->rating)) * factor;
  if (ks_fabs(x) > KICK_GOAL_WIDTH * 0.5 + KICK_KEEPER_LETS_GO || y > KICK_GOAL_HEIGHT + KICK_KEEPER_LETS_GO) return;
  double gx = x + ux * scale;
  double gy = ks_clamp(y + uy * scale * 0.6, 0.15, 2.6);
  start_dive(s, n, gx, gy, false, out);
}

static void read_kick(kick_shot *s, int64_t n, ks_events *out) {
  double x = 0.0, y = 0.0, secs = 0.0;
  bool arrives = kick_estimate_to_line(s, s->ball, kick_step_time(n), s->setup.keeper.line_z, KICK_KEEPER_READ_SECONDS,
                                       &x, &y, &secs);
  /* Two reading errors drawn whatever happens next. */
  double ux = ks_rng_range(&s->dice, -1.0, 1.0);
  double uy = ks_rng_range(&s->dice, -1.0, 1.0);
  read_decide(s, n, arrives, x, y, secs, ux, uy, out);
}

/* Whether step n is his read: kick_keeper_update's test for a keeper not a person. */
static bool reads_now(const kick_shot *s, int64_t n) {
  const kick_keeper_state *k = &s->keeper;
  return k->read_step >= 0 && n == k->read_step && k->dive_step < 0 && s->phase == KICK_PHASE_FLIGHT && !s->ball.held;
}

void kick_keeper_read_begin(kick_shot *s, int64_t n) {
  if (!has_keeper(s) || s->setup.person_in_goal || !reads_now(s, n)) {
    kick_keeper_update(s, n, NULL, NULL);
    return;
  }
  double x = 0.0, y = 0.0, secs = 0.0;
  int now = kick_estimate_start(s, &s->ball, kick_step_time(n), s->setup.keeper.line_z, KICK_KEEPER_READ_SECONDS, &x,
                                &y, &secs);
  /* The errors are drawn on the read step, as read_kick draws them. */
  double ux = ks_rng_range(&s->dice, -1.0, 1.0);
  double uy = ks_rng_range(&s->dice, -1.0, 1.0);
  if (now >= 0) {
    read_decide(s, n, now == 1, x, y, secs, ux, uy, NULL);
    return;
  }
  kick_keeper_read r = {0};
  r.pending = true;
  r.steps = 0;
  r.ux = ux;
  r.uy = uy;
  r.ball = s->ball;
  s->read = r;
}

void kick_keeper_read_end(kick_shot *s) {
  kick_estimate_memo *m = &s->est_memo;
  double ux = s->read.ux, uy = s->read.uy;
  kick_keeper_read none = {0};
  s->read = none;
  m->valid = true;
  read_decide(s, s->keeper.read_step, m->arrives, m->x, m->y, m->seconds, ux, uy, NULL);
}

void kick_keeper_read_finish(kick_shot *s) {
  while (s->read.pending) kick_keeper_read_advance(s);
}

void kick_shot_settle(kick_shot *shot) {
  if (shot && shot->read.pending) kick_keeper_read_finish(shot);
}

void kick_keeper_update(kick_shot *s, int64_t n, const kick_input *in, ks_events *out) {
  if (!has_keeper(s)) return;
  kick_keeper_state *k = &s->keeper;
  if (s->setup.person_in_goal) {
    if (in && in->has_tap && k->tap_applied_step < 0 && k->dive_step < 0 && n >= in->tap_step &&
        ks_is_finite(in->tap_x) && ks_is_finite(in->tap_y) && s->phase != KICK_PHASE_DONE) {
      k->tap_applied_step = n;
      start_dive(s, n, ks_clamp(in->tap_x, -6.0, 6.0), ks_clamp(in->tap_y, 0.0, 3.0), true, out);
    }
    return;
  }
  if (k->read_step >= 0 && n == k->read_step && k->dive_step < 0 && s->phase == KICK_PHASE_FLIGHT && !s->ball.held)
    read_kick(s, n, out);
}

void kick_keeper_pose_at(const kick_shot *s, double t, kick_keeper_pose *p) {
  const kick_keeper_state *k = &s->keeper;
  double z = s->setup.keeper.line_z;
  p->present = has_keeper(s);
  p->body_radius = KICK_KEEPER_BODY_RADIUS;
  p->arm_radius = KICK_KEEPER_ARM_RADIUS;
  double e = 0.0, x0;
  ks_vec3 dir = ks_v3(0.0, 1.0, 0.0);
  double travel = 0.0;
  bool diving = k->dive_step >= 0 && t >= kick_step_time(k->dive_step);
  if (diving) {
    x0 = k->dive_from_x;
    double p01 = (t - kick_step_time(k->dive_step)) / k->dive_seconds;
    p01 = ks_clamp(p01, 0.0, 1.0);
    e = p01 * p01 * (3.0 - 2.0 * p01);
    double dx = k->target_x - x0, dy = k->target_y - KICK_KEEPER_COM_Y;
    double L = ks_sqrt(dx * dx + dy * dy);
    if (L > 1e-9) dir = ks_v3(dx / L, dy / L, 0.0);
    travel = L > KICK_KEEPER_ARM_REACH ? L - KICK_KEEPER_ARM_REACH : 0.0;
    p->dive_progress = p01;
  } else {
    x0 = k->stand_x + sway_at(s, t);
    p->dive_progress = 0.0;
  }
  p->diving = diving;
  ks_vec3 com = ks_v3(x0 + dir.x * travel * e, KICK_KEEPER_COM_Y + dir.y * travel * e, z);
  ks_vec3 ax = ks_v3_norm(ks_v3(dir.x * e, (1.0 - e) + dir.y * e, 0.0));
  if (!(ks_v3_len2(ax) > 0.0)) ax = ks_v3(0.0, 1.0, 0.0);
  ks_vec3 perp = ks_v3(-ax.y, ax.x, 0.0);
  p->body_a = ks_v3_mad(com, ax, -0.6);
  p->body_b = ks_v3_mad(com, ax, 0.5);
  for (int i = 0; i < 2; i++) {
    double sgn = i == 0 ? 1.0 : -1.0;   /* perp points to -x when standing */
    p->shoulder[i] = ks_v3_mad(ks_v3_mad(com, ax, 0.45), perp, 0.18 * sgn);
    ks_vec3 stand = ks_v3(x0 - 0.45 * sgn, KICK_KEEPER_COM_Y + 0.2, z);
    ks_vec3 reach = ks_v3_mad(ks_v3_mad(com, ax, KICK_KEEPER_ARM_REACH), perp, 0.1 * sgn);
    p->glove[i] = ks_v3_lerp(stand, reach, e);
  }
}

void kick_shot_keeper_pose_at(const kick_shot *s, double t, kick_keeper_pose *out) {
  if (!s || !out) return;
  kick_keeper_pose p = {0};
  if (s->read.pending) {
    /* Drawn with his read finished (kick_shot_settle), on a copy. */
    kick_shot settled = *s;
    kick_keeper_read_finish(&settled);
    kick_keeper_pose_at(&settled, t, &p);
    *out = p;
    return;
  }
  kick_keeper_pose_at(s, t, &p);
  *out = p;
}

void kick_shot_keeper_pose(const kick_shot *s, kick_keeper_pose *out) {
  if (!s || !out) return;
  kick_shot_keeper_pose_at(s, kick_shot_time_of(s), out);
}

/* The touch: catch, tip or parry, by the ball's speed, the keeper's rating
   and the dice. Three draws per new touch whatever is chosen. */
static void respond(kick_shot *s, int64_t n, bool arms, const kick_keeper_pose *p, ks_vec3 normal, ks_events *out) {
  kick_ball *b = &s->ball;
  const kick_keeper_def *kd = &s->setup.keeper;
  double u_catch = ks_rng_double(&s->dice);
  double u_side = ks_rng_double(&s->dice);
  double u_amt = ks_rng_double(&s->dice);
  double v = ks_v3_len(b->vel);
  double v_catch = 12.0 + 10.0 * kd->rating;
  double p_catch = kd->rating * ks_clamp((v_catch - v) / 6.0, 0.0, 1.0);
  if (p->dive_progress > 0.8) p_catch *= 0.5;
  if (arms) p_catch *= 0.8;
  kick_emit(out, n + 1, KICK_EV_KEEPER_TOUCH, arms ? 1u : 0u, b->pos);
  if (u_catch < p_catch) {
    b->held = true;
    b->vel = ks_v3(0.0, 0.0, 0.0);
    b->spin_rate = 0.0;
    kick_emit(out, n + 1, KICK_EV_KEEPER_CATCH, 0u, b->pos);
    return;
  }
  if (arms && b->pos.y > KICK_GOAL_HEIGHT - 0.35) {
    double sp = ks_v3_len(b->vel);
    b->vel.y = ks_fmax(b->vel.y, 0.0) + sp * (0.25 + 0.15 * u_amt) + 1.5;
    b->vel.z *= 0.6;
    kick_emit(out, n + 1, KICK_EV_KEEPER_TIP, 0u, b->vel);
    return;
  }
  /* Parry: the capsule response already reflected it; push it sideways, the
     way the dice say. */
  double side = u_side < 0.5 ? -1.0 : 1.0;
  b->vel.x += side * (0.1 + 0.3 * u_amt) * v;
  (void)normal;
  kick_emit(out, n + 1, KICK_EV_KEEPER_PARRY, 0u, b->vel);
}

/* The reach test of kick_contact_keeper below, for the ball where it is:
   its squared distance across the goal from the region his capsules can
   reach, and that region's radius. */
static void reach_test(const kick_shot *s, const kick_ball *b, double *d2_out, double *r_out, double *tt_out,
                       double *ax_out, double *py_out) {
  const kick_keeper_state *k = &s->keeper;
  const double reach = 0.95 + KICK_KEEPER_BODY_RADIUS + KICK_BALL_RADIUS + 0.01;
  double px = b->pos.x, py = b->pos.y - KICK_KEEPER_COM_Y;
  double d2, r, tt = 0.0, ax = 0.0;
  if (k->dive_step < 0) {
    double dx = px - k->stand_x;
    d2 = dx * dx + py * py;
    r = 0.24 + reach;
  } else {
    ax = px - k->dive_from_x;
    double tx = k->target_x - k->dive_from_x, ty = k->target_y - KICK_KEEPER_COM_Y;
    tt = tx * tx + ty * ty;
    double u = tt > 0.0 ? (ax * tx + py * ty) / tt : 0.0;
    u = ks_clamp(u, 0.0, 1.0);
    double ex = ax - u * tx, ey = py - u * ty;
    d2 = ex * ex + ey * ey;
    r = reach;
  }
  *d2_out = d2;
  *r_out = r;
  *tt_out = tt;
  *ax_out = ax;
  *py_out = py;
}

bool kick_keeper_out_of_reach(const kick_shot *s, const kick_ball *b) {
  double d2, r, tt, ax, py;
  reach_test(s, b, &d2, &r, &tt, &ax, &py);
  return d2 > r * r;
}

int64_t kick_keeper_clear_steps(const kick_shot *s, int64_t max_steps) {
  if (!has_keeper(s) || s->setup.person_in_goal || s->ball.held) return 0;
  const kick_ball *b = &s->ball;
  double d2, r, tt, ax, py;
  reach_test(s, b, &d2, &r, &tt, &ax, &py);
  if (!(d2 > r * r)) return 0;
  /* How far the ball can go: while its speed stays within dv of |v| its
     acceleration is at most g plus the most drag and lift can give at that
     speed against the strongest wind (1.33 x its mean), A; so for dv / A
     seconds it is, and it travels at most (|v| + dv) a second. A step of
     the flight adds at most A dt to the speed and moves the ball by the new
     velocity times dt, so the same holds step by step. Its distance across
     the goal from the reach region falls no faster than it travels; 1 cm
     is kept for rounding. */
  const double dv = 2.0;
  const kick_wind_def *wd = &s->setup.wind;
  double w = wd->mean_speed_mps > 0.0 ? wd->mean_speed_mps * (1.0 + KICK_GUST_MAX_FRACTION) : 0.0;
  double v = ks_v3_len(b->vel);
  double sp = v + dv + KICK_WIND_FACTOR * w;
  double a = KICK_GRAVITY + KICK_AERO_K * (KICK_CD_SUB + KICK_CL_MAX) * sp * sp;
  double gap = ks_sqrt(d2) - r - 0.01;
  double t = dv / a, t_gap = gap / (v + dv);
  if (t_gap < t) t = t_gap;
  if (!(t > 0.0)) return 0;
  double steps = t * (double)KICK_STEPS_PER_SECOND - 1.0;
  if (!(steps >= 1.0)) return 0;
  if (steps >= (double)max_steps) return max_steps;
  return (int64_t)steps;
}

void kick_contact_keeper(kick_shot *s, int64_t n, ks_events *out) {
  kick_ball *b = &s->ball;
  /* His dive is what the contact tests: a read still running ends first. */
  if (s->read.pending) kick_keeper_read_finish(s);
  if (!has_keeper(s) || b->held) {
    s->keeper.contact_prev = 0;
    return;
  }
  if (ks_fabs(b->pos.z - s->setup.keeper.line_z) >= KICK_KEEPER_BODY_RADIUS + KICK_BALL_RADIUS) {
    s->keeper.contact_prev = 0;
    return;
  }
  /* Out of his reach across the goal, the pose (which has no side effects)
     and three misses would leave contact_prev at 0. Every point of his
     capsules (kick_keeper_pose_at) is within 0.95 m of his centre's path
     from (x0, 1 m) towards the dive's target: the centre moves along it, the
     body reaches 0.6 m from the centre, a shoulder 0.63 m and a reaching
     glove 0.95 m, a standing glove 0.65 m from (x0, 1 m), and a glove on
     its way lies between the two. Standing, x0 is within 0.24 m of stand_x;
     diving, it is dive_from_x. The ball touches only within 0.31 m of a
     capsule's axis; 1 cm of margin. */
  {
    const kick_keeper_state *k = &s->keeper;
    double d2, r, tt, ax, py;
    reach_test(s, b, &d2, &r, &tt, &ax, &py);
    if (k->dive_step >= 0) {
      double tx = k->target_x - k->dive_from_x, ty = k->target_y - KICK_KEEPER_COM_Y;
      /* A dive that is over at the pose's moment, t - start >= its seconds
         (the pose's progress is 1 exactly), holds him still: his centre is
         from + (target - from) travel / L. His body's axis is within 0.6 m
         of it, touched from 0.31 m: 0.91 m; his arms' axes within 0.86 m (a
         shoulder 0.49 m, a glove at its reach sqrt(0.85² + 0.1²)), touched
         from 0.19 m: 1.05 m. Rounding moves both by far less than the
         centimetre of margin. */
      if (!(d2 > r * r) && kick_step_time(n + 1) - kick_step_time(k->dive_step) >= k->dive_seconds) {
        double L = ks_sqrt(tt);
        double c = L > KICK_KEEPER_ARM_REACH ? (L - KICK_KEEPER_ARM_REACH) / L : 0.0;
        double fx = ax - tx * c, fy = py - ty * c;
        const double held = 0.86 + KICK_KEEPER_ARM_RADIUS + KICK_BALL_RADIUS + 0.01;
        d2 = fx * fx + fy * fy;
        r = held;
      }
    }
    if (d2 > r * r) {
      s->keeper.contact_prev = 0;
      return;
    }
  }
  kick_keeper_pose p;
  kick_keeper_pose_at(s, kick_step_time(n + 1), &p);
  uint8_t now = 0;
  ks_vec3 normal = ks_v3(0.0, 0.0, -1.0);
  double e = 0.35 + 0.2 * (1.0 - s->setup.keeper.rating);
  /* kick_capsule_clear: a miss proven without the exact test (which would
     change nothing). */
  const double body_reach = KICK_KEEPER_BODY_RADIUS + KICK_BALL_RADIUS, arm_reach = KICK_KEEPER_ARM_RADIUS + KICK_BALL_RADIUS;
  if (!kick_capsule_clear(b->pos, p.body_a, p.body_b, body_reach) &&
      kick_capsule_contact(b, p.body_a, p.body_b, body_reach, e, 0.6, &normal))
    now |= 1u;
  for (int i = 0; i < 2; i++)
    if (!kick_capsule_clear(b->pos, p.shoulder[i], p.glove[i], arm_reach) &&
        kick_capsule_contact(b, p.shoulder[i], p.glove[i], arm_reach, e, 0.6, &normal))
      now |= 2u;
  if (now != 0u && s->keeper.contact_prev == 0u) {
    s->keeper.touches++;
    kick_note_keeper_touch(s);
    respond(s, n, (now & 2u) != 0u, &p, normal, out);
  }
  s->keeper.contact_prev = now;
}
