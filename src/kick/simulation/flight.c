// SPDX-License-Identifier: MIT
/* Flight of the ball: drag, Magnus lift, gravity, spin decay and the ground.
   Semi-implicit Euler: the velocity is updated first, then the position moves
   with the new velocity. Coefficients and their sources: docs/physics.md. */
#include "simulation.h"

double kick_drag_coefficient(double air_speed_mps) { return kick_drag_cd_inline(air_speed_mps); }

double kick_lift_coefficient(double spin_parameter) {
  if (!(spin_parameter > 0.0)) return 0.0;
  return KICK_CL_MAX * spin_parameter / (spin_parameter + KICK_CL_HALF);
}

double kick_spin_decay_factor(int32_t steps_per_second) {
  if (steps_per_second <= 0) return 1.0;
  return ks_exp(-KICK_SPIN_DECAY_PER_SECOND / (double)steps_per_second);
}

kick_step_row kick_step_table_row(int32_t steps_per_second) {
  kick_step_row r = {0};
  r.steps_per_second = steps_per_second;
  if (steps_per_second <= 0) {
    r.any_depth = true;
    return r;
  }
  double d = KICK_MAX_LAUNCH_SPEED / (double)steps_per_second;
  double reach = KICK_WOODWORK_REACH;
  r.travel_m = d;
  /* A straight path at depth δ inside the contact circle is inside it for a
     chord of 2 sqrt(reach² - (reach - δ)²). Two checks d apart can straddle a
     chord no longer than d: δ = reach - sqrt(reach² - d²/4). */
  double half = d * 0.5;
  if (half >= reach) {
    r.any_depth = true;
    r.missable_clip_m = reach;
  } else {
    r.missable_clip_m = reach - ks_sqrt(reach * reach - half * half);
  }
  return r;
}

uint32_t kick_flight_step(kick_ball *b, ks_vec3 wind, double dt, double spin_decay,
                          const kick_pitch_def *pitch) {
  return kick_flight_step_inline(b, wind, dt, spin_decay, pitch);
}

static bool same_bits(double a, double b) { return ks_f64_bits(a) == ks_f64_bits(b); }
static bool same_v3(ks_vec3 a, ks_vec3 b) { return same_bits(a.x, b.x) && same_bits(a.y, b.y) && same_bits(a.z, b.z); }

/* Whether the memo holds the estimate from exactly these inputs. */
static bool memo_holds(const kick_estimate_memo *m, const kick_shot *s, const kick_ball *b, ks_vec3 w, double t0,
                       double z_line, double max_seconds) {
  const kick_ball *a = &m->ball;
  const kick_pitch_def *p = &m->pitch, *q = &s->setup.pitch;
  return m->valid && same_v3(a->pos, b->pos) && same_v3(a->vel, b->vel) && same_v3(a->spin_axis, b->spin_axis) &&
         same_bits(a->spin_rate, b->spin_rate) && same_bits(a->roll_speed, b->roll_speed) &&
         a->on_ground == b->on_ground && a->held == b->held && same_v3(m->wind, w) && same_bits(m->t0, t0) &&
         same_bits(m->z_line, z_line) && same_bits(m->max_seconds, max_seconds) &&
         same_bits(m->spin_decay, s->spin_decay_estimate) && p->wet == q->wet &&
         same_bits(p->restitution, q->restitution) && same_bits(p->slide_friction, q->slide_friction) &&
         same_bits(p->roll_resistance, q->roll_resistance);
}

/* The estimate's start: its answer when it needs no steps (1 arrives, 0
   not), else its inputs in the memo, not yet valid (-1). */
int kick_estimate_start(kick_shot *s, const kick_ball *ball, double t0, double z_line, double max_seconds, double *x,
                        double *y, double *seconds) {
  if (ball->pos.z >= z_line) {
    *x = ball->pos.x;
    *y = ball->pos.y;
    *seconds = 0.0;
    return 1;
  }
  /* He reads the wind as it is when he reads the kick. */
  ks_vec3 w = kick_wind_at(s, t0);
  kick_estimate_memo *m = &s->est_memo;
  if (memo_holds(m, s, ball, w, t0, z_line, max_seconds)) {
    if (m->arrives) {
      *x = m->x;
      *y = m->y;
      *seconds = m->seconds;
    }
    return m->arrives ? 1 : 0;
  }
  kick_estimate_memo e = {0};
  e.ball = *ball;
  e.wind = w;
  e.t0 = t0;
  e.z_line = z_line;
  e.max_seconds = max_seconds;
  e.spin_decay = s->spin_decay_estimate;
  e.pitch = s->setup.pitch;
  e.valid = false;
  *m = e;
  return -1;
}

bool kick_estimate_to_line(kick_shot *s, kick_ball ball, double t0, double z_line,
                           double max_seconds, double *x, double *y, double *seconds) {
  int now = kick_estimate_start(s, &ball, t0, z_line, max_seconds, x, y, seconds);
  if (now >= 0) return now == 1;
  kick_estimate_memo *m = &s->est_memo;
  int32_t n_max = kick_estimate_steps_max(max_seconds);
  for (int32_t i = 0; i < n_max; i++)
    if (kick_estimate_next(m, &ball, i, &s->setup.pitch)) break;
  m->valid = true;
  if (!m->arrives) return false;
  *x = m->x;
  *y = m->y;
  *seconds = m->seconds;
  return true;
}
